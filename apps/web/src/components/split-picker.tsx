import type { ReactNode } from 'react';
import { Card, Loaded } from './ui';

/**
 * The list-and-editor layout of the reference screens: the named items in a list on the left (the
 * chosen one marked), the chosen item's editor (`children`) beside it; a spinner while loading and a
 * notice when there is nothing yet.
 */
export function SplitPicker<Item extends { id: string; name: string }>({
  loading,
  items,
  empty,
  chosenId,
  onChoose,
  badge,
  children,
}: {
  loading: boolean;
  items: readonly Item[];
  empty: ReactNode;
  chosenId: string | undefined;
  onChoose: (item: Item) => void;
  /** What stands at the right of an item's name. */
  badge: (item: Item) => ReactNode;
  children: ReactNode;
}) {
  return (
    <Loaded loading={loading} empty={items.length === 0 && empty}>
      <div className="split">
        <Card className="split-list">
          <ul className="pick-list">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={`pick-item${item.id === chosenId ? ' pick-item-active' : ''}`}
                  onClick={() => onChoose(item)}
                >
                  <span>{item.name}</span>
                  {badge(item)}
                </button>
              </li>
            ))}
          </ul>
        </Card>
        {children}
      </div>
    </Loaded>
  );
}

import { type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { ContextMenu } from '../wbs-grid/ContextMenu';
import type { MenuItem } from '../wbs-grid/types';

/**
 * A button that opens a menu of actions under it (the schedule's context menu, so the same keys: arrows,
 * Home/End, Enter, Escape). Enter, Space or the down arrow on the button open it with the first item
 * focused; closing it gives the focus back to the button. `active` marks the button while something its
 * menu turned on (a side panel) is on.
 */
export function MenuButton({
  label,
  items,
  active = false,
  testId,
}: {
  label: string;
  items: readonly MenuItem[];
  active?: boolean;
  testId: string;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  const open = () => {
    const rect = button.current?.getBoundingClientRect();
    if (rect) setAt({ x: rect.left, y: rect.bottom + 4 });
  };
  const close = useCallback(() => {
    setAt(null);
    button.current?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' || at) return;
    event.preventDefault();
    open();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`btn ${active ? 'btn-primary' : 'btn-secondary'}`}
        aria-haspopup="menu"
        aria-expanded={at !== null}
        aria-controls={at ? menuId : undefined}
        onClick={() => (at ? setAt(null) : open())}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {at && (
        <ContextMenu
          id={menuId}
          x={at.x}
          y={at.y}
          label={label}
          items={items}
          anchor={button}
          onClose={close}
          testId={`${testId}-menu`}
        />
      )}
    </>
  );
}

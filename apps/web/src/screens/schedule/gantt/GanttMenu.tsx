import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useT } from '../../../lib/i18n';

export interface GanttMenuItem {
  key: string;
  text: string;
  run: () => void;
}

/**
 * The timeline's context menu at a point of the canvas: focus on the first item, arrows move between
 * items, Escape or a click elsewhere closes it; `onClose` gets whether an item was chosen.
 */
export function GanttMenu({
  x,
  y,
  items,
  onClose,
}: {
  x: number;
  y: number;
  items: readonly GanttMenuItem[];
  onClose: () => void;
}) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const close = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !box.current?.contains(event.target)) onClose();
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [onClose]);
  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = [...(box.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') onClose();
    else if (event.key === 'ArrowDown') buttons[(at + 1) % buttons.length]?.focus();
    else if (event.key === 'ArrowUp') buttons[(at - 1 + buttons.length) % buttons.length]?.focus();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <div
      ref={box}
      className="gantt-menu"
      role="menu"
      aria-label={t('gantt.menu')}
      style={{ left: x, top: y }}
      onKeyDown={onKeyDown}
      data-testid="gantt-menu"
    >
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="menuitem"
          className="gantt-menu-item text-button"
          onClick={() => {
            onClose();
            item.run();
          }}
        >
          {item.text}
        </button>
      ))}
    </div>
  );
}

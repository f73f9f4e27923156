import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import './row-menu.css';
import type { MenuItem } from './types';

/**
 * A context menu at a point of the window (`x`, `y` in client pixels), kept inside the window: the first
 * item takes the focus, arrows (Home/End) move between items, Enter or a click runs one, Escape, Tab or a
 * click elsewhere closes it. It is put under `document.body`, so that no scrolled or transformed parent
 * clips it. `onClose` is called before an item runs, so the item may move the focus.
 */
export function ContextMenu({
  x,
  y,
  label,
  items,
  onClose,
  testId,
}: {
  x: number;
  y: number;
  label: string;
  items: readonly MenuItem[];
  onClose: () => void;
  testId: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState({ left: x, top: y });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const { width, height } = el.getBoundingClientRect();
    setAt({
      left: Math.max(4, Math.min(x, window.innerWidth - width - 4)),
      top: Math.max(4, Math.min(y, window.innerHeight - height - 4)),
    });
  }, [x, y]);
  useEffect(() => {
    box.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    const close = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !box.current?.contains(event.target)) onClose();
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [onClose]);
  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = [...(box.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (i: number) => buttons[(i + buttons.length) % buttons.length]?.focus();
    if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else if (event.key === 'ArrowDown') focus(current + 1);
    else if (event.key === 'ArrowUp') focus(current < 0 ? -1 : current - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(-1);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  return createPortal(
    <div
      ref={box}
      className="row-menu"
      role="menu"
      aria-label={label}
      style={at}
      onKeyDown={onKeyDown}
      onContextMenu={(e) => e.preventDefault()}
      data-testid={testId}
    >
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="menuitem"
          className={`row-menu-item text-button${item.separated ? ' row-menu-separated' : ''}`}
          disabled={item.disabled}
          data-item={item.key}
          onClick={() => {
            onClose();
            item.run();
          }}
        >
          {item.text}
        </button>
      ))}
    </div>,
    document.body,
  );
}

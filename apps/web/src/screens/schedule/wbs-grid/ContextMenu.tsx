import { type KeyboardEvent, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import './row-menu.css';
import type { MenuItem } from './types';

/**
 * A context menu at a point of the window (`x`, `y` in client pixels), kept inside the window: the first
 * item takes the focus, arrows (Home/End) move between items, Enter or a click runs one, Escape, Tab or a
 * click elsewhere closes it. It is put under `document.body`, so that no scrolled or transformed parent
 * clips it. `onClose` is called before an item runs, so the item may move the focus. A menu opened by a
 * button names it as `anchor`: a click on the button is the button's own (it closes the menu itself).
 */
export function ContextMenu({
  x,
  y,
  label,
  items,
  onClose,
  testId,
  id,
  anchor,
}: {
  x: number;
  y: number;
  label: string;
  items: readonly MenuItem[];
  onClose: () => void;
  testId: string;
  id?: string;
  anchor?: RefObject<HTMLElement | null>;
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
      const target = event.target instanceof Node ? event.target : null;
      if (!target || !(box.current?.contains(target) || anchor?.current?.contains(target))) onClose();
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [onClose, anchor]);
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
      id={id}
      className="row-menu"
      role="menu"
      aria-label={label}
      style={at}
      onKeyDown={onKeyDown}
      onContextMenu={(e) => e.preventDefault()}
      data-testid={testId}
    >
      {items.map((item) => {
        const common = {
          type: 'button',
          className: `row-menu-item text-button${item.separated ? ' row-menu-separated' : ''}`,
          disabled: item.disabled,
          'data-item': item.key,
          'data-testid': item.testId,
          onClick: () => {
            onClose();
            item.run();
          },
        } as const;
        // An item that turns something on and off shows a tick while it is on.
        return item.checked === undefined ? (
          <button key={item.key} role="menuitem" {...common}>
            {item.text}
          </button>
        ) : (
          <button key={item.key} role="menuitemcheckbox" aria-checked={item.checked} {...common}>
            <span className="row-menu-tick" aria-hidden="true">
              {item.checked ? '✓' : ''}
            </span>
            {item.text}
          </button>
        );
      })}
    </div>,
    document.body,
  );
}

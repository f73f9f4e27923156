import { type KeyboardEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui';
import type { ColumnSetting } from '../../../lib/grid-columns';
import { useT } from '../../../lib/i18n';

/** `list` with the item at `from` moved to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from === to || from < 0 || to < 0 || from >= out.length || to >= out.length) return out;
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

/**
 * The column chooser of the schedule: every column with a box to show it, reordered by dragging a row,
 * by Alt+↑/↓ on a focused row or by its arrow buttons, and a reset to the default columns.
 */
export function ColumnChooser({
  columns,
  titleOf,
  onChange,
  onReset,
}: {
  columns: readonly ColumnSetting[];
  titleOf: (key: string) => string;
  onChange: (columns: ColumnSetting[]) => void;
  onReset: () => void;
}) {
  const t = useT();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= columns.length) return;
    onChange(moved(columns, from, to));
    // The moved row's box keeps the focus, so that Alt+↑/↓ can go on moving it.
    requestAnimationFrame(() => list.current?.querySelectorAll<HTMLElement>('li input')[to]?.focus());
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, index + (event.key === 'ArrowUp' ? -1 : 1));
  };

  return (
    <div className="views-panel" data-testid="column-chooser">
      <div className="views-panel-head">
        <strong>{t('views.columns_title')}</strong>
        <Button variant="ghost" onClick={onReset} data-testid="columns-reset">
          {t('views.reset')}
        </Button>
      </div>
      <p className="views-hint">{t('views.columns_hint')}</p>
      <ul className="views-columns" ref={list}>
        {columns.map((c, i) => {
          const title = titleOf(c.key);
          return (
            <li
              key={c.key}
              draggable
              className={`views-column${dragging === i ? ' views-dragging' : ''}${
                over === i && dragging !== i ? ' views-drop' : ''
              }`}
              data-key={c.key}
              onDragStart={(e) => {
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', c.key);
                setDragging(i);
              }}
              onDragOver={(e) => {
                if (dragging === null) return;
                e.preventDefault();
                setOver(i);
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null) move(dragging, i);
                setDragging(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
            >
              <span className="views-grip" aria-hidden="true">
                ⠿
              </span>
              <label className="views-column-label">
                <input
                  type="checkbox"
                  aria-label={t('views.column_show', { name: title })}
                  checked={c.visible}
                  disabled={c.key === 'name'}
                  onKeyDown={(e) => onKey(e, i)}
                  onChange={(e) =>
                    onChange(columns.map((x, k) => (k === i ? { ...x, visible: e.target.checked } : x)))
                  }
                />
                <span>{title}</span>
              </label>
              <span className="views-column-moves">
                <button
                  type="button"
                  className="icon-btn"
                  tabIndex={-1}
                  disabled={i === 0}
                  aria-label={t('views.column_up', { name: title })}
                  onClick={() => move(i, i - 1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-btn"
                  tabIndex={-1}
                  disabled={i === columns.length - 1}
                  aria-label={t('views.column_down', { name: title })}
                  onClick={() => move(i, i + 1)}
                >
                  ↓
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

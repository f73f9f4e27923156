import { type PointerEvent, useRef } from 'react';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from '../../../lib/grid-columns';

/**
 * The right edge of a column's header: dragging it sets the column's width, live while dragging and
 * saved when the drag ends (`done`); focused (a click on it), ←/→ change it by 10 px.
 */
export function ResizeHandle({
  width,
  label,
  onResize,
}: {
  width: number;
  label: string;
  onResize: (width: number, done: boolean) => void;
}) {
  const drag = useRef<{ x: number; width: number; last: number } | null>(null);
  const widthAt = (event: PointerEvent) => {
    const start = drag.current!;
    return Math.round(
      Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, start.width + event.clientX - start.x)),
    );
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable splitter (an <hr> cannot be dragged or focused)
    <span
      className="wbs-resize"
      role="separator"
      tabIndex={-1}
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={width}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      data-testid="column-resize"
      onKeyDown={(e) => {
        // ←/→ narrow or widen the column by 10 px when the edge has the focus.
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
        e.preventDefault();
        e.stopPropagation();
        const next = width + (e.key === 'ArrowLeft' ? -10 : 10);
        onResize(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, next)), true);
      }}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        e.stopPropagation();
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { x: e.clientX, width, last: width };
      }}
      onPointerMove={(e) => {
        if (!drag.current) return;
        const next = widthAt(e);
        if (next === drag.current.last) return;
        drag.current.last = next;
        onResize(next, false);
      }}
      onPointerUp={(e) => {
        if (!drag.current) return;
        const next = widthAt(e);
        drag.current = null;
        onResize(next, true);
      }}
      onPointerCancel={() => {
        if (drag.current) onResize(drag.current.last, true);
        drag.current = null;
      }}
    />
  );
}

import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useT } from '../../../lib/i18n';
import './gantt.css';

const WIDTH_KEY = 'takt.gantt.split';
const MIN_PANE = 160;
const DEFAULT_WIDTH = 620;

function storedWidth(): number {
  const value = Number(localStorage.getItem(WIDTH_KEY));
  return Number.isFinite(value) && value >= MIN_PANE ? value : DEFAULT_WIDTH;
}

/**
 * The grid on the left and the timeline on the right, with a draggable border between them. With
 * `share` (the grid's share of the width in the user's view of the schedule) the border starts there,
 * and every move of it is reported to `onShare`.
 */
export function ScheduleSplit({
  left,
  right,
  share,
  onShare,
}: {
  left: ReactNode;
  right: ReactNode;
  share?: number;
  onShare?: (share: number) => void;
}) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(storedWidth);
  const drag = useRef<{ x0: number; width0: number } | null>(null);
  const clamp = (value: number) => {
    const total = box.current?.clientWidth ?? value + MIN_PANE;
    return Math.round(Math.max(MIN_PANE, Math.min(total - MIN_PANE, value)));
  };
  const set = (value: number) => {
    const next = clamp(value);
    setWidth(next);
    localStorage.setItem(WIDTH_KEY, String(next));
    return next;
  };
  // The view's share applies once it has arrived (it is read from the server after the first paint).
  const appliedShare = useRef<number | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: set only clamps and stores
  useLayoutEffect(() => {
    const total = box.current?.clientWidth;
    if (share === undefined || share === appliedShare.current || !total) return;
    appliedShare.current = share;
    set(share * total);
  }, [share]);
  const report = (next: number) => {
    const total = box.current?.clientWidth;
    if (!onShare || !total) return;
    const value = Math.min(0.9, Math.max(0.1, Math.round((next / total) * 1000) / 1000));
    appliedShare.current = value;
    onShare(value);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x0: event.clientX, width0: width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) set(drag.current.width0 + event.clientX - drag.current.x0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 80 : 16;
    if (event.key === 'ArrowLeft') report(set(width - step));
    else if (event.key === 'ArrowRight') report(set(width + step));
    else return;
    event.preventDefault();
  };
  return (
    <div className="gantt-split" ref={box} style={{ gridTemplateColumns: `${width}px 6px minmax(0, 1fr)` }}>
      <div className="gantt-split-pane">{left}</div>
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable, draggable window splitter (WAI-ARIA pattern) */}
      <div
        className="gantt-splitter"
        role="separator"
        aria-orientation="vertical"
        aria-label={t('gantt.splitter')}
        aria-valuenow={width}
        aria-valuemin={MIN_PANE}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          if (drag.current) report(width);
          drag.current = null;
        }}
        onKeyDown={onKeyDown}
        data-testid="gantt-splitter"
      />
      <div className="gantt-split-pane">{right}</div>
    </div>
  );
}

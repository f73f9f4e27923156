import {
  dateFormat,
  ganttCursorTagLeft,
  ganttCursorTagWidth,
  scaleXFromMinute,
  type TimeScale,
} from '@takt/gantt';
import type { RefObject } from 'react';
import type { Translate } from '../../../lib/i18n';
import { HEADER_HEIGHT } from '../WbsGrid';
import { cursorClear } from './cursor';
import { CLOSE_SIZE } from './timeline';

/** The ✕ beside the cursor's tag in the header (the tag itself is drawn on the canvas). */
export function GanttCursorClose(props: {
  t: Translate;
  host: RefObject<HTMLDivElement | null>;
  cursor: number | undefined;
  scale: TimeScale | null;
  ready: boolean;
  size: { width: number; height: number };
}) {
  const { t, host, cursor, scale, ready, size } = props;
  if (cursor === undefined || !scale || !ready) return null;
  const x = scaleXFromMinute(scale, cursor);
  if (x < 0 || x > size.width) return null;
  const tagWidth = ganttCursorTagWidth(dateFormat(cursor));
  const tagLeft = ganttCursorTagLeft(x, tagWidth, size.width);
  const left =
    tagLeft + tagWidth + CLOSE_SIZE + 2 <= size.width ? tagLeft + tagWidth + 2 : tagLeft - CLOSE_SIZE - 2;
  return (
    <button
      type="button"
      className="gantt-cursor-close"
      style={{ left, top: HEADER_HEIGHT / 2 + 2, width: CLOSE_SIZE, height: HEADER_HEIGHT / 2 - 4 }}
      title={t('gantt.cursor.clear')}
      aria-label={t('gantt.cursor.clear')}
      onClick={() => {
        cursorClear();
        host.current?.focus();
      }}
      data-testid="gantt-cursor-clear"
      data-x={Math.round(x)}
    >
      ✕
    </button>
  );
}

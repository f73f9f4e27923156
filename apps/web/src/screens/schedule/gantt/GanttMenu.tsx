import { useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { ContextMenu } from '../wbs-grid/ContextMenu';
import type { MenuItem } from '../wbs-grid/types';

export type GanttMenuItem = MenuItem;

/**
 * The timeline's context menu at a point of the canvas (`x`, `y` relative to the timeline): the schedule's
 * context menu, placed in the window where that point is. `onClose` also runs before a chosen item.
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
  const anchor = useRef<HTMLSpanElement>(null);
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  // The point's place in the window is known once the anchor is laid out inside the timeline.
  // biome-ignore lint/correctness/useExhaustiveDependencies: x and y move the anchor, which is measured again
  useLayoutEffect(() => {
    const rect = anchor.current?.getBoundingClientRect();
    if (rect) setAt({ x: rect.left, y: rect.top });
  }, [x, y]);
  return (
    <>
      <span ref={anchor} className="gantt-menu-anchor" style={{ position: 'absolute', left: x, top: y }} />
      {at && (
        <ContextMenu
          x={at.x}
          y={at.y}
          label={t('gantt.menu')}
          items={items}
          onClose={onClose}
          testId="gantt-menu"
        />
      )}
    </>
  );
}

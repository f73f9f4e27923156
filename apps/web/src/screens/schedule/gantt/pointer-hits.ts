import { type GanttSnapshot, ganttConnectorHitTest, WORK_SUMMARY } from '@takt/gantt';
import type { GanttPixiRenderer } from '@takt/gantt/pixi';
import { HEADER_HEIGHT } from '../WbsGrid';
import { targetEnd } from './edit';
import type { PointerHits } from './gesture';

/** Nothing under the pointer: for the events whose step does not look. */
export const NO_HITS: PointerHits = {
  header: false,
  connector: null,
  hit: null,
  summary: false,
  targetEnd: 'start',
  link: -1,
};

/**
 * What is under a point of the timeline's host, as the gesture machine's pointer events carry it: the
 * header, a bar's connector, the bar or milestone and which of its ends is nearer, or a drawn link.
 */
export function pointerHits(
  renderer: GanttPixiRenderer | null,
  base: GanttSnapshot,
  x: number,
  y: number,
): PointerHits {
  const layout = renderer?.layout;
  const header = y < HEADER_HEIGHT;
  const found = layout && !header ? ganttConnectorHitTest(layout, x, y - HEADER_HEIGHT) : null;
  const hit = renderer?.hitTest(x, y) ?? null;
  let end: 'start' | 'finish' = 'start';
  if (hit && hit.work >= 0 && layout) {
    const bar = layout.bars.find((b) => b.work === hit.work && b.kind === 'plan');
    const milestone = layout.milestones.find((m) => m.work === hit.work && m.kind === 'plan');
    if (bar) end = targetEnd(x, bar.x, bar.width);
    else if (milestone) end = targetEnd(x, milestone.x - 1, 2);
  }
  return {
    header,
    connector: found ? { work: found.work, end: found.end, x: found.x, y: found.y + HEADER_HEIGHT } : null,
    hit,
    summary: hit !== null && hit.work >= 0 && base.shape[hit.work] === WORK_SUMMARY,
    targetEnd: end,
    link: renderer && !(hit && hit.work >= 0) ? renderer.linkHitTest(x, y, 5) : -1,
  };
}

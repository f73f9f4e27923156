import type { GanttBar, GanttConstraint, GanttMilestone } from './layout.js';
import type { GanttLinkRoute } from './links.js';
import { CONSTRAINT_IN_DATE, CONSTRAINT_NOT_EARLIER } from './snapshot.js';

/** Polygons (flat [x0, y0, x1, y1, …]) of the drawn shapes, shared by the Pixi and PDF renderers. */

/** A summary bar: a bar over the top half with points down at both ends. */
export function shapeSummary(bar: GanttBar): number[] {
  const { x, y, width, height } = bar;
  const point = Math.min(height * 0.7, width / 2);
  const bottom = y + height * 0.55;
  return [
    x,
    y,
    x + width,
    y,
    x + width,
    y + height,
    x + width - point,
    bottom,
    x + point,
    bottom,
    x,
    y + height,
  ];
}

export function shapeDiamond(milestone: GanttMilestone): number[] {
  const { x, y } = milestone;
  const half = milestone.size / 2;
  return [x, y - half, x + half, y, x, y + half, x - half, y];
}

/**
 * A constraint marker: a triangle with its flat side at the date, pointing the way the date may move —
 * right for "not earlier", left for "not later"; "in date" (fixed) gets both.
 */
export function shapeConstraint(marker: GanttConstraint): number[][] {
  const { x, y } = marker;
  const half = marker.size / 2;
  const right = [x, y - half, x + half, y, x, y + half];
  const left = [x, y - half, x - half, y, x, y + half];
  if (marker.type === CONSTRAINT_NOT_EARLIER) return [right];
  if (marker.type === CONSTRAINT_IN_DATE) return [left, right];
  return [left];
}

/** The arrowhead of a link: its tip on the bar end. */
export function shapeArrow(route: GanttLinkRoute, size: number): number[] {
  const { x, y, direction } = route.arrow;
  const back = x - direction * size;
  return [x, y, back, y - size * 0.6, back, y + size * 0.6];
}

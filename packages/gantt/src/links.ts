import { type GanttLayout, ganttWorkAnchor, type WorkAnchor } from './layout.js';
import type { TimeScale } from './scale.js';
import {
  type GanttSnapshot,
  LINK_TYPES,
  type LinkType,
  snapshotLinkIndex,
  snapshotRowIndex,
} from './snapshot.js';

export interface GanttLinkRoute {
  readonly link: number;
  readonly type: LinkType;
  /** Orthogonal polyline, flat [x0, y0, x1, y1, …], ending at the arrow tip. */
  readonly points: number[];
  /** Arrow tip and the direction it points: 1 = right (into a start), -1 = left (into a finish). */
  readonly arrow: { readonly x: number; readonly y: number; readonly direction: 1 | -1 };
  readonly driving: boolean;
  /** Driving between two critical works: drawn in the critical colour. */
  readonly critical: boolean;
}

export interface LinkRouteOptions {
  /** Horizontal stub out of and into a bar. */
  readonly stubPx?: number;
  /** Links whose route box is this far outside the viewport are culled. */
  readonly marginPx?: number;
}

function simplify(points: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < points.length; i += 2) {
    const px = points[i]!;
    const py = points[i + 1]!;
    const n = out.length;
    if (n >= 2 && out[n - 2] === px && out[n - 1] === py) continue;
    // Drop a middle point on a straight run.
    if (n >= 4) {
      const ax = out[n - 4]!;
      const ay = out[n - 3]!;
      const bx = out[n - 2]!;
      const by = out[n - 1]!;
      if ((ax === bx && bx === px) || (ay === by && by === py)) {
        out[n - 2] = px;
        out[n - 1] = py;
        continue;
      }
    }
    out.push(px, py);
  }
  return out;
}

/**
 * The orthogonal route of one relation between two plan bars:
 * - FS leaves the predecessor's finish to the right by a stub and enters the successor's start from the
 *   left; when the successor starts before the stub's end (less than half a stub of straight entry is
 *   left), it goes around along the row boundary below (above) the predecessor's row.
 * - SS leaves and enters on the left of both starts; FF on the right of both finishes.
 * - SF leaves the predecessor's start to the left and enters the successor's finish from the right,
 *   detouring like FS when the successor finishes after the predecessor starts.
 */
export function linkRoute(
  type: LinkType,
  from: WorkAnchor,
  to: WorkAnchor,
  rowHeight: number,
  rowTopOf: (row: number) => number,
  stub = 8,
): { points: number[]; direction: 1 | -1 } {
  const between = (): number => {
    if (to.row > from.row) return rowTopOf(from.row) + rowHeight; // below the predecessor's row
    if (to.row < from.row) return rowTopOf(from.row); // above it
    return rowTopOf(from.row) + rowHeight; // same row: around below
  };
  switch (type) {
    case 'fs': {
      const px = from.xFinish;
      const tx = to.xStart;
      const out = px + stub;
      if (tx - out >= (to.row === from.row ? 0 : stub / 2)) {
        return { points: simplify([px, from.y, out, from.y, out, to.y, tx, to.y]), direction: 1 };
      }
      const y = between();
      const back = tx - stub;
      return {
        points: simplify([px, from.y, out, from.y, out, y, back, y, back, to.y, tx, to.y]),
        direction: 1,
      };
    }
    case 'ss': {
      const xm = Math.min(from.xStart, to.xStart) - stub;
      return { points: simplify([from.xStart, from.y, xm, from.y, xm, to.y, to.xStart, to.y]), direction: 1 };
    }
    case 'ff': {
      const xm = Math.max(from.xFinish, to.xFinish) + stub;
      return {
        points: simplify([from.xFinish, from.y, xm, from.y, xm, to.y, to.xFinish, to.y]),
        direction: -1,
      };
    }
    case 'sf': {
      const px = from.xStart;
      const tx = to.xFinish;
      const out = px - stub;
      if (out - tx >= (to.row === from.row ? 0 : stub / 2)) {
        return { points: simplify([px, from.y, out, from.y, out, to.y, tx, to.y]), direction: -1 };
      }
      const y = between();
      const back = tx + stub;
      return {
        points: simplify([px, from.y, out, from.y, out, y, back, y, back, to.y, tx, to.y]),
        direction: -1,
      };
    }
  }
}

/**
 * Routes of the links with at least one end in the laid-out rows, culled to those whose route box
 * touches the viewport (plus margin).
 */
export function ganttLinkRoutes(
  snapshot: GanttSnapshot,
  scale: TimeScale,
  layout: GanttLayout,
  options: LinkRouteOptions = {},
): GanttLinkRoute[] {
  const { viewport, slots } = layout;
  const stub = options.stubPx ?? Math.max(4, viewport.rowHeight * 0.35);
  const margin = options.marginPx ?? 50;
  const links = snapshot.links;
  const index = snapshotLinkIndex(snapshot);
  const rowTopOf = (row: number) => row * viewport.rowHeight - viewport.scrollTop;
  const seen = new Set<number>();
  const routes: GanttLinkRoute[] = [];
  const anchors = new Map<number, WorkAnchor | null>();
  const anchorOf = (work: number) => {
    let anchor = anchors.get(work);
    if (anchor === undefined) {
      anchor = ganttWorkAnchor(snapshot, work, scale, viewport, slots);
      anchors.set(work, anchor);
    }
    return anchor;
  };
  const visit = (link: number) => {
    if (seen.has(link)) return;
    seen.add(link);
    const predecessor = links.predecessor[link]!;
    const successor = links.successor[link]!;
    const from = anchorOf(predecessor);
    const to = anchorOf(successor);
    if (!from || !to) return;
    const type = LINK_TYPES[links.type[link]!] ?? 'fs';
    const { points, direction } = linkRoute(type, from, to, viewport.rowHeight, rowTopOf, stub);
    let minX = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < points.length; i += 2) {
      minX = Math.min(minX, points[i]!);
      maxX = Math.max(maxX, points[i]!);
    }
    if (maxX < -margin || minX > viewport.width + margin) return;
    const driving = links.driving[link] === 1;
    routes.push({
      link,
      type,
      points,
      arrow: { x: points[points.length - 2]!, y: points[points.length - 1]!, direction },
      driving,
      critical: driving && snapshot.critical[predecessor] === 1 && snapshot.critical[successor] === 1,
    });
  };
  const rowIndex = snapshotRowIndex(snapshot);
  const from = rowIndex.offsets[layout.firstRow] ?? 0;
  const to = rowIndex.offsets[layout.lastRow + 1] ?? from;
  for (let r = from; r < to; r++) {
    const work = rowIndex.works[r]!;
    for (let k = index.outOffsets[work]!; k < index.outOffsets[work + 1]!; k++) visit(index.outLinks[k]!);
    for (let k = index.inOffsets[work]!; k < index.inOffsets[work + 1]!; k++) visit(index.inLinks[k]!);
  }
  return routes;
}

/** Distance from a point to the segment (x0, y0)–(x1, y1). */
function segmentDistance(x: number, y: number, x0: number, y0: number, x1: number, y1: number): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / length));
  return Math.hypot(x - (x0 + t * dx), y - (y0 + t * dy));
}

/**
 * The link whose route passes within `tolerancePx` of a point (selecting a link to delete it), the
 * nearest one when several do; -1 when none does. Coordinates are those of the routes (viewport pixels).
 */
export function ganttLinkHitTest(
  routes: readonly GanttLinkRoute[],
  x: number,
  y: number,
  tolerancePx = 4,
): number {
  let best = -1;
  let bestDistance = tolerancePx;
  for (const route of routes) {
    const p = route.points;
    for (let i = 0; i + 3 < p.length; i += 2) {
      const distance = segmentDistance(x, y, p[i]!, p[i + 1]!, p[i + 2]!, p[i + 3]!);
      if (distance <= bestDistance) {
        best = route.link;
        bestDistance = distance;
      }
    }
  }
  return best;
}

import { NETWORK_NODE_HEIGHT, NETWORK_NODE_WIDTH, type NetworkLayout } from './layout.js';

/**
 * What part of the diagram a view shows: the diagram point at the view's top-left corner and the zoom
 * (screen pixels per diagram unit). A screen point is `(diagram − origin) × zoom`.
 */
export interface NetworkCamera {
  readonly x: number;
  readonly y: number;
  readonly zoom: number;
}

export const NETWORK_ZOOM_MIN = 0.02;
export const NETWORK_ZOOM_MAX = 1.5;

const clampZoom = (zoom: number) => Math.min(NETWORK_ZOOM_MAX, Math.max(NETWORK_ZOOM_MIN, zoom));

/** The whole diagram in a view of `width` × `height` pixels with a margin, never zoomed in past 1. */
export function networkFit(layout: NetworkLayout, width: number, height: number, margin = 24): NetworkCamera {
  const w = Math.max(1, layout.width);
  const h = Math.max(1, layout.height);
  const zoom = clampZoom(
    Math.min(1, Math.max(1, width - 2 * margin) / w, Math.max(1, height - 2 * margin) / h),
  );
  return { x: w / 2 - width / 2 / zoom, y: h / 2 - height / 2 / zoom, zoom };
}

/** Zooms by a factor holding the screen point (`atX`, `atY`) still. */
export function networkZoomAt(
  camera: NetworkCamera,
  factor: number,
  atX: number,
  atY: number,
): NetworkCamera {
  const zoom = clampZoom(camera.zoom * factor);
  const dx = atX / camera.zoom - atX / zoom;
  const dy = atY / camera.zoom - atY / zoom;
  return { x: camera.x + dx, y: camera.y + dy, zoom };
}

/** Moves the view by a drag of (`dx`, `dy`) screen pixels. */
export function networkPan(camera: NetworkCamera, dx: number, dy: number): NetworkCamera {
  return { x: camera.x - dx / camera.zoom, y: camera.y - dy / camera.zoom, zoom: camera.zoom };
}

/**
 * Centres a node in the view, zooming in to a readable size (`minZoom`) when the view is zoomed out
 * further than that.
 */
export function networkCenterOn(
  camera: NetworkCamera,
  layout: NetworkLayout,
  node: number,
  width: number,
  height: number,
  minZoom = 0.85,
): NetworkCamera {
  const zoom = Math.max(camera.zoom, minZoom);
  const cx = layout.x[node]! + NETWORK_NODE_WIDTH / 2;
  const cy = layout.y[node]! + NETWORK_NODE_HEIGHT / 2;
  return { x: cx - width / 2 / zoom, y: cy - height / 2 / zoom, zoom };
}

/** The diagram rectangle a view shows: left, top, right, bottom. */
export function networkViewRect(camera: NetworkCamera, width: number, height: number) {
  return {
    left: camera.x,
    top: camera.y,
    right: camera.x + width / camera.zoom,
    bottom: camera.y + height / camera.zoom,
  };
}

type Rect = ReturnType<typeof networkViewRect>;

/**
 * A uniform grid over the diagram: each cell lists the nodes whose box touches it, and the edges whose
 * bounding box does, so that a frame visits only what is near the view (culling) and a click only the
 * nodes of one cell.
 */
export interface NetworkIndex {
  readonly cell: number;
  readonly columns: number;
  readonly rows: number;
  readonly nodeStart: Int32Array;
  readonly nodes: Int32Array;
  /** Edge bounding boxes: left, top, right, bottom by edge. */
  readonly edgeBox: Float64Array;
}

const CELL = 512;

export function networkIndex(layout: NetworkLayout): NetworkIndex {
  const columns = Math.max(1, Math.ceil(layout.width / CELL) + 1);
  const rows = Math.max(1, Math.ceil(layout.height / CELL) + 1);
  const cells = columns * rows;
  const cellOf = (x: number, y: number) =>
    Math.min(rows - 1, Math.max(0, Math.floor(y / CELL))) * columns +
    Math.min(columns - 1, Math.max(0, Math.floor(x / CELL)));
  // Counting sort of (cell, node) pairs: a box touches at most four cells.
  const pairs: number[] = [];
  for (let i = 0; i < layout.nodeCount; i++) {
    const x0 = layout.x[i]!;
    const y0 = layout.y[i]!;
    const seen = new Set<number>();
    for (const [x, y] of [
      [x0, y0],
      [x0 + NETWORK_NODE_WIDTH, y0],
      [x0, y0 + NETWORK_NODE_HEIGHT],
      [x0 + NETWORK_NODE_WIDTH, y0 + NETWORK_NODE_HEIGHT],
    ] as const) {
      const c = cellOf(x, y);
      if (!seen.has(c)) {
        seen.add(c);
        pairs.push(c, i);
      }
    }
  }
  const nodeStart = new Int32Array(cells + 1);
  for (let p = 0; p < pairs.length; p += 2) nodeStart[pairs[p]! + 1]! += 1;
  for (let c = 0; c < cells; c++) nodeStart[c + 1]! += nodeStart[c]!;
  const fill = nodeStart.slice(0, cells);
  const nodes = new Int32Array(pairs.length / 2);
  for (let p = 0; p < pairs.length; p += 2) nodes[fill[pairs[p]!]!++] = pairs[p + 1]!;
  const edgeCount = layout.edgeStart.length - 1;
  const edgeBox = new Float64Array(edgeCount * 4);
  for (let k = 0; k < edgeCount; k++) {
    let left = Number.POSITIVE_INFINITY;
    let top = Number.POSITIVE_INFINITY;
    let right = Number.NEGATIVE_INFINITY;
    let bottom = Number.NEGATIVE_INFINITY;
    for (let p = layout.edgeStart[k]!; p < layout.edgeStart[k + 1]!; p++) {
      const x = layout.points[2 * p]!;
      const y = layout.points[2 * p + 1]!;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
    edgeBox.set([left, top, right, bottom], k * 4);
  }
  return { cell: CELL, columns, rows, nodeStart, nodes, edgeBox };
}

/** The nodes whose box meets a diagram rectangle, each once. */
export function networkNodesIn(layout: NetworkLayout, index: NetworkIndex, rect: Rect): number[] {
  const c0 = Math.max(0, Math.floor(rect.left / index.cell));
  const c1 = Math.min(index.columns - 1, Math.floor(rect.right / index.cell));
  const r0 = Math.max(0, Math.floor(rect.top / index.cell));
  const r1 = Math.min(index.rows - 1, Math.floor(rect.bottom / index.cell));
  const out: number[] = [];
  const seen = new Set<number>();
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const cell = r * index.columns + c;
      for (let p = index.nodeStart[cell]!; p < index.nodeStart[cell + 1]!; p++) {
        const i = index.nodes[p]!;
        if (seen.has(i)) continue;
        const x = layout.x[i]!;
        const y = layout.y[i]!;
        if (x > rect.right || y > rect.bottom || x + NETWORK_NODE_WIDTH < rect.left) continue;
        if (y + NETWORK_NODE_HEIGHT < rect.top) continue;
        seen.add(i);
        out.push(i);
      }
    }
  }
  return out.sort((a, b) => a - b);
}

/** The edges whose bounding box meets a diagram rectangle. */
export function networkEdgesIn(index: NetworkIndex, rect: Rect): number[] {
  const out: number[] = [];
  const box = index.edgeBox;
  for (let k = 0; k < box.length / 4; k++) {
    if (box[4 * k]! > rect.right || box[4 * k + 2]! < rect.left) continue;
    if (box[4 * k + 1]! > rect.bottom || box[4 * k + 3]! < rect.top) continue;
    out.push(k);
  }
  return out;
}

/** The node under a screen point, or −1. */
export function networkHitTest(
  layout: NetworkLayout,
  index: NetworkIndex,
  camera: NetworkCamera,
  screenX: number,
  screenY: number,
): number {
  const x = camera.x + screenX / camera.zoom;
  const y = camera.y + screenY / camera.zoom;
  const hits = networkNodesIn(layout, index, { left: x, top: y, right: x, bottom: y });
  return hits.length ? hits[hits.length - 1]! : -1;
}

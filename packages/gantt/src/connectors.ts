import type { GanttLayout } from './layout.js';

/** Link connectors: small circles just outside both ends of a plan bar; dragging one draws a link. */
export const GANTT_CONNECTOR_OFFSET_PX = 9;
export const GANTT_CONNECTOR_RADIUS_PX = 3.5;

export interface GanttConnector {
  readonly work: number;
  readonly end: 'start' | 'finish';
  /** Centre of the circle, in layout (viewport) coordinates. */
  readonly x: number;
  readonly y: number;
}

/** The two connectors of a work's plan bar or milestone in a layout; empty when it is not laid out. */
export function ganttConnectors(layout: GanttLayout, work: number): GanttConnector[] {
  for (const bar of layout.bars) {
    if (bar.work !== work || bar.kind !== 'plan') continue;
    const y = bar.y + bar.height / 2;
    return [
      { work, end: 'start', x: bar.x - GANTT_CONNECTOR_OFFSET_PX, y },
      { work, end: 'finish', x: bar.x + bar.width + GANTT_CONNECTOR_OFFSET_PX, y },
    ];
  }
  for (const m of layout.milestones) {
    if (m.work !== work || m.kind !== 'plan') continue;
    const half = m.size / 2;
    return [
      { work, end: 'start', x: m.x - half - GANTT_CONNECTOR_OFFSET_PX + 2, y: m.y },
      { work, end: 'finish', x: m.x + half + GANTT_CONNECTOR_OFFSET_PX - 2, y: m.y },
    ];
  }
  return [];
}

/**
 * The connector under a point: within `radiusPx` of a connector of a plan bar or milestone in the
 * point's row (summaries have none: their dates roll up from their works). Null when there is none.
 */
export function ganttConnectorHitTest(
  layout: GanttLayout,
  x: number,
  y: number,
  radiusPx = GANTT_CONNECTOR_RADIUS_PX + 3,
): GanttConnector | null {
  const { rowHeight, scrollTop } = layout.viewport;
  const row = Math.floor((y + scrollTop) / rowHeight);
  const candidates: number[] = [];
  for (const bar of layout.bars) if (bar.kind === 'plan' && bar.row === row) candidates.push(bar.work);
  for (const m of layout.milestones) if (m.kind === 'plan' && m.row === row) candidates.push(m.work);
  let best: GanttConnector | null = null;
  let bestDistance = radiusPx;
  for (const work of candidates) {
    for (const connector of ganttConnectors(layout, work)) {
      const distance = Math.hypot(x - connector.x, y - connector.y);
      if (distance <= bestDistance) {
        best = connector;
        bestDistance = distance;
      }
    }
  }
  return best;
}

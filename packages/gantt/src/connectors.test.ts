import { describe, expect, it } from 'vitest';
import { GANTT_CONNECTOR_OFFSET_PX, ganttConnectorHitTest, ganttConnectors } from './connectors.js';
import { dateToMinutes, MINUTES_PER_DAY } from './dates.js';
import { ganttLayout, ganttRowSlots } from './layout.js';
import { scaleAtLevel } from './scale.js';
import { snapshotFromWorks, WORK_MILESTONE_START, WORK_SUMMARY } from './snapshot.js';

const D = MINUTES_PER_DAY;
const T0 = dateToMinutes(2024, 1, 1);
const scale = scaleAtLevel(T0, 'day'); // 32 px per day
const viewport = { width: 800, height: 200, scrollTop: 0, rowHeight: 20 };
const snapshot = snapshotFromWorks([
  { row: 0, plan: [T0 + D, T0 + 3 * D] }, // x 32 … 96
  { row: 1, plan: [T0 + 5 * D, T0 + 5 * D], shape: WORK_MILESTONE_START }, // diamond at x 160
  { row: 2, plan: [T0, T0 + 10 * D], shape: WORK_SUMMARY },
]);
const layout = ganttLayout(snapshot, scale, viewport, {
  kinds: { plan: true, approved_plan: false, fact: false },
});
const mid = ganttRowSlots(20, { plan: true, approved_plan: false, fact: false }).plan!;
const y0 = mid.y + mid.height / 2;

describe('link connectors', () => {
  it('sit just outside both ends of a plan bar, on its vertical middle', () => {
    expect(ganttConnectors(layout, 0)).toEqual([
      { work: 0, end: 'start', x: 32 - GANTT_CONNECTOR_OFFSET_PX, y: y0 },
      { work: 0, end: 'finish', x: 96 + GANTT_CONNECTOR_OFFSET_PX, y: y0 },
    ]);
    const [start, finish] = ganttConnectors(layout, 1);
    expect(start!.x).toBeLessThan(160);
    expect(finish!.x).toBeGreaterThan(160);
    expect(start!.y).toBe(20 + y0);
  });

  it('summaries and works that are not laid out have none', () => {
    expect(ganttConnectors(layout, 2)).toEqual([]);
    expect(ganttConnectors(layout, 7)).toEqual([]);
  });

  it('hit test: the connector near a point in its row, nothing on the bar itself or in another row', () => {
    expect(ganttConnectorHitTest(layout, 96 + GANTT_CONNECTOR_OFFSET_PX + 2, y0 + 1)).toMatchObject({
      work: 0,
      end: 'finish',
    });
    expect(ganttConnectorHitTest(layout, 32 - GANTT_CONNECTOR_OFFSET_PX, y0)).toMatchObject({ end: 'start' });
    expect(ganttConnectorHitTest(layout, 60, y0)).toBeNull();
    expect(ganttConnectorHitTest(layout, 32 - GANTT_CONNECTOR_OFFSET_PX, 20 * 3 + y0)).toBeNull();
    expect(ganttConnectorHitTest(layout, 150, 20 + y0)).toMatchObject({ work: 1, end: 'start' });
  });
});

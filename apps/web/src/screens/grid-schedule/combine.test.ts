import { WORK_SUMMARY } from '@takt/gantt';
import { describe, expect, it } from 'vitest';
import { NO_DATE } from '../../lib/schedule-time';
import { testModel } from '../schedule/gantt/testing';
import { gridScheduleCombine } from './combine';

const DAY = 1440;
const frame = testModel(
  [
    { id: 'f', name: 'Frame', type: 'sum', plan: [10 * DAY, 20 * DAY] },
    { id: 'f1', name: 'Columns', parent: 0, plan: [10 * DAY, 14 * DAY], critical: true },
    {
      id: 'f2',
      name: 'Slab',
      parent: 0,
      plan: [14 * DAY, 20 * DAY],
      fact: [14 * DAY, NO_DATE],
      progress: 50,
    },
  ],
  [
    { from: 1, to: 2, driving: true },
    { from: 0, to: 2, external: true },
  ],
);
const finishing = testModel([{ id: 'p', name: 'Plaster', plan: [30 * DAY, 45 * DAY] }]);
const parts = [
  { scheduleId: 's1', name: 'Frame schedule', model: frame },
  { scheduleId: 's2', name: 'Finishing schedule', model: finishing },
  { scheduleId: 's3', name: 'Empty schedule', model: null },
];

describe('grid schedule', () => {
  it('puts every schedule under a summary heading spanning its works, with links inside each schedule', () => {
    const grid = gridScheduleCombine(parts, new Set(), 7);
    expect(grid.rows.map((r) => (r.kind === 'schedule' ? `# ${r.part}` : `${r.part}:${r.row}`))).toEqual([
      '# 0',
      '0:0',
      '0:1',
      '0:2',
      '# 1',
      '1:0',
      '# 2',
    ]);
    const s = grid.snapshot;
    expect(s.version).toBe(7);
    expect(s.workCount).toBe(7);
    expect(s.rowCount).toBe(7);
    // Summaries: the schedule's span; an empty schedule has no bar.
    expect([s.shape[0], s.planStart[0], s.planFinish[0]]).toEqual([WORK_SUMMARY, 10 * DAY, 20 * DAY]);
    expect([s.planStart[4], s.planFinish[4]]).toEqual([30 * DAY, 45 * DAY]);
    expect([s.planStart[6], s.planFinish[6]]).toEqual([NO_DATE, NO_DATE]);
    expect(s.label[4]).toBe('Finishing schedule');
    expect(s.critical[2]).toBe(1);
    expect(s.progress[3]).toBeCloseTo(0.5);
    expect(s.factFinish[3]).toBe(NO_DATE);
    // The link Columns → Slab of schedule 1, moved past the heading; the external one is not drawn.
    expect(s.links.count).toBe(1);
    expect([s.links.predecessor[0], s.links.successor[0], s.links.driving[0]]).toEqual([2, 3, 1]);
    expect([grid.workPart[3], grid.workRow[3]]).toEqual([0, 2]);
  });

  it('shows only the heading of a collapsed schedule', () => {
    const grid = gridScheduleCombine(parts, new Set(['s1']), 1);
    expect(grid.rows.map((r) => r.kind)).toEqual(['schedule', 'schedule', 'work', 'schedule']);
    expect(Array.from(grid.snapshot.row.subarray(0, 4))).toEqual([0, -1, -1, -1]);
    expect(grid.snapshot.row[4]).toBe(1);
  });
});

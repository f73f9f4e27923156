import {
  CONSTRAINT_IN_DATE,
  CONSTRAINT_NOT_EARLIER,
  LINK_FF,
  LINK_FS,
  LINK_SF,
  LINK_SS,
  snapshotLinkIndex,
  snapshotRowIndex,
  WORK_MILESTONE_FINISH,
  WORK_MILESTONE_START,
  WORK_SUMMARY,
  WORK_TASK,
} from '@takt/gantt';
import { describe, expect, it } from 'vitest';
import { visibleRows } from '../../../lib/columnar';
import { isoToMinutes, NO_DATE } from '../../../lib/schedule-time';
import { NO_DETAILS, type PlanDetails } from '../plan-details';
import { ganttSnapshotFromModel, rowsOfWorks, shapeOfType } from './snapshot';
import { testModel } from './testing';

const D = 1440;
const model = testModel(
  [
    { id: 'sum', type: 'sum', plan: [0, 5 * D] },
    { id: 'a', parent: 0, plan: [0, D], progress: 50, critical: true },
    { id: 'b', parent: 0, plan: [D, 3 * D], fact: [D, NO_DATE], progress: 20 },
    { id: 'm', type: 'milestone_finish', plan: [3 * D, 3 * D] },
    { id: 's', type: 'milestone_start', plan: [4 * D, 4 * D] },
  ],
  [
    { from: 1, to: 2, type: 'fs', driving: true },
    { from: 2, to: 3, type: 'ff' },
    { from: 1, to: 4, type: 'ss' },
    { from: 2, to: 4, type: 'sf' },
    { from: 0, to: 2, external: true, driving: true },
  ],
);
const details = new Map<string, PlanDetails>([
  [
    'b',
    {
      ...NO_DETAILS,
      approvedStart: '2000-01-02T08:00',
      approvedFinish: '2000-01-03T17:00',
      startLimit: { type: 'not_earlier', date: '2000-01-02T08:00' },
      finishLimit: { type: 'in_date', date: '2000-01-04T17:00' },
    },
  ],
  ['gone', { ...NO_DETAILS, approvedStart: '2000-01-02' }],
]);

describe('the Gantt snapshot of a decoded version', () => {
  const snapshot = ganttSnapshotFromModel(model, visibleRows(model, new Set()), details, 7);

  it('shares the typed arrays of the model instead of copying them', () => {
    expect(snapshot.planStart).toBe(model.planStart);
    expect(snapshot.planFinish).toBe(model.planFinish);
    expect(snapshot.factStart).toBe(model.factStart);
    expect(snapshot.critical).toBe(model.critical);
    expect(snapshot.version).toBe(7);
    expect(snapshot.workCount).toBe(5);
  });

  it('shapes by work type, progress as a fraction, names as labels', () => {
    expect([...snapshot.shape]).toEqual([
      WORK_SUMMARY,
      WORK_TASK,
      WORK_TASK,
      WORK_MILESTONE_FINISH,
      WORK_MILESTONE_START,
    ]);
    expect(shapeOfType('draft')).toBe(WORK_TASK);
    expect(snapshot.progress[1]).toBeCloseTo(0.5);
    expect(snapshot.progress[2]).toBeCloseTo(0.2);
    expect(snapshot.label).toEqual(['sum', 'a', 'b', 'm', 's']);
  });

  it('approved plan and constraints from the plan details; details of unknown works are ignored', () => {
    expect(snapshot.baselineStart[2]).toBe(isoToMinutes('2000-01-02T08:00'));
    expect(snapshot.baselineFinish[2]).toBe(isoToMinutes('2000-01-03T17:00'));
    expect(snapshot.baselineStart[1]).toBe(NO_DATE);
    expect(snapshot.constraintStartType[2]).toBe(CONSTRAINT_NOT_EARLIER);
    expect(snapshot.constraintFinishType[2]).toBe(CONSTRAINT_IN_DATE);
    expect(snapshot.constraintFinishDate[2]).toBe(isoToMinutes('2000-01-04T17:00'));
    expect(snapshot.constraintStartType[1]).toBe(0);
  });

  it('links between works of the version with their types by name; links from other schedules left out', () => {
    const { links } = snapshot;
    expect(links.count).toBe(4);
    expect([...links.predecessor]).toEqual([1, 2, 1, 2]);
    expect([...links.successor]).toEqual([2, 3, 4, 4]);
    expect([...links.type]).toEqual([LINK_FS, LINK_FF, LINK_SS, LINK_SF]);
    expect([...links.driving]).toEqual([1, 0, 0, 0]);
    expect(snapshotLinkIndex(snapshot).inOffsets.length).toBe(6);
  });

  it('rows follow the grid: collapsed works are hidden, rows are renumbered', () => {
    const collapsed = ganttSnapshotFromModel(model, visibleRows(model, new Set(['sum'])), details, 8);
    expect([...collapsed.row]).toEqual([0, -1, -1, 1, 2]);
    expect(collapsed.rowCount).toBe(3);
    const index = snapshotRowIndex(collapsed);
    expect([...index.works]).toEqual([0, 3, 4]);
    expect([...rowsOfWorks(3, Int32Array.from([2, 0]))]).toEqual([1, -1, 0]);
  });
});

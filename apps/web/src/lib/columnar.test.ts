import { describe, expect, it } from 'vitest';
import {
  decodePayload,
  patchWork,
  relationsOfRow,
  textOf,
  type VersionPayload,
  visibleRows,
} from './columnar';

const ids = ['a', 'b', 'c', 'd'];
const payload = {
  format: 'takt.columnar.v1',
  versionId: 'v',
  calcStatus: 1,
  count: 4,
  epoch: '2000-01-01T00:00',
  enums: {
    type: ['sum', 'task', 'work', 'milestone_start', 'milestone_finish', 'draft'],
    status: ['not_started', 'in_progress', 'completed'],
    linkType: ['fs', 'ff', 'ss', 'sf'],
  },
  works: {
    id: ids,
    parent: [-1, 0, 0, -1],
    code: [0, 1, 2, -1],
    name: [3, 4, 5, 6],
    type: [0, 1, 1, 3],
    status: [0, 0, 2, 0],
    durationMinutes: [0, 480, 960, 0],
    calendar: [-1, -1, -1, -1],
    planStart: [-1, -1, -1, -1],
    planFinish: [-1, -1, -1, -1],
    factStart: [-1, -1, -1, -1],
    factFinish: [-1, -1, -1, -1],
    earlyStart: [0, 0, 480, 1440],
    earlyFinish: [1440, 480, 1440, 1440],
    lateStart: [0, 0, 480, 1440],
    lateFinish: [1440, 480, 1440, 1440],
    totalFloat: [0, 0, 0, 0],
    freeFloat: [0, 0, 0, 0],
    critical: [1, 1, 0, 1],
    progress: [0, 50, 100, 0],
    planVolume: [null, 12.5, null, null],
    factVolume: [null, null, null, null],
    unit: [-1, -1, -1, -1],
    executor: [-1, -1, -1, -1],
    curator: [-1, -1, -1, -1],
    revision: [1, 1, 1, 1],
  },
  relations: {
    count: 2,
    predecessor: [1, 2],
    externalPredecessor: [-1, -1],
    successor: [2, 3],
    type: [0, 0],
    lagMinutes: [0, 60],
    driving: [1, 0],
  },
  strings: ['1', '1.1', '1.2', 'Floor', 'Walls', 'Roof', 'Done'],
} as unknown as VersionPayload;

describe('columnar payload', () => {
  it('decodes into typed arrays with depths and child counts', () => {
    const m = decodePayload(payload);
    expect(m.durationMinutes).toBeInstanceOf(Int32Array);
    expect([...m.depth]).toEqual([0, 1, 1, 0]);
    expect([...m.childCount]).toEqual([2, 0, 0, 0]);
    expect(textOf(m, m.name[1]!)).toBe('Walls');
    expect(textOf(m, m.code[3]!)).toBe('');
    expect(m.planVolume[1]).toBe(12.5);
    expect(m.planVolume[0]).toBeNaN();
  });

  it('hides children of collapsed rows and keeps ancestors of filter matches', () => {
    const m = decodePayload(payload);
    expect([...visibleRows(m, new Set())]).toEqual([0, 1, 2, 3]);
    expect([...visibleRows(m, new Set(['a']))]).toEqual([0, 3]);
    expect([...visibleRows(m, new Set(), (i) => textOf(m, m.name[i]!) === 'Roof')]).toEqual([0, 2]);
  });

  it('patches a row from an API work and lists its relations', () => {
    const m = decodePayload(payload);
    patchWork(m, {
      id: 'b',
      code: '1.1',
      name: 'Brick walls',
      type: 'work',
      status: 'in_progress',
      durationMinutes: 600,
      calendarId: null,
      planStart: '2000-01-02',
      planFinish: null,
      factStart: null,
      factFinish: null,
      earlyStart: null,
      earlyFinish: null,
      lateStart: null,
      lateFinish: null,
      totalFloat: null,
      freeFloat: null,
      critical: false,
      progress: 10,
      planVolume: null,
      factVolume: null,
      unit: 'm3',
      executorId: null,
      curatorId: null,
      revision: 2,
    });
    expect(textOf(m, m.name[1]!)).toBe('Brick walls');
    expect(m.type[1]).toBe(2);
    expect(m.planStart[1]).toBe(1440);
    expect(textOf(m, m.unit[1]!)).toBe('m3');
    expect(relationsOfRow(m, 2)).toEqual({ predecessors: [0], successors: [1] });
  });
});

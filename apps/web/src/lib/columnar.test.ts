import { describe, expect, it } from 'vitest';
import { testModel } from '../screens/schedule/gantt/testing';
import { relationsOfRow, textOf, visibleRows } from './columnar';

// Floor (Walls, Roof), then Done; Walls → Roof → Done.
const model = testModel(
  [
    { id: 'a', name: 'Floor', type: 'sum' },
    { id: 'b', name: 'Walls', parent: 0 },
    { id: 'c', name: 'Roof', parent: 0 },
    { id: 'd', name: 'Done', type: 'milestone_start' },
  ],
  [
    { from: 1, to: 2 },
    { from: 2, to: 3, lag: 60 },
  ],
);

describe('rows of a version', () => {
  it('hides children of collapsed rows and keeps ancestors of filter matches', () => {
    expect([...visibleRows(model, new Set())]).toEqual([0, 1, 2, 3]);
    expect([...visibleRows(model, new Set(['a']))]).toEqual([0, 3]);
    expect([...visibleRows(model, new Set(), (i) => textOf(model, model.name[i]!) === 'Roof')]).toEqual([
      0, 2,
    ]);
  });

  it('lists the relations of a row', () => {
    expect(relationsOfRow(model, 2)).toEqual({ predecessors: [0], successors: [1] });
    expect(relationsOfRow(model, 0)).toEqual({ predecessors: [], successors: [] });
  });
});

import { describe, expect, it } from 'vitest';
import { testModel } from '../gantt/testing';
import {
  activeRowOf,
  pastedWork,
  placeOf,
  rowsAsText,
  selectedRowsOf,
  siblingsOf,
  unlinkCommands,
} from './structure-rows';

// Floor (Walls, Roof), then Done; Walls → Roof → Done.
const model = testModel(
  [
    { id: 'a', code: '1', name: 'Floor', type: 'sum' },
    { id: 'b', code: '1.1', name: 'Walls', parent: 0, duration: 8 * 60 },
    { id: 'c', code: '1.2', name: 'Roof', parent: 0, duration: 16 * 60 },
    { id: 'd', code: '2', name: 'Done', type: 'milestone_start' },
  ],
  [
    { from: 1, to: 2 },
    { from: 2, to: 3 },
  ],
);
const all = Int32Array.from([0, 1, 2, 3]);

describe('the rows a structure edit acts on', () => {
  it('takes the cursor row unless another row is selected and the cursor row is not', () => {
    expect(selectedRowsOf(model, new Set(['c', 'a', 'x']))).toEqual([0, 2]);
    expect(activeRowOf(model, all, 1, new Set())).toBe(1);
    expect(activeRowOf(model, all, 1, new Set(['b', 'd']))).toBe(1);
    expect(activeRowOf(model, all, 1, new Set(['c', 'd']))).toBe(3);
    expect(activeRowOf(model, all, 9, new Set())).toBe(3);
    expect(activeRowOf(undefined, all, 1, new Set())).toBeUndefined();
  });

  it('places a new work below an expanded summary as its first child, else beside the row', () => {
    expect(placeOf(model, new Set(), 0, 'below')).toEqual({ parentId: 'a', afterId: null, beforeId: 'b' });
    expect(placeOf(model, new Set(['a']), 0, 'below')).toEqual({
      parentId: null,
      afterId: 'a',
      beforeId: null,
    });
    expect(placeOf(model, new Set(), 2, 'above')).toEqual({ parentId: 'a', afterId: null, beforeId: 'c' });
    expect(placeOf(model, new Set(), undefined, 'below')).toEqual({
      parentId: null,
      afterId: null,
      beforeId: null,
    });
  });

  it('lists the siblings of a row', () => {
    expect(siblingsOf(model, 2)).toEqual([1, 2]);
    expect(siblingsOf(model, 3)).toEqual([0, 3]);
  });
});

describe('the clipboard and links of rows', () => {
  it('writes rows as tab-separated text and reads a pasted line back', () => {
    expect(rowsAsText(model, [1, 3], 8)).toBe('1.1\tWalls\ttask\t1\n2\tDone\tmilestone_start\t0');
    expect(pastedWork('1.1\tWalls\ttask\t2', new Set(['1.1']), 8, 'New')).toEqual({
      code: null,
      name: 'Walls',
      type: 'task',
      durationMinutes: 16 * 60,
    });
    expect(pastedWork('Only a name', new Set(), 8, 'New')).toEqual({
      code: null,
      name: 'Only a name',
      type: undefined,
      durationMinutes: undefined,
    });
    expect(pastedWork('7\t \tsum\tx', new Set(), 8, 'New')).toMatchObject({
      code: '7',
      name: 'New',
      type: undefined,
    });
  });

  it('unlinks every link that touches a picked row', () => {
    expect(unlinkCommands(model, new Set([3]))).toEqual([
      { kind: 'unlink', predecessorId: 'c', successorId: 'd', type: 'fs' },
    ]);
    expect(unlinkCommands(model, new Set([2]))).toHaveLength(2);
    expect(unlinkCommands(model, new Set([0]))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { modelCounts, placedBox, unplacedOverlaps } from './bim-types';

describe('the BIM badge counts', () => {
  it('counts parsed models, distinct linked elements and distinct works', () => {
    const models = [
      { status: 'completed', elementCount: 2988 },
      { status: 'completed', elementCount: 12 },
      { status: 'uploading', elementCount: 0 },
      { status: 'error', elementCount: 40 },
    ];
    // An element linked to two works counts once; a work linked from both models counts once.
    const links = [
      { element: [0, 1, 1, 2], work: [5, 5, 6, 7] },
      { element: [3], work: [7] },
    ];
    expect(modelCounts(models, links)).toEqual({ elements: 3000, linked: 4, works: 3 });
  });

  it('is zero without models', () => {
    expect(modelCounts([], [])).toEqual({ elements: 0, linked: 0, works: 0 });
  });
});

describe('models drawn over each other', () => {
  const box = { origin: [0, 0, 0], bbox: [0, 0, 0, 10, 6, 8] };
  const model = (id: string, located: boolean, placement: number[] | null) => ({
    id,
    name: id.toUpperCase(),
    visible: true,
    located,
    geometry: box,
    placement,
  });
  // 30 m east (Y-up: x), as bimPlacementMatrix writes a move.
  const east30 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 30, 0, 0, 1];

  it('names the other model for each overlapping model that says nowhere where it stands', () => {
    expect(unplacedOverlaps([model('a', false, null), model('b', false, null)])).toEqual(
      new Map([
        ['a', 'B'],
        ['b', 'A'],
      ]),
    );
    // Only the one that does not say where it stands is named: it is the one to move.
    expect(unplacedOverlaps([model('a', true, null), model('b', false, null)])).toEqual(
      new Map([['b', 'A']]),
    );
  });

  it('says nothing once they are apart, or when both are placed by their files', () => {
    expect(unplacedOverlaps([model('a', false, null), model('b', true, east30)]).size).toBe(0);
    expect(unplacedOverlaps([model('a', true, null), model('b', true, null)]).size).toBe(0);
    expect(
      unplacedOverlaps([{ ...model('a', false, null), visible: false }, model('b', false, null)]).size,
    ).toBe(0);
  });

  it('places a box through the matrix, origin included', () => {
    expect(placedBox({ origin: [5, 0, 0], bbox: [0, 0, 0, 1, 1, 1] }, east30)).toEqual([35, 0, 0, 36, 1, 1]);
  });
});

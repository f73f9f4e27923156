import { describe, expect, it } from 'vitest';
import { modelCounts } from './bim-types';

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

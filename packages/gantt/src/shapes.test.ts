import { describe, expect, it } from 'vitest';
import { shapeArrow, shapeConstraint, shapeDiamond, shapeSummary } from './shapes.js';
import {
  CONSTRAINT_IN_DATE,
  CONSTRAINT_NOT_EARLIER,
  CONSTRAINT_NOT_LATER,
  snapshotFromWorks,
  snapshotTimeRange,
} from './snapshot.js';
import { themeHex } from './theme.js';

describe('shapes', () => {
  it('summary: a bar with points down at both ends', () => {
    const bar = {
      work: 0,
      row: 0,
      kind: 'plan' as const,
      x: 10,
      y: 0,
      width: 100,
      height: 10,
      critical: false,
    };
    expect(shapeSummary(bar)).toEqual([10, 0, 110, 0, 110, 10, 103, 5.5, 17, 5.5, 10, 10]);
  });

  it('diamond around the milestone centre', () => {
    const milestone = {
      work: 0,
      row: 0,
      kind: 'plan' as const,
      end: 'start' as const,
      x: 50,
      y: 20,
      size: 10,
      critical: false,
    };
    expect(shapeDiamond(milestone)).toEqual([50, 15, 55, 20, 50, 25, 45, 20]);
  });

  it('constraint triangles point the way the date may move', () => {
    const marker = (type: number) => ({ work: 0, end: 'start' as const, type, x: 0, y: 0, size: 4 });
    expect(shapeConstraint(marker(CONSTRAINT_NOT_EARLIER))).toEqual([[0, -2, 2, 0, 0, 2]]);
    expect(shapeConstraint(marker(CONSTRAINT_NOT_LATER))).toEqual([[0, -2, -2, 0, 0, 2]]);
    expect(shapeConstraint(marker(CONSTRAINT_IN_DATE))).toHaveLength(2);
  });

  it('arrowheads end at the tip, pointing right into starts and left into finishes', () => {
    const route = (direction: 1 | -1) => ({
      link: 0,
      type: 'fs' as const,
      points: [],
      arrow: { x: 100, y: 10, direction },
      driving: false,
      critical: false,
    });
    expect(shapeArrow(route(1), 5)).toEqual([100, 10, 95, 7, 95, 13]);
    expect(shapeArrow(route(-1), 5)).toEqual([100, 10, 105, 7, 105, 13]);
  });

  it('theme colours as #rrggbb', () => {
    expect(themeHex(0x00ff0a)).toBe('#00ff0a');
  });
});

describe('snapshot time range', () => {
  it('spans every plan kind and ignores missing dates', () => {
    const snapshot = snapshotFromWorks([
      { row: 0, plan: [100, 200], baseline: [50, 180] },
      { row: 1, fact: [120, null] },
      { row: 2 },
    ]);
    expect(snapshotTimeRange(snapshot)).toEqual({ start: 50, finish: 200 });
    expect(snapshotTimeRange(snapshotFromWorks([{ row: 0 }]))).toBeNull();
  });
});

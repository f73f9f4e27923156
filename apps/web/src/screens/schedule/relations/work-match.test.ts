import { testDocument } from '@takt/schedule/testing';
import { describe, expect, it } from 'vitest';
import { lagDaysOf, matchingRows, rowText, typedRow, workText } from './work-match';

const model = testDocument([
  { id: 'a', code: '1', name: 'Foundations' },
  { id: 'b', code: '1.1', name: 'Excavation' },
  { id: 'c', code: '1.2', name: 'Concrete foundations' },
  { id: 'd', name: 'Handover' },
]);

describe('works named for a new link', () => {
  it('matches codes by their start and names anywhere', () => {
    expect(matchingRows(model, '1.')).toEqual([1, 2]);
    expect(matchingRows(model, 'found')).toEqual([0, 2]);
    expect(matchingRows(model, 'found', 1)).toEqual([0]);
    expect(matchingRows(model, '')).toEqual([]);
  });

  it('takes the exact "code name", then the exact code, then the only match', () => {
    const all = matchingRows(model, '1');
    expect(typedRow(model, all, '1.2 concrete foundations')).toBe(2);
    expect(typedRow(model, all, '1')).toBe(0);
    expect(typedRow(model, matchingRows(model, 'hand'), 'hand')).toBe(3);
    expect(typedRow(model, matchingRows(model, 'found'), 'found')).toBeUndefined();
  });

  it('names works by code and name', () => {
    expect(rowText(model, 1)).toBe('1.1 Excavation');
    expect(rowText(model, 3)).toBe('Handover');
    expect(workText({ code: null, name: 'Survey' })).toBe('Survey');
  });

  it('reads a lag in days with a comma or a dot', () => {
    expect(lagDaysOf('1,5')).toBe(1.5);
    expect(lagDaysOf('-2')).toBe(-2);
    expect(lagDaysOf('')).toBeNull();
    expect(lagDaysOf('two')).toBeNull();
  });
});

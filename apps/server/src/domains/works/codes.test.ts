import { describe, expect, it } from 'vitest';
import { codeIncrement, codePattern, nextCode } from './codes';

describe('codes of new works', () => {
  it('splits a code into its prefix and trailing number', () => {
    expect(codePattern('A1010')).toEqual({ prefix: 'A', number: 1010, width: 4 });
    expect(codePattern('1.2.03')).toEqual({ prefix: '1.2.', number: 3, width: 2 });
    expect(codePattern('Фундамент')).toBeNull();
    expect(codePattern(null)).toBeNull();
  });

  it('counts by the most frequent gap, by tens or ones for a single number', () => {
    expect(codeIncrement([1000, 1010, 1020, 1050])).toBe(10);
    expect(codeIncrement([1, 2, 3, 10])).toBe(1);
    expect(codeIncrement([5, 10])).toBe(5);
    expect(codeIncrement([1010])).toBe(10);
    expect(codeIncrement([7])).toBe(1);
  });

  it('continues the anchor’s numbering past the largest number of its prefix', () => {
    expect(nextCode('A1010', ['A1000', 'A1010'])).toBe('A1020');
    // Inserted in the middle: still past the largest, as P6 numbers.
    expect(nextCode('A1010', ['A1000', 'A1010', 'A1020', 'A1030'])).toBe('A1040');
    expect(nextCode('1.2.3', ['1.2.1', '1.2.2', '1.2.3', '1.2.3.1'])).toBe('1.2.4');
    expect(nextCode('EX-0040', ['EX-0030', 'EX-0040'])).toBe('EX-0050');
    expect(nextCode('B7', ['B7'])).toBe('B8');
  });

  it('starts at A1000 without a numbered code and never repeats a code', () => {
    expect(nextCode(null, [])).toBe('A1000');
    expect(nextCode(undefined, ['A1000'])).toBe('A1010');
    expect(nextCode('A10', ['A10', 'A20', 'A30'])).toBe('A40');
  });

  it('reads more codes than a call takes arguments', () => {
    const codes = Array.from({ length: 300_000 }, (_, i) => `W${i + 1}`);
    expect(nextCode('W5', codes)).toBe('W300001');
  });
});

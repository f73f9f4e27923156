import { describe, expect, it } from 'vitest';
import { bufferDaysOf, chartInput, parseSource, sourceValue } from './cyclogram-data';

describe('cyclogram settings on the screen', () => {
  it('writes sources as select values and reads them back', () => {
    for (const source of [
      { kind: 'wbs', level: 2 },
      { kind: 'attribute', attributeId: 'a-1' },
      { kind: 'name' },
    ] as const)
      expect(parseSource(sourceValue(source))).toEqual(source);
    expect(sourceValue({ kind: 'wbs', level: 3 })).toBe('wbs:3');
    expect(parseSource('anything')).toEqual({ kind: 'name' });
  });

  it('keeps a typed buffer to whole days from 0 to 365', () => {
    expect(bufferDaysOf('6')).toBe(6);
    expect(bufferDaysOf('2.6')).toBe(3);
    expect(bufferDaysOf('-4')).toBe(0);
    expect(bufferDaysOf('1000')).toBe(365);
    expect(bufferDaysOf('')).toBe(0);
  });

  it('turns the server’s trades into the chart’s typed arrays', () => {
    const input = chartInput({
      locations: ['Floor 1', 'Floor 2'],
      trades: [
        {
          key: 'Walls',
          color: null,
          plan: { start: [0, 1440], finish: [960, 2400] },
          approved_plan: null,
          fact: { start: [10], finish: [20] },
        },
      ] as never,
    });
    expect(input.locations).toEqual(['Floor 1', 'Floor 2']);
    const [walls] = input.trades;
    expect(walls).toMatchObject({ id: 'Walls', name: 'Walls', color: undefined, approved_plan: undefined });
    expect(walls!.plan.start).toEqual(Int32Array.from([0, 1440]));
    expect(walls!.fact!.finish).toEqual(Int32Array.from([20]));
  });
});

import { MINUTES_PER_DAY, scaleFit } from '@takt/gantt';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountEachTest } from '../testing/mount';
import { useChartScale, wheelZoomFactor } from './chart-scale';

const D = MINUTES_PER_DAY;

/** The hook's state of the last render, read by the tests. */
let chart: ReturnType<typeof useChartScale>;
function Probe({ width }: { width: number }) {
  chart = useChartScale(width);
  return null;
}

describe('useChartScale', () => {
  const view = mountEachTest();

  it('has no scale before the first fit, and its commands leave it so', () => {
    view.render(<Probe width={400} />);
    act(() => {
      chart.zoomBy(2);
      chart.pan(50);
      chart.centerOn(10 * D);
    });
    expect(chart.scale).toBeNull();
    expect(chart.level).toBeNull();
  });

  it('fits a range with a day either side, and not without dates or width', () => {
    view.render(<Probe width={1} />);
    act(() => chart.fit({ start: 10 * D, finish: 20 * D }));
    expect(chart.scale).toBeNull();
    view.render(<Probe width={400} />);
    act(() => chart.fit(null));
    expect(chart.scale).toBeNull();
    act(() => chart.fit({ start: 10 * D, finish: 20 * D }));
    expect(chart.scale).toEqual(scaleFit(9 * D, 21 * D, 400, 16));
  });

  it('zooms about the middle, centres a moment there, and pans by pixels', () => {
    view.render(<Probe width={400} />);
    act(() => chart.fit({ start: 10 * D, finish: 20 * D }));
    const fitted = chart.scale!;
    act(() => chart.zoomBy(2));
    expect(chart.scale!.pxPerMinute).toBeCloseTo(fitted.pxPerMinute * 2);
    act(() => chart.centerOn(15 * D));
    expect(chart.scale!.start + 200 / chart.scale!.pxPerMinute).toBeCloseTo(15 * D);
    const before = chart.scale!.start;
    act(() => chart.pan(100));
    expect(chart.scale!.start).toBeCloseTo(before + 100 / chart.scale!.pxPerMinute);
  });

  it('zooms in when the wheel turns away from the user', () => {
    expect(wheelZoomFactor(-1)).toBe(1.2);
    expect(wheelZoomFactor(1)).toBeCloseTo(1 / 1.2);
  });
});

import { describe, expect, it } from 'vitest';
import { dateToMinutes, MINUTES_PER_DAY, NO_DATE } from './dates.js';
import { scaleMinuteFromX, scaleXFromMinute, scaleZoom } from './scale.js';
import { snapshotFromWorks, snapshotTimeRange } from './snapshot.js';
import {
  scaleInitial,
  scaleZoomAnchorX,
  snapshotHasProgress,
  snapshotInitialScale,
  VIEW_OPEN_MIN_PX_PER_DAY,
  VIEW_OPEN_PX_PER_DAY,
  VIEW_PADDING_PX,
} from './viewport.js';

const at = (y: number, m: number, d: number) => dateToMinutes(y, m, d);
const NOVEMBER = at(2026, 11, 27);
const WIDTH = 1000;

describe('the initial view', () => {
  const long = { start: at(2026, 2, 2), finish: at(2029, 12, 28) };
  const open = (over: Partial<Parameters<typeof scaleInitial>[0]>) =>
    scaleInitial({ range: long, first: null, progress: false, today: NOVEMBER, width: WIDTH, ...over });

  it('shows a short project whole, however far from today', () => {
    const range = { start: at(2026, 2, 2), finish: at(2026, 5, 29) };
    const scale = open({ range });
    expect(scaleXFromMinute(scale, range.start)).toBeCloseTo(VIEW_PADDING_PX, 6);
    expect(scaleXFromMinute(scale, range.finish)).toBeCloseTo(WIDTH - VIEW_PADDING_PX, 6);
    expect(scaleXFromMinute(scale, NOVEMBER)).toBeGreaterThan(WIDTH); // today is out of view
  });

  it('opens a long project at its start at the opening zoom', () => {
    const scale = open({});
    expect(scale.pxPerMinute * MINUTES_PER_DAY).toBeCloseTo(VIEW_OPEN_PX_PER_DAY, 9);
    expect(scaleXFromMinute(scale, long.start)).toBeCloseTo(VIEW_PADDING_PX, 6);
  });

  it('opens where the rows in view begin', () => {
    const first = { start: at(2027, 3, 1), finish: at(2027, 4, 1) };
    const scale = open({ first });
    expect(scaleXFromMinute(scale, first.start)).toBeCloseTo(VIEW_PADDING_PX, 6);
  });

  it('with progress, brings the data date into view beside the first rows, zoomed out as far as the quarter level', () => {
    const first = { start: at(2026, 2, 2), finish: at(2026, 3, 20) };
    const dataDate = at(2026, 11, 27);
    const scale = open({ first, dataDate, progress: true });
    const pxPerDay = scale.pxPerMinute * MINUTES_PER_DAY;
    expect(pxPerDay).toBeLessThan(VIEW_OPEN_PX_PER_DAY);
    expect(pxPerDay).toBeGreaterThanOrEqual(VIEW_OPEN_MIN_PX_PER_DAY);
    expect(scaleXFromMinute(scale, first.start)).toBeCloseTo(VIEW_PADDING_PX, 6);
    expect(scaleXFromMinute(scale, dataDate)).toBeCloseTo(WIDTH * 0.75 - VIEW_PADDING_PX, 6);
  });

  it('with progress near the first rows, keeps the opening zoom', () => {
    const first = { start: at(2026, 2, 2), finish: at(2026, 3, 20) };
    const dataDate = at(2026, 4, 1);
    const scale = open({ first, dataDate, progress: true });
    expect(scale.pxPerMinute * MINUTES_PER_DAY).toBeCloseTo(VIEW_OPEN_PX_PER_DAY, 9);
    expect(scaleXFromMinute(scale, first.start)).toBeCloseTo(VIEW_PADDING_PX, 6);
    expect(scaleXFromMinute(scale, dataDate)).toBeLessThan(WIDTH);
  });

  it('keeps the first rows in view when the data date is beyond the coarsest opening zoom', () => {
    const first = { start: at(2026, 2, 2), finish: at(2026, 3, 20) };
    const scale = open({ first, dataDate: at(2029, 6, 1), progress: true });
    expect(scale.pxPerMinute * MINUTES_PER_DAY).toBeCloseTo(VIEW_OPEN_PX_PER_DAY, 9);
    expect(scaleXFromMinute(scale, first.start)).toBeCloseTo(VIEW_PADDING_PX, 6);
  });

  it('ignores the data date without progress, or outside the project', () => {
    for (const scale of [
      open({ dataDate: at(2026, 6, 1), progress: false }),
      open({ dataDate: at(2031, 1, 1), progress: true }),
    ])
      expect(scaleXFromMinute(scale, long.start)).toBeCloseTo(VIEW_PADDING_PX, 6);
  });

  it('opens on today only when the schedule has no dates', () => {
    const scale = open({ range: null });
    expect(scaleXFromMinute(scale, NOVEMBER)).toBeCloseTo(WIDTH / 3, 6);
  });

  it('reads dates, the rows in view and progress from a snapshot', () => {
    const start = at(2026, 2, 2);
    const days = (d: number) => start + d * MINUTES_PER_DAY;
    const snapshot = snapshotFromWorks([
      { row: 0, plan: [days(0), days(10)] },
      { row: 1, plan: [days(5), days(900)] },
      { row: 40, plan: [days(-30), days(-20)] }, // far below the rows in view
      { row: -1, plan: [days(-60), days(-50)] }, // hidden
    ]);
    expect(snapshotHasProgress(snapshot)).toBe(false);
    expect(snapshotTimeRange(snapshot, { firstRow: 0, rows: 30 })).toEqual({
      start: days(0),
      finish: days(900),
    });
    expect(snapshotTimeRange(snapshot, { firstRow: 35, rows: 30 })).toEqual({
      start: days(-30),
      finish: days(-20),
    });
    expect(snapshotTimeRange(snapshot, { firstRow: 50, rows: 30 })).toBeNull();
    const scale = snapshotInitialScale(snapshot, { width: WIDTH, today: NOVEMBER, firstRow: 0, rows: 30 });
    expect(scaleXFromMinute(scale, start)).toBeCloseTo(VIEW_PADDING_PX, 6);
    const started = snapshotFromWorks([{ row: 0, plan: [days(0), days(10)], fact: [days(0), null] }]);
    expect(snapshotHasProgress(started)).toBe(true);
  });
});

describe('the zoom anchor', () => {
  const scale = { start: at(2026, 3, 1), pxPerMinute: 9 / MINUTES_PER_DAY };
  const work = (fromDay: number, days: number) => ({
    start: scale.start + fromDay * MINUTES_PER_DAY,
    finish: scale.start + (fromDay + days) * MINUTES_PER_DAY,
  });

  it('is the selected bar’s start when the bar is in view, and the date there stays put', () => {
    const selected = work(30, 10);
    const x = scaleZoomAnchorX(scale, WIDTH, selected);
    expect(x).toBeCloseTo(270, 6);
    for (const factor of [1.6, 1 / 1.6, 4]) {
      const zoomed = scaleZoom(scale, factor, x);
      expect(scaleXFromMinute(zoomed, selected.start)).toBeCloseTo(x, 6);
    }
  });

  it('is clamped into the view for a bar that begins before it', () => {
    expect(scaleZoomAnchorX(scale, WIDTH, work(-20, 30))).toBe(0);
  });

  it('is the middle of the view without a selection or with the selected bar out of view', () => {
    expect(scaleZoomAnchorX(scale, WIDTH, null)).toBe(WIDTH / 2);
    expect(scaleZoomAnchorX(scale, WIDTH, work(400, 5))).toBe(WIDTH / 2);
    expect(scaleZoomAnchorX(scale, WIDTH, { start: NO_DATE, finish: NO_DATE })).toBe(WIDTH / 2);
  });

  it('keeps the minute under a pointer in place (the wheel)', () => {
    const x = 613;
    const minute = scaleMinuteFromX(scale, x);
    const zoomed = scaleZoom(scale, Math.exp(0.06), x);
    expect(scaleMinuteFromX(zoomed, x)).toBeCloseTo(minute, 6);
  });
});

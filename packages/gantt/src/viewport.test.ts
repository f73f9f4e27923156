import { describe, expect, it } from 'vitest';
import { dateToMinutes, MINUTES_PER_DAY, NO_DATE } from './dates.js';
import { scaleMinuteFromX, scaleXFromMinute, scaleZoom } from './scale.js';
import { snapshotFromWorks } from './snapshot.js';
import {
  scaleInitial,
  scaleZoomAnchorX,
  snapshotHasProgress,
  snapshotInitialScale,
  VIEW_OPEN_PX_PER_DAY,
  VIEW_PADDING_PX,
} from './viewport.js';

const at = (y: number, m: number, d: number) => dateToMinutes(y, m, d);
const NOVEMBER = at(2026, 11, 27);
const WIDTH = 1000;

describe('the initial view', () => {
  it('shows a short project whole, however far from today', () => {
    const range = { start: at(2026, 2, 2), finish: at(2026, 5, 29) };
    const scale = scaleInitial({ range, progress: false, today: NOVEMBER, width: WIDTH });
    expect(scaleXFromMinute(scale, range.start)).toBeCloseTo(VIEW_PADDING_PX, 6);
    expect(scaleXFromMinute(scale, range.finish)).toBeCloseTo(WIDTH - VIEW_PADDING_PX, 6);
    expect(scaleXFromMinute(scale, NOVEMBER)).toBeGreaterThan(WIDTH); // today is out of view
  });

  it('opens a long project at its start at the opening zoom', () => {
    const range = { start: at(2026, 2, 2), finish: at(2029, 12, 28) };
    const scale = scaleInitial({ range, progress: false, today: NOVEMBER, width: WIDTH });
    expect(scale.pxPerMinute * MINUTES_PER_DAY).toBeCloseTo(VIEW_OPEN_PX_PER_DAY, 9);
    expect(scaleXFromMinute(scale, range.start)).toBeCloseTo(VIEW_PADDING_PX, 6);
  });

  it('opens a long project with progress at its data date, a third of the way in', () => {
    const range = { start: at(2026, 2, 2), finish: at(2029, 12, 28) };
    const dataDate = at(2027, 6, 1);
    const scale = scaleInitial({ range, dataDate, progress: true, today: NOVEMBER, width: WIDTH });
    expect(scale.pxPerMinute * MINUTES_PER_DAY).toBeCloseTo(VIEW_OPEN_PX_PER_DAY, 9);
    expect(scaleXFromMinute(scale, dataDate)).toBeCloseTo(WIDTH / 3, 6);
  });

  it('ignores the data date without progress, or outside the project', () => {
    const range = { start: at(2026, 2, 2), finish: at(2029, 12, 28) };
    const withoutProgress = scaleInitial({
      range,
      dataDate: at(2027, 6, 1),
      progress: false,
      today: NOVEMBER,
      width: WIDTH,
    });
    const outside = scaleInitial({
      range,
      dataDate: at(2031, 1, 1),
      progress: true,
      today: NOVEMBER,
      width: WIDTH,
    });
    for (const scale of [withoutProgress, outside])
      expect(scaleXFromMinute(scale, range.start)).toBeCloseTo(VIEW_PADDING_PX, 6);
  });

  it('opens on today only when the schedule has no dates', () => {
    const scale = scaleInitial({ range: null, progress: false, today: NOVEMBER, width: WIDTH });
    expect(scaleXFromMinute(scale, NOVEMBER)).toBeCloseTo(WIDTH / 3, 6);
  });

  it('reads dates and progress from a snapshot', () => {
    const start = at(2026, 2, 2);
    const snapshot = snapshotFromWorks([
      { row: 0, plan: [start, start + 10 * MINUTES_PER_DAY] },
      { row: 1, plan: [start + 5 * MINUTES_PER_DAY, start + 900 * MINUTES_PER_DAY] },
    ]);
    expect(snapshotHasProgress(snapshot)).toBe(false);
    const scale = snapshotInitialScale(snapshot, { width: WIDTH, today: NOVEMBER });
    expect(scaleXFromMinute(scale, start)).toBeCloseTo(VIEW_PADDING_PX, 6);
    const started = snapshotFromWorks([
      { row: 0, plan: [start, start + 10 * MINUTES_PER_DAY], fact: [start, null] },
    ]);
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

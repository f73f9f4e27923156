import { calendarCompile } from '@takt/engine';
import { describe, expect, it } from 'vitest';
import {
  dateFormat,
  dateIsoWeek,
  dateToDay,
  dateToMinutes,
  dateWeekday,
  dateWeekOf,
  dateWeekStart,
  MINUTES_PER_DAY,
} from './dates.js';
import {
  SCALE_MAX_PX_PER_MINUTE,
  scaleAtLevel,
  scaleCenterOn,
  scaleFit,
  scaleHeader,
  scaleLevel,
  scaleMinuteFromX,
  scaleNonWorkingBands,
  scalePan,
  scaleTicks,
  scaleUnitFloor,
  scaleUnitNext,
  scaleXFromMinute,
  scaleZoom,
  scaleZoomToLevel,
} from './scale.js';

const day = (y: number, m: number, d: number) => dateToDay(y, m, d);
const at = (y: number, m: number, d: number, h = 0) => dateToMinutes(y, m, d) + h * 60;
const wide = () => 10_000; // label room: every label fits

describe('dates', () => {
  it('formats DD.MM.YYYY', () => {
    expect(dateFormat(0)).toBe('01.01.2000');
    expect(dateFormat(at(2024, 2, 29, 23))).toBe('29.02.2024');
  });

  it('numbers ISO weeks: week 1 holds the first Thursday', () => {
    expect(dateIsoWeek(day(2024, 1, 1))).toEqual({ year: 2024, week: 1 }); // Monday
    expect(dateIsoWeek(day(2023, 1, 1))).toEqual({ year: 2022, week: 52 }); // Sunday
    expect(dateIsoWeek(day(2021, 1, 3))).toEqual({ year: 2020, week: 53 });
    expect(dateIsoWeek(day(2020, 12, 31))).toEqual({ year: 2020, week: 53 });
    expect(dateIsoWeek(day(2024, 12, 30))).toEqual({ year: 2025, week: 1 });
    expect(dateIsoWeek(day(2026, 12, 31))).toEqual({ year: 2026, week: 53 });
  });

  it('numbers weeks as a locale counts them: US weeks from Sunday, week 1 holding 1 January', () => {
    const us = { firstDay: 7, minimalDays: 1 };
    expect(dateWeekOf(day(2023, 1, 1), us)).toEqual({ year: 2023, week: 1 }); // a Sunday
    expect(dateWeekOf(day(2022, 12, 31), us)).toEqual({ year: 2022, week: 53 }); // the Saturday before
    expect(dateWeekOf(day(2024, 12, 31), us)).toEqual({ year: 2025, week: 1 }); // in the week of 1 January
    expect(dateWeekStart(day(2024, 8, 15), us)).toBe(day(2024, 8, 11)); // Thursday → Sunday
    // Arabic-speaking Egypt: weeks from Saturday
    expect(dateWeekStart(day(2024, 8, 15), { firstDay: 6, minimalDays: 1 })).toBe(day(2024, 8, 10));
    expect(dateWeekOf(day(2021, 1, 3))).toEqual(dateIsoWeek(day(2021, 1, 3)));
  });
});

describe('scale units', () => {
  it('floors to the start of each unit', () => {
    const d = day(2024, 8, 15); // Thursday
    expect(scaleUnitFloor('day', d)).toBe(d);
    expect(scaleUnitFloor('week', d)).toBe(day(2024, 8, 12)); // Monday
    expect(scaleUnitFloor('week', d, { firstDay: 7, minimalDays: 1 })).toBe(day(2024, 8, 11)); // Sunday
    expect(scaleUnitFloor('month', d)).toBe(day(2024, 8, 1));
    expect(scaleUnitFloor('quarter', d)).toBe(day(2024, 7, 1));
    expect(scaleUnitFloor('half', d)).toBe(day(2024, 7, 1));
    expect(scaleUnitFloor('year', d)).toBe(day(2024, 1, 1));
  });

  it('steps across month and year boundaries', () => {
    expect(scaleUnitNext('month', day(2024, 1, 1))).toBe(day(2024, 2, 1));
    expect(scaleUnitNext('month', day(2024, 12, 1))).toBe(day(2025, 1, 1));
    expect(scaleUnitNext('quarter', day(2024, 10, 1))).toBe(day(2025, 1, 1));
    expect(scaleUnitNext('half', day(2024, 7, 1))).toBe(day(2025, 1, 1));
    expect(scaleUnitNext('year', day(2024, 1, 1))).toBe(day(2025, 1, 1));
    expect(scaleUnitNext('week', day(2024, 12, 30))).toBe(day(2025, 1, 6));
  });
});

describe('scale mapping', () => {
  it('maps minutes to pixels and back', () => {
    const scale = scaleAtLevel(at(2024, 1, 1), 'day');
    expect(scaleXFromMinute(scale, at(2024, 1, 2))).toBeCloseTo(32);
    for (const minute of [at(2024, 1, 1), at(2024, 3, 15, 7), at(2023, 12, 31, 5)]) {
      expect(scaleMinuteFromX(scale, scaleXFromMinute(scale, minute))).toBeCloseTo(minute, 6);
    }
  });

  it('chooses the nearest level on a log axis', () => {
    expect(scaleLevel(scaleAtLevel(0, 'day'))).toBe('day');
    expect(scaleLevel(scaleAtLevel(0, 'week'))).toBe('week');
    expect(scaleLevel(scaleAtLevel(0, 'month'))).toBe('month');
    expect(scaleLevel(scaleAtLevel(0, 'quarter'))).toBe('quarter');
    expect(scaleLevel(scaleAtLevel(0, 'year'))).toBe('year');
    expect(scaleLevel({ start: 0, pxPerMinute: 20 / MINUTES_PER_DAY })).toBe('day');
    expect(scaleLevel({ start: 0, pxPerMinute: 15 / MINUTES_PER_DAY })).toBe('week');
  });

  it('zooms continuously around an anchor and clamps', () => {
    const scale = scaleAtLevel(at(2024, 1, 1), 'week');
    const anchorMinute = scaleMinuteFromX(scale, 300);
    const zoomed = scaleZoom(scale, 1.25, 300);
    expect(zoomed.pxPerMinute).toBeCloseTo(scale.pxPerMinute * 1.25);
    expect(scaleMinuteFromX(zoomed, 300)).toBeCloseTo(anchorMinute, 6);
    expect(scaleZoom(scale, 1e6, 0).pxPerMinute).toBe(SCALE_MAX_PX_PER_MINUTE);
    expect(scaleLevel(scaleZoomToLevel(scale, 'quarter', 100))).toBe('quarter');
  });

  it('fits a range and pans', () => {
    const fit = scaleFit(at(2024, 1, 1), at(2024, 7, 1), 1000, 20);
    expect(scaleXFromMinute(fit, at(2024, 1, 1))).toBeCloseTo(20);
    expect(scaleXFromMinute(fit, at(2024, 7, 1))).toBeCloseTo(980);
    expect(scaleXFromMinute(scalePan(fit, 100), at(2024, 1, 1))).toBeCloseTo(-80);
    expect(scaleXFromMinute(scaleCenterOn(fit, at(2024, 3, 1), 500), at(2024, 3, 1))).toBeCloseTo(500);
  });
});

describe('scale header', () => {
  it('day level: months over days, labels in Russian', () => {
    const scale = scaleAtLevel(at(2024, 1, 30), 'day');
    const header = scaleHeader(scale, 32 * 5, { language: 'ru', measureText: () => 0 });
    expect(header.level).toBe('day');
    expect(header.upper.map((t) => t.label)).toEqual(['Январь 2024', 'Февраль 2024']);
    expect(header.lower.map((t) => t.label)).toEqual(['вт 30', 'ср 31', 'чт 1', 'пт 2', 'сб 3']);
    expect(header.upper[1]!.x0).toBeCloseTo(64);
    // The first month's label sticks to the left edge.
    expect(header.upper[0]!.labelX).toBe(3);
  });

  it('week level: months over ISO weeks starting Monday', () => {
    const scale = scaleAtLevel(at(2024, 12, 25), 'week');
    const header = scaleHeader(scale, 9 * 21, { language: 'en', measureText: () => 0 });
    expect(header.level).toBe('week');
    expect(header.lower.map((t) => t.label)).toEqual(['W52, 23.12', 'W1, 30.12', 'W2, 06.01', 'W3, 13.01']);
    expect(header.lower[0]!.start).toBe(at(2024, 12, 23));
    expect(header.upper.map((t) => t.label)).toEqual(['December 2024', 'January 2025']);
  });

  it('week level in a locale whose weeks start on Sunday: ticks from Sunday, numbered its way', () => {
    const scale = scaleAtLevel(at(2024, 12, 25), 'week');
    const week = { firstDay: 7, minimalDays: 1 };
    const header = scaleHeader(scale, 9 * 21, { language: 'en', measureText: () => 0, week });
    expect(header.lower.map((t) => t.label)).toEqual(['W52, 22.12', 'W1, 29.12', 'W2, 05.01', 'W3, 12.01']);
    expect(header.lower[0]!.start).toBe(at(2024, 12, 22));
  });

  it('month level: quarters over months across a year boundary', () => {
    const scale = scaleAtLevel(at(2024, 11, 1), 'month');
    const header = scaleHeader(scale, 2.6 * 120, { language: 'ru', measureText: () => 0 });
    expect(header.upper.map((t) => t.label)).toEqual(['IV кв. 2024', 'I кв. 2025']);
    expect(header.lower.map((t) => t.label)).toEqual([
      'Ноябрь 2024',
      'Декабрь 2024',
      'Январь 2025',
      'Февраль 2025',
    ]);
  });

  it('quarter level: years over quarters', () => {
    const scale = scaleAtLevel(at(2024, 8, 1), 'quarter');
    const header = scaleHeader(scale, 0.9 * 400, { language: 'en', measureText: () => 0 });
    expect(header.upper.map((t) => t.label)).toEqual(['2024', '2025']);
    expect(header.lower.map((t) => t.label)).toEqual(['Q3 2024', 'Q4 2024', 'Q1 2025', 'Q2 2025', 'Q3 2025']);
  });

  it('year level: years over half-years', () => {
    const scale = scaleAtLevel(at(2024, 1, 1), 'year');
    const header = scaleHeader(scale, 0.3 * 800, { language: 'ru', measureText: () => 0 });
    expect(header.upper.map((t) => t.label)).toEqual(['2024', '2025', '2026']);
    expect(header.lower.map((t) => t.label)).toEqual([
      '1 полугодие',
      '2 полугодие',
      '1 полугодие',
      '2 полугодие',
      '1 полугодие',
    ]);
  });

  it('falls back to shorter labels, then to none, when the tick is narrow', () => {
    const scale = scaleAtLevel(at(2024, 1, 1), 'month');
    const measure = (text: string) => text.length * 7;
    const ticks = scaleTicks(scale, 200, 'month', { language: 'en', measureText: measure });
    // January is 31 × 2.6 = 80.6 px: 'January' (49 px) fits, 'January 2024' (84 px) does not.
    expect(ticks[0]!.label).toBe('January');
    const tight = scaleTicks(scaleAtLevel(at(2024, 1, 1), 'year'), 200, 'month', {
      language: 'en',
      measureText: measure,
    });
    expect(tight[0]!.label).toBe(''); // 9 px: not even 'J'
    expect(scaleTicks(scale, 200, 'month', { language: 'en', measureText: wide })[0]!.label).toBe('');
  });
});

describe('non-working bands', () => {
  const calendar = calendarCompile({
    id: 'std',
    exceptions: [{ date: '2024-05-01', intervals: [] }],
  });

  it('week level: weekends and holidays, not nights', () => {
    // Monday 2024-04-29 … Monday 2024-05-06.
    const scale = scaleAtLevel(at(2024, 4, 29), 'week');
    const bands = scaleNonWorkingBands(scale, 9 * 7, calendar);
    expect(bands.map((b) => [dateFormat(b.start), dateFormat(b.finish)])).toEqual([
      ['26.04.2024', '29.04.2024'], // the weekend before: its last 8 hours are visible
      ['30.04.2024', '02.05.2024'], // Tue 17:00 → Thu 08:00 around the May 1 holiday
      ['03.05.2024', '06.05.2024'], // Fri 17:00 → Mon 08:00
    ]);
    expect(bands[2]!.start).toBe(at(2024, 5, 3, 17));
    expect(bands[2]!.x0).toBeCloseTo(scaleXFromMinute(scale, at(2024, 5, 3, 17)));
  });

  it('day level: nights too, but not the lunch hour', () => {
    const scale = scaleAtLevel(at(2024, 4, 29), 'day');
    const bands = scaleNonWorkingBands(scale, 32 * 2, calendar);
    expect(bands.map((b) => [b.start, b.finish])).toEqual([
      [at(2024, 4, 26, 17), at(2024, 4, 29, 8)],
      [at(2024, 4, 29, 17), at(2024, 4, 30, 8)],
      [at(2024, 4, 30, 17), at(2024, 5, 2, 8)],
    ]);
  });

  it('nothing at month zoom or for a 24-hour calendar', () => {
    expect(scaleNonWorkingBands(scaleAtLevel(at(2024, 4, 1), 'month'), 500, calendar)).toEqual([]);
    const allDay = calendarCompile({ id: 'all', allDay: true });
    expect(scaleNonWorkingBands(scaleAtLevel(at(2024, 4, 1), 'day'), 500, allDay)).toEqual([]);
  });

  // A compiled calendar holds its intervals over 2000–2050 at first: shading outside that window must
  // grow it, not read the 2000 days (or nothing) and shade the wrong hours.
  it.each([
    [1995, 3, 6],
    [2150, 3, 2],
  ])('week level outside the initial window: the week of %i-%i-%i', (y, m, d) => {
    expect(dateWeekday(day(y, m, d))).toBe(0); // a Monday
    const holiday = dateFormat(at(y, m, d + 2))
      .split('.')
      .reverse()
      .join('-');
    const far = calendarCompile({ id: `far-${y}`, exceptions: [{ date: holiday, intervals: [] }] });
    const scale = scaleAtLevel(at(y, m, d), 'week');
    const bands = scaleNonWorkingBands(scale, 9 * 7, far);
    expect(bands.map((b) => [b.start, b.finish])).toEqual([
      [at(y, m, d - 3, 17), at(y, m, d, 8)], // the weekend before
      [at(y, m, d + 1, 17), at(y, m, d + 3, 8)], // Tue 17:00 → Thu 08:00 around the Wednesday holiday
      [at(y, m, d + 4, 17), at(y, m, d + 7, 8)], // Fri 17:00 → Mon 08:00
    ]);
    expect(far.windowFirstDay).toBeLessThanOrEqual(day(y, m, d));
    expect(far.windowEndDay).toBeGreaterThan(day(y, m, d + 7));
  });

  it('day level in 1995: nights and the weekend', () => {
    const far = calendarCompile({ id: 'far-day' });
    const bands = scaleNonWorkingBands(scaleAtLevel(at(1995, 3, 6), 'day'), 32 * 2, far);
    expect(bands.map((b) => [b.start, b.finish])).toEqual([
      [at(1995, 3, 3, 17), at(1995, 3, 6, 8)],
      [at(1995, 3, 6, 17), at(1995, 3, 7, 8)],
      [at(1995, 3, 7, 17), at(1995, 3, 8, 8)],
    ]);
  });

  it('nothing beyond the engine range (1900–2199)', () => {
    const far = calendarCompile({ id: 'far-edge' });
    expect(scaleNonWorkingBands(scaleAtLevel(at(1899, 12, 1), 'week'), 20, far)).toEqual([]);
    const after = scaleNonWorkingBands(scaleAtLevel(at(2200, 1, 5), 'week'), 20, far);
    expect(after).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.js';
import { early, fs, late, project, rows, task } from './testing/fixtures.js';
import type { CalendarInput } from './types.js';

// The supported range is 1900-01-01 to 2200-01-01: projects before 2000 and after 2050 schedule on the
// right weekdays and holidays, also across 2000-01-01 (where a calendar's first window starts).
const holidays = (...dates: string[]): CalendarInput => ({
  id: 'std',
  exceptions: dates.map((date) => ({ date, intervals: [] })),
});

/** A (two days) then B (one day), finish-to-start, on the standard week with one holiday. */
const twoWorks = (holiday: string, projectStart: string) =>
  rows(
    project([task('A', 960), task('B', 480)], [fs('A', 'B')], {
      calendars: [holidays(holiday)],
      projectStart,
    }),
  );

describe('projects outside 2000–2050', () => {
  it('1995: Friday 30 June, the weekend and the 4 July holiday are skipped', () => {
    const result = twoWorks('1995-07-04', '1995-06-30T08:00');
    expect(early(result.A)).toEqual(['1995-06-30T08:00', '1995-07-03T17:00']);
    expect(early(result.B)).toEqual(['1995-07-05T08:00', '1995-07-05T17:00']);
    expect(late(result.B)).toEqual(['1995-07-05T08:00', '1995-07-05T17:00']);
    expect(result.A?.totalFloatMinutes).toBe(0);
  });

  it('1999 into 2000: a work spans the new year on weekdays, and 1999-12-31T23:59 is a date', () => {
    const result = rows(
      project([task('A', 3 * 480)], [], {
        projectStart: '1999-12-30T08:00',
      }),
    );
    expect(early(result.A)).toEqual(['1999-12-30T08:00', '2000-01-03T17:00']);
    const minute = rows(
      project([task('M', 1, { calendarId: '24h' })], [], { projectStart: '1999-12-31T23:58' }),
    );
    expect(early(minute.M)).toEqual(['1999-12-31T23:58', '1999-12-31T23:59']);
  });

  it('2150: Thursday 1 January, the weekend and a Monday holiday are skipped', () => {
    const result = twoWorks('2150-01-05', '2150-01-01T08:00');
    expect(early(result.A)).toEqual(['2150-01-01T08:00', '2150-01-02T17:00']);
    expect(early(result.B)).toEqual(['2150-01-06T08:00', '2150-01-06T17:00']);
  });

  it('a project of the 1990s with a finish limit in 2150 has the float of every working day between', () => {
    const result = calculate(
      project([task('A', 480)], [], { projectStart: '1995-01-02T08:00', projectFinish: '2150-01-02T17:00' }),
    );
    const row = result.work('A');
    expect(row.earlyFinish).toBe('1995-01-02T17:00');
    expect(row.lateFinish).toBe('2150-01-02T17:00');
    let weekdays = 0;
    for (let day = Date.UTC(1995, 0, 3); day <= Date.UTC(2150, 0, 2); day += 86_400_000) {
      const weekday = new Date(day).getUTCDay();
      if (weekday !== 0 && weekday !== 6) weekdays++;
    }
    expect(row.totalFloatMinutes).toBe(weekdays * 480);
  });

  it('the ends of the range: 1900-01-01 (a Monday) and 2199-12-31 (a Tuesday)', () => {
    const first = rows(project([task('A', 480)], [], { projectStart: '1900-01-01T00:00' }));
    expect(early(first.A)).toEqual(['1900-01-01T08:00', '1900-01-01T17:00']);
    const last = rows(project([task('A', 480)], [], { projectStart: '2199-12-31T08:00' }));
    expect(early(last.A)).toEqual(['2199-12-31T08:00', '2199-12-31T17:00']);
    expect(() => calculate(project([task('A', 960)], [], { projectStart: '2199-12-31T08:00' }))).toThrow(
      expect.objectContaining({ code: 'out_of_range', message: 'work "A" would finish after 2199-12-31' }),
    );
    expect(() => calculate(project([task('A', 480)], [], { projectStart: '1899-12-29T08:00' }))).toThrow(
      expect.objectContaining({ code: 'out_of_range' }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarAddWorkingMinutes,
  calendarCount,
  calendarDaysFromMinutes,
  calendarFinishInstant,
  calendarIsWorking,
  calendarMinutesFromDays,
  calendarNextWorkingInstant,
  calendarPreviousWorkingInstant,
  calendarStartInstant,
  calendarSubtractWorkingMinutes,
  calendarWalk,
  calendarWorkingMinutesBetween,
  calendarWorkingTime,
} from './calendar.js';
import { calendarCompile, calendarCreate24Hour } from './calendar-compile.js';
import { EngineError } from './engine-error.js';
import { TIME_MAX, TIME_MIN, timeFromIso, timeToIso } from './time.js';
import type { Minutes } from './types.js';

const t = (text: string) => timeFromIso(text);
const iso = (time: number) => timeToIso(time as Minutes);

// 2024-01-01 is a Monday. Wednesday 3 January is a holiday; Saturday 6 January is worked 09:00–13:00.
const standard = calendarCompile({
  id: 'std',
  exceptions: [
    { date: '2024-01-03', intervals: [] },
    { date: '2024-01-06', intervals: [{ start: '09:00', finish: '13:00' }] },
  ],
});
const night = [{ start: '22:00', finish: '06:00' }];
const nightShift = calendarCompile({
  id: 'night',
  week: [night, night, night, night, night, [], []],
  exceptions: [{ date: '2024-01-02', intervals: [] }],
});
const allDay = calendarCreate24Hour();

describe('calendarAddWorkingMinutes', () => {
  it('ends a forward count at the end of the last working minute (17:00, not 08:00 next day)', () => {
    expect(iso(calendarAddWorkingMinutes(standard, t('2024-01-01T08:00'), 480))).toBe('2024-01-01T17:00');
    expect(iso(calendarAddWorkingMinutes(standard, t('2024-01-01T08:00'), 240))).toBe('2024-01-01T12:00');
  });

  it('skips the lunch break', () => {
    expect(iso(calendarAddWorkingMinutes(standard, t('2024-01-01T11:59'), 1))).toBe('2024-01-01T12:00');
    expect(iso(calendarAddWorkingMinutes(standard, t('2024-01-01T11:59'), 2))).toBe('2024-01-01T13:01');
    expect(iso(calendarAddWorkingMinutes(standard, t('2024-01-01T12:30'), 60))).toBe('2024-01-01T14:00');
  });

  it('skips a holiday and uses an extra working Saturday with its own hours', () => {
    expect(iso(calendarAddWorkingMinutes(standard, t('2024-01-02T13:00'), 480))).toBe('2024-01-04T12:00');
    expect(iso(calendarAddWorkingMinutes(standard, t('2024-01-05T13:00'), 480))).toBe('2024-01-06T13:00');
    expect(iso(calendarAddWorkingMinutes(standard, t('2024-01-12T13:00'), 480))).toBe('2024-01-15T12:00');
  });

  it('counts backwards to the start of the earliest minute counted', () => {
    expect(iso(calendarSubtractWorkingMinutes(standard, t('2024-01-08T12:00'), 480))).toBe(
      '2024-01-06T09:00',
    );
    expect(iso(calendarSubtractWorkingMinutes(standard, t('2024-01-08T08:00'), 60))).toBe('2024-01-06T12:00');
    expect(iso(calendarAddWorkingMinutes(standard, t('2024-01-04T08:00'), -1))).toBe('2024-01-02T16:59');
  });

  it('returns the instant itself for zero minutes, even in non-working time', () => {
    expect(iso(calendarAddWorkingMinutes(standard, t('2024-01-01T20:00'), 0))).toBe('2024-01-01T20:00');
  });

  it('is a table lookup even decades ahead, and stops at the end of 2199', () => {
    const start = t('2000-01-03T08:00');
    const yearsOfWork = 45 * 52 * 5 * 480;
    const end = calendarAddWorkingMinutes(standard, start as Minutes, yearsOfWork);
    expect(calendarWorkingMinutesBetween(standard, start as Minutes, end)).toBe(yearsOfWork);
    expect(calendarAddWorkingMinutes(standard, start as Minutes, 10 ** 8)).toBe(TIME_MAX);
  });
});

describe('calendarWorkingMinutesBetween', () => {
  it('counts working minutes only, negative when reversed', () => {
    expect(calendarWorkingMinutesBetween(standard, t('2024-01-01T08:00'), t('2024-01-01T17:00'))).toBe(480);
    expect(calendarWorkingMinutesBetween(standard, t('2024-01-01T12:00'), t('2024-01-01T13:00'))).toBe(0);
    expect(calendarWorkingMinutesBetween(standard, t('2024-01-01T11:00'), t('2024-01-01T14:00'))).toBe(120);
    expect(calendarWorkingMinutesBetween(standard, t('2024-01-02T08:00'), t('2024-01-04T08:00'))).toBe(480);
    expect(calendarWorkingMinutesBetween(standard, t('2024-01-02T17:00'), t('2024-01-02T08:00'))).toBe(-480);
  });
});

describe('next and previous working instants', () => {
  it('snaps a start forward to the next working minute', () => {
    expect(iso(calendarNextWorkingInstant(standard, t('2024-01-01T10:00')))).toBe('2024-01-01T10:00');
    expect(iso(calendarNextWorkingInstant(standard, t('2024-01-01T12:00')))).toBe('2024-01-01T13:00');
    expect(iso(calendarNextWorkingInstant(standard, t('2024-01-01T17:00')))).toBe('2024-01-02T08:00');
    expect(iso(calendarNextWorkingInstant(standard, t('2024-01-02T17:30')))).toBe('2024-01-04T08:00');
  });

  it('snaps a finish back to the end of the previous working minute', () => {
    expect(iso(calendarPreviousWorkingInstant(standard, t('2024-01-02T08:00')))).toBe('2024-01-01T17:00');
    expect(iso(calendarPreviousWorkingInstant(standard, t('2024-01-01T12:30')))).toBe('2024-01-01T12:00');
    expect(iso(calendarPreviousWorkingInstant(standard, t('2024-01-04T07:00')))).toBe('2024-01-02T17:00');
    expect(iso(calendarPreviousWorkingInstant(standard, t('2024-01-01T10:00')))).toBe('2024-01-01T10:00');
  });

  it('gives one working coordinate two instants: finish 17:00, start 08:00 next day', () => {
    const w = calendarWorkingTime(standard, t('2024-01-01T17:00'));
    expect(iso(calendarFinishInstant(standard, w))).toBe('2024-01-01T17:00');
    expect(iso(calendarStartInstant(standard, w))).toBe('2024-01-02T08:00');
  });
});

describe('calendarIsWorking on interval boundaries', () => {
  it.each([
    ['2024-01-01T07:59', false],
    ['2024-01-01T08:00', true],
    ['2024-01-01T11:59', true],
    ['2024-01-01T12:00', false],
    ['2024-01-01T13:00', true],
    ['2024-01-01T16:59', true],
    ['2024-01-01T17:00', false],
    ['2024-01-03T10:00', false],
    ['2024-01-06T09:00', true],
    ['2024-01-06T13:00', false],
  ])('%s → %s', (text, working) => {
    expect(calendarIsWorking(standard, t(text))).toBe(working);
  });
});

describe('intervals across midnight', () => {
  it('belong to the day they start on', () => {
    expect(iso(calendarAddWorkingMinutes(nightShift, t('2024-01-01T22:00'), 480))).toBe('2024-01-02T06:00');
    expect(calendarIsWorking(nightShift, t('2024-01-01T02:00'))).toBe(false);
    expect(calendarIsWorking(nightShift, t('2024-01-06T02:00'))).toBe(true);
    expect(calendarIsWorking(nightShift, t('2024-01-06T22:00'))).toBe(false);
  });

  it('an exception removes the shift starting that evening, not the one ending that morning', () => {
    expect(calendarIsWorking(nightShift, t('2024-01-02T05:00'))).toBe(true);
    expect(calendarIsWorking(nightShift, t('2024-01-02T23:00'))).toBe(false);
    expect(iso(calendarAddWorkingMinutes(nightShift, t('2024-01-01T22:00'), 600))).toBe('2024-01-04T00:00');
  });
});

describe('24-hour calendar', () => {
  it('works every minute of every day, weekends and daylight-saving days alike', () => {
    expect(iso(calendarAddWorkingMinutes(allDay, t('2024-01-06T08:00'), 1440))).toBe('2024-01-07T08:00');
    expect(calendarWorkingMinutesBetween(allDay, t('2024-03-31T00:00'), t('2024-04-01T00:00'))).toBe(1440);
    expect(calendarWorkingTime(allDay, t('2024-01-01T00:00'))).toBe(t('2024-01-01T00:00') - TIME_MIN);
    expect(allDay.hoursPerDay).toBe(24);
  });
});

describe('hours per day', () => {
  it('defaults to the average working day of the week and converts days', () => {
    expect(standard.hoursPerDay).toBe(8);
    expect(calendarMinutesFromDays(standard, 2.5)).toBe(1200);
    expect(calendarDaysFromMinutes(standard, 240)).toBe(0.5);
    expect(calendarCompile({ id: 'x', hoursPerDay: 7.5 }).hoursPerDay).toBe(7.5);
  });
});

describe('calendarCompile errors', () => {
  it.each([
    [{ id: 'a', week: [[], [], []] }, /7 weekdays/],
    [{ id: 'b', week: [[{ start: '8:00', finish: '12:00' }], [], [], [], [], [], []] }, /HH:mm/],
    [{ id: 'c', week: [[], [], [], [], [], [], []] }, /no working time/],
    [{ id: 'd', exceptions: [{ date: '2024-02-30', intervals: [] }] }, /not a valid date/],
    [{ id: 'e', hoursPerDay: 0 }, /hoursPerDay/],
  ])('%#', (input, message) => {
    expect(() => calendarCompile(input)).toThrow(EngineError);
    expect(() => calendarCompile(input)).toThrow(message);
  });
});

/** Independent definition of the standard calendar, minute by minute. */
function naiveWorking(minute: number): boolean {
  const day = Math.floor(minute / 1440);
  const of = minute - day * 1440;
  const dayStart = day * 1440;
  if (dayStart === t('2024-01-03')) return false;
  if (dayStart === t('2024-01-06')) return of >= 540 && of < 780;
  const weekday = (day + 5) % 7;
  return weekday < 5 && ((of >= 480 && of < 720) || (of >= 780 && of < 1020));
}

describe('agrees with a minute-by-minute definition', () => {
  const from = t('2023-12-28T00:00');
  it('working minutes between any two instants, and both instants of a coordinate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 * 1440 }),
        fc.integer({ min: 0, max: 3 * 1440 }),
        (offset, span) => {
          const a = from + offset;
          let count = 0;
          for (let m = a; m < a + span; m++) if (naiveWorking(m)) count++;
          expect(calendarWorkingMinutesBetween(standard, a as Minutes, (a + span) as Minutes)).toBe(count);
          const w = calendarWorkingTime(standard, a);
          const start = calendarStartInstant(standard, w);
          const finish = calendarFinishInstant(standard, w);
          expect(calendarWorkingTime(standard, start)).toBe(w);
          expect(calendarWorkingTime(standard, finish)).toBe(w);
          expect(naiveWorking(start)).toBe(true);
          expect(finish <= a && a <= start).toBe(true);
          if (w > 0) expect(naiveWorking(finish - 1)).toBe(true);
        },
      ),
      { seed: 20240101, numRuns: 300 },
    );
  });
});

describe('the window of a compiled calendar', () => {
  const input = {
    id: 'w',
    exceptions: [
      { date: '1950-05-01', intervals: [] },
      { date: '2120-06-01', until: '2120-06-05', intervals: [{ start: '09:00', finish: '10:00' }] },
    ],
  };

  it('starts as 2000–2050 and grows on demand to the instant asked for', () => {
    const calendar = calendarCompile(input);
    expect([calendar.windowFirstDay, calendar.windowEndDay]).toEqual([0, 18628]);
    calendarWorkingTime(calendar, t('2120-06-01T00:00'));
    expect(calendar.windowEndDay).toBeGreaterThan(t('2120-06-01T00:00') / 1440);
    calendarWorkingTime(calendar, t('1950-05-01T00:00'));
    expect(calendar.windowFirstDay).toBeLessThanOrEqual(t('1950-05-01T00:00') / 1440);
  });

  it('gives the same coordinates and instants whatever order the lookups come in', () => {
    const instants = [
      '2150-03-04T10:30',
      '1950-05-01T09:00',
      '1900-01-01T00:00',
      '2120-06-03T09:30',
      '2199-12-31T23:59',
    ];
    const forward = calendarCompile(input);
    const backward = calendarCompile(input);
    const a = instants.map((text) => calendarWorkingTime(forward, t(text)));
    const b = [...instants]
      .reverse()
      .map((text) => calendarWorkingTime(backward, t(text)))
      .reverse();
    expect(a).toEqual(b);
    const fresh = calendarCompile(input);
    for (const w of a) {
      expect(calendarStartInstant(fresh, w)).toBe(calendarStartInstant(forward, w));
      expect(calendarFinishInstant(calendarCompile(input), w)).toBe(calendarFinishInstant(forward, w));
    }
  });

  it('counts every working minute of 1900–2199 from 1900-01-01', () => {
    const calendar = calendarCompile(input);
    let weekdays = 0;
    for (let day = Date.UTC(1900, 0, 1); day < Date.UTC(2200, 0, 1); day += 86_400_000) {
      const weekday = new Date(day).getUTCDay();
      if (weekday !== 0 && weekday !== 6) weekdays++;
    }
    // 1950-05-01 was a Monday (a holiday); 2120-06-01 to 06-05 are Saturday to Wednesday (1 hour each)
    const total = (weekdays - 1) * 480 - 3 * 480 + 5 * 60;
    expect(calendar.totalWorking).toBe(total);
    expect(calendarWorkingTime(calendar, TIME_MAX)).toBe(total);
    expect(calendarWorkingTime(calendar, t('1900-01-01T09:00'))).toBe(60);
    expect(iso(calendarStartInstant(calendar, 0))).toBe('1900-01-01T08:00');
    expect(iso(calendarFinishInstant(calendar, total))).toBe('2199-12-31T17:00');
    expect(calendarStartInstant(calendar, total)).toBe(TIME_MAX);
    expect(calendarWorkingMinutesBetween(calendar, t('1950-04-28T08:00'), t('1950-05-03T08:00'))).toBe(
      2 * 480,
    );
    expect(iso(calendarAddWorkingMinutes(calendar, t('2120-05-31T17:00'), 61))).toBe('2120-06-02T09:01');
  });
});

describe('calendarCount', () => {
  const hhmm = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const interval = fc
    .tuple(fc.integer({ min: 0, max: 47 }), fc.integer({ min: 1, max: 47 }))
    .map(([start, length]) => ({ start: hhmm(start * 30), finish: hhmm(((start + length) % 48) * 30) }));
  const day = fc.array(interval, { maxLength: 3 });
  const exception = fc
    .tuple(fc.integer({ min: -400, max: 400 }), fc.integer({ min: 0, max: 3 }), day)
    .map(([offset, span, intervals]) => ({
      date: timeToIso((t('2026-03-02') + offset * 1440) as Minutes).slice(0, 10),
      until: timeToIso((t('2026-03-02') + (offset + span) * 1440) as Minutes).slice(0, 10),
      intervals,
    }));

  it('counts what a day-by-day walk counts, over any range, with exceptions and shifts past midnight', () => {
    fc.assert(
      fc.property(
        fc.array(day, { minLength: 7, maxLength: 7 }),
        fc.array(exception, { maxLength: 12 }),
        fc.integer({ min: -40_000, max: 74_000 }),
        fc.integer({ min: 0, max: 3000 }),
        (week, exceptions, from, length) => {
          if (week.every((d) => d.length === 0) && exceptions.every((e) => e.intervals.length === 0)) return;
          const calendar = calendarCompile({ id: 'c', week, exceptions, hoursPerDay: 8 });
          const source = calendar.source!;
          expect(calendarCount(source, from, from + length)).toBe(
            calendarWalk(source, from, from + length, null, null),
          );
          const near = Math.floor(t('2026-01-01') / 1440) + (from % 800);
          expect(calendarCount(source, near, near + length)).toBe(
            calendarWalk(source, near, near + length, null, null),
          );
          expect(calendar.totalWorking).toBe(calendarWalk(source, -36_524, 73_049, null, null));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers the same whatever window a calendar is first laid out over', () => {
    fc.assert(
      fc.property(
        fc.array(day, { minLength: 7, maxLength: 7 }),
        fc.array(exception, { maxLength: 6 }),
        fc.integer({ min: 9000, max: 10_000 }),
        fc.integer({ min: 1, max: 900 }),
        fc.array(fc.integer({ min: t('1995-01-01'), max: t('2060-01-01') }), { minLength: 1, maxLength: 8 }),
        (week, exceptions, first, days, instants) => {
          const input = { id: 'c', week, exceptions, hoursPerDay: 8 };
          if (week.every((d) => d.length === 0) && exceptions.every((e) => e.intervals.length === 0)) return;
          const wide = calendarCompile(input);
          const narrow = calendarCompile(input, { window: [first, first + days] });
          expect(narrow.totalWorking).toBe(wide.totalWorking);
          for (const instant of instants) {
            const working = calendarWorkingTime(wide, instant);
            expect(calendarWorkingTime(narrow, instant)).toBe(working);
            expect(calendarStartInstant(narrow, working)).toBe(calendarStartInstant(wide, working));
            expect(calendarFinishInstant(narrow, working)).toBe(calendarFinishInstant(wide, working));
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

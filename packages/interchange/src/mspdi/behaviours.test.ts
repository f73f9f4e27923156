/**
 * MS Project's scheduling behaviours read from MSPDI: the late-finish convention of the saving version,
 * elapsed durations, split tasks, resource calendars and files without a status date.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scheduleProject } from '../calculation/schedule.js';
import { formatIssues } from '../common/check-report.js';
import { readProjectFile } from '../read.js';
import { checkMspdi } from './check.js';
import { readMspdi } from './read.js';
import { intersectCalendars, intersectIntervals } from './scheduling.js';
import { writeMspdi } from './write.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/mspdi');

const DAY = `<WorkingTimes><WorkingTime><FromTime>08:00:00</FromTime><ToTime>12:00:00</ToTime></WorkingTime><WorkingTime><FromTime>13:00:00</FromTime><ToTime>17:00:00</ToTime></WorkingTime></WorkingTimes>`;
const CALENDARS = `<Calendars><Calendar><UID>1</UID><Name>Standard</Name><WeekDays>
<WeekDay><DayType>1</DayType><DayWorking>0</DayWorking></WeekDay>
${[2, 3, 4, 5, 6].map((d) => `<WeekDay><DayType>${d}</DayType><DayWorking>1</DayWorking>${DAY}</WeekDay>`).join('')}
<WeekDay><DayType>7</DayType><DayWorking>0</DayWorking></WeekDay>
</WeekDays></Calendar></Calendars>`;

function mspdi(settings: string, tasks: string, after = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Project xmlns="http://schemas.microsoft.com/project">
<StartDate>2024-01-08T08:00:00</StartDate><CalendarUID>1</CalendarUID>${settings}
${CALENDARS}
<Tasks>${tasks}</Tasks>${after}
</Project>`;
}

const task = (uid: number, inner: string) =>
  `<Task><UID>${uid}</UID><ID>${uid}</ID><Name>T${uid}</Name><OutlineLevel>1</OutlineLevel>${inner}</Task>`;

function row(p: Awaited<ReturnType<typeof readMspdi>>, id: string) {
  return scheduleProject(p).rows.find((r) => r.id === id)!;
}

describe('how MS Project writes a late finish at the end of a working day', () => {
  const chain = (manual: 0 | 1) =>
    mspdi(
      '<SaveVersion>14</SaveVersion>',
      task(1, `<Manual>${manual}</Manual><Start>2024-01-08T08:00:00</Start><Duration>PT40H0M0S</Duration>`) +
        task(
          2,
          '<Duration>PT8H0M0S</Duration><PredecessorLink><PredecessorUID>1</PredecessorUID><Type>1</Type></PredecessorLink>',
        ),
    );

  it('an automatically scheduled task: Friday 17:00; a manually scheduled one: Monday 08:00', async () => {
    expect(row(await readMspdi(chain(0)), '1').lateFinish).toBe('2024-01-12T17:00');
    expect(row(await readMspdi(chain(1)), '1').lateFinish).toBe('2024-01-15T08:00');
  });

  it('the MSPDI writer keeps the scheduling mode, so a written file reads back with the same late finishes', async () => {
    for (const manual of [0, 1] as const) {
      const p = await readMspdi(chain(manual));
      const rows = scheduleProject(p).rows;
      const back = await readMspdi([...writeMspdi(p, rows)].join(''));
      expect(scheduleProject(back).rows.map((r) => r.lateFinish)).toEqual(rows.map((r) => r.lateFinish));
      expect(back.activities[0]!.recorded.lateFinish).toBe(rows[0]!.lateFinish);
    }
  });
});

describe('elapsed durations', () => {
  it('1ed from Friday 08:00 runs through the night to Saturday 08:00; 1d to Friday 17:00', async () => {
    const p = await readMspdi(
      mspdi(
        '',
        task(1, '<Duration>PT24H0M0S</Duration><DurationFormat>8</DurationFormat>') +
          task(2, '<Duration>PT8H0M0S</Duration><DurationFormat>7</DurationFormat>'),
      ).replace('2024-01-08T08:00:00', '2024-01-12T08:00:00'),
    );
    expect(p.activities.map((a) => a.elapsed ?? false)).toEqual([true, false]);
    expect([row(p, '1').earlyStart, row(p, '1').earlyFinish]).toEqual([
      '2024-01-12T08:00',
      '2024-01-13T08:00',
    ]);
    expect(row(p, '2').earlyFinish).toBe('2024-01-12T17:00');
  });

  it('estimated elapsed formats (1ew?) are elapsed too', async () => {
    const p = await readMspdi(
      mspdi('', task(1, '<Duration>PT168H0M0S</Duration><DurationFormat>42</DurationFormat>')),
    );
    expect(row(p, '1').earlyFinish).toBe('2024-01-15T08:00');
  });
});

describe('split tasks', () => {
  const period = (start: string, finish: string, value?: string) =>
    `<TimephasedData><Type>1</Type><UID>1</UID><Start>${start}:00</Start><Finish>${finish}:00</Finish><Unit>2</Unit>${value === undefined ? '' : `<Value>${value}</Value>`}</TimephasedData>`;
  /** A 16-hour task whose work is laid out in these timephased periods. */
  const splitTask = (...periods: string[]) =>
    readMspdi(
      mspdi(
        '',
        task(1, '<Duration>PT16H0M0S</Duration>'),
        `<Assignments><Assignment><UID>1</UID><TaskUID>1</TaskUID><ResourceUID>-65535</ResourceUID>${periods.join('')}</Assignment></Assignments>`,
      ),
    );

  it('2 days of work, a 1-day interruption on Wednesday: finishes Thursday, the gap counted in the span', async () => {
    const p = await splitTask(
      period('2024-01-08T08:00', '2024-01-09T08:00', 'PT8H0M0S'),
      period('2024-01-09T08:00', '2024-01-09T17:00', 'PT0H0M0S'),
      period('2024-01-09T17:00', '2024-01-10T17:00', 'PT0H0M0S'),
      period('2024-01-10T17:00', '2024-01-11T17:00', 'PT8H0M0S'),
    );
    expect(p.activities[0]!.splits).toEqual([{ start: '2024-01-09T08:00', finish: '2024-01-10T17:00' }]);
    expect(p.activities[0]!.durationMinutes).toBe(960);
    expect(row(p, '1').earlyFinish).toBe('2024-01-11T17:00');
  });

  it('zero-work periods before the first work or after the last are not a split; weekends without a value neither', async () => {
    const p = await splitTask(
      period('2024-01-11T08:00', '2024-01-12T08:00', 'PT8H0M0S'),
      period('2024-01-12T08:00', '2024-01-13T08:00', 'PT8H0M0S'),
      period('2024-01-13T08:00', '2024-01-15T08:00'),
      period('2024-01-15T08:00', '2024-01-16T08:00', 'PT0H0M0S'),
    );
    expect(p.activities[0]!.splits).toBeUndefined();
  });
});

describe('resource calendars', () => {
  it('the common working time of a task calendar and a resource calendar', () => {
    expect(
      intersectIntervals(
        [
          { start: '08:00', finish: '12:00' },
          { start: '13:00', finish: '17:00' },
        ],
        [{ start: '06:00', finish: '14:00' }],
      ),
    ).toEqual([
      { start: '08:00', finish: '12:00' },
      { start: '13:00', finish: '14:00' },
    ]);
    expect(
      intersectIntervals([{ start: '22:00', finish: '00:00' }], [{ start: '20:00', finish: '23:00' }]),
    ).toEqual([{ start: '22:00', finish: '23:00' }]);
    const week = (d: { start: string; finish: string }[]) => [d, d, d, d, d, [], []];
    const c = intersectCalendars(
      'x',
      {
        id: 'a',
        name: 'A',
        week: week([{ start: '08:00', finish: '17:00' }]),
        exceptions: [{ date: '2024-01-10', intervals: [] }],
      },
      { id: 'b', name: 'B', week: week([{ start: '06:00', finish: '14:00' }]), exceptions: [] },
    );
    expect(c.week[0]).toEqual([{ start: '08:00', finish: '14:00' }]);
    expect(c.exceptions).toEqual([{ date: '2024-01-10', intervals: [] }]);
  });

  it('a task with a night-shift resource runs at night (fixture night-shift.xml)', async () => {
    const p = await readProjectFile(join(FIXTURES, 'night-shift.xml'));
    const { rows } = scheduleProject(p);
    const night = rows.find((r) => r.name === 'Night concreting')!;
    expect([night.earlyStart, night.earlyFinish]).toEqual(['2024-01-09T22:00', '2024-01-10T06:00']);
    // "Scheduling ignores resource calendars" keeps a task on its own calendar
    const inspection = rows.find((r) => r.name === 'Inspection')!;
    expect([inspection.earlyStart, inspection.earlyFinish]).toEqual(['2024-01-10T08:00', '2024-01-10T12:00']);
  });

  it('resources whose own calendars have the project’s working time change nothing', async () => {
    const p = await readProjectFile(join(FIXTURES, 'night-shift.xml'));
    const copy = { ...p.calendars.find((c) => c.id === '1')!, id: '7', name: 'Day crew' };
    p.calendars.push(copy);
    p.resources.push(
      { id: '2', code: 'DC', name: 'Day crew', type: 'labor', calendarId: '7' },
      { id: '3', code: 'PR', name: 'Project crew', type: 'labor', calendarId: '1' },
    );
    p.assignments.push(
      { id: '3', activityId: '3', resourceId: '2' },
      { id: '4', activityId: '3', resourceId: '3' },
    );
    const { rows, warnings } = scheduleProject(p);
    expect(warnings).toEqual([]);
    expect(rows.find((r) => r.id === '3')!.earlyStart).toBe('2024-01-10T08:00');
  });

  it('a task calendar and an early-shift resource: only the hours common to both (08–12, 13–14)', async () => {
    const p = await readProjectFile(join(FIXTURES, 'night-shift.xml'));
    const early = [{ start: '06:00', finish: '14:00' }];
    p.calendars.push({
      id: '8',
      name: 'Early shift',
      week: [early, early, early, early, early, [], []],
      exceptions: [],
    });
    p.resources.push({ id: '2', code: 'ES', name: 'Early crew', type: 'labor', calendarId: '8' });
    p.assignments.push({ id: '3', activityId: '3', resourceId: '2' });
    p.activities.find((a) => a.id === '3')!.calendarId = '1';
    const formwork = scheduleProject(p).rows.find((r) => r.id === '3')!;
    // 8 hours at 5 a day: Wednesday 08:00–12:00 and 13:00–14:00 (5 h), Thursday 08:00–11:00 (3 h)
    expect([formwork.earlyStart, formwork.earlyFinish]).toEqual(['2024-01-10T08:00', '2024-01-11T11:00']);
  });

  it('a fixed-duration task (Type 1) keeps its own calendar with a night-shift resource', async () => {
    const p = await readProjectFile(join(FIXTURES, 'night-shift.xml'));
    expect(p.activities.find((a) => a.id === '2')!.fixedDuration).toBeUndefined();
    p.activities.find((a) => a.id === '2')!.fixedDuration = true;
    const night = scheduleProject(p).rows.find((r) => r.id === '2')!;
    expect([night.earlyStart, night.earlyFinish]).toEqual(['2024-01-10T08:00', '2024-01-10T17:00']);
    const read = await readMspdi(mspdi('', task(1, '<Type>1</Type><Duration>PT8H0M0S</Duration>')));
    expect(read.activities[0]!.fixedDuration).toBe(true);
  });

  it('the MSPDI writer keeps resource calendars, "ignores resource calendars" and fixed duration', async () => {
    const p = await readProjectFile(join(FIXTURES, 'night-shift.xml'));
    p.activities.find((a) => a.id === '3')!.fixedDuration = true;
    const { rows } = scheduleProject(p);
    const text = [...writeMspdi(p, rows)].join('');
    const report = await checkMspdi(text);
    expect(report.ok, formatIssues(report)).toBe(true);
    const back = await readMspdi(text);
    expect(back.activities.map((a) => [a.ignoreResourceCalendar, a.fixedDuration])).toEqual(
      p.activities.map((a) => [a.ignoreResourceCalendar, a.fixedDuration]),
    );
    const dates = (r: (typeof rows)[number]) => [
      r.name,
      r.earlyStart,
      r.earlyFinish,
      r.lateStart,
      r.lateFinish,
    ];
    expect(scheduleProject(back).rows.map(dates)).toEqual(rows.map(dates));
  });

  it('resources on different calendars: the task calendar, with a warning', async () => {
    const p = await readProjectFile(join(FIXTURES, 'night-shift.xml'));
    p.resources.push({ id: '2', code: 'DC', name: 'Day crew', type: 'labor', calendarId: '1' });
    p.assignments.push({ id: '3', activityId: '2', resourceId: '2' });
    const { rows, warnings } = scheduleProject(p);
    expect(warnings.some((w) => w.includes('different calendars'))).toBe(true);
    expect(rows.find((r) => r.id === '2')!.earlyStart).toBe('2024-01-10T08:00');
  });
});

describe('no status date', () => {
  it('progress does not move the tasks that have not started (fixture no-status-date.xml)', async () => {
    const p = await readProjectFile(join(FIXTURES, 'no-status-date.xml'));
    expect(p.dataDate).toBeUndefined();
    const { rows } = scheduleProject(p);
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get('Not started, no predecessor')!.earlyStart).toBe('2024-01-08T08:00');
    // the started task's remaining work follows its actual work: start + duration
    expect(byName.get('Started')!.earlyFinish).toBe('2024-01-12T17:00');
    expect(byName.get('Not started, after Started')!.earlyStart).toBe('2024-01-15T08:00');
  });
});

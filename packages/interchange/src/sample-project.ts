/**
 * A small project that uses every part of the model the writers handle — WBS and MS Project summaries,
 * every activity type, both constraints, ALAP, progress, baselines, calendars with exceptions and a
 * 24-hour calendar, relations of all types with leads and lags, resources of each kind with
 * assignments, activity codes and UDFs, and texts longer than P6 allows — for conformance and
 * round-trip tests. Not part of the package API.
 */
import {
  defaultOptions,
  type IxActivity,
  type IxCalendar,
  type IxProject,
  STANDARD_WEEK,
} from './common/model.js';

/** An activity of the sample schedules: a 16-hour task of WBS node `w1` with no codes, then `extra` over it. */
export function sampleActivity(id: string, extra: Partial<IxActivity> = {}): IxActivity {
  return {
    id,
    code: `A${id}`,
    name: `Work ${id}`,
    wbsId: 'w1',
    parentId: null,
    type: 'task',
    calendarId: null,
    durationMinutes: 960,
    recorded: {},
    codes: {},
    udfs: {},
    ...extra,
  };
}

/** The round-the-clock calendar (`h24`) the samples put some activities on. */
export function sample24HourCalendar(): IxCalendar {
  return {
    id: 'h24',
    name: '24 hours',
    week: [0, 1, 2, 3, 4, 5, 6].map(() => [{ start: '00:00', finish: '00:00' }]),
    exceptions: [],
    allDay: true,
  };
}

export function sampleProject(): IxProject {
  const long =
    'Бетонирование перекрытия 12 этажа, секция 3, захватка 4 — армирование, опалубка и приёмка ОТК (повтор)';
  return {
    format: 'json',
    convention: 'p6',
    code: 'TOWER-1',
    name: 'Жилой дом «Башня» & <паркинг>',
    start: '2024-03-04T08:00',
    dataDate: '2024-03-11T08:00',
    mustFinishBy: '2024-12-27T17:00',
    defaultCalendarId: 'std',
    minutesPerDay: 480,
    calendars: [
      {
        id: 'std',
        name: 'Пятидневка',
        week: STANDARD_WEEK.map((d) => d.map((i) => ({ ...i }))),
        exceptions: [
          { date: '2024-03-08', intervals: [] },
          { date: '2024-05-01', intervals: [] },
          { date: '2024-04-27', intervals: [{ start: '08:00', finish: '12:00' }] },
        ],
        hoursPerDay: 8,
      },
      sample24HourCalendar(),
    ],
    wbs: [
      { id: 'w1', parentId: null, code: 'W1', name: 'Каркас' },
      { id: 'w2', parentId: 'w1', code: 'W1.1', name: 'Этажи 1–5' },
      { id: 'w3', parentId: null, code: 'W2-with-a-very-long-wbs-code-beyond-forty-characters', name: long },
    ],
    activities: [
      sampleActivity('1', {
        type: 'start_milestone',
        durationMinutes: 0,
        actualStart: '2024-03-04T08:00',
        actualFinish: '2024-03-04T08:00',
        status: 'completed',
        percentComplete: 100,
      }),
      sampleActivity('2', {
        wbsId: 'w2',
        name: long,
        code: 'A2-a-very-long-activity-code-beyond-forty-characters-1',
        actualStart: '2024-03-05T08:00',
        status: 'in_progress',
        percentComplete: 40,
        remainingMinutes: 600,
        baselineStart: '2024-03-05T08:00',
        baselineFinish: '2024-03-07T17:00',
        codes: { Захватка: '4', Trade: 'Concrete' },
        udfs: { Volume: 120.5, Note: 'tab\there' },
      }),
      sampleActivity('3', {
        wbsId: 'w2',
        code: 'A2-a-very-long-activity-code-beyond-forty-characters-2',
        constraint: { type: 'start_on_or_after', date: '2024-03-18T08:00' },
        constraint2: { type: 'finish_on_or_before', date: '2024-04-30T17:00' },
        codes: { Trade: 'Steel' },
      }),
      sampleActivity('4', { type: 'resource_dependent', calendarId: 'h24', durationMinutes: 2880 }),
      sampleActivity('5', { asLateAsPossible: true, type: 'level_of_effort' }),
      sampleActivity('6', {
        wbsId: 'w3',
        constraint: { type: 'mandatory_finish', date: '2024-06-28T17:00' },
      }),
      sampleActivity('7', { wbsId: 'w3', type: 'wbs_summary' }),
      sampleActivity('8', { wbsId: 'w3', type: 'finish_milestone', durationMinutes: 0 }),
      sampleActivity('9', { wbsId: null, type: 'summary', code: 'S9', name: 'MS Project summary' }),
      sampleActivity('10', { wbsId: null, parentId: '9', name: 'Under the summary' }),
    ],
    relations: [
      { id: 'r1', predecessorId: '1', successorId: '2', type: 'fs', lagMinutes: 0 },
      { id: 'r2', predecessorId: '2', successorId: '3', type: 'ss', lagMinutes: 240 },
      { id: 'r3', predecessorId: '3', successorId: '4', type: 'ff', lagMinutes: -120 },
      { id: 'r4', predecessorId: '3', successorId: '5', type: 'sf', lagMinutes: 0 },
      { id: 'r5', predecessorId: '4', successorId: '6', type: 'fs', lagMinutes: 1440, lagCalendar: '24h' },
      { id: 'r6', predecessorId: '6', successorId: '8', type: 'fs', lagMinutes: 0 },
      { id: 'r7', predecessorId: '7', successorId: '8', type: 'fs', lagMinutes: 0 },
      { id: 'r8', predecessorId: '2', successorId: '10', type: 'fs', lagMinutes: 0 },
    ],
    resources: [
      { id: 'res1', code: 'CREW', name: 'Бригада бетонщиков', type: 'labor', calendarId: 'std' },
      { id: 'res2', code: 'CRANE', name: 'Crane', type: 'nonlabor', calendarId: null },
      { id: 'res3', code: 'B25', name: 'Бетон B25', type: 'material', calendarId: null },
    ],
    assignments: [
      {
        id: 'as1',
        activityId: '2',
        resourceId: 'res1',
        plannedUnits: 64,
        actualUnits: 24,
        remainingUnits: 40,
      },
      { id: 'as2', activityId: '3', resourceId: 'res2', plannedUnits: 16 },
      { id: 'as3', activityId: '2', resourceId: 'res3', plannedUnits: 120 },
    ],
    options: { ...defaultOptions(), totalFloat: 'start', raw: { source: 'sample' } },
    warnings: [],
    problems: [],
  };
}

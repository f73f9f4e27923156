import type { CalculateOptions } from '@takt/engine';
import { type CalendarRecord, STANDARD_CALENDAR_ID } from './calendars.js';
import { columnOf } from './columns.js';
import {
  documentOfColumns,
  type LimitType,
  limitCode,
  PAYLOAD_ENUMS,
  PAYLOAD_NO_DATE,
  type ScheduleColumns,
  type ScheduleDocument,
} from './document.js';
import type { WorkRecordPatch } from './work-record.js';

/** A work of a test version; dates in engine minutes (absent: none; negative before 2000). */
export interface TestWork {
  id: string;
  name?: string;
  code?: string;
  parent?: number;
  type?: (typeof PAYLOAD_ENUMS.type)[number];
  duration?: number;
  plan?: [number, number];
  fact?: [number, number];
  late?: [number, number];
  totalFloat?: number;
  critical?: boolean;
  progress?: number;
  calendar?: string;
  startLimit?: { type: LimitType; date: number };
  finishLimit?: { type: LimitType; date: number };
  revision?: number;
}

export interface TestLink {
  /** Row of the predecessor; ignored for a link from another schedule. */
  from: number;
  to: number;
  type?: (typeof PAYLOAD_ENUMS.linkType)[number];
  lag?: number;
  driving?: boolean;
  /** The id of a predecessor in another schedule. */
  external?: string;
}

/** A predecessor in another schedule, held at `anchor` (no anchor: it has no dates). */
export interface TestExternal {
  id: string;
  anchor?: number;
  duration?: number;
  calendar?: string;
}

export interface TestVersion {
  versionId?: string;
  versionRevision?: number;
  calendars?: CalendarRecord[];
  defaultCalendarId?: string;
  projectStart?: number;
  dataDate?: number;
  projectFinish?: number;
  options?: CalculateOptions;
  externals?: TestExternal[];
}

/** Mon–Fri 08–12 and 13–17, as stored calendars write it. */
export const TEST_WEEK = [
  ...[0, 1, 2, 3, 4].map(() => [
    { start: '08:00', finish: '12:00' },
    { start: '13:00', finish: '17:00' },
  ]),
  [],
  [],
];

/** The tests' default calendar `five`: Mon–Fri 08–12 and 13–17, with 2024-01-10 a holiday. */
export const TEST_FIVE_DAYS: CalendarRecord = {
  id: 'five',
  name: 'Five days',
  isDefault: true,
  allDay: false,
  hoursPerDay: 8,
  week: TEST_WEEK,
  exceptions: [{ date: '2024-01-10', until: null, intervals: [] }],
};

/** The tests' round-the-clock calendar `day`. */
export const TEST_ROUND_THE_CLOCK: CalendarRecord = {
  ...TEST_FIVE_DAYS,
  id: 'day',
  name: 'Round the clock',
  isDefault: false,
  allDay: true,
};

/** The columns of a test version, as the server would read them. */
export function testColumns(
  works: TestWork[],
  links: TestLink[] = [],
  version: TestVersion = {},
): ScheduleColumns {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const str = (s: string | undefined) => {
    if (s === undefined) return -1;
    let k = index.get(s);
    if (k === undefined) {
      k = strings.length;
      strings.push(s);
      index.set(s, k);
    }
    return k;
  };
  const ints = (pick: (w: TestWork) => number) => columnOf('int', works.map(pick)) as Int32Array;
  const bytes = (pick: (w: TestWork) => number) => columnOf('u8', works.map(pick)) as Uint8Array;
  const doubles = (pick: (w: TestWork) => number) => columnOf('f64', works.map(pick)) as Float64Array;
  const N = PAYLOAD_NO_DATE;
  const externals = version.externals ?? [];
  return {
    versionId: version.versionId ?? 'version',
    versionRevision: version.versionRevision ?? 1,
    calcStatus: 1,
    count: works.length,
    ids: works.map((w) => w.id),
    works: {
      parent: ints((w) => w.parent ?? -1),
      code: ints((w) => str(w.code)),
      name: ints((w) => str(w.name ?? w.id)),
      type: bytes((w) => PAYLOAD_ENUMS.type.indexOf(w.type ?? 'task')),
      status: bytes((w) => (w.fact ? (w.fact[1] !== N ? 2 : 1) : 0)),
      durationMinutes: ints((w) => w.duration ?? 0),
      calendar: ints((w) => str(w.calendar)),
      planStart: ints((w) => w.plan?.[0] ?? N),
      planFinish: ints((w) => w.plan?.[1] ?? N),
      factStart: ints((w) => w.fact?.[0] ?? N),
      factFinish: ints((w) => w.fact?.[1] ?? N),
      earlyStart: ints((w) => w.plan?.[0] ?? N),
      earlyFinish: ints((w) => w.plan?.[1] ?? N),
      lateStart: ints((w) => w.late?.[0] ?? N),
      lateFinish: ints((w) => w.late?.[1] ?? N),
      totalFloat: ints((w) => w.totalFloat ?? 0),
      freeFloat: ints(() => 0),
      critical: bytes((w) => (w.critical ? 1 : 0)),
      progress: doubles((w) => w.progress ?? 0),
      planVolume: doubles(() => Number.NaN),
      factVolume: doubles(() => Number.NaN),
      unit: ints(() => -1),
      executor: ints(() => -1),
      curator: ints(() => -1),
      revision: ints((w) => w.revision ?? 1),
      startLimit: bytes((w) => limitCode(w.startLimit?.type)),
      startLimitDate: ints((w) => w.startLimit?.date ?? N),
      finishLimit: bytes((w) => limitCode(w.finishLimit?.type)),
      finishLimitDate: ints((w) => w.finishLimit?.date ?? N),
    },
    relations: {
      count: links.length,
      predecessor: Int32Array.from(links, (l) => (l.external ? -1 : l.from)),
      externalPredecessor: Int32Array.from(links, (l) => (l.external ? str(l.external) : -1)),
      successor: Int32Array.from(links, (l) => l.to),
      type: Uint8Array.from(links, (l) => PAYLOAD_ENUMS.linkType.indexOf(l.type ?? 'fs')),
      lagMinutes: Int32Array.from(links, (l) => l.lag ?? 0),
      driving: Uint8Array.from(links, (l) => (l.driving ? 1 : 0)),
    },
    externals: {
      count: externals.length,
      id: Int32Array.from(externals, (x) => str(x.id)),
      anchor: Int32Array.from(externals, (x) => x.anchor ?? N),
      durationMinutes: Int32Array.from(externals, (x) => x.duration ?? 0),
      calendar: Int32Array.from(externals, (x) => str(x.calendar)),
    },
    strings,
    scheduling: {
      projectStart: version.projectStart ?? N,
      dataDate: version.dataDate ?? N,
      projectFinish: version.projectFinish ?? N,
      defaultCalendarId: version.defaultCalendarId ?? version.calendars?.[0]?.id ?? STANDARD_CALENDAR_ID,
      options: version.options ?? {},
    },
    calendars: version.calendars ?? [],
  };
}

/** A test version as a decoded document. */
export function testDocument(
  works: TestWork[],
  links: TestLink[] = [],
  version: TestVersion = {},
): ScheduleDocument {
  return documentOfColumns(testColumns(works, links, version));
}

/**
 * A work as the API sends it: a task of no duration, not started, nothing else set — but its id and the
 * fields a test names.
 */
export function testWorkRecord(fields: Partial<WorkRecordPatch> & { id: string }): WorkRecordPatch {
  return {
    code: null,
    name: fields.id,
    type: 'task',
    durationMinutes: 0,
    calendarId: null,
    planStart: null,
    planFinish: null,
    factStart: null,
    factFinish: null,
    planVolume: null,
    factVolume: null,
    unit: null,
    progress: 0,
    status: 'not_started',
    executorId: null,
    curatorId: null,
    earlyStart: null,
    earlyFinish: null,
    lateStart: null,
    lateFinish: null,
    totalFloat: null,
    freeFloat: null,
    critical: false,
    revision: 1,
    ...fields,
  };
}

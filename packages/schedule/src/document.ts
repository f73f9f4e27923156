import type { ExternalColumnArrays, RelationColumnArrays, WorkColumnArrays } from '@takt/contracts';
// the light entry: the decode worker needs these lists, not the API's schemas
import { LIMIT_TYPES, LINK_TYPES, WORK_STATUSES, WORK_TYPES } from '@takt/contracts/constants';
import { type CalculateOptions, NO_TIME } from '@takt/engine';
import type { CalendarRecord } from './calendars.js';
import { namesOf, WORK_COLUMNS } from './columns.js';

/** Dates in the payloads are minutes from this instant (the engine's epoch), negative before it. */
export const PAYLOAD_EPOCH = '2000-01-01T00:00';
/**
 * "No date" in the payloads' date columns: the engine's `NO_TIME`, −2³¹ (the smallest int32, below the
 * range). Every other value is a date, negative ones before 2000. Sent as `noDate` in both payloads.
 */
export const PAYLOAD_NO_DATE: number = NO_TIME;
/** The enum columns' values, by index. A limit column holds 1 + the index (0: no limit). */
export const PAYLOAD_ENUMS = {
  type: WORK_TYPES,
  status: WORK_STATUSES,
  linkType: LINK_TYPES,
  limitType: LIMIT_TYPES,
} as const;
export type PayloadEnums = typeof PAYLOAD_ENUMS;

/** Whether a minutes value is a date (not `PAYLOAD_NO_DATE`). */
export const hasDate = (minutes: number | undefined): minutes is number =>
  minutes !== undefined && minutes !== PAYLOAD_NO_DATE;

/**
 * What a version schedules with besides its works and relations. Dates in engine minutes
 * (`PAYLOAD_NO_DATE`: none).
 */
export interface VersionScheduling {
  /** The version's own project start; without one, the earliest planned start of its works, else today. */
  projectStart: number;
  dataDate: number;
  /** P6's "must finish by" of an imported version: late dates count back from it. */
  projectFinish: number;
  /** The calendar of works that name none (`defaultCalendarOf`). */
  defaultCalendarId: string;
  /** The version's engine options: an imported file's own, the engine's defaults when empty. */
  options: CalculateOptions;
}

/**
 * A version as the server reads it and both payloads carry it: works and relations as columns in WBS
 * order (docs/architecture.md, "The engine and the payload to the browser"), the predecessors in other
 * schedules, the calendars its works and the version use, and the version's scheduling settings —
 * everything its calculation reads, so the browser computes exactly what the server would.
 */
export interface ScheduleColumns {
  versionId: string;
  /** The version's revision: every change of its schedule data moves it on. */
  versionRevision: number;
  calcStatus: number;
  count: number;
  /** Work ids in WBS order (UUIDs). */
  ids: string[];
  works: WorkColumnArrays;
  relations: RelationColumnArrays;
  externals: ExternalColumnArrays;
  strings: string[];
  scheduling: VersionScheduling;
  /** The calendars of the works, of the external predecessors and the default one. */
  calendars: CalendarRecord[];
}

/**
 * A version decoded once from a payload: every work field a typed array indexed by WBS row, strings
 * through the string table, plus what the rows imply (row of an id, depth, child count). The web app
 * edits rows in place (`patchWork`); edit commands make a new document (`planEdit`).
 */
export interface ScheduleDocument extends WorkColumnArrays {
  versionId: string;
  /** The version's revision (`revision` is the works' column). */
  versionRevision: number;
  calcStatus: number;
  count: number;
  ids: string[];
  rowOf: Map<string, number>;
  depth: Int32Array;
  childCount: Int32Array;
  strings: string[];
  /** Built by `intern` on first use. */
  stringIndex: Map<string, number> | null;
  enums: PayloadEnums;
  relations: RelationColumnArrays;
  externals: ExternalColumnArrays;
  scheduling: VersionScheduling;
  calendars: CalendarRecord[];
  /**
   * What the version's calculation scenario weighs its works' progress by in summaries, when the holder
   * knows it (the browser asks the server; the payload does not carry it). Absent: by duration.
   */
  progressWeighting?: ProgressWeighting | null;
}

/**
 * What a version's calculation scenario measures a work's progress by in its summaries' % complete
 * (docs/product-rules.md, "Summary roll-ups"): its duration, its planned volume, or the planned labour or
 * cost of its assignments — these given by work id (`byWork`, works without assignments absent).
 */
export interface ProgressWeighting {
  measure: 'duration' | 'volume' | 'labour' | 'cost';
  byWork?: ReadonlyMap<string, number>;
}

/** Fields of a document that both decoders read as they are. */
export type DocumentParts = Omit<
  ScheduleDocument,
  'rowOf' | 'depth' | 'childCount' | 'stringIndex' | 'enums'
>;

/** Completes a decoded document with what its rows imply. Rows are in WBS order: a parent comes first. */
export function documentFrom(parts: DocumentParts): ScheduleDocument {
  const n = parts.count;
  const depth = new Int32Array(n);
  const childCount = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const p = parts.parent[i]!;
    if (p >= 0) {
      depth[i] = depth[p]! + 1;
      childCount[p]! += 1;
    }
  }
  const rowOf = new Map<string, number>();
  for (let i = 0; i < n; i++) rowOf.set(parts.ids[i]!, i);
  return { ...parts, rowOf, depth, childCount, stringIndex: null, enums: PAYLOAD_ENUMS };
}

/** The document of columns read on the server (the arrays are shared, not copied). */
export function documentOfColumns(c: ScheduleColumns): ScheduleDocument {
  return documentFrom({
    versionId: c.versionId,
    versionRevision: c.versionRevision,
    calcStatus: c.calcStatus,
    count: c.count,
    ids: c.ids,
    ...c.works,
    strings: c.strings,
    relations: c.relations,
    externals: c.externals,
    scheduling: c.scheduling,
    calendars: c.calendars,
  });
}

/** The columns of a document, as the payload encoders take them (the arrays are shared, not copied). */
export function columnsOfDocument(doc: ScheduleDocument): ScheduleColumns {
  const works = Object.fromEntries(namesOf(WORK_COLUMNS).map((name) => [name, doc[name]]));
  return {
    versionId: doc.versionId,
    versionRevision: doc.versionRevision,
    calcStatus: doc.calcStatus,
    count: doc.count,
    ids: doc.ids,
    works: works as unknown as WorkColumnArrays,
    strings: doc.strings,
    relations: doc.relations,
    externals: doc.externals,
    scheduling: doc.scheduling,
    calendars: doc.calendars,
  };
}

/** Refuses a payload whose enums are not this codec's: its indices would be read as other values. */
function checkEnums(enums: unknown): void {
  if (JSON.stringify(enums) !== JSON.stringify(PAYLOAD_ENUMS))
    throw new Error('payload: its enums are not the ones this app knows');
}

/**
 * Dates in the payloads are engine minutes (negative before 2000) with `noDate` (−2³¹, the engine's
 * `NO_TIME`) for none; a payload with another marker is refused rather than read with dates lost or made up.
 */
function checkNoDate(noDate: unknown): void {
  if (noDate !== PAYLOAD_NO_DATE) throw new Error(`payload: unknown no-date marker ${String(noDate)}`);
}

/**
 * What a document keeps of the header of a payload being read, once the header names `format` and the
 * no-date marker and enums this app writes; any other is refused.
 */
export function headerPartsOf(header: PayloadHeader & { format: string }, format: string) {
  if (header.format !== format) throw new Error(`unknown payload format ${header.format}`);
  checkNoDate(header.noDate);
  checkEnums(header.enums);
  const { versionId, versionRevision, calcStatus, count, scheduling, calendars } = header;
  return { versionId, versionRevision, calcStatus, count, scheduling, calendars };
}

/** The text of a string-table reference; empty for none. */
export function textOf(doc: Pick<ScheduleDocument, 'strings'>, ref: number): string {
  return ref < 0 ? '' : (doc.strings[ref] ?? '');
}

/** The string-table index of a value, added when new; -1 for none. */
export function intern(doc: ScheduleDocument, value: string | null | undefined): number {
  if (value === null || value === undefined) return -1;
  if (!doc.stringIndex) {
    doc.stringIndex = new Map();
    for (let i = 0; i < doc.strings.length; i++) doc.stringIndex.set(doc.strings[i]!, i);
  }
  let index = doc.stringIndex.get(value);
  if (index === undefined) {
    index = doc.strings.length;
    doc.strings.push(value);
    doc.stringIndex.set(value, index);
  }
  return index;
}

/** "Code Name" of a work (its name alone without a code), as messages name works. */
export function workLabel(doc: ScheduleDocument, row: number): string {
  const code = textOf(doc, doc.code[row]!);
  const name = textOf(doc, doc.name[row]!);
  return code ? `${code} ${name}` : name;
}

export type LimitType = (typeof LIMIT_TYPES)[number];

/** A start or finish constraint in engine minutes. */
export interface MinuteLimit {
  readonly type: LimitType;
  readonly date: number;
}

/** The column value of a limit type (0: none). */
export const limitCode = (type: LimitType | null | undefined): number =>
  type ? LIMIT_TYPES.indexOf(type) + 1 : 0;

/** A work's start or finish constraint; null without one (a type without a date constrains nothing). */
export function limitOf(doc: WorkColumnArrays, row: number, side: 'start' | 'finish'): MinuteLimit | null {
  const code = side === 'start' ? doc.startLimit[row]! : doc.finishLimit[row]!;
  const date = side === 'start' ? doc.startLimitDate[row]! : doc.finishLimitDate[row]!;
  const type = LIMIT_TYPES[code - 1];
  return type && hasDate(date) ? { type, date } : null;
}

/** The fields both payload encodings (binary and JSON) open with: the version, and how to read the columns. */
export interface PayloadHeader {
  versionId: string;
  /** The version's revision (`revision` is the works' column). */
  versionRevision: number;
  calcStatus: number;
  count: number;
  epoch: string;
  noDate: number;
  enums: PayloadEnums;
  scheduling: VersionScheduling;
  calendars: CalendarRecord[];
}

export function payloadHeaderOf(c: ScheduleColumns): PayloadHeader {
  return {
    versionId: c.versionId,
    versionRevision: c.versionRevision,
    calcStatus: c.calcStatus,
    count: c.count,
    epoch: PAYLOAD_EPOCH,
    noDate: PAYLOAD_NO_DATE,
    enums: PAYLOAD_ENUMS,
    scheduling: c.scheduling,
    calendars: c.calendars,
  };
}

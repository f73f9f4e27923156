import { WORK_STATUSES, WORK_TYPES } from '@takt/contracts';
import {
  type CalendarRecord,
  defaultCalendarOf,
  progressWeightsOf,
  ROLLED_UP_COLUMNS,
  type RollUpSource,
  rollUpSummaries,
  sameValue,
} from '@takt/schedule';
import type { Sql } from '../../db/sql';
import { sqlMinutesOfTimestamp, sqlTimestampOfMinutes } from '../../db/time';
import { stringInterner } from '../versions';
import { progressWeighting } from './weights';

const SUMMARY = WORK_TYPES.indexOf('sum');

/** The columns of a work `w` the roll-up reads, as one JSON array (the order of `Row`). */
const rowOf = (w: string) => {
  const minutes = (column: string) => sqlMinutesOfTimestamp(`${w}."${column}"`);
  return `json_build_array(${w}.id, ${w}."parentId", ${w}.type, ${w}.status, ${w}.progress,
    ${w}."durationMinutes", ${minutes('factStart')}, ${minutes('planStart')}, ${minutes('planFinish')},
    ${w}."planVolume", ${w}."factVolume", ${w}.unit, ${w}."calendarId", ${minutes('approvedStart')},
    ${minutes('approvedFinish')}, ${w}."approvedVolume")`;
};

type Row = [
  id: string,
  parentId: string | null,
  type: string,
  status: string,
  progress: number,
  durationMinutes: number,
  factStart: number,
  planStart: number,
  planFinish: number,
  planVolume: number | null,
  factVolume: number | null,
  unit: string | null,
  calendarId: string | null,
  approvedStart: number,
  approvedFinish: number,
  approvedVolume: number | null,
];

/**
 * The works of the version under the top ancestors of `workIds` (every work of the version when null):
 * the subtrees whose summaries a change of those works can move. One statement; a recursive walk up the
 * tree from the works, then down from the topmost rows by the index on version and parent, each row read
 * as it is reached (a join of the walk's ids with the table afterwards is planned as a scan of every
 * work of the table).
 */
async function subtreeRows(sql: Sql, spaceId: string, versionId: string, workIds: readonly string[] | null) {
  const { rows } = await sql.query<{ rows: string | null }>(
    workIds === null
      ? `SELECT json_agg(${rowOf('w')})::text AS rows FROM works w WHERE w."versionId" = $1 AND w."spaceId" = $2`
      : `WITH RECURSIVE up(id, "parentId") AS (
           SELECT id, "parentId" FROM works WHERE "versionId" = $1 AND "spaceId" = $2 AND id = ANY($3::uuid[])
           UNION
           SELECT p.id, p."parentId" FROM works p JOIN up ON p.id = up."parentId" WHERE p."versionId" = $1
         ), down(id, row) AS (
           SELECT w.id, ${rowOf('w')} FROM up JOIN works w ON w.id = up.id WHERE up."parentId" IS NULL
           UNION ALL
           SELECT c.id, ${rowOf('c')} FROM works c JOIN down d ON c."parentId" = d.id WHERE c."versionId" = $1
         )
         SELECT json_agg(row)::text AS rows FROM down`,
    workIds === null ? [versionId, spaceId] : [versionId, spaceId, workIds],
  );
  return rows[0]?.rows ? (JSON.parse(rows[0].rows) as Row[]) : [];
}

/** The rows in an order where every parent comes before its children (what the roll-up's single pass needs). */
function parentsFirst(rows: Row[]): Row[] {
  const byId = new Map(rows.map((r) => [r[0], r]));
  const children = new Map<string, Row[]>();
  const ordered: Row[] = [];
  for (const r of rows) {
    const parent = r[1];
    if (parent !== null && byId.has(parent)) {
      const list = children.get(parent);
      if (list) list.push(r);
      else children.set(parent, [r]);
    } else ordered.push(r);
  }
  for (let i = 0; i < ordered.length; i++) ordered.push(...(children.get(ordered[i]![0]) ?? []));
  return ordered;
}

/** The version's default calendar and the records of it and of `ids` (the calendars of the summaries). */
async function calendarsOf(sql: Sql, spaceId: string, versionId: string, ids: Set<string>) {
  const { rows: space } = await sql.query<{ id: string; isDefault: boolean; chosen: string | null }>(
    `SELECT c.id, c."isDefault", (SELECT "calendarId" FROM versions WHERE id = $2) AS chosen
     FROM calendars c WHERE c."spaceId" = $1 ORDER BY c."createdAt", c.id`,
    [spaceId, versionId],
  );
  const defaultCalendarId = defaultCalendarOf(space[0]?.chosen ?? null, space);
  const wanted = space.filter((c) => c.id === defaultCalendarId || ids.has(c.id)).map((c) => c.id);
  const { rows: calendars } = await sql.query<CalendarRecord>(
    `SELECT c.id, c.name, c."isDefault", c."allDay", c."hoursPerDay", c.week,
       coalesce((SELECT json_agg(json_build_object('date', to_char(e.date, 'YYYY-MM-DD'),
           'until', to_char(e.until, 'YYYY-MM-DD'), 'name', e.name, 'intervals', e.intervals) ORDER BY e.date, e.id)
         FROM calendar_exceptions e WHERE e."calendarId" = c.id), '[]') AS exceptions
     FROM calendars c WHERE c.id = ANY($1::uuid[]) ORDER BY c."createdAt", c.id`,
    [wanted],
  );
  return { defaultCalendarId, calendars };
}

/**
 * Rolls the summaries above `workIds` up from the works under them as stored, and writes those that
 * differ (docs/product-rules.md, "Summary roll-ups"): with their duration, % complete (weighted by the
 * version's scenario), status and volumes, the approved plan — earliest approved start, latest approved
 * finish, approved volume of one unit. `workIds` are the works a change touched and the parents they had
 * before it (a moved or deleted work's old summaries); null rolls up the whole version. Reads only the
 * subtrees of their top ancestors, so an edit costs what its branch of the tree holds, not the version
 * (apps/server/bench/rollups.ts). Run inside the caller's transaction. Answers the ids of the summaries written.
 */
export async function rollUpSummariesAbove(
  sql: Sql,
  spaceId: string,
  versionId: string,
  workIds: readonly string[] | null,
): Promise<string[]> {
  if (workIds !== null && workIds.length === 0) return [];
  const rows = parentsFirst(await subtreeRows(sql, spaceId, versionId, workIds));
  const n = rows.length;
  if (!rows.some((r) => r[2] === 'sum')) return [];
  const strings: string[] = [];
  const intern = stringInterner(strings);
  const rowById = new Map(rows.map((r, i) => [r[0], i]));
  const source = {
    count: n,
    parent: Int32Array.from(rows, (r) => (r[1] === null ? -1 : (rowById.get(r[1]) ?? -1))),
    type: Uint8Array.from(rows, (r) => Math.max(0, WORK_TYPES.indexOf(r[2] as never))),
    status: Uint8Array.from(rows, (r) => Math.max(0, WORK_STATUSES.indexOf(r[3] as never))),
    progress: Float64Array.from(rows, (r) => r[4]),
    durationMinutes: Int32Array.from(rows, (r) => r[5]),
    factStart: Int32Array.from(rows, (r) => r[6]),
    planStart: Int32Array.from(rows, (r) => r[7]),
    planFinish: Int32Array.from(rows, (r) => r[8]),
    planVolume: Float64Array.from(rows, (r) => r[9] ?? Number.NaN),
    factVolume: Float64Array.from(rows, (r) => r[10] ?? Number.NaN),
    unit: Int32Array.from(rows, (r) => intern(r[11])),
    calendar: Int32Array.from(rows, (r) => intern(r[12])),
    strings,
  };
  const approved = {
    approvedStart: Int32Array.from(rows, (r) => r[13]),
    approvedFinish: Int32Array.from(rows, (r) => r[14]),
    approvedVolume: Float64Array.from(rows, (r) => r[15] ?? Number.NaN),
  };
  const ids = rows.map((r) => r[0]);
  const summaryCalendars = new Set<string>();
  for (const r of rows) if (r[2] === 'sum' && r[12] !== null) summaryCalendars.add(r[12]);
  const { defaultCalendarId, calendars } = await calendarsOf(sql, spaceId, versionId, summaryCalendars);
  const doc: RollUpSource = { ...source, calendars, scheduling: { defaultCalendarId } };
  const weighting = await progressWeighting(sql, versionId, workIds === null ? null : ids);
  const weights = progressWeightsOf({ count: n, ids, planVolume: source.planVolume }, weighting);
  const rolled = rollUpSummaries(doc, { weights, approved });
  const after = { ...rolled, ...rolled.approved! };
  const before = { ...source, ...approved };
  const columns = [...ROLLED_UP_COLUMNS, 'approvedStart', 'approvedFinish', 'approvedVolume'] as const;
  const changed: number[] = [];
  for (let row = 0; row < n; row++)
    if (source.type[row] === SUMMARY && columns.some((c) => !sameValue(before[c][row]!, after[c][row]!)))
      changed.push(row);
  if (!changed.length) return [];
  const volume = (a: Float64Array) => changed.map((row) => (Number.isNaN(a[row]!) ? null : a[row]!));
  await sql.query(
    `UPDATE works w SET "durationMinutes" = u.duration, progress = u.progress,
       status = u.status::"WorkStatus", "planVolume" = u.plan, "factVolume" = u.fact, unit = u.unit,
       "approvedStart" = ${sqlTimestampOfMinutes('u.astart')}, "approvedFinish" = ${sqlTimestampOfMinutes('u.afinish')},
       "approvedVolume" = u.avolume
     FROM unnest($1::uuid[], $2::int[], $3::float8[], $4::text[], $5::float8[], $6::float8[], $7::text[],
       $8::int[], $9::int[], $10::float8[])
       AS u(id, duration, progress, status, plan, fact, unit, astart, afinish, avolume)
     WHERE w.id = u.id`,
    [
      changed.map((row) => ids[row]),
      changed.map((row) => after.durationMinutes[row]!),
      changed.map((row) => after.progress[row]!),
      changed.map((row) => WORK_STATUSES[after.status[row]!] ?? 'not_started'),
      volume(after.planVolume),
      volume(after.factVolume),
      changed.map((row) => (after.unit[row]! >= 0 ? strings[after.unit[row]!]! : null)),
      changed.map((row) => after.approvedStart[row]!),
      changed.map((row) => after.approvedFinish[row]!),
      volume(after.approvedVolume),
    ],
  );
  return changed.map((row) => ids[row]!);
}

import type { WorkColumnArrays } from '@takt/contracts';
import { LIMIT_TYPES, WORK_STATUSES, WORK_TYPES } from '@takt/contracts';
import { type CalculateOptions, timeFromIso } from '@takt/engine';
import {
  type CalendarRecord,
  defaultCalendarOf,
  encodeJsonPayload,
  type JsonPayload,
  PAYLOAD_NO_DATE,
  type ScheduleColumns,
} from '@takt/schedule';
import type { Sql } from '../../db/sql';
import { sqlMinutesOfTimestamp } from '../../db/time';
import { AppError } from '../../errors';
import {
  copyWorksAndRelations,
  DATE_COLUMNS,
  RELATION_FIELDS,
  unpackedWorkCodes,
  WORK_FIELDS,
  workColumnsOfCopy,
} from './document-columns';

/**
 * A version as `@takt/schedule` columns in WBS order (docs/architecture.md, "The engine and the payload
 * to the browser"), plus what only the server needs: the ids of the relations, in the order of their
 * columns. Both payloads are written from these columns and the calculation reads them too, so the
 * browser's what-if and the server's calculation start from the same document.
 */
export interface VersionColumns extends ScheduleColumns {
  relationIds: string[];
  /** Per work in WBS order: the `xmin` of its row (the transaction that wrote it last) and its ordering key. */
  xmins: Float64Array;
  sortKeys: Int32Array;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `CASE` index of an enum value in `values` (0 when unknown), parenthesized for arithmetic. */
const enumIndex = (column: string, values: readonly string[]) =>
  `(CASE ${column}::text ${values.map((v, i) => `WHEN '${v}' THEN ${i}`).join(' ')} ELSE 0 END)`;
/** One bytea of big-endian values per column: no per-value text to print in PostgreSQL or parse here. */
const bytes = (expression: string) => `string_agg(${expression}, ''::bytea)`;

/** Reads the big-endian int32 at `at` of each source row `order[row]`. */
function int32Column(data: Buffer | null, order: Int32Array): Int32Array {
  const out = new Int32Array(order.length);
  if (!data) return out;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let row = 0; row < order.length; row++) out[row] = view.getInt32(order[row]! * 4);
  return out;
}

function float64Column(data: Buffer | null, order: Int32Array): Float64Array {
  const out = new Float64Array(order.length);
  if (!data) return out;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let row = 0; row < order.length; row++) out[row] = view.getFloat64(order[row]! * 8);
  return out;
}

const MICROSECONDS_PER_MINUTE = 60_000_000;
/**
 * PostgreSQL timestamps as sent on the wire (`timestamp_send`): big-endian int64 microseconds since
 * 2000-01-01 — the engine's epoch — with -infinity for none (→ `PAYLOAD_NO_DATE`). Minutes round half away from zero.
 */
function minutesColumn(data: Buffer | null, order: Int32Array): Int32Array {
  const out = new Int32Array(order.length);
  if (!data) return out;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let row = 0; row < order.length; row++) {
    const at = order[row]! * 8;
    const high = view.getInt32(at);
    const low = view.getUint32(at + 4);
    if (high === -2147483648 && low === 0) out[row] = PAYLOAD_NO_DATE;
    else {
      const minutes = (high * 4294967296 + low) / MICROSECONDS_PER_MINUTE;
      out[row] = minutes < 0 ? -Math.round(-minutes) : Math.round(minutes);
    }
  }
  return out;
}

// 0 for no limit, else 1 + its index in LIMIT_TYPES.
const limitCode = (column: string) =>
  `(1 + ${enumIndex(`"${column}"`, LIMIT_TYPES)}) * ("${column}" IS NOT NULL)::int`;

/** Every column of works a document holds, each aggregated over the rows selected (see `versionColumns`). */
const WORK_AGGREGATES = `json_agg(id)::text AS id, json_agg("parentId")::text AS "parentId",
  ${bytes('int4send("sortKey")')} AS "sortKey",
  ${bytes('int8send(xmin::text::bigint)')} AS xmin,
  ${bytes('int4send("durationMinutes")')} AS "durationMinutes",
  ${bytes('int4send(coalesce("totalFloat", 0))')} AS "totalFloat",
  ${bytes('int4send(coalesce("freeFloat", 0))')} AS "freeFloat",
  ${bytes('int4send(revision)')} AS revision,
  ${bytes(`int4send(${enumIndex('type', WORK_TYPES)} + 256 * ${enumIndex('status', WORK_STATUSES)} + CASE WHEN critical THEN 65536 ELSE 0 END)`)} AS flags,
  ${bytes(`int4send(${limitCode('startLimit')} + 256 * ${limitCode('finishLimit')})`)} AS limits,
  ${DATE_COLUMNS.map((c) => `${bytes(`timestamp_send(coalesce("${c}", '-infinity'))`)} AS "${c}"`).join(', ')},
  ${bytes('float8send(progress)')} AS progress,
  ${bytes(`float8send(coalesce("planVolume", 'NaN'))`)} AS "planVolume",
  ${bytes(`float8send(coalesce("factVolume", 'NaN'))`)} AS "factVolume",
  json_agg(code)::text AS code, json_agg(name)::text AS name, json_agg(unit)::text AS unit,
  json_agg("calendarId")::text AS calendar, json_agg("executorId")::text AS executor,
  json_agg("curatorId")::text AS curator`;

type AggregateRow = Record<string, string | Buffer | null>;
const json = <T>(row: AggregateRow, name: string): T[] =>
  row[name] ? (JSON.parse(row[name] as string) as T[]) : [];
const binary = (row: AggregateRow, name: string) => row[name] as Buffer | null;

/** Reads the big-endian int64 (an `xmin`) at each source row `order[row]`. */
function int64Column(data: Buffer | null, order: Int32Array): Float64Array {
  const out = new Float64Array(order.length);
  if (!data) return out;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let row = 0; row < order.length; row++) out[row] = Number(view.getBigInt64(order[row]! * 8));
  return out;
}

/**
 * The work columns of a works aggregate (`WORK_AGGREGATES`) but the parent, output row `row` being
 * source row `order[row]`; strings through `intern`.
 */
function workColumnsOf(
  w: AggregateRow,
  order: Int32Array,
  intern: (value: string | null) => number,
): Omit<WorkColumnArrays, 'parent'> {
  const n = order.length;
  const interned = (name: string) => {
    const values = json<string | null>(w, name);
    const out = new Int32Array(n);
    for (let row = 0; row < n; row++) out[row] = intern(values[order[row]!]!);
    return out;
  };
  const { type, status, critical, startLimit, finishLimit } = unpackedWorkCodes(
    int32Column(binary(w, 'flags'), order),
    int32Column(binary(w, 'limits'), order),
  );
  const minutes = (name: string) => minutesColumn(binary(w, name), order);
  return {
    code: interned('code'),
    name: interned('name'),
    type,
    status,
    durationMinutes: int32Column(binary(w, 'durationMinutes'), order),
    calendar: interned('calendar'),
    planStart: minutes('planStart'),
    planFinish: minutes('planFinish'),
    factStart: minutes('factStart'),
    factFinish: minutes('factFinish'),
    earlyStart: minutes('earlyStart'),
    earlyFinish: minutes('earlyFinish'),
    lateStart: minutes('lateStart'),
    lateFinish: minutes('lateFinish'),
    totalFloat: int32Column(binary(w, 'totalFloat'), order),
    freeFloat: int32Column(binary(w, 'freeFloat'), order),
    critical,
    progress: float64Column(binary(w, 'progress'), order),
    planVolume: float64Column(binary(w, 'planVolume'), order),
    factVolume: float64Column(binary(w, 'factVolume'), order),
    unit: interned('unit'),
    executor: interned('executor'),
    curator: interned('curator'),
    revision: int32Column(binary(w, 'revision'), order),
    startLimit,
    startLimitDate: minutes('startLimitDate'),
    finishLimit,
    finishLimitDate: minutes('finishLimitDate'),
  };
}

/**
 * Interns texts into `strings`, which may hold some already: the index of each text in it (added at the
 * end when new), -1 for none.
 */
export function stringInterner(strings: string[]) {
  const indexOf = new Map<string, number>();
  for (let i = 0; i < strings.length; i++) indexOf.set(strings[i]!, i);
  return (value: string | null) => {
    if (value === null) return -1;
    let index = indexOf.get(value);
    if (index === undefined) {
      index = strings.push(value) - 1;
      indexOf.set(value, index);
    }
    return index;
  };
}

/**
 * The works of the version whose `xmin` is none of `stamps` — those written since a document holding
 * these `xmin`s was read —, in no particular order: their ids, parents, ordering keys, `xmin`s and
 * columns; null when there are more than `limit`. A write gives the rows it touches the id of its own
 * transaction, which no row held before, so these are exactly the works written since (and any work
 * added). One scan of the version's works that sends only those rows, instead of every work's id and
 * `xmin` to compare here.
 */
export async function worksWrittenSince(
  sql: Sql,
  spaceId: string,
  versionId: string,
  stamps: readonly number[],
  limit: number,
  intern: (value: string | null) => number,
) {
  const { rows } = await sql.query<AggregateRow>({
    text: `SELECT ${WORK_AGGREGATES} FROM (
        SELECT *, xmin FROM works
        WHERE "versionId" = $1 AND "spaceId" = $2 AND xmin::text::bigint <> ALL($3::bigint[])
        LIMIT $4) works`,
    values: [versionId, spaceId, stamps, limit + 1],
  });
  const w = rows[0]!;
  const found = json<string>(w, 'id');
  if (found.length > limit) return null;
  const identity = Int32Array.from(found, (_, i) => i);
  return {
    ids: found,
    parentIds: json<string | null>(w, 'parentId'),
    sortKeys: int32Column(binary(w, 'sortKey'), identity),
    xmins: int64Column(binary(w, 'xmin'), identity),
    columns: workColumnsOf(w, identity, intern),
  };
}

/**
 * Runs the queries at once on a pool (each on its own connection), one after the other on a single
 * connection (inside a transaction), which cannot run two at a time.
 */
function inParallel<T extends readonly (() => Promise<unknown>)[]>(
  sql: Sql,
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  // A connection taken from the pool (`PoolClient`) can be released; the pool itself cannot.
  if (!('release' in sql)) return Promise.all(queries.map((q) => q())) as Promise<Results>;
  return (async () => {
    const out: unknown[] = [];
    for (const q of queries) out.push(await q());
    return out as Results;
  })();
}

/** The version row's scheduling fields. */
export interface VersionFields {
  calcStatus: number;
  revision: number;
  calendarId: string | null;
  projectStart: number;
  dataDate: number;
  scheduleOptions: (CalculateOptions & { projectFinish?: string }) | null;
}

/** The version row's scheduling fields, undefined when the space has no such version. */
export async function versionFields(
  sql: Sql,
  spaceId: string,
  versionId: string,
): Promise<VersionFields | undefined> {
  const { rows } = await sql.query<VersionFields>(
    // the options are the version's own (an imported file's), else its schedule's, else its project's: the
    // nearest project above the schedule, whatever nodes stand between (a schedule group is no EPS node
    // today, but a node between must not hide the project's options)
    `SELECT v."calcStatus", v.revision, v."calendarId",
       ${sqlMinutesOfTimestamp('v."projectStart"')} AS "projectStart",
       ${sqlMinutesOfTimestamp('v."dataDate"')} AS "dataDate",
       coalesce(v."scheduleOptions", nullif(s.settings->'calculation', 'null'::jsonb),
         nullif(p.settings#>'{calculate,options}', 'null'::jsonb)) AS "scheduleOptions"
     FROM versions v JOIN eps_nodes s ON s.id = v."scheduleId"
       LEFT JOIN LATERAL (
         WITH RECURSIVE up AS (
           SELECT n.id, n."parentId", n.kind, n.settings, 1 AS depth FROM eps_nodes n WHERE n.id = s."parentId"
           UNION ALL
           SELECT n.id, n."parentId", n.kind, n.settings, up.depth + 1 FROM eps_nodes n JOIN up ON n.id = up."parentId"
            WHERE up.kind <> 'project' AND up.depth < 64)
         SELECT settings FROM up WHERE kind = 'project' ORDER BY depth LIMIT 1) p ON true
     WHERE v.id = $1 AND v."spaceId" = $2`,
    [versionId, spaceId],
  );
  return rows[0];
}

/**
 * What of the version row its document is built from besides its status and revision: equal keys, equal
 * scheduling of the same works.
 */
export const schedulingKeyOf = ({ calcStatus: _status, revision: _revision, ...scheduling }: VersionFields) =>
  JSON.stringify(scheduling);

/** A date of the stored options (`YYYY-MM-DDTHH:mm`) as engine minutes; none when absent or unreadable. */
function optionDate(text: string | undefined): number {
  if (!text) return PAYLOAD_NO_DATE;
  try {
    return timeFromIso(text.length === 10 ? `${text}T00:00` : text);
  } catch {
    return PAYLOAD_NO_DATE;
  }
}

/**
 * Reads a version's document: works and relations as columns (below), the version's scheduling
 * fields, the dated predecessors of other schedules its works follow, and the calendars its works, those
 * predecessors and the version itself use.
 *
 * Works and relations come by one binary COPY each (`copyWorksAndRelations`, decoded into columns in one
 * pass): no per-row JS objects are built (letting `pg` materialize 100k rows × 27 fields took ~1 s), and
 * PostgreSQL sends them in about half the time it took to aggregate each column into one value (how they
 * were read before). Relations come in the order of their ids, not as they lie on disk (an update moves a
 * row), so a version reads the same until it changes — a payload primed after a calculation equals the one
 * read again. The queries have no joins, so no plan can go quadratic on freshly bulk-loaded tables; the WBS
 * order (depth-first by ordering key) is computed here.
 */
export async function versionColumns(sql: Sql, spaceId: string, versionId: string): Promise<VersionColumns> {
  const [version, copied, externals, spaceCalendars] = await inParallel(sql, [
    () => versionFields(sql, spaceId, versionId),
    () => copyWorksAndRelations(sql, spaceId, versionId),
    // A predecessor of another schedule enters the calculation held at its own calculated (else planned) start.
    () =>
      sql.query<{ id: string; anchor: number; durationMinutes: number; calendarId: string | null }>(
        `SELECT DISTINCT p.id, ${sqlMinutesOfTimestamp('coalesce(p."earlyStart", p."planStart")')} AS anchor,
         p."durationMinutes", p."calendarId"
       FROM relations r JOIN works p ON p.id = r."predecessorId"
       WHERE r."versionId" = $1 AND r."spaceId" = $2 AND p."versionId" <> $1
         AND coalesce(p."earlyStart", p."planStart") IS NOT NULL
       ORDER BY p.id`,
        [versionId, spaceId],
      ),
    // In a stable order: without a default calendar the space's first one is the version's.
    () =>
      sql.query<{ id: string; isDefault: boolean }>(
        `SELECT id, "isDefault" FROM calendars WHERE "spaceId" = $1 ORDER BY "createdAt", id`,
        [spaceId],
      ),
  ] as const);
  if (!version) throw new AppError('NotFound');
  const { works: w, relations: r } = copied;

  // WBS order: depth-first over siblings sorted by ordering key (ties by id, so it is stable).
  const ids = w.texts(WORK_FIELDS.id) as string[];
  const parentIds = w.texts(WORK_FIELDS.parentId);
  const n = ids.length;
  const identity = new Int32Array(n);
  for (let i = 0; i < n; i++) identity[i] = i;
  const sortKeys = w.int32(WORK_FIELDS.sortKey, identity);
  const indexById = new Map<string, number>();
  for (let i = 0; i < n; i++) indexById.set(ids[i]!, i);
  const parentOf = new Int32Array(n);
  const childrenOf: number[][] = [];
  const roots: number[] = [];
  for (let i = 0; i < n; i++) {
    const parent = parentIds[i] === null ? undefined : indexById.get(parentIds[i]!);
    parentOf[i] = parent ?? -1;
    if (parent === undefined) roots.push(i);
    else {
      childrenOf[parent] ??= [];
      childrenOf[parent].push(i);
    }
  }
  const bySortKey = (a: number, b: number) => sortKeys[a]! - sortKeys[b]! || (ids[a]! < ids[b]! ? -1 : 1);
  const order = new Int32Array(n);
  let placed = 0;
  const stack = roots.sort(bySortKey).reverse();
  while (stack.length) {
    const i = stack.pop()!;
    order[placed++] = i;
    const kids = childrenOf[i];
    if (kids) {
      kids.sort(bySortKey);
      for (let k = kids.length - 1; k >= 0; k--) stack.push(kids[k]!);
    }
  }
  const rowOf = new Int32Array(n);
  for (let row = 0; row < n; row++) rowOf[order[row]!] = row;

  const strings: string[] = [];
  const intern = stringInterner(strings);
  const parent = new Int32Array(n);
  for (let row = 0; row < n; row++) {
    const p = parentOf[order[row]!]!;
    parent[row] = p < 0 ? -1 : rowOf[p]!;
  }
  const columns = workColumnsOfCopy(w, order, intern);

  const predecessorIds = r.texts(RELATION_FIELDS.predecessorId) as string[];
  const successorIds = r.texts(RELATION_FIELDS.successorId) as string[];
  const m = predecessorIds.length;
  const relationOrder = new Int32Array(m);
  for (let k = 0; k < m; k++) relationOrder[k] = k;
  const relationFlags = r.int32(RELATION_FIELDS.flags, relationOrder);
  const predecessor = new Int32Array(m);
  const externalPredecessor = new Int32Array(m);
  const successor = new Int32Array(m);
  const linkType = new Uint8Array(m);
  const driving = new Uint8Array(m);
  for (let k = 0; k < m; k++) {
    const i = indexById.get(predecessorIds[k]!);
    predecessor[k] = i === undefined ? -1 : rowOf[i]!;
    externalPredecessor[k] = i === undefined ? intern(predecessorIds[k]!) : -1;
    successor[k] = rowOf[indexById.get(successorIds[k]!)!]!;
    linkType[k] = relationFlags[k]! & 0xff;
    driving[k] = (relationFlags[k]! >> 8) & 1;
  }

  const { calendar } = columns;

  const x = externals.rows;
  const defaultCalendarId = defaultCalendarOf(version.calendarId, spaceCalendars.rows);
  const used = new Set<string>([defaultCalendarId]);
  for (let row = 0; row < n; row++) if (calendar[row]! >= 0) used.add(strings[calendar[row]!]!);
  for (const e of x) if (e.calendarId) used.add(e.calendarId);
  const calendars = await sql.query<CalendarRecord>(
    `SELECT c.id, c.name, c."isDefault", c."allDay", c."hoursPerDay", c.week,
       coalesce((SELECT json_agg(json_build_object('date', to_char(e.date, 'YYYY-MM-DD'),
           'until', to_char(e.until, 'YYYY-MM-DD'), 'name', e.name, 'intervals', e.intervals) ORDER BY e.date, e.id)
         FROM calendar_exceptions e WHERE e."calendarId" = c.id), '[]') AS exceptions
     FROM calendars c WHERE c."spaceId" = $1 AND c.id = ANY($2::uuid[]) ORDER BY c."createdAt", c.id`,
    [spaceId, [...used].filter((id) => UUID.test(id))],
  );

  const { projectFinish, ...options } = version.scheduleOptions ?? {};
  const orderedIds = new Array<string>(n);
  for (let row = 0; row < n; row++) orderedIds[row] = ids[order[row]!]!;
  return {
    versionId,
    versionRevision: version.revision,
    calcStatus: version.calcStatus,
    count: n,
    ids: orderedIds,
    works: { parent, ...columns },
    relations: {
      count: m,
      predecessor,
      externalPredecessor,
      successor,
      type: linkType,
      lagMinutes: r.int32(RELATION_FIELDS.lagMinutes, relationOrder),
      driving,
    },
    relationIds: r.texts(RELATION_FIELDS.id) as string[],
    xmins: w.float64(WORK_FIELDS.xmin, order),
    sortKeys: w.int32(WORK_FIELDS.sortKey, order),
    externals: {
      count: x.length,
      id: Int32Array.from(x, (e) => intern(e.id)),
      anchor: Int32Array.from(x, (e) => e.anchor),
      durationMinutes: Int32Array.from(x, (e) => e.durationMinutes),
      calendar: Int32Array.from(x, (e) => intern(e.calendarId)),
    },
    strings,
    scheduling: {
      projectStart: version.projectStart,
      dataDate: version.dataDate,
      projectFinish: optionDate(projectFinish),
      defaultCalendarId,
      options,
    },
    calendars: calendars.rows,
  };
}

/**
 * The version as the `takt.columnar.v2` JSON payload (tRPC `versions.payload`, REST `…/payload`):
 * the columns as plain arrays. The grid loads the binary form (`versionPayloadBinary`) instead.
 */
export async function versionPayload(sql: Sql, spaceId: string, versionId: string): Promise<JsonPayload> {
  return encodeJsonPayload(await versionColumns(sql, spaceId, versionId));
}

import {
  LINK_TYPES,
  type RelationColumnArrays,
  WORK_STATUSES,
  WORK_TYPES,
  type WorkColumnArrays,
} from '@takt/contracts';
import { NO_TIME } from '@takt/engine';
import type { Sql } from '../../db/sql';
import { versionOf } from './guard';

/**
 * A version as typed columns in WBS order (docs/architecture.md, "The engine and the payload to the browser"): one array per field, strings (codes, names,
 * units, calendar and user ids) through a string table, dates as engine minutes since 2000-01-01
 * (negative before it: the engine's range is 1900–2199) with `PAYLOAD_NO_DATE` for none. Both payload formats — `takt.columnar.v1` JSON and the binary one the grid loads
 * (`binary.ts`) — are written from these columns.
 */
export interface VersionColumns {
  versionId: string;
  calcStatus: number;
  count: number;
  /** Work ids in WBS order (UUIDs). */
  ids: string[];
  works: WorkColumnArrays;
  relations: RelationColumnArrays;
  strings: string[];
}

export const PAYLOAD_EPOCH = '2000-01-01T00:00';
/**
 * "No date" in the payloads' date columns: the engine's `NO_TIME`, −2³¹ (the smallest int32, below the
 * range). Every other value is a date, negative ones before 2000. Sent as `noDate` in both payloads.
 */
export const PAYLOAD_NO_DATE: number = NO_TIME;
export const PAYLOAD_ENUMS = { type: WORK_TYPES, status: WORK_STATUSES, linkType: LINK_TYPES };

const DATE_COLUMNS = [
  'planStart',
  'planFinish',
  'factStart',
  'factFinish',
  'earlyStart',
  'earlyFinish',
  'lateStart',
  'lateFinish',
] as const;

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

/**
 * Reads a version's works and relations as columns. PostgreSQL aggregates each column into one value
 * (every aggregate of one query sees the rows in the same order; `json_agg` has no combine function,
 * so no parallel plan splits them): numbers and dates as one bytea of binary values each, strings as
 * JSON arrays. No per-row JS objects are built: letting `pg` materialize 100k rows × 27 fields took
 * ~1 s. The queries have no joins, so no plan can go quadratic on freshly bulk-loaded tables; the WBS
 * order (depth-first by ordering key) is computed here.
 */
export async function versionColumns(sql: Sql, spaceId: string, versionId: string): Promise<VersionColumns> {
  const dates = DATE_COLUMNS.map(
    (c) => `${bytes(`timestamp_send(coalesce("${c}", '-infinity'))`)} AS "${c}"`,
  ).join(', ');
  const [version, works, relations] = await Promise.all([
    versionOf(sql, spaceId, versionId),
    sql.query<Record<string, string | Buffer | null>>({
      text: `SELECT json_agg(id)::text AS id, json_agg("parentId")::text AS "parentId",
          ${bytes('int4send("sortKey")')} AS "sortKey",
          ${bytes('int4send("durationMinutes")')} AS "durationMinutes",
          ${bytes('int4send(coalesce("totalFloat", 0))')} AS "totalFloat",
          ${bytes('int4send(coalesce("freeFloat", 0))')} AS "freeFloat",
          ${bytes('int4send(revision)')} AS revision,
          ${bytes(`int4send(${enumIndex('type', WORK_TYPES)} + 256 * ${enumIndex('status', WORK_STATUSES)} + CASE WHEN critical THEN 65536 ELSE 0 END)`)} AS flags,
          ${dates},
          ${bytes('float8send(progress)')} AS progress,
          ${bytes(`float8send(coalesce("planVolume", 'NaN'))`)} AS "planVolume",
          ${bytes(`float8send(coalesce("factVolume", 'NaN'))`)} AS "factVolume",
          json_agg(code)::text AS code, json_agg(name)::text AS name, json_agg(unit)::text AS unit,
          json_agg("calendarId")::text AS calendar, json_agg("executorId")::text AS executor,
          json_agg("curatorId")::text AS curator
        FROM works WHERE "versionId" = $1 AND "spaceId" = $2`,
      values: [versionId, spaceId],
    }),
    sql.query<Record<string, string | Buffer | null>>({
      text: `SELECT json_agg("predecessorId")::text AS "predecessorId",
          json_agg("successorId")::text AS "successorId",
          ${bytes(`int4send(${enumIndex('type', LINK_TYPES)} + CASE WHEN driving THEN 256 ELSE 0 END)`)} AS flags,
          ${bytes('int4send("lagMinutes")')} AS "lagMinutes"
        FROM relations WHERE "versionId" = $1 AND "spaceId" = $2`,
      values: [versionId, spaceId],
    }),
  ]);
  const w = works.rows[0]!;
  const r = relations.rows[0]!;
  const json = <T>(row: Record<string, string | Buffer | null>, name: string): T[] =>
    row[name] ? (JSON.parse(row[name] as string) as T[]) : [];
  const binary = (row: Record<string, string | Buffer | null>, name: string) => row[name] as Buffer | null;

  // WBS order: depth-first over siblings sorted by ordering key (ties by id, so it is stable).
  const ids = json<string>(w, 'id');
  const parentIds = json<string | null>(w, 'parentId');
  const n = ids.length;
  const identity = new Int32Array(n);
  for (let i = 0; i < n; i++) identity[i] = i;
  const sortKeys = int32Column(binary(w, 'sortKey'), identity);
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
  const stringIndex = new Map<string, number>();
  const intern = (value: string | null) => {
    if (value === null) return -1;
    let index = stringIndex.get(value);
    if (index === undefined) {
      index = strings.length;
      strings.push(value);
      stringIndex.set(value, index);
    }
    return index;
  };
  const interned = (name: string) => {
    const values = json<string | null>(w, name);
    const out = new Int32Array(n);
    for (let row = 0; row < n; row++) out[row] = intern(values[order[row]!]!);
    return out;
  };
  const parent = new Int32Array(n);
  for (let row = 0; row < n; row++) {
    const p = parentOf[order[row]!]!;
    parent[row] = p < 0 ? -1 : rowOf[p]!;
  }
  const flags = int32Column(binary(w, 'flags'), order);
  const type = new Uint8Array(n);
  const status = new Uint8Array(n);
  const critical = new Uint8Array(n);
  for (let row = 0; row < n; row++) {
    type[row] = flags[row]! & 0xff;
    status[row] = (flags[row]! >> 8) & 0xff;
    critical[row] = (flags[row]! >> 16) & 1;
  }
  const minutes = (name: string) => minutesColumn(binary(w, name), order);

  const predecessorIds = json<string>(r, 'predecessorId');
  const successorIds = json<string>(r, 'successorId');
  const m = predecessorIds.length;
  const relationOrder = new Int32Array(m);
  for (let k = 0; k < m; k++) relationOrder[k] = k;
  const relationFlags = int32Column(binary(r, 'flags'), relationOrder);
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

  const orderedIds = new Array<string>(n);
  for (let row = 0; row < n; row++) orderedIds[row] = ids[order[row]!]!;
  return {
    versionId,
    calcStatus: version.calcStatus,
    count: n,
    ids: orderedIds,
    works: {
      parent,
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
    },
    relations: {
      count: m,
      predecessor,
      externalPredecessor,
      successor,
      type: linkType,
      lagMinutes: int32Column(binary(r, 'lagMinutes'), relationOrder),
      driving,
    },
    strings,
  };
}

const list = (values: ArrayLike<number>) => Array.from(values);
const orNull = (values: Float64Array) => Array.from(values, (v) => (Number.isNaN(v) ? null : v));

/**
 * The version as the `takt.columnar.v1` JSON payload (tRPC `versions.payload`, REST `…/payload`):
 * the columns as plain arrays. The grid loads the binary form (`versionPayloadBinary`) instead.
 */
export async function versionPayload(sql: Sql, spaceId: string, versionId: string) {
  const c = await versionColumns(sql, spaceId, versionId);
  const w = c.works;
  const r = c.relations;
  return {
    format: 'takt.columnar.v1',
    versionId,
    calcStatus: c.calcStatus,
    count: c.count,
    epoch: PAYLOAD_EPOCH,
    noDate: PAYLOAD_NO_DATE,
    enums: PAYLOAD_ENUMS,
    works: {
      id: c.ids,
      parent: list(w.parent),
      code: list(w.code),
      name: list(w.name),
      type: list(w.type),
      status: list(w.status),
      durationMinutes: list(w.durationMinutes),
      calendar: list(w.calendar),
      planStart: list(w.planStart),
      planFinish: list(w.planFinish),
      factStart: list(w.factStart),
      factFinish: list(w.factFinish),
      earlyStart: list(w.earlyStart),
      earlyFinish: list(w.earlyFinish),
      lateStart: list(w.lateStart),
      lateFinish: list(w.lateFinish),
      totalFloat: list(w.totalFloat),
      freeFloat: list(w.freeFloat),
      critical: list(w.critical),
      progress: list(w.progress),
      planVolume: orNull(w.planVolume),
      factVolume: orNull(w.factVolume),
      unit: list(w.unit),
      executor: list(w.executor),
      curator: list(w.curator),
      revision: list(w.revision),
    },
    relations: {
      count: r.count,
      /** Row of the predecessor, or -1 with its id in `externalPredecessor` for links from other schedules. */
      predecessor: list(r.predecessor),
      externalPredecessor: list(r.externalPredecessor),
      successor: list(r.successor),
      type: list(r.type),
      lagMinutes: list(r.lagMinutes),
      driving: list(r.driving),
    },
    strings: c.strings,
  };
}

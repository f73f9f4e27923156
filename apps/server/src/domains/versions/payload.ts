import { LINK_TYPES, WORK_STATUSES, WORK_TYPES } from '@takt/contracts';
import type { Sql } from './guard';
import { versionOf } from './guard';

/** Minutes since 2000-01-01T00:00 — the engine's time axis — or -1 for no date. */
const minutes = (column: string) =>
  `coalesce((extract(epoch from (${column} - timestamp '2000-01-01')) / 60)::int, -1)`;

/**
 * A version as one columnar payload (DESIGN.md §3): rows in WBS order, one array per field, strings
 * (codes, names, units, calendar and user ids) through a string table, dates as engine minutes. The
 * client turns each numeric array into a typed array that the engine and the Gantt read directly.
 *
 * PostgreSQL emits each column as one JSON array (every aggregate of one query sees the rows in the
 * same order), so no per-row JS objects are built: letting `pg` materialize 100k rows × 27 fields took
 * ~1 s. The queries have no joins, so no plan can go quadratic on freshly bulk-loaded tables; the WBS
 * order (depth-first by ordering key) is computed here over the arrays.
 */
export async function versionPayload(sql: Sql, spaceId: string, versionId: string) {
  const version = await versionOf(sql, spaceId, versionId);
  const workColumns: [string, string][] = [
    ['id', 'id'],
    ['parentId', '"parentId"'],
    ['sortKey', '"sortKey"'],
    ['code', 'code'],
    ['name', 'name'],
    ['type', 'type::text'],
    ['status', 'status::text'],
    ['durationMinutes', '"durationMinutes"'],
    ['calendar', '"calendarId"'],
    ['planStart', minutes('"planStart"')],
    ['planFinish', minutes('"planFinish"')],
    ['factStart', minutes('"factStart"')],
    ['factFinish', minutes('"factFinish"')],
    ['earlyStart', minutes('"earlyStart"')],
    ['earlyFinish', minutes('"earlyFinish"')],
    ['lateStart', minutes('"lateStart"')],
    ['lateFinish', minutes('"lateFinish"')],
    ['totalFloat', 'coalesce("totalFloat", 0)'],
    ['freeFloat', 'coalesce("freeFloat", 0)'],
    ['critical', 'CASE WHEN critical THEN 1 ELSE 0 END'],
    ['progress', 'progress'],
    ['planVolume', '"planVolume"'],
    ['factVolume', '"factVolume"'],
    ['unit', 'unit'],
    ['executor', '"executorId"'],
    ['curator', '"curatorId"'],
    ['revision', 'revision'],
  ];
  const relationColumns: [string, string][] = [
    ['predecessorId', '"predecessorId"'],
    ['successorId', '"successorId"'],
    ['type', 'type::text'],
    ['lagMinutes', '"lagMinutes"'],
    ['driving', 'CASE WHEN driving THEN 1 ELSE 0 END'],
  ];
  const select = (columns: [string, string][]) =>
    columns.map(([name, expression]) => `json_agg(${expression})::text AS "${name}"`).join(', ');
  const [works, relations] = await Promise.all([
    sql.query<Record<string, string | null>>({
      text: `SELECT ${select(workColumns)} FROM works WHERE "versionId" = $1 AND "spaceId" = $2`,
      values: [versionId, spaceId],
    }),
    sql.query<Record<string, string | null>>({
      text: `SELECT ${select(relationColumns)} FROM relations WHERE "versionId" = $1 AND "spaceId" = $2`,
      values: [versionId, spaceId],
    }),
  ]);
  const parse = <T>(row: Record<string, string | null>, name: string): T[] =>
    row[name] ? (JSON.parse(row[name]) as T[]) : [];
  const w = works.rows[0]!;
  const r = relations.rows[0]!;

  // WBS order: depth-first over siblings sorted by ordering key (ties by id, so it is stable).
  const ids = parse<string>(w, 'id');
  const parentIds = parse<string | null>(w, 'parentId');
  const sortKeys = parse<number>(w, 'sortKey');
  const n = ids.length;
  const indexById = new Map<string, number>();
  for (let i = 0; i < n; i++) indexById.set(ids[i]!, i);
  const childrenOf: number[][] = [];
  const roots: number[] = [];
  for (let i = 0; i < n; i++) {
    const parent = parentIds[i] === null ? undefined : indexById.get(parentIds[i]!);
    if (parent === undefined) roots.push(i);
    else {
      childrenOf[parent] ??= [];
      childrenOf[parent].push(i);
    }
  }
  const bySortKey = (a: number, b: number) => sortKeys[a]! - sortKeys[b]! || (ids[a]! < ids[b]! ? -1 : 1);
  const order: number[] = [];
  const stack = roots.sort(bySortKey).reverse();
  while (stack.length) {
    const i = stack.pop()!;
    order.push(i);
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
  /** A column in WBS order. */
  const column = <T>(name: string) => {
    const values = parse<T>(w, name);
    return order.map((i) => values[i]!);
  };
  const interned = (name: string) => column<string | null>(name).map(intern);
  const enumerated = (values: readonly string[], source: string[]) => {
    const index = new Map<string, number>(values.map((v, i) => [v, i]));
    return source.map((v) => index.get(v) ?? 0);
  };
  const predecessorIds = parse<string>(r, 'predecessorId');

  return {
    format: 'takt.columnar.v1',
    versionId,
    calcStatus: version.calcStatus,
    count: n,
    epoch: '2000-01-01T00:00',
    enums: { type: WORK_TYPES, status: WORK_STATUSES, linkType: LINK_TYPES },
    works: {
      id: order.map((i) => ids[i]!),
      parent: order.map((i) => {
        const parent = parentIds[i] === null ? undefined : indexById.get(parentIds[i]!);
        return parent === undefined ? -1 : rowOf[parent]!;
      }),
      code: interned('code'),
      name: interned('name'),
      type: enumerated(WORK_TYPES, column<string>('type')),
      status: enumerated(WORK_STATUSES, column<string>('status')),
      durationMinutes: column<number>('durationMinutes'),
      calendar: interned('calendar'),
      planStart: column<number>('planStart'),
      planFinish: column<number>('planFinish'),
      factStart: column<number>('factStart'),
      factFinish: column<number>('factFinish'),
      earlyStart: column<number>('earlyStart'),
      earlyFinish: column<number>('earlyFinish'),
      lateStart: column<number>('lateStart'),
      lateFinish: column<number>('lateFinish'),
      totalFloat: column<number>('totalFloat'),
      freeFloat: column<number>('freeFloat'),
      critical: column<number>('critical'),
      progress: column<number>('progress'),
      planVolume: column<number | null>('planVolume'),
      factVolume: column<number | null>('factVolume'),
      unit: interned('unit'),
      executor: interned('executor'),
      curator: interned('curator'),
      revision: column<number>('revision'),
    },
    relations: {
      count: predecessorIds.length,
      /** Row of the predecessor, or -1 with its id in `externalPredecessor` for links from other schedules. */
      predecessor: predecessorIds.map((id) => {
        const i = indexById.get(id);
        return i === undefined ? -1 : rowOf[i]!;
      }),
      externalPredecessor: predecessorIds.map((id) => (indexById.has(id) ? -1 : intern(id))),
      successor: parse<string>(r, 'successorId').map((id) => rowOf[indexById.get(id)!]!),
      type: enumerated(LINK_TYPES, parse<string>(r, 'type')),
      lagMinutes: parse<number>(r, 'lagMinutes'),
      driving: parse<number>(r, 'driving'),
    },
    strings,
  };
}

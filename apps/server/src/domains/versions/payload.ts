import { LINK_TYPES, WORK_STATUSES, WORK_TYPES } from '@takt/contracts';
import type { Sql } from './guard';
import { versionOf } from './guard';

/** Minutes since 2000-01-01T00:00 — the engine's time axis — or -1 for no date. */
const minutes = (column: string) =>
  `coalesce((extract(epoch from (${column} - timestamp '2000-01-01')) / 60)::int, -1)`;

/**
 * A version as one columnar payload (DESIGN.md §3): one SQL query in array row mode, rows in WBS order,
 * one array per field, strings (codes, names, units, calendar and user ids) through a string table,
 * dates as engine minutes. The client turns each numeric array into a typed array (`Int32Array.from`)
 * that the engine and the Gantt read directly.
 */
export async function versionPayload(sql: Sql, spaceId: string, versionId: string) {
  const version = await versionOf(sql, spaceId, versionId);
  const { rows } = await sql.query<unknown[]>({
    text: `SELECT id, "parentId", "sortKey", code, name, type::text, status::text, "durationMinutes", "calendarId",
        ${minutes('"planStart"')}, ${minutes('"planFinish"')}, ${minutes('"factStart"')}, ${minutes('"factFinish"')},
        ${minutes('"earlyStart"')}, ${minutes('"earlyFinish"')}, ${minutes('"lateStart"')}, ${minutes('"lateFinish"')},
        coalesce("totalFloat", 0), coalesce("freeFloat", 0), critical, progress, "planVolume", "factVolume", unit,
        "executorId", "curatorId", revision
      FROM works WHERE "versionId" = $1 AND "spaceId" = $2`,
    values: [versionId, spaceId],
    rowMode: 'array',
  });
  const relations = await sql.query<unknown[]>({
    text: `SELECT "predecessorId", "successorId", type::text, "lagMinutes", driving FROM relations WHERE "versionId" = $1`,
    values: [versionId],
    rowMode: 'array',
  });

  // WBS order: depth-first over siblings sorted by ordering key.
  const n = rows.length;
  const indexById = new Map<string, number>();
  for (let i = 0; i < n; i++) indexById.set(rows[i]![0] as string, i);
  const childrenOf: number[][] = [];
  const roots: number[] = [];
  for (let i = 0; i < n; i++) {
    const parent = indexById.get(rows[i]![1] as string);
    if (parent === undefined) roots.push(i);
    else {
      childrenOf[parent] ??= [];
      childrenOf[parent].push(i);
    }
  }
  const byKey = (a: number, b: number) => (rows[a]![2] as number) - (rows[b]![2] as number);
  const order: number[] = [];
  const stack = roots.sort(byKey).reverse();
  while (stack.length) {
    const i = stack.pop()!;
    order.push(i);
    const kids = childrenOf[i];
    if (kids) {
      kids.sort(byKey);
      for (let k = kids.length - 1; k >= 0; k--) stack.push(kids[k]!);
    }
  }
  const rowOf = new Int32Array(n);
  for (let r = 0; r < n; r++) rowOf[order[r]!] = r;

  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const intern = (value: unknown) => {
    if (value === null || value === undefined) return -1;
    const text = String(value);
    let index = stringIndex.get(text);
    if (index === undefined) {
      index = strings.length;
      strings.push(text);
      stringIndex.set(text, index);
    }
    return index;
  };
  const column = <T>(pick: (row: unknown[]) => T) => order.map((i) => pick(rows[i]!));
  const num = (c: number) => column((row) => row[c] as number);
  const str = (c: number) => column((row) => intern(row[c]));
  const typeIndex = new Map<string, number>(WORK_TYPES.map((t, i) => [t, i]));
  const statusIndex = new Map<string, number>(WORK_STATUSES.map((t, i) => [t, i]));
  const linkIndex = new Map<string, number>(LINK_TYPES.map((t, i) => [t, i]));

  const rel = relations.rows;
  return {
    format: 'takt.columnar.v1',
    versionId,
    calcStatus: version.calcStatus,
    count: n,
    epoch: '2000-01-01T00:00',
    enums: { type: WORK_TYPES, status: WORK_STATUSES, linkType: LINK_TYPES },
    works: {
      id: column((row) => row[0] as string),
      parent: column((row) => {
        const parent = indexById.get(row[1] as string);
        return parent === undefined ? -1 : rowOf[parent]!;
      }),
      code: str(3),
      name: str(4),
      type: column((row) => typeIndex.get(row[5] as string) ?? 0),
      status: column((row) => statusIndex.get(row[6] as string) ?? 0),
      durationMinutes: num(7),
      calendar: str(8),
      planStart: num(9),
      planFinish: num(10),
      factStart: num(11),
      factFinish: num(12),
      earlyStart: num(13),
      earlyFinish: num(14),
      lateStart: num(15),
      lateFinish: num(16),
      totalFloat: num(17),
      freeFloat: num(18),
      critical: column((row) => (row[19] ? 1 : 0)),
      progress: num(20),
      planVolume: column((row) => (row[21] as number | null) ?? null),
      factVolume: column((row) => (row[22] as number | null) ?? null),
      unit: str(23),
      executor: str(24),
      curator: str(25),
      revision: num(26),
    },
    relations: {
      count: rel.length,
      /** Row of the predecessor, or -1 with its id in `externalPredecessor` for links from other schedules. */
      predecessor: rel.map((r) => {
        const i = indexById.get(r[0] as string);
        return i === undefined ? -1 : rowOf[i]!;
      }),
      externalPredecessor: rel.map((r) => (indexById.has(r[0] as string) ? -1 : intern(r[0]))),
      successor: rel.map((r) => rowOf[indexById.get(r[1] as string)!]!),
      type: rel.map((r) => linkIndex.get(r[2] as string) ?? 0),
      lagMinutes: rel.map((r) => r[3] as number),
      driving: rel.map((r) => (r[4] ? 1 : 0)),
    },
    strings,
  };
}

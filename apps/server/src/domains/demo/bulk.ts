import type pg from 'pg';
import { sqlTimestampOfMinutes } from '../../db/time';

/** Works as columns for one `unnest` insert; dates are engine minutes since 2000-01-01 (NO_TIME: none). */
export interface WorkColumns {
  id: string[];
  parentId: (string | null)[];
  sortKey: number[];
  code: string[];
  name: string[];
  type: string[];
  durationMinutes: number[];
  calendarId: (string | null)[];
  planStart: number[];
  planFinish: number[];
  factStart: number[];
  factFinish: number[];
  earlyStart: number[];
  earlyFinish: number[];
  lateStart: number[];
  lateFinish: number[];
  totalFloat: (number | null)[];
  freeFloat: (number | null)[];
  critical: boolean[];
  planVolume: (number | null)[];
  unit: (string | null)[];
  progress: number[];
  status: string[];
  executorId: (string | null)[];
}

export function emptyWorkColumns(): WorkColumns {
  return {
    id: [],
    parentId: [],
    sortKey: [],
    code: [],
    name: [],
    type: [],
    durationMinutes: [],
    calendarId: [],
    planStart: [],
    planFinish: [],
    factStart: [],
    factFinish: [],
    earlyStart: [],
    earlyFinish: [],
    lateStart: [],
    lateFinish: [],
    totalFloat: [],
    freeFloat: [],
    critical: [],
    planVolume: [],
    unit: [],
    progress: [],
    status: [],
    executorId: [],
  };
}

const at = (c: string) => sqlTimestampOfMinutes(`u.${c}`);

/**
 * Runs an `unnest` insert once per 50,000 rows, one round trip each: the fixed parameters first, then
 * that stretch of every column (all columns are as long as the first).
 */
async function insertInChunks(
  sql: pg.Pool | pg.PoolClient,
  text: string,
  fixed: unknown[],
  columns: unknown[][],
): Promise<void> {
  const CHUNK = 50_000;
  const rows = columns[0]?.length ?? 0;
  for (let from = 0; from < rows; from += CHUNK) {
    await sql.query(text, [...fixed, ...columns.map((column) => column.slice(from, from + CHUNK))]);
  }
}

/** Inserts works in one statement per 50,000 rows (one round trip each). */
export async function insertWorkColumns(
  sql: pg.Pool | pg.PoolClient,
  spaceId: string,
  versionId: string,
  w: WorkColumns,
) {
  await insertInChunks(
    sql,
    `INSERT INTO works (id, "spaceId", "versionId", "parentId", "originId", "sortKey", code, name, type,
         "durationMinutes", "calendarId", "planStart", "planFinish", "factStart", "factFinish", "earlyStart",
         "earlyFinish", "lateStart", "lateFinish", "totalFloat", "freeFloat", critical, "planVolume", unit, progress,
         status, "executorId")
       SELECT u.id, $1, $2, u.parent, u.id, u.sk, u.code, u.name, u.type::"WorkType", u.dur, u.cal,
         ${at('ps')}, ${at('pf')}, ${at('fs')}, ${at('ff')}, ${at('es')}, ${at('ef')}, ${at('ls')}, ${at('lf')},
         u.tf, u.fr, u.cr, u.vol, u.unit, u.progress, u.status::"WorkStatus", u.executor
       FROM unnest($3::uuid[], $4::uuid[], $5::int[], $6::text[], $7::text[], $8::text[], $9::int[], $10::uuid[],
         $11::int[], $12::int[], $13::int[], $14::int[], $15::int[], $16::int[], $17::int[], $18::int[], $19::int[],
         $20::int[], $21::bool[], $22::float8[], $23::text[], $24::float8[], $25::text[], $26::uuid[])
         AS u(id, parent, sk, code, name, type, dur, cal, ps, pf, fs, ff, es, ef, ls, lf, tf, fr, cr, vol, unit,
           progress, status, executor)`,
    [spaceId, versionId],
    [
      w.id,
      w.parentId,
      w.sortKey,
      w.code,
      w.name,
      w.type,
      w.durationMinutes,
      w.calendarId,
      w.planStart,
      w.planFinish,
      w.factStart,
      w.factFinish,
      w.earlyStart,
      w.earlyFinish,
      w.lateStart,
      w.lateFinish,
      w.totalFloat,
      w.freeFloat,
      w.critical,
      w.planVolume,
      w.unit,
      w.progress,
      w.status,
      w.executorId,
    ],
  );
}

export interface RelationColumns {
  predecessorId: string[];
  successorId: string[];
  type: string[];
  lagMinutes: number[];
  driving: boolean[];
}

export async function insertRelationColumns(
  sql: pg.Pool | pg.PoolClient,
  spaceId: string,
  versionId: string,
  r: RelationColumns,
) {
  await insertInChunks(
    sql,
    `INSERT INTO relations (id, "spaceId", "versionId", "predecessorId", "successorId", type, "lagMinutes", driving)
       SELECT gen_random_uuid(), $1, $2, u.p, u.s, u.t::"LinkType", u.lag, u.d
       FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::int[], $7::bool[]) AS u(p, s, t, lag, d)`,
    [spaceId, versionId],
    [r.predecessorId, r.successorId, r.type, r.lagMinutes, r.driving],
  );
}

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

/** Inserts works in one statement per 50,000 rows (one round trip each). */
export async function insertWorkColumns(
  sql: pg.Pool | pg.PoolClient,
  spaceId: string,
  versionId: string,
  w: WorkColumns,
) {
  const CHUNK = 50_000;
  for (let from = 0; from < w.id.length; from += CHUNK) {
    const part = <T>(a: T[]) => a.slice(from, from + CHUNK);
    await sql.query(
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
      [
        spaceId,
        versionId,
        part(w.id),
        part(w.parentId),
        part(w.sortKey),
        part(w.code),
        part(w.name),
        part(w.type),
        part(w.durationMinutes),
        part(w.calendarId),
        part(w.planStart),
        part(w.planFinish),
        part(w.factStart),
        part(w.factFinish),
        part(w.earlyStart),
        part(w.earlyFinish),
        part(w.lateStart),
        part(w.lateFinish),
        part(w.totalFloat),
        part(w.freeFloat),
        part(w.critical),
        part(w.planVolume),
        part(w.unit),
        part(w.progress),
        part(w.status),
        part(w.executorId),
      ],
    );
  }
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
  const CHUNK = 50_000;
  for (let from = 0; from < r.predecessorId.length; from += CHUNK) {
    const part = <T>(a: T[]) => a.slice(from, from + CHUNK);
    await sql.query(
      `INSERT INTO relations (id, "spaceId", "versionId", "predecessorId", "successorId", type, "lagMinutes", driving)
       SELECT gen_random_uuid(), $1, $2, u.p, u.s, u.t::"LinkType", u.lag, u.d
       FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::int[], $7::bool[]) AS u(p, s, t, lag, d)`,
      [
        spaceId,
        versionId,
        part(r.predecessorId),
        part(r.successorId),
        part(r.type),
        part(r.lagMinutes),
        part(r.driving),
      ],
    );
  }
}

import { Worker } from 'node:worker_threads';
import { CALC_STATUS, CALC_STATUS_TEXT } from '@takt/contracts';
import { type CalculateOptions, calculate, type EngineProject, NO_TIME } from '@takt/engine';
import type { SpaceContext } from '../../context';
import type { Sql } from '../../db/sql';
import { sqlTimestampOfMinutes } from '../../db/time';
import { AppError } from '../../errors';
import { leaseAlive } from '../../jobs/leases';
import { encodedPayload } from '../versions';
import { type LoadedProject, projectLoad, useWorker } from './project';

export interface CalculationArrays {
  workIds: string[];
  earlyStart: Int32Array;
  earlyFinish: Int32Array;
  lateStart: Int32Array;
  lateFinish: Int32Array;
  totalFloat: Int32Array;
  freeFloat: Int32Array;
  critical: Uint8Array;
  relationDriving: Uint8Array;
  conflicts: { workId: string; kind: string }[];
}

interface EngineFailure {
  name?: string;
  code?: string;
  message: string;
  workIds: readonly string[];
}

class CalculationFailed extends Error {
  constructor(readonly failure: EngineFailure) {
    super(failure.message);
  }
}

function calculateInline(project: EngineProject, options: CalculateOptions): CalculationArrays {
  try {
    const r = calculate(project, options);
    return { ...r, workIds: [...r.workIds], conflicts: [...r.conflicts] };
  } catch (error) {
    const e = error as EngineFailure;
    if ((error as Error).name === 'EngineError')
      throw new CalculationFailed({ code: e.code, message: e.message, workIds: e.workIds ?? [] });
    throw error;
  }
}

/** Runs the engine in a worker thread, so a 100k-work calculation does not stall other requests. */
function calculateInWorker(project: EngineProject, options: CalculateOptions): Promise<CalculationArrays> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.mjs', import.meta.url));
    worker.once('message', (message: { ok: boolean; result?: CalculationArrays; error?: EngineFailure }) => {
      void worker.terminate();
      if (message.ok) resolve(message.result!);
      else if (message.error?.name === 'EngineError') reject(new CalculationFailed(message.error));
      else reject(new Error(message.error?.message ?? 'calculation failed'));
    });
    worker.once('error', reject);
    worker.postMessage({ project, options });
  });
}

const at = sqlTimestampOfMinutes;

/** Writes results back in two statements (unnest over arrays), whatever the number of works. */
export async function writeResults(
  sql: Sql,
  result: CalculationArrays,
  own: Set<string>,
  relationIds: string[],
) {
  const idx: number[] = [];
  result.workIds.forEach((id, i) => {
    if (own.has(id)) idx.push(i);
  });
  const pick = (a: Int32Array | Uint8Array) => idx.map((i) => a[i]!);
  await sql.query(
    `UPDATE works w SET "earlyStart" = ${at('u.es')}, "earlyFinish" = ${at('u.ef')}, "lateStart" = ${at('u.ls')},
       "lateFinish" = ${at('u.lf')}, "planStart" = coalesce(${at('u.es')}, w."planStart"),
       "planFinish" = coalesce(${at('u.ef')}, w."planFinish"),
       "totalFloat" = CASE WHEN u.es = ${NO_TIME} THEN NULL ELSE u.tf END,
       "freeFloat" = CASE WHEN u.es = ${NO_TIME} THEN NULL ELSE u.ff END,
       critical = u.cr
     FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::bool[])
       AS u(id, es, ef, ls, lf, tf, ff, cr)
     WHERE w.id = u.id`,
    [
      idx.map((i) => result.workIds[i]),
      pick(result.earlyStart),
      pick(result.earlyFinish),
      pick(result.lateStart),
      pick(result.lateFinish),
      pick(result.totalFloat),
      pick(result.freeFloat),
      pick(result.critical).map((c) => c === 1),
    ],
  );
  await sql.query(
    `UPDATE relations r SET driving = u.d FROM unnest($1::uuid[], $2::bool[]) AS u(id, d) WHERE r.id = u.id`,
    [relationIds, Array.from(result.relationDriving, (d) => d === 1)],
  );
}

/** The lease a process holds on a version while it calculates it. */
export const calculationLease = (versionId: string) => `calculation:${versionId}`;

/**
 * Status 2 without a living lease is a run cut short by a crash or a restart (the process that owned
 * it stopped renewing its lease), so the version may be calculated again.
 */
const STALE = `"calcStatus" = ${CALC_STATUS.calculating} AND NOT ${leaseAlive(`'calculation:' || versions.id`)}`;
const INTERRUPTED = 'the calculation was interrupted before it finished; calculate again';

/**
 * Marks calculations whose process died as not calculated, with the reason. Run by the job supervisor
 * every few seconds, at server start and before a status is read, so a version never stays
 * "calculating" for longer than a lease after the process that ran it died.
 */
export async function recoverInterruptedCalculations(sql: Sql, versionId?: string): Promise<number> {
  const { rowCount } = await sql.query(
    `UPDATE versions SET "calcStatus" = ${CALC_STATUS.notCalculated}, "calcError" = $2, "calcStartedAt" = NULL
     WHERE ${STALE} AND ($1::uuid IS NULL OR id = $1)`,
    [versionId ?? null, INTERRUPTED],
  );
  return rowCount ?? 0;
}

function reasonOf(failure: EngineFailure, labels: Map<string, string>): string {
  const names = failure.workIds.map((id) => labels.get(id) ?? id);
  if (failure.code === 'cycle') return `cycle: ${names.join(' → ')}`;
  return names.length ? `${failure.message} (${names.join(', ')})` : failure.message;
}

/** The catalogue's error for what the engine refused, naming the works (a cycle in its order). */
function calculationError(failure: EngineFailure, labels: Map<string, string>) {
  return new AppError('CalculationError', { reason: reasonOf(failure, labels) }, [
    ...failure.workIds.map((id) => ({ path: id, message: labels.get(id) ?? id })),
  ]);
}

/**
 * Calculates a loaded project — in a worker thread for a big version — and writes the results with
 * `sql` (inside the caller's transaction when it is one). What the engine refuses (a cycle, a date out of
 * its range) is the catalogue's `CalculationError`, and nothing is written.
 */
export async function calculateAndWrite(sql: Sql, loaded: LoadedProject) {
  const inWorker = useWorker(loaded.ownWorkCount);
  let result: CalculationArrays;
  try {
    result = inWorker
      ? await calculateInWorker(loaded.project, loaded.options)
      : calculateInline(loaded.project, loaded.options);
  } catch (error) {
    if (error instanceof CalculationFailed) throw calculationError(error.failure, loaded.labels);
    throw error;
  }
  const own = new Set(loaded.project.works.slice(0, loaded.ownWorkCount).map((w) => w.id));
  await writeResults(sql, result, own, loaded.relationIds);
  return {
    inWorker,
    conflicts: result.conflicts.map((c) => ({ ...c, work: loaded.labels.get(c.workId) ?? c.workId })),
  };
}

/**
 * More to prepare after a big version's calculation, once its payload is encoded again: the caller's
 * (the resources domain keeps a charted version's histogram model, see `histogramWarm` there).
 */
export type WarmUp = (sql: Sql, spaceId: string, versionId: string) => Promise<void>;

/**
 * Calculates a version: status 2 while it runs, 1 when the results are written, back to 0 with the
 * reason on failure (a cycle names its works). One calculation per version at a time.
 */
export async function calculateVersion(ctx: SpaceContext, versionId: string, warmUp?: WarmUp) {
  const { rows } = await ctx.db.pool.query<{ locked: boolean }>(
    `SELECT locked FROM versions WHERE id = $1 AND "spaceId" = $2`,
    [versionId, ctx.space.spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  if (rows[0].locked) throw new AppError('VersionLocked');
  // The version's lease makes this process its only calculator until the run ends (or the process dies).
  const run = await ctx.jobs.leases.with(calculationLease(versionId), () =>
    calculateHeld(ctx, versionId, warmUp),
  );
  if (!run) throw new AppError('CalculationRunning');
  return run.value;
}

async function calculateHeld(ctx: SpaceContext, versionId: string, warmUp: WarmUp | undefined) {
  const spaceId = ctx.space.spaceId;
  const pool = ctx.db.pool;
  const started = await pool.query(
    `UPDATE versions SET "calcStatus" = ${CALC_STATUS.calculating}, "calcError" = NULL, "calcStartedAt" = now(),
       "updatedAt" = now()
     WHERE id = $1 AND "spaceId" = $2 AND NOT locked`,
    [versionId, spaceId],
  );
  if (!started.rowCount) throw new AppError('VersionLocked');
  const startedAt = performance.now();
  let loaded: LoadedProject | null = null;
  try {
    loaded = await projectLoad(pool, spaceId, versionId);
    const { inWorker, conflicts } = await calculateAndWrite(pool, loaded);
    await pool.query(
      `UPDATE versions SET "calcStatus" = ${CALC_STATUS.calculated}, "calculatedAt" = now(), "calcStartedAt" = NULL
       WHERE id = $1`,
      [versionId],
    );
    // A big version is opened right after it is calculated: encode its payload (and whatever the caller
    // warms, such as the model of its histogram when it is charted) now, off the request.
    if (inWorker) {
      encodedPayload(pool, ctx.payloads, spaceId, versionId)
        .then(() => warmUp?.(pool, spaceId, versionId))
        .catch((error: unknown) =>
          ctx.log.warn('warm-up after calculation failed', { versionId, err: error }),
        );
    }
    return {
      calcStatus: CALC_STATUS.calculated,
      works: loaded.ownWorkCount,
      inWorker,
      milliseconds: Math.round(performance.now() - startedAt),
      conflicts,
    };
  } catch (error) {
    const reason =
      error instanceof AppError && error.code === 'CalculationError'
        ? String(error.params.reason)
        : String(error);
    await pool.query(
      `UPDATE versions SET "calcStatus" = ${CALC_STATUS.notCalculated}, "calcError" = $2, "calcStartedAt" = NULL
       WHERE id = $1`,
      [versionId, reason],
    );
    throw error;
  }
}

export async function calculationStatus(ctx: SpaceContext, versionId: string) {
  await recoverInterruptedCalculations(ctx.db.pool, versionId);
  const { rows } = await ctx.db.pool.query<{
    calcStatus: number;
    calcError: string | null;
    calculatedAt: Date | null;
  }>(`SELECT "calcStatus", "calcError", "calculatedAt" FROM versions WHERE id = $1 AND "spaceId" = $2`, [
    versionId,
    ctx.space.spaceId,
  ]);
  if (!rows[0]) throw new AppError('NotFound');
  const r = rows[0];
  return {
    calcStatus: r.calcStatus,
    calcStatusText: CALC_STATUS_TEXT[r.calcStatus] ?? 'not_calculated',
    calcError: r.calcError,
    calculatedAt: r.calculatedAt?.toISOString() ?? null,
  };
}

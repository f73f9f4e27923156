import { CALC_STATUS, CALC_STATUS_TEXT } from '@takt/contracts';
import { NO_TIME } from '@takt/engine';
import { documentOfColumns, type ScheduleDocument, workLabel } from '@takt/schedule';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { keyDate, sqlTimestampOfMinutes } from '../../db/time';
import { AppError } from '../../errors';
import { leaseAlive } from '../../jobs/leases';
import {
  encodedPayload,
  primePayload,
  type VersionColumns,
  versionColumns,
  versionFingerprint,
} from '../versions';
import { useWorker } from './project';
import {
  applyRowResults,
  calculateRows,
  documentParts,
  type EngineFailure,
  engineFailureOf,
  type RowResults,
} from './rows';
import { CalculationFailed, calculationThread } from './thread';

/** A document to calculate, with the stored id of each of its relations (by document relation). */
export interface CalculationTarget {
  document: ScheduleDocument;
  relationIdsByRow: readonly string[];
}

/** Calculates in the calculation thread for a big version, inline for a small one. */
async function calculateTarget(document: ScheduleDocument, inWorker: boolean): Promise<RowResults> {
  if (inWorker) return calculationThread.calculate(documentParts(document), keyDate());
  try {
    return calculateRows(document, keyDate());
  } catch (error) {
    const failure = engineFailureOf(error);
    throw failure ? new CalculationFailed(failure) : error;
  }
}

const at = sqlTimestampOfMinutes;

/**
 * Writes back the rows whose results changed (all of them on a first calculation, a few after an
 * edit) in one statement over arrays, and the driving flags that changed in another.
 */
async function writeRowResults(sql: Sql, target: CalculationTarget, r: RowResults) {
  const rows = Array.from(r.changedRows);
  if (rows.length) {
    const pick = (a: Int32Array | Uint8Array) => rows.map((row) => a[row]!);
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
        rows.map((row) => target.document.ids[row]),
        pick(r.earlyStart),
        pick(r.earlyFinish),
        pick(r.lateStart),
        pick(r.lateFinish),
        pick(r.totalFloat),
        pick(r.freeFloat),
        rows.map((row) => r.critical[row] === 1),
      ],
    );
  }
  const links = Array.from(r.changedRelations);
  if (links.length)
    await sql.query(
      `UPDATE relations r SET driving = u.d FROM unnest($1::uuid[], $2::bool[]) AS u(id, d) WHERE r.id = u.id`,
      [links.map((k) => target.relationIdsByRow[k]), links.map((k) => r.driving[k] === 1)],
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

function reasonOf(failure: EngineFailure, label: (id: string) => string): string {
  const names = failure.workIds.map(label);
  if (failure.code === 'cycle') return `cycle: ${names.join(' → ')}`;
  return names.length ? `${failure.message} (${names.join(', ')})` : failure.message;
}

/** The catalogue's error for what the engine refused, naming the works (a cycle in its order). */
function calculationError(failure: EngineFailure, label: (id: string) => string) {
  return new AppError('CalculationError', { reason: reasonOf(failure, label) }, [
    ...failure.workIds.map((id) => ({ path: id, message: label(id) })),
  ]);
}

/** "Code Name" of a work by id, for messages (the id itself when it is not one of the document's works). */
function labelOf(document: ScheduleDocument) {
  return (id: string) => {
    const row = document.rowOf.get(id);
    return row === undefined ? id : workLabel(document, row);
  };
}

/**
 * Calculates a document — in the calculation thread for a big version. What the engine refuses (a
 * cycle, a date out of its range) is the catalogue's `CalculationError`.
 */
async function calculateTargetRows(target: CalculationTarget) {
  const inWorker = useWorker(target.document.count);
  const label = labelOf(target.document);
  const started = performance.now();
  let results: RowResults;
  try {
    results = await calculateTarget(target.document, inWorker);
  } catch (error) {
    if (error instanceof CalculationFailed) throw calculationError(error.failure, label);
    throw error;
  }
  return {
    inWorker,
    calculateMs: Math.round(performance.now() - started),
    results,
    changed: results.changedRows.length,
    conflicts: results.conflicts.map((c) => ({ ...c, work: label(c.workId) })),
  };
}

/**
 * Calculates a document and writes back what changed with `sql` (inside the caller's transaction
 * when it is one); nothing is written when the engine refuses it.
 */
export async function calculateAndWrite(sql: Sql, target: CalculationTarget) {
  const run = await calculateTargetRows(target);
  await writeRowResults(sql, target, run.results);
  return run;
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
  const phases = { readMs: 0, calculateMs: 0, writeMs: 0 };
  try {
    // The fingerprint before the read and again before the write: equal, nothing changed in between,
    // so the document read is the version the results are written to (and may be cached as such).
    const before = await versionFingerprint(pool, spaceId, versionId);
    const columns = await versionColumns(pool, spaceId, versionId);
    const target = { document: documentOfColumns(columns), relationIdsByRow: columns.relationIds };
    phases.readMs = Math.round(performance.now() - startedAt);
    // Calculated before the transaction opens, so no row is locked while the engine runs.
    const run = await calculateTargetRows(target);
    const writeStarted = performance.now();
    const outcome = await inTransaction(pool, async (client) => {
      const unchanged = (await versionFingerprint(client, spaceId, versionId)) === before;
      await writeRowResults(client, target, run.results);
      await client.query(
        `UPDATE versions SET "calcStatus" = ${CALC_STATUS.calculated}, "calculatedAt" = now(), "calcStartedAt" = NULL
         WHERE id = $1`,
        [versionId],
      );
      return { ...run, fingerprint: unchanged ? await versionFingerprint(client, spaceId, versionId) : null };
    });
    phases.calculateMs = run.calculateMs;
    phases.writeMs = Math.round(performance.now() - writeStarted);
    afterCalculation(ctx, versionId, columns, target.document, outcome, warmUp);
    return {
      calcStatus: CALC_STATUS.calculated,
      works: columns.count,
      changed: outcome.changed,
      inWorker: outcome.inWorker,
      milliseconds: Math.round(performance.now() - startedAt),
      phases,
      conflicts: outcome.conflicts,
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

/**
 * What a big version's readers want next, prepared off the request: its payload — from the columns just
 * calculated when nothing else changed the version meanwhile, else read again — and whatever the caller
 * warms (the model of its histogram when it is charted).
 */
function afterCalculation(
  ctx: SpaceContext,
  versionId: string,
  columns: VersionColumns,
  /** The document of `columns` (it shares their arrays): the results are put into both at once. */
  document: ScheduleDocument,
  outcome: { inWorker: boolean; results: RowResults; fingerprint: string | null },
  warmUp: WarmUp | undefined,
) {
  const spaceId = ctx.space.spaceId;
  const pool = ctx.db.pool;
  let payload: Promise<unknown> | null = null;
  if (outcome.fingerprint) {
    applyRowResults(document, outcome.results);
    columns.calcStatus = CALC_STATUS.calculated;
    payload = primePayload(ctx.payloads, spaceId, versionId, outcome.fingerprint, columns);
  } else if (outcome.inWorker) payload = encodedPayload(pool, ctx.payloads, spaceId, versionId);
  if (!payload) return;
  payload
    .then(() => (outcome.inWorker ? warmUp?.(pool, spaceId, versionId) : undefined))
    .catch((error: unknown) => ctx.log.warn('warm-up after calculation failed', { versionId, err: error }));
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

import { CALC_STATUS, CALC_STATUS_TEXT, WORK_STATUSES } from '@takt/contracts';
import {
  columnsOfDocument,
  rollUpChanged,
  rollUpSummaries,
  type ScheduleDocument,
  type SummaryRollUps,
  textOf,
  workLabel,
} from '@takt/schedule';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { keyDate } from '../../db/time';
import { AppError } from '../../errors';
import type { EncodedPayload } from '../../files/payload-cache';
import { leaseAlive } from '../../jobs/leases';
import { versionChanged } from '../../live/version-changes';
import { notifyOfVersion } from '../notices';
import {
  carryPayload,
  fingerprintsWithData,
  keepWrittenDocument,
  payloadIdentity,
  primePayload,
  schedulingKeyOf,
  type VersionDocument,
  versionDocument,
  versionFields,
  versionFingerprints,
  versionLocked,
} from '../versions';
import { useWorker } from './project';
import {
  calculateRows,
  documentParts,
  documentWithResults,
  type EngineFailure,
  engineFailureOf,
  type RowResults,
  SUMMARY,
} from './rows';
import { CalculationFailed, calculationThread } from './thread';
import { progressWeights } from './weights';
import { writeDrivingFlags, writeWorkResults } from './write';

/** A document to calculate, with the stored id of each of its relations (by document relation). */
export interface CalculationTarget {
  document: ScheduleDocument;
  relationIdsByRow: readonly string[];
}

/**
 * Calculates in the calculation thread for a big version — which then encodes the payload of the
 * calculated document while the caller writes the results —, inline for a small one.
 */
function calculateTarget(
  document: ScheduleDocument,
  inWorker: boolean,
  weights: Float64Array | null,
): { results: Promise<RowResults>; payload: Promise<EncodedPayload | null> } {
  if (inWorker) return calculationThread.calculateAndEncode(documentParts(document), keyDate(), weights);
  const payload = Promise.resolve(null);
  try {
    return { results: Promise.resolve(calculateRows(document, keyDate(), weights)), payload };
  } catch (error) {
    const failure = engineFailureOf(error);
    return { results: Promise.reject(failure ? new CalculationFailed(failure) : error), payload };
  }
}

/**
 * Writes back the rows whose results changed (all of them on a first calculation, a few after an edit)
 * and the driving flags that changed, each by one COPY and one UPDATE (`write.ts`), inside the caller's
 * transaction.
 */
async function writeRowResults(client: pg.PoolClient, target: CalculationTarget, r: RowResults) {
  if (r.changedRows.length) {
    await writeWorkResults(client, target.document, r.changedRows, r);
  }
  if (r.changedRelations.length)
    await writeDrivingFlags(client, target.relationIdsByRow, r.changedRelations, r.driving);
}

/**
 * Writes the roll-ups of the changed summary rows (docs/product-rules.md, "Summary roll-ups"). Like the
 * calculated dates they are results: the row's revision stays, so no edit based on it is refused.
 */
async function writeSummaryRollUps(
  sql: Sql,
  doc: ScheduleDocument,
  changed: number[],
  rolled: SummaryRollUps,
) {
  const rows = changed.filter((row) => doc.type[row] === SUMMARY);
  if (!rows.length) return;
  const { durationMinutes, progress, status, planVolume, factVolume, unit } = rolled;
  const volume = (a: Float64Array) => rows.map((row) => (Number.isNaN(a[row]!) ? null : a[row]!));
  await sql.query(
    `UPDATE works w SET "durationMinutes" = u.duration, progress = u.progress,
       status = u.status::"WorkStatus", "planVolume" = u.plan, "factVolume" = u.fact, unit = u.unit
     FROM unnest($1::uuid[], $2::int[], $3::float8[], $4::text[], $5::float8[], $6::float8[], $7::text[])
       AS u(id, duration, progress, status, plan, fact, unit)
     WHERE w.id = u.id`,
    [
      rows.map((row) => doc.ids[row]),
      rows.map((row) => durationMinutes[row]!),
      rows.map((row) => progress[row]!),
      rows.map((row) => WORK_STATUSES[status[row]!] ?? 'not_started'),
      volume(planVolume),
      volume(factVolume),
      rows.map((row) => (unit[row]! >= 0 ? textOf(doc, unit[row]!) : null)),
    ],
  );
}

/**
 * Rolls a version's summaries up from its works as stored — over their stored dates, weighted by the
 * version's scenario — and writes those that differ, without a calculation: for a change of works that
 * moves no date (a progress or volume entered in the grid, a version written by a seed or an import).
 * Run inside the caller's transaction when `sql` is one. Answers the number of summaries written.
 */
export async function rollUpStoredSummaries(sql: Sql, spaceId: string, versionId: string): Promise<number> {
  const read = await versionDocument(sql, spaceId, versionId);
  const document = read.document;
  const rolled = rollUpSummaries(document, { weights: await progressWeights(sql, document) });
  const changed: number[] = [];
  for (let row = 0; row < document.count; row++)
    if (document.type[row] === SUMMARY && rollUpChanged(document, rolled, row)) changed.push(row);
  if (!changed.length) return 0;
  await writeSummaryRollUps(sql, document, changed, rolled);
  // Rows written twice in one transaction keep their `xmin`, so the document kept by the read above
  // (the rows before the roll-up) would still pass for the version: the rolled one replaces it.
  keepWrittenDocument(
    spaceId,
    await versionFingerprints(sql, spaceId, versionId),
    read,
    { ...document, ...rolled },
    changed,
  );
  return changed.length;
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
async function calculateTargetRows(sql: Sql, target: CalculationTarget) {
  const inWorker = useWorker(target.document.count);
  const label = labelOf(target.document);
  const weights = await progressWeights(sql, target.document);
  const started = performance.now();
  let results: RowResults;
  const calculation = calculateTarget(target.document, inWorker, weights);
  try {
    results = await calculation.results;
  } catch (error) {
    if (error instanceof CalculationFailed) throw calculationError(error.failure, label);
    throw error;
  }
  return {
    inWorker,
    calculateMs: Math.round(performance.now() - started),
    results,
    /** The calculated document's payload, when the calculation thread encodes it (else null). */
    payload: calculation.payload,
    changed: results.changedRows.length,
    conflicts: results.conflicts.map((c) => ({ ...c, work: label(c.workId) })),
  };
}

/**
 * Calculates a document and writes back what changed inside the caller's transaction (`client`), the
 * version marked calculated; nothing is written when the engine refuses it.
 */
export async function calculateAndWrite(client: pg.PoolClient, target: CalculationTarget) {
  const run = await calculateTargetRows(client, target);
  await writeCalculated(client, target, run.results);
  return run;
}

/**
 * Rolls up the summaries of an edited document over its stored dates, weighted by the version's scenario,
 * and writes those that differ, inside the caller's transaction: for an edit saved without a calculation
 * (by someone who may edit but not calculate), so its summaries are current as after any other edit.
 * Answers the document with the roll-ups and the summary rows written.
 */
export async function rollUpAndWrite(client: pg.PoolClient, document: ScheduleDocument) {
  const rolled = rollUpSummaries(document, { weights: await progressWeights(client, document) });
  const rows: number[] = [];
  for (let row = 0; row < document.count; row++)
    if (document.type[row] === SUMMARY && rollUpChanged(document, rolled, row)) rows.push(row);
  if (!rows.length) return { document, rows };
  await writeSummaryRollUps(client, document, rows, rolled);
  return { document: { ...document, ...rolled }, rows };
}

/** What follows a calculation's results in their transaction: the works whose results changed. */
type CalculatedHook = (client: pg.PoolClient, versionId: string, workIds: string[]) => Promise<void>;
const calculatedHooks = new Set<CalculatedHook>();

/** Runs `hook` in the transaction of each calculation's results (formula attributes follow the new dates). */
export function onVersionCalculated(hook: CalculatedHook): void {
  calculatedHooks.add(hook);
}

/** Writes a calculation's results and marks the version calculated, without error and no longer running. */
async function writeCalculated(client: pg.PoolClient, target: CalculationTarget, results: RowResults) {
  await writeRowResults(client, target, results);
  if (results.changedRows.length && calculatedHooks.size) {
    const ids = target.document.ids;
    const workIds = Array.from(results.changedRows, (row) => ids[row]!);
    for (const hook of calculatedHooks) await hook(client, target.document.versionId, workIds);
  }
  await client.query(
    `UPDATE versions SET "calcStatus" = ${CALC_STATUS.calculated}, "calcError" = NULL, "calculatedAt" = now(),
       "calcStartedAt" = NULL
     WHERE id = $1`,
    [target.document.versionId],
  );
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
  const notified = { spaceId, userId: ctx.session.userId, versionId };
  const startedAt = performance.now();
  const phases = {
    readMs: 0,
    calculateMs: 0,
    writeMs: 0,
    document: 'read' as VersionDocument['source'],
    attempts: 0,
  };
  try {
    for (;;) {
      phases.attempts += 1;
      const readStarted = performance.now();
      const read = await versionDocument(pool, spaceId, versionId);
      phases.document = read.source;
      phases.readMs += Math.round(performance.now() - readStarted);
      const target = { document: read.document, relationIdsByRow: read.relationIds };
      // Calculated before the transaction opens, so no row is locked while the engine runs.
      const run = await calculateTargetRows(pool, target);
      phases.calculateMs += run.calculateMs;
      const writeStarted = performance.now();
      const lastAttempt = phases.attempts >= MAX_ATTEMPTS;
      const written = await inTransaction(pool, async (client) => {
        const result = await writeIfCurrent(client, spaceId, read, run, lastAttempt);
        // The one who asked is told, in the transaction of the results (docs/product-rules.md, "Notices").
        if (result)
          await notifyOfVersion(client, notified, 'calculation_finished', {
            works: read.document.count,
            changed: run.changed,
          });
        return result;
      });
      phases.writeMs += Math.round(performance.now() - writeStarted);
      // The version changed while it was calculated: calculate it again, as it is now.
      if (!written) continue;
      if (written.current) afterCalculation(ctx, read, run, written, warmUp);
      return {
        calcStatus: CALC_STATUS.calculated,
        works: read.document.count,
        changed: run.changed,
        inWorker: run.inWorker,
        milliseconds: Math.round(performance.now() - startedAt),
        phases,
        conflicts: run.conflicts,
      };
    }
  } catch (error) {
    const reason =
      error instanceof AppError && error.code === 'CalculationError'
        ? String(error.params.reason)
        : String(error);
    await inTransaction(pool, async (client) => {
      await client.query(
        `UPDATE versions SET "calcStatus" = ${CALC_STATUS.notCalculated}, "calcError" = $2, "calcStartedAt" = NULL
         WHERE id = $1`,
        [versionId, reason],
      );
      await notifyOfVersion(client, notified, 'calculation_failed', { reason });
    });
    throw error;
  }
}

/** How many times a calculation starts again when its version changed while it was calculated. */
const MAX_ATTEMPTS = 3;

/**
 * Writes a calculation's results when the version is still the one calculated: its row locked (edits lock
 * it too, so none lands in between), the data fingerprint and the scheduling fields compared with those
 * read. Null when it changed (nothing is written), unless this is the last attempt, which writes anyway
 * (the results of the version as it was a moment ago, as any calculation racing an edit does). Answers
 * the fingerprints after the write, for the document and payload kept.
 */
async function writeIfCurrent(
  client: pg.PoolClient,
  spaceId: string,
  read: VersionDocument,
  run: Awaited<ReturnType<typeof calculateTargetRows>>,
  lastAttempt: boolean,
) {
  const versionId = read.document.versionId;
  await versionLocked(client, spaceId, versionId);
  const [now, fields] = [
    await versionFingerprints(client, spaceId, versionId),
    await versionFields(client, spaceId, versionId),
  ];
  const current =
    now.data === read.dataFingerprint && !!fields && schedulingKeyOf(fields) === read.schedulingKey;
  if (!current && !lastAttempt) return null;
  await writeCalculated(client, { document: read.document, relationIdsByRow: read.relationIds }, run.results);
  const wroteRows = run.results.changedRows.length > 0 || run.results.changedRelations.length > 0;
  const after = wroteRows
    ? await versionFingerprints(client, spaceId, versionId)
    : await fingerprintsWithData(client, spaceId, versionId, now.data);
  return { current, after, revision: fields?.revision };
}

/**
 * What readers want next, prepared off the request: the calculated document kept for the next edit or
 * calculation, its payload for the browsers (encoded by the calculation thread while the results were
 * written, else from the document here — never by reading the version again) and whatever the caller
 * warms for a big version (the model of its histogram when it is charted).
 */
function afterCalculation(
  ctx: SpaceContext,
  read: VersionDocument,
  run: Awaited<ReturnType<typeof calculateTargetRows>>,
  written: { after: { full: string; data: string }; revision: number | undefined },
  warmUp: WarmUp | undefined,
) {
  const spaceId = ctx.space.spaceId;
  const versionId = read.document.versionId;
  const pool = ctx.db.pool;
  const document = documentWithResults(read.document, run.results);
  keepWrittenDocument(spaceId, written.after, read, document, run.results.changedRows);
  versionChanged({ versionId, by: ctx, works: read.document.count });
  const revision = read.document.versionRevision;
  const identity = payloadIdentity(written.after.data, read.schedulingKey, revision, CALC_STATUS.calculated);
  // The thread encoded the document with the revision it was read with: the version's still, unless
  // something moved the revision on alone meanwhile (then it is encoded here with the new one).
  const same = written.revision === revision;
  // Nothing written but the status, which the payload served already had: the same bytes, kept as they are.
  const carried = same && carryPayload(ctx.payloads, spaceId, versionId, identity, written.after.full);
  (carried
    ? Promise.resolve()
    : primePayload(
        ctx.payloads,
        spaceId,
        versionId,
        written.after.full,
        columnsOfDocument(document),
        same ? run.payload : undefined,
        same ? identity : undefined,
      )
  )
    .then(() => (run.inWorker ? warmUp?.(pool, spaceId, versionId) : undefined))
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

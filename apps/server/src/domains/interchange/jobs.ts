import {
  type Ability,
  type ImportEncoding,
  JOB_FINISHED,
  type JobErrorInfo,
  type JobPhase,
  type JobState,
  type RecordedDatesChoice,
  uploadStatusOf,
} from '@takt/contracts';
import type { Context, Services, SpaceContext } from '../../context';
import type { Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { leaseAlive } from '../../jobs/leases';
import { recoverInterruptedCalculations } from '../calculation';
import { discardUpload } from './files';

export const IMPORT_JOB = 'interchange.import';
export const EXPORT_JOB = 'interchange.export';

export type JobKind = 'import' | 'export' | 'calculate';
export const CALCULATION_JOB = 'interchange.calculate';

/** The ability that lets a member see every job of its kind in the space (not only their own). */
const KIND_ABILITY: Record<JobKind, Ability> = {
  import: 'import',
  export: 'export',
  calculate: 'schedule.calculate',
};

/** What the caller asked for, kept with the job so a worker on any machine can run it. */
export interface JobOptions {
  fileName?: string;
  /** the new version's name */
  name?: string;
  format?: string;
  settingId?: string;
  rule?: Record<string, unknown>;
  /** the text encoding chosen for an import (absent = detect); a re-read after the recorded-dates choice uses it too */
  encoding?: ImportEncoding;
  recordedDates?: RecordedDatesChoice;
  columns?: string[];
  lang?: string;
}

/** A failure as the user sees it: a file problem with where it happened, or a catalogue code. */
export type JobError = JobErrorInfo;

interface JobDb {
  id: string;
  spaceId: string;
  userId: string | null;
  kind: JobKind;
  state: JobState;
  phase: JobPhase | null;
  format: string;
  scheduleId: string | null;
  versionId: string | null;
  otherVersionId: string | null;
  fileId: string | null;
  bytesTotal: string;
  bytesDone: string;
  progress: number;
  options: JobOptions;
  report: Record<string, unknown> | null;
  error: JobError | null;
  stopRequested: boolean;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

export type JobRow = JobDb;

const SELECT = `j.id, j."spaceId", j."userId", j.kind, j.state, j.phase, j.format, j."scheduleId", j."versionId",
  j."otherVersionId", j."fileId", j."bytesTotal"::text AS "bytesTotal", j."bytesDone"::text AS "bytesDone",
  j.progress, j.options, j.report, j.error, j."stopRequested", j."createdAt", j."updatedAt", j."finishedAt"`;

export function toJob(row: JobDb) {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    uploadStatus: uploadStatusOf(row.state),
    phase: row.phase,
    format: row.format,
    scheduleId: row.scheduleId,
    versionId: row.versionId,
    otherVersionId: row.otherVersionId,
    fileId: row.fileId,
    fileName: row.options.fileName ?? null,
    bytesTotal: Number(row.bytesTotal),
    bytesDone: Number(row.bytesDone),
    progress: row.progress,
    report: row.report,
    error: row.error,
    stopRequested: row.stopRequested,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
export type JobDto = ReturnType<typeof toJob>;

export async function jobRow(sql: Sql, jobId: string): Promise<JobRow | null> {
  const { rows } = await sql.query<JobDb>(`SELECT ${SELECT} FROM interchange_jobs j WHERE j.id = $1`, [
    jobId,
  ]);
  return rows[0] ?? null;
}

export async function insertJob(
  sql: Sql,
  job: {
    spaceId: string;
    userId: string;
    kind: JobKind;
    format: string;
    scheduleId?: string | null;
    versionId?: string | null;
    otherVersionId?: string | null;
    fileId?: string | null;
    bytesTotal?: number;
    options: JobOptions;
  },
): Promise<string> {
  const { rows } = await sql.query<{ id: string }>(
    `INSERT INTO interchange_jobs (id, "spaceId", "userId", kind, format, "scheduleId", "versionId", "otherVersionId",
       "fileId", "bytesTotal", options, phase)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      job.spaceId,
      job.userId,
      job.kind,
      job.format,
      job.scheduleId ?? null,
      job.versionId ?? null,
      job.otherVersionId ?? null,
      job.fileId ?? null,
      job.bytesTotal ?? 0,
      JSON.stringify(job.options),
      job.kind === 'import' ? 'upload' : job.kind === 'export' ? 'loading' : 'calculating',
    ],
  );
  return rows[0]!.id;
}

/**
 * A job of the caller's space that the caller may see: their own, or any of the space when they hold the
 * ability of its kind (imports: `import`, exports: `export`).
 */
export async function visibleJob(ctx: SpaceContext, jobId: string): Promise<JobRow> {
  const row = await jobRow(ctx.db.pool, jobId);
  if (!row || row.spaceId !== ctx.space.spaceId) throw new AppError('NotFound');
  if (row.userId !== ctx.session.userId && !ctx.space.abilities.has(KIND_ABILITY[row.kind]))
    throw new AppError('NotFound');
  return row;
}

export async function getJob(ctx: SpaceContext, jobId: string) {
  return toJob(await visibleJob(ctx, jobId));
}

export async function listJobs(
  ctx: SpaceContext,
  input: { scheduleId?: string; kind?: JobKind },
): Promise<JobDto[]> {
  const { rows } = await ctx.db.pool.query<JobDb>(
    `SELECT ${SELECT} FROM interchange_jobs j
     WHERE j."spaceId" = $1 AND ($2::uuid IS NULL OR j."scheduleId" = $2) AND ($3::text IS NULL OR j.kind = $3)
       AND (j."userId" = $4 OR j.kind = ANY($5::text[]))
     ORDER BY j."createdAt" DESC LIMIT 50`,
    [
      ctx.space.spaceId,
      input.scheduleId ?? null,
      input.kind ?? null,
      ctx.session.userId,
      (['import', 'export', 'calculate'] as const).filter((k) => ctx.space.abilities.has(KIND_ABILITY[k])),
    ],
  );
  return rows.map(toJob);
}

/** How long a stop request waits for a job running in a living process to stop. */
const STOP_WAIT_MS = 3_000;

/**
 * Asks a job to stop. A queued job or one waiting for the recorded-dates choice stops at once; a running one
 * stops at its next progress report and writes nothing (its transaction is rolled back) — the answer waits
 * a moment for that. A running job whose process died is stopped and cleaned up here and now.
 */
export async function stopJob(ctx: SpaceContext, jobId: string) {
  await visibleJob(ctx, jobId);
  await ctx.db.pool.query(
    `UPDATE interchange_jobs SET "stopRequested" = true,
       state = CASE WHEN state IN ('queued', 'awaiting_choice') THEN 'stopped' ELSE state END,
       "finishedAt" = CASE WHEN state IN ('queued', 'awaiting_choice') THEN now() ELSE "finishedAt" END,
       "updatedAt" = now()
     WHERE id = $1 AND state NOT IN (${JOB_FINISHED.map((s) => `'${s}'`).join(', ')})`,
    [jobId],
  );
  if (!(await endOrphanedJob(ctx, jobId))) {
    const until = Date.now() + STOP_WAIT_MS;
    while (Date.now() < until && (await jobRow(ctx.db.pool, jobId))?.state === 'running')
      await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return getJob(ctx, jobId);
}

/** Thrown inside a job when the user asked it to stop. */
export class JobStopped extends Error {
  constructor() {
    super('stopped');
  }
}

/**
 * Thrown inside a job whose lease another process took over (this one stalled past the lease's
 * lifetime and the job was ended elsewhere): it stops like a stopped job, and writes nothing more.
 */
export class JobTakenOver extends JobStopped {}

/** The lease a process holds while it runs an interchange job. */
export const jobLease = (jobId: string) => `interchange:${jobId}`;

/** How a job whose process died ends: the message says nothing was saved and asks to start it again. */
export const INTERRUPTED_JOB: JobError = {
  code: 'JobInterrupted',
  message: 'the server process running this job stopped before it finished',
  messageId: 'jobs.interrupted',
};

/**
 * Ends a running job whose process died (its lease ran out): `stopped` when a stop was asked, else `failed`
 * with `INTERRUPTED_JOB`. Nothing it wrote survives — an import writes its version in one transaction,
 * which the database rolled back when the process's connections dropped — and what it leaves is cleaned:
 * an import's uploaded file is removed, a calculation's version is released. False when the job is not
 * running or a living process holds it.
 */
export async function endOrphanedJob(
  services: Pick<Services, 'db' | 'jobs' | 'files'>,
  jobId: string,
): Promise<boolean> {
  const pool = services.db.pool;
  const ended = await services.jobs.leases.with(jobLease(jobId), async () => {
    const { rows } = await pool.query<{
      kind: JobKind;
      spaceId: string;
      uploadId: string | null;
      versionId: string | null;
    }>(
      `UPDATE interchange_jobs j SET state = CASE WHEN j."stopRequested" THEN 'stopped' ELSE 'failed' END,
         error = CASE WHEN j."stopRequested" THEN NULL ELSE $2::jsonb END, phase = NULL,
         "fileId" = CASE WHEN j.kind = 'import' THEN NULL ELSE j."fileId" END,
         "updatedAt" = now(), "finishedAt" = now()
       FROM (SELECT id, "fileId" FROM interchange_jobs WHERE id = $1 FOR UPDATE) o
       WHERE j.id = o.id AND j.state = 'running'
       RETURNING j.kind, j."spaceId", o."fileId" AS "uploadId", j."versionId"`,
      [jobId, JSON.stringify(INTERRUPTED_JOB)],
    );
    const job = rows[0];
    if (!job) return false;
    if (job.kind === 'import' && job.uploadId) await discardUpload(services, job.spaceId, job.uploadId);
    if (job.kind === 'calculate' && job.versionId) await recoverInterruptedCalculations(pool, job.versionId);
    return true;
  });
  return ended?.value ?? false;
}

/** The supervisor's sweep over interchange jobs: ends every running job whose process died. */
export async function recoverInterruptedJobs(
  services: Pick<Services, 'db' | 'jobs' | 'files'>,
): Promise<number> {
  const { rows } = await services.db.pool.query<{ id: string }>(
    `SELECT j.id FROM interchange_jobs j WHERE j.state = 'running' AND NOT ${leaseAlive(`'interchange:' || j.id`)}`,
  );
  let ended = 0;
  for (const row of rows) if (await endOrphanedJob(services, row.id)) ended++;
  return ended;
}

/**
 * Progress reports of a running job, written at most every `intervalMs`; each report also reads whether the
 * user asked to stop, and throws `JobStopped` if so.
 */
export class JobProgress {
  private last = 0;
  constructor(
    private readonly ctx: Pick<Context, 'db' | 'jobs'>,
    readonly jobId: string,
    private readonly intervalMs = 250,
  ) {}

  /** True when another process took this job over (this one stalled past its lease): it must write nothing more. */
  lostToAnotherProcess(): boolean {
    return this.takenOver();
  }

  private takenOver(): boolean {
    return this.ctx.jobs.leases.lost(jobLease(this.jobId));
  }

  async report(phase: JobPhase, progress: number, bytesDone?: number, force = false): Promise<void> {
    if (this.takenOver()) throw new JobTakenOver();
    const now = performance.now();
    if (!force && now - this.last < this.intervalMs) return;
    this.last = now;
    const { rows } = await this.ctx.db.pool.query<{ stopRequested: boolean }>(
      `UPDATE interchange_jobs SET phase = $2, progress = $3, "bytesDone" = coalesce($4, "bytesDone"), "updatedAt" = now()
       WHERE id = $1 RETURNING "stopRequested"`,
      [this.jobId, phase, Math.max(0, Math.min(100, Math.floor(progress))), bytesDone ?? null],
    );
    if (rows[0]?.stopRequested) throw new JobStopped();
  }

  /** Records how the job ended (when this process still owns it) and gives up its lease. */
  async finish(
    state: Exclude<JobState, 'queued' | 'running'>,
    fields: { report?: unknown; error?: JobError | null; versionId?: string | null; fileId?: string | null },
  ): Promise<void> {
    try {
      if (!this.takenOver()) await this.record(state, fields);
    } finally {
      await this.ctx.jobs.leases.release(jobLease(this.jobId));
    }
  }

  private async record(
    state: Exclude<JobState, 'queued' | 'running'>,
    fields: { report?: unknown; error?: JobError | null; versionId?: string | null; fileId?: string | null },
  ): Promise<void> {
    await this.ctx.db.pool.query(
      `UPDATE interchange_jobs SET state = $2::text, phase = $3::text, progress = CASE WHEN $2::text = 'completed' THEN 100 ELSE progress END,
         report = coalesce($4::jsonb, report), error = $5::jsonb, "versionId" = coalesce($6, "versionId"),
         "fileId" = coalesce($7, "fileId"), "updatedAt" = now(),
         "finishedAt" = CASE WHEN $2::text = 'awaiting_choice' THEN NULL ELSE now() END
       WHERE id = $1 AND state = 'running'`,
      [
        this.jobId,
        state,
        state === 'completed' ? 'done' : null,
        fields.report === undefined ? null : JSON.stringify(fields.report),
        fields.error ? JSON.stringify(fields.error) : null,
        fields.versionId ?? null,
        fields.fileId ?? null,
      ],
    );
  }
}

/**
 * Claims a queued job for this process: takes the job's lease, then marks it running. Null when it was
 * stopped, already finished, or is run by a living process (a job whose process died is ended by
 * `endOrphanedJob`, never run twice). The lease is given up by `JobProgress.finish`.
 */
export async function claimJob(
  services: Pick<Context, 'db' | 'jobs'>,
  jobId: string,
): Promise<JobRow | null> {
  const key = jobLease(jobId);
  if (!(await services.jobs.leases.acquire(key))) return null;
  const { rowCount } = await services.db.pool.query(
    `UPDATE interchange_jobs SET state = 'running', "updatedAt" = now()
     WHERE id = $1 AND state = 'queued' AND NOT "stopRequested"`,
    [jobId],
  );
  if (!rowCount) {
    await services.jobs.leases.release(key);
    return null;
  }
  return jobRow(services.db.pool, jobId);
}

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
import { type DB, kyselyOf } from '@takt/db';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Context, Services, SpaceContext } from '../../context';
import { anyOf, jsonb, type Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { leaseAlive } from '../../jobs/leases';
import { recoverInterruptedCalculations } from '../calculation';
import { discardUpload } from './files';

export const IMPORT_JOB = 'interchange.import';
export const EXPORT_JOB = 'interchange.export';

/**
 * `report`: a report written by a background job (the reports domain), its file kept for download like an export's;
 * `backup` and `restore`: a backup taken or restored (the backups domain).
 */
export type JobKind = 'import' | 'export' | 'calculate' | 'report' | 'backup' | 'restore';
export const CALCULATION_JOB = 'interchange.calculate';

/** The ability that lets a member see every job of its kind in the space (not only their own). */
const KIND_ABILITY: Record<JobKind, Ability> = {
  import: 'import',
  export: 'export',
  calculate: 'schedule.calculate',
  report: 'print',
  backup: 'space.manage',
  restore: 'space.manage',
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
  /** a report's form (absent: the master report) */
  formId?: string;
  /** the backup a backup or restore job takes or restores */
  backupId?: string;
  /** how a restore writes: over the backed-up space or project, or as a new one (with this name) */
  mode?: 'replace' | 'new';
}

/** A failure as the user sees it: a file problem with where it happened, or a catalogue code. */
export type JobError = JobErrorInfo;

/**
 * A job as the domain reads it: the `interchange_jobs` row of the schema, with the text columns that hold
 * one of a few values and the JSON columns typed as what the jobs write into them.
 */
const JOB_SELECTION = (eb: ExpressionBuilder<DB, 'interchange_jobs'>) => [
  ...PLAIN_JOB_COLUMNS,
  eb.ref('kind').$castTo<JobKind>().as('kind'),
  eb.ref('state').$castTo<JobState>().as('state'),
  eb.ref('phase').$castTo<JobPhase | null>().as('phase'),
  eb.ref('options').$castTo<JobOptions>().as('options'),
  eb.ref('report').$castTo<Record<string, unknown> | null>().as('report'),
  eb.ref('error').$castTo<JobError | null>().as('error'),
];

const PLAIN_JOB_COLUMNS = [
  'id',
  'spaceId',
  'userId',
  'format',
  'scheduleId',
  'versionId',
  'otherVersionId',
  'fileId',
  'bytesTotal',
  'bytesDone',
  'progress',
  'stopRequested',
  'createdAt',
  'updatedAt',
  'finishedAt',
] as const;

const selectJobs = (on: Sql) => kyselyOf(on).selectFrom('interchange_jobs').select(JOB_SELECTION);

export type JobRow = Awaited<ReturnType<ReturnType<typeof selectJobs>['executeTakeFirstOrThrow']>>;

export function toJob(row: JobRow) {
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

export async function jobRow(on: Sql, jobId: string): Promise<JobRow | null> {
  return (await selectJobs(on).where('id', '=', jobId).executeTakeFirst()) ?? null;
}

/** A job row to insert: who started it, what it does, on what. */
interface NewJob {
  spaceId: string;
  /** null: started by the server itself (a backup job's run whose author is gone) */
  userId: string | null;
  kind: JobKind;
  format: string;
  scheduleId?: string | null;
  versionId?: string | null;
  otherVersionId?: string | null;
  fileId?: string | null;
  bytesTotal?: number;
  options: JobOptions;
}

export async function insertJob(on: Sql, job: NewJob): Promise<string> {
  const { id } = await kyselyOf(on)
    .insertInto('interchange_jobs')
    .values({
      id: sql`gen_random_uuid()`,
      spaceId: job.spaceId,
      userId: job.userId,
      kind: job.kind,
      format: job.format,
      scheduleId: job.scheduleId ?? null,
      versionId: job.versionId ?? null,
      otherVersionId: job.otherVersionId ?? null,
      fileId: job.fileId ?? null,
      bytesTotal: String(job.bytesTotal ?? 0),
      options: jsonb(job.options),
      phase: job.kind === 'import' ? 'upload' : job.kind === 'calculate' ? 'calculating' : 'loading',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A job of the caller's space and user, recorded and handed to `queue`'s worker; answered as the API shows jobs. */
export async function queueJob(
  ctx: SpaceContext,
  queue: string,
  job: Omit<NewJob, 'spaceId' | 'userId'>,
): Promise<JobDto> {
  const jobId = await insertJob(ctx.db.pool, {
    spaceId: ctx.space.spaceId,
    userId: ctx.session.userId,
    ...job,
  });
  await ctx.jobs.send(queue, { jobId });
  return getJob(ctx, jobId);
}

/**
 * A job of the caller's space that the caller may see: their own, or any of the space when they hold the
 * ability of its kind (imports: `import`, exports: `export`, reports: `print`).
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
  // Every job of a kind whose ability the caller holds, and their own of the others.
  const allOf = (['import', 'export', 'calculate', 'report', 'backup', 'restore'] as const).filter((k) =>
    ctx.space.abilities.has(KIND_ABILITY[k]),
  );
  let query = selectJobs(ctx.db.pool)
    .where('spaceId', '=', ctx.space.spaceId)
    .where((eb) => eb.or([eb('userId', '=', ctx.session.userId), eb('kind', '=', anyOf(allOf, 'text'))]));
  if (input.scheduleId) query = query.where('scheduleId', '=', input.scheduleId);
  if (input.kind) query = query.where('kind', '=', input.kind);
  const rows = await query.orderBy('createdAt', 'desc').limit(50).execute();
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
  // A job that has not started (or waits for the user) stops here; a running one stops at its next report.
  const waiting = sql<boolean>`state IN ('queued', 'awaiting_choice')`;
  await kyselyOf(ctx.db.pool)
    .updateTable('interchange_jobs')
    .set({
      stopRequested: true,
      state: sql`CASE WHEN ${waiting} THEN 'stopped' ELSE state END`,
      finishedAt: sql`CASE WHEN ${waiting} THEN now() ELSE "finishedAt" END`,
      updatedAt: sql`now()`,
    })
    .where('id', '=', jobId)
    .where('state', 'not in', JOB_FINISHED)
    .execute();
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
    const db = kyselyOf(pool);
    // The row as it was (`o`, locked) gives the upload to remove: the update clears an import's file.
    const job = await db
      .updateTable('interchange_jobs as j')
      .from(
        db
          .selectFrom('interchange_jobs')
          .select(['id', 'fileId'])
          .where('id', '=', jobId)
          .forUpdate()
          .as('o'),
      )
      .set({
        state: sql`CASE WHEN j."stopRequested" THEN 'stopped' ELSE 'failed' END`,
        error: sql`CASE WHEN j."stopRequested" THEN NULL ELSE ${JSON.stringify(INTERRUPTED_JOB)}::jsonb END`,
        phase: null,
        fileId: sql`CASE WHEN j.kind = 'import' THEN NULL ELSE j."fileId" END`,
        updatedAt: sql`now()`,
        finishedAt: sql`now()`,
      })
      .whereRef('j.id', '=', 'o.id')
      .where('j.state', '=', 'running')
      .returning(['j.kind', 'j.spaceId', 'o.fileId as uploadId', 'j.versionId'])
      .executeTakeFirst();
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
  const rows = await kyselyOf(services.db.pool)
    .selectFrom('interchange_jobs as j')
    .select('j.id')
    .where('j.state', '=', 'running')
    .where(sql<boolean>`NOT ${sql.raw(leaseAlive(`'interchange:' || j.id`))}`)
    .execute();
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
    const row = await kyselyOf(this.ctx.db.pool)
      .updateTable('interchange_jobs')
      .set({
        phase,
        progress: Math.max(0, Math.min(100, Math.floor(progress))),
        ...(bytesDone === undefined ? {} : { bytesDone: String(bytesDone) }),
        updatedAt: sql`now()`,
      })
      .where('id', '=', this.jobId)
      .returning('stopRequested')
      .executeTakeFirst();
    if (row?.stopRequested) throw new JobStopped();
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
    // Absent fields keep what the row has; a report of null is stored as JSON null.
    await kyselyOf(this.ctx.db.pool)
      .updateTable('interchange_jobs')
      .set({
        state,
        phase: state === 'completed' ? 'done' : null,
        ...(state === 'completed' ? { progress: 100 } : {}),
        ...(fields.report === undefined ? {} : { report: jsonb(fields.report) }),
        error: fields.error ? jsonb(fields.error) : null,
        ...(fields.versionId ? { versionId: fields.versionId } : {}),
        ...(fields.fileId ? { fileId: fields.fileId } : {}),
        updatedAt: sql`now()`,
        finishedAt: state === 'awaiting_choice' ? null : sql`now()`,
      })
      .where('id', '=', this.jobId)
      .where('state', '=', 'running')
      .execute();
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
  const { numUpdatedRows } = await kyselyOf(services.db.pool)
    .updateTable('interchange_jobs')
    .set({ state: 'running', updatedAt: sql`now()` })
    .where('id', '=', jobId)
    .where('state', '=', 'queued')
    .where('stopRequested', '=', false)
    .executeTakeFirst();
  if (!numUpdatedRows) {
    await services.jobs.leases.release(key);
    return null;
  }
  return jobRow(services.db.pool, jobId);
}

/**
 * Backups of a space or of a project, and backup jobs (docs/product-rules.md, "Backups"): taking one is a job
 * (a row of `interchange_jobs` of kind `backup`, with its progress), restoring one is another (kind `restore`);
 * a backup job (schedule) queues backups on its periodicity and keeps the last `keep` of them.
 */
import { BACKUP_LIMITS, BACKUP_VALIDATION, type BackupPeriodicity, type RestoreMode } from '@takt/contracts';
import type { Services, SpaceContext } from '../../context';
import { AppError } from '../../errors';
import type { FileResult } from '../../files/result';
import { audit } from '../audit';
import { claimRun, finishThrown, insertJob, queueJob } from '../interchange';
import { nextRun, validCron } from './periodicity';
import { restoreArchive } from './restore';
import { backupKey, SnapshotGone, takeSnapshot } from './snapshot';

export const BACKUP_JOB = 'backups.take';
export const RESTORE_JOB = 'backups.restore';
export const BACKUP_TICK_JOB = 'backups.tick';
/** Due backup jobs are looked for every minute, on one worker of all the processes. */
export const BACKUP_TICK_CRON = '* * * * *';

interface BackupRow {
  id: string;
  spaceId: string;
  scope: 'space' | 'project';
  projectId: string | null;
  name: string;
  scheduleId: string | null;
  jobId: string | null;
  state: string;
  fileKey: string | null;
  size: string;
  rowCount: number;
  fileCount: number;
  schemaVersion: string | null;
  takenAt: Date | null;
  createdById: string | null;
  createdAt: Date;
}

const BACKUP_LIST = `SELECT b.*, j.progress, j.state AS "jobState",
    NULLIF(trim(concat_ws(' ', u."firstName", u."lastName")), '') AS "createdByName",
    EXISTS (SELECT 1 FROM eps_nodes e WHERE e.id = b."projectId" AND e."spaceId" = b."spaceId") AS "projectExists"
  FROM backups b
  LEFT JOIN interchange_jobs j ON j.id = b."jobId"
  LEFT JOIN users u ON u.id = b."createdById"`;

type ListedRow = BackupRow & {
  progress: number | null;
  jobState: string | null;
  createdByName: string | null;
  projectExists: boolean;
};

function toBackup(row: ListedRow) {
  return {
    id: row.id,
    scope: row.scope,
    projectId: row.projectId,
    /** the project is still there: it can be restored over */
    projectExists: row.scope === 'project' ? row.projectExists : null,
    name: row.name,
    backupJobId: row.scheduleId,
    jobId: row.jobId,
    state: row.state,
    progress: row.state === 'completed' ? 100 : (row.progress ?? 0),
    size: Number(row.size),
    rows: row.rowCount,
    files: row.fileCount,
    schemaVersion: row.schemaVersion,
    takenAt: row.takenAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdById: row.createdById,
    createdByName: row.createdByName,
  };
}

export async function listBackups(ctx: SpaceContext, input: { projectId?: string; backupJobId?: string }) {
  const { rows } = await ctx.db.pool.query<ListedRow>(
    `${BACKUP_LIST} WHERE b."spaceId" = $1 AND ($2::uuid IS NULL OR b."projectId" = $2)
       AND ($3::uuid IS NULL OR b."scheduleId" = $3)
     ORDER BY b."createdAt" DESC, b.id LIMIT 500`,
    [ctx.space.spaceId, input.projectId ?? null, input.backupJobId ?? null],
  );
  return rows.map(toBackup);
}

async function backupRow(ctx: Pick<SpaceContext, 'db' | 'space'>, backupId: string): Promise<ListedRow> {
  const { rows } = await ctx.db.pool.query<ListedRow>(`${BACKUP_LIST} WHERE b.id = $1 AND b."spaceId" = $2`, [
    backupId,
    ctx.space.spaceId,
  ]);
  if (!rows[0]) throw new AppError('NotFound');
  return rows[0];
}

export async function getBackup(ctx: SpaceContext, backupId: string) {
  return toBackup(await backupRow(ctx, backupId));
}

/** The project's name, or NotFound when the id is no project of the space. */
async function projectName(services: Pick<Services, 'db'>, spaceId: string, projectId: string) {
  const { rows } = await services.db.pool.query<{ name: string }>(
    `SELECT name FROM eps_nodes WHERE id = $1 AND "spaceId" = $2 AND kind = 'project'`,
    [projectId, spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return rows[0].name;
}

async function spaceName(services: Pick<Services, 'db'>, spaceId: string) {
  const { rows } = await services.db.pool.query<{ name: string }>('SELECT name FROM spaces WHERE id = $1', [
    spaceId,
  ]);
  return rows[0]?.name ?? '';
}

/** Records a backup to take and queues its job; answered as the list shows it. */
async function startBackup(
  services: Services,
  spec: {
    spaceId: string;
    userId: string | null;
    projectId: string | null;
    scheduleId: string | null;
    lang: string;
  },
): Promise<string> {
  const name = spec.projectId
    ? await projectName(services, spec.spaceId, spec.projectId)
    : await spaceName(services, spec.spaceId);
  const { rows } = await services.db.pool.query<{ id: string }>(
    `INSERT INTO backups (id, "spaceId", scope, "projectId", name, "scheduleId", "createdById")
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6) RETURNING id`,
    [spec.spaceId, spec.projectId ? 'project' : 'space', spec.projectId, name, spec.scheduleId, spec.userId],
  );
  const backupId = rows[0]!.id;
  const jobId = await insertJob(services.db.pool, {
    spaceId: spec.spaceId,
    userId: spec.userId,
    kind: 'backup',
    format: 'backup',
    options: { backupId, lang: spec.lang },
  });
  await services.db.pool.query('UPDATE backups SET "jobId" = $2 WHERE id = $1', [backupId, jobId]);
  await services.jobs.send(BACKUP_JOB, { jobId });
  return backupId;
}

export async function createBackup(ctx: SpaceContext, input: { projectId?: string }) {
  const backupId = await startBackup(ctx, {
    spaceId: ctx.space.spaceId,
    userId: ctx.session.userId,
    projectId: input.projectId ?? null,
    scheduleId: null,
    lang: ctx.lang,
  });
  await audit(ctx, { action: 'backup.create', details: { backupId, projectId: input.projectId ?? null } });
  return getBackup(ctx, backupId);
}

/** A backup job (from the queue): the archive written, the backup's row completed; a job's old ones pruned. */
export async function runBackupJob(services: Services, jobId: string): Promise<void> {
  const run = await claimRun(services, jobId);
  if (!run) return;
  const { job, progress } = run;
  const backupId = String(job.options.backupId);
  const key = backupKey(job.spaceId, backupId);
  try {
    const { rows } = await services.db.pool.query<BackupRow>(
      `UPDATE backups SET state = 'running' WHERE id = $1 RETURNING *`,
      [backupId],
    );
    const backup = rows[0];
    if (!backup) throw new AppError('NotFound');
    await progress.report('reading', 1, undefined, true);
    const taken = await takeSnapshot(
      services,
      { spaceId: backup.spaceId, scope: backup.scope, projectId: backup.projectId },
      key,
      (done, total) => progress.report('writing', 1 + 98 * (done / Math.max(1, total))),
    );
    await services.db.pool.query(
      `UPDATE backups SET state = 'completed', "fileKey" = $2, size = $3, "rowCount" = $4, "fileCount" = $5,
         "schemaVersion" = $6, "takenAt" = $7, name = $8 WHERE id = $1`,
      [backupId, key, taken.size, taken.rows, taken.files, taken.schema, taken.takenAt, taken.name],
    );
    await progress.finish('completed', {
      report: { backupId, size: taken.size, rows: taken.rows, files: taken.files, takenAt: taken.takenAt },
    });
    if (backup.scheduleId) await pruneSchedule(services, backup.scheduleId);
  } catch (error) {
    await services.files.delete(key).catch(() => {});
    await services.db.pool.query(`UPDATE backups SET state = 'failed' WHERE id = $1`, [backupId]);
    await finishThrown(
      services,
      progress,
      error instanceof SnapshotGone ? new AppError('NotFound') : error,
      'backup',
    );
  }
}

export async function deleteBackup(ctx: SpaceContext, backupId: string) {
  const backup = await backupRow(ctx, backupId);
  if (backup.state === 'queued' || backup.state === 'running') throw new AppError('BackupNotReady');
  await ctx.db.pool.query('DELETE FROM backups WHERE id = $1 AND "spaceId" = $2', [
    backupId,
    ctx.space.spaceId,
  ]);
  if (backup.fileKey) await ctx.files.delete(backup.fileKey);
  await audit(ctx, { action: 'backup.delete', details: { backupId, name: backup.name } });
  return { success: true as const };
}

export async function downloadBackup(ctx: SpaceContext, backupId: string): Promise<FileResult> {
  const backup = await backupRow(ctx, backupId);
  if (backup.state !== 'completed' || !backup.fileKey) throw new AppError('BackupNotReady');
  const data = await ctx.files.get(backup.fileKey);
  if (!data) throw new AppError('NotFound');
  const day = (backup.takenAt ?? backup.createdAt).toISOString().slice(0, 16).replace(/[:T]/g, '-');
  return {
    file: true,
    contentType: 'application/gzip',
    data,
    fileName: `takt-backup-${backup.scope}-${day}.jsonl.gz`,
  };
}

/** Queues the restore of a completed backup: over what it was taken of, or as a new space or project. */
export async function restoreBackup(
  ctx: SpaceContext,
  input: { backupId: string; mode: RestoreMode; name?: string },
) {
  const backup = await backupRow(ctx, input.backupId);
  if (backup.state !== 'completed' || !backup.fileKey) throw new AppError('BackupNotReady');
  const job = await queueJob(ctx, RESTORE_JOB, {
    kind: 'restore',
    format: 'backup',
    options: {
      lang: ctx.lang,
      backupId: backup.id,
      mode: input.mode,
      ...(input.name ? { name: input.name } : {}),
    },
  });
  await audit(ctx, { action: 'backup.restore', details: { backupId: backup.id, mode: input.mode } });
  return job;
}

/** A restore job (from the queue): one transaction; a failure or a stop leaves the target as it was. */
export async function runRestoreJob(
  services: Services,
  jobId: string,
  hooks: { afterRows?: (done: number) => void } = {},
): Promise<void> {
  const run = await claimRun(services, jobId);
  if (!run) return;
  const { job, progress } = run;
  try {
    const { rows } = await services.db.pool.query<BackupRow>(
      'SELECT * FROM backups WHERE id = $1 AND "spaceId" = $2',
      [job.options.backupId, job.spaceId],
    );
    const backup = rows[0];
    if (!backup?.fileKey) throw new AppError('NotFound');
    await progress.report('reading', 1, undefined, true);
    const outcome = await restoreArchive(
      services,
      {
        key: backup.fileKey,
        mode: job.options.mode === 'new' ? 'new' : 'replace',
        spaceId: job.spaceId,
        userId: job.userId!,
        ...(typeof job.options.name === 'string' ? { name: job.options.name } : {}),
      },
      async (done, total) => {
        hooks.afterRows?.(done);
        await progress.report('writing', 1 + 98 * (done / Math.max(1, total)));
      },
    );
    await progress.finish('completed', { report: { backupId: backup.id, ...outcome } });
  } catch (error) {
    await finishThrown(services, progress, error, 'restore');
  }
}

// ——— backup jobs (schedules) ———

interface ScheduleRow {
  id: string;
  spaceId: string;
  scope: 'space' | 'project';
  projectId: string | null;
  periodicity: BackupPeriodicity;
  minuteOfDay: number;
  weekday: number;
  dayOfMonth: number;
  cron: string | null;
  keep: number;
  enabled: boolean;
  revision: number;
  nextRunAt: Date;
  lastRunAt: Date | null;
  createdById: string | null;
  createdAt: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

function toSchedule(row: ScheduleRow & { projectName?: string | null; backups?: string }) {
  return {
    id: row.id,
    scope: row.scope,
    projectId: row.projectId,
    projectName: row.projectName ?? null,
    periodicity: row.periodicity,
    time: `${pad(Math.floor(row.minuteOfDay / 60))}:${pad(row.minuteOfDay % 60)}`,
    weekday: row.weekday,
    dayOfMonth: row.dayOfMonth,
    cron: row.cron,
    keep: row.keep,
    enabled: row.enabled,
    revision: row.revision,
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    backups: Number(row.backups ?? 0),
  };
}

export async function listSchedules(ctx: SpaceContext) {
  const { rows } = await ctx.db.pool.query<ScheduleRow & { projectName: string | null; backups: string }>(
    `SELECT s.*, e.name AS "projectName", (SELECT count(*) FROM backups b WHERE b."scheduleId" = s.id) AS backups
     FROM backup_schedules s LEFT JOIN eps_nodes e ON e.id = s."projectId"
     WHERE s."spaceId" = $1 ORDER BY s."createdAt", s.id`,
    [ctx.space.spaceId],
  );
  return rows.map(toSchedule);
}

interface ScheduleFields {
  periodicity: BackupPeriodicity;
  time: string;
  weekday: number;
  dayOfMonth: number;
  cron?: string;
  keep: number;
  enabled: boolean;
}

function periodicityOf(input: ScheduleFields, createdAt: Date) {
  if (input.periodicity === 'cron' && !validCron(input.cron ?? ''))
    throw new AppError('ValidationError', {}, [{ path: 'cron', message: BACKUP_VALIDATION.cron }]);
  const [h, m] = input.time.split(':').map(Number) as [number, number];
  return {
    periodicity: input.periodicity,
    minuteOfDay: h * 60 + m,
    weekday: input.weekday,
    dayOfMonth: input.dayOfMonth,
    cron: input.periodicity === 'cron' ? input.cron!.trim() : null,
    createdAt,
  };
}

export async function createSchedule(
  ctx: SpaceContext,
  input: ScheduleFields & { projectId?: string },
  now = new Date(),
) {
  if (input.projectId) await projectName(ctx, ctx.space.spaceId, input.projectId);
  const p = periodicityOf(input, now);
  const { rows: count } = await ctx.db.pool.query<{ n: string }>(
    'SELECT count(*) AS n FROM backup_schedules WHERE "spaceId" = $1',
    [ctx.space.spaceId],
  );
  if (Number(count[0]!.n) >= BACKUP_LIMITS.schedulesPerSpace) throw new AppError('Conflict');
  const { rows } = await ctx.db.pool.query<ScheduleRow>(
    `INSERT INTO backup_schedules (id, "spaceId", scope, "projectId", periodicity, "minuteOfDay", weekday,
       "dayOfMonth", cron, keep, enabled, "nextRunAt", "createdById", "createdAt")
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
    [
      ctx.space.spaceId,
      input.projectId ? 'project' : 'space',
      input.projectId ?? null,
      p.periodicity,
      p.minuteOfDay,
      p.weekday,
      p.dayOfMonth,
      p.cron,
      input.keep,
      input.enabled,
      nextRun(p, now),
      ctx.session.userId,
      now,
    ],
  );
  await audit(ctx, {
    action: 'backup.schedule.create',
    details: { scheduleId: rows[0]!.id, settings: scheduleAudit(rows[0]!) },
  });
  return toSchedule(rows[0]!);
}

async function scheduleRow(ctx: SpaceContext, scheduleId: string): Promise<ScheduleRow> {
  const { rows } = await ctx.db.pool.query<ScheduleRow>(
    'SELECT * FROM backup_schedules WHERE id = $1 AND "spaceId" = $2',
    [scheduleId, ctx.space.spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return rows[0];
}

export async function updateSchedule(
  ctx: SpaceContext,
  input: ScheduleFields & { backupJobId: string; revision: number },
) {
  const current = await scheduleRow(ctx, input.backupJobId);
  const p = periodicityOf(input, current.createdAt);
  const { rows } = await ctx.db.pool.query<ScheduleRow>(
    `UPDATE backup_schedules SET periodicity = $3, "minuteOfDay" = $4, weekday = $5, "dayOfMonth" = $6, cron = $7,
       keep = $8, enabled = $9, "nextRunAt" = $10, revision = revision + 1
     WHERE id = $1 AND "spaceId" = $2 AND revision = $11 RETURNING *`,
    [
      input.backupJobId,
      ctx.space.spaceId,
      p.periodicity,
      p.minuteOfDay,
      p.weekday,
      p.dayOfMonth,
      p.cron,
      input.keep,
      input.enabled,
      nextRun(p, new Date()),
      input.revision,
    ],
  );
  // Changed (or deleted) by someone else since it was read.
  if (!rows[0]) throw new AppError('Conflict');
  await audit(ctx, {
    action: 'backup.schedule.update',
    details: {
      scheduleId: input.backupJobId,
      revision: rows[0].revision,
      before: scheduleAudit(current),
      after: scheduleAudit(rows[0]),
    },
  });
  await pruneSchedule(ctx, input.backupJobId);
  return toSchedule(rows[0]);
}

/** What the audit trail keeps of a backup job's settings. */
function scheduleAudit(row: ScheduleRow) {
  const { projectId, periodicity, minuteOfDay, weekday, dayOfMonth, cron, keep, enabled } = row;
  return { projectId, periodicity, minuteOfDay, weekday, dayOfMonth, cron, keep, enabled };
}

/** Deletes a backup job (at the revision read, when given); the backups it took stay (as taken by hand). */
export async function deleteSchedule(ctx: SpaceContext, input: { backupJobId: string; revision?: number }) {
  const current = await scheduleRow(ctx, input.backupJobId);
  const { rowCount } = await ctx.db.pool.query(
    'DELETE FROM backup_schedules WHERE id = $1 AND "spaceId" = $2 AND ($3::int IS NULL OR revision = $3)',
    [input.backupJobId, ctx.space.spaceId, input.revision ?? null],
  );
  if (!rowCount) throw new AppError('Conflict');
  await audit(ctx, {
    action: 'backup.schedule.delete',
    details: { scheduleId: input.backupJobId, revision: current.revision, settings: scheduleAudit(current) },
  });
  return { success: true as const };
}

/** Keeps a backup job's latest `keep` completed backups; older ones go with their archives. */
async function pruneSchedule(services: Pick<Services, 'db' | 'files'>, scheduleId: string) {
  const { rows } = await services.db.pool.query<{ id: string; fileKey: string | null }>(
    `DELETE FROM backups WHERE id IN (
       SELECT b.id FROM backups b JOIN backup_schedules s ON s.id = b."scheduleId"
       WHERE b."scheduleId" = $1 AND b.state IN ('completed', 'failed')
       ORDER BY b."createdAt" DESC, b.id DESC OFFSET (SELECT keep FROM backup_schedules WHERE id = $1))
     RETURNING id, "fileKey"`,
    [scheduleId],
  );
  for (const row of rows) if (row.fileKey) await services.files.delete(row.fileKey);
}

/**
 * The periodic runner (every minute, on one worker): every enabled backup job due at `now` queues its backup
 * and moves to its next run. `now` is the clock, given so that a test can set it. Returns the backups queued.
 */
export async function runDueSchedules(services: Services, now: Date): Promise<string[]> {
  const { rows } = await services.db.pool.query<ScheduleRow>(
    `UPDATE backup_schedules SET "lastRunAt" = $1 WHERE id IN (
       SELECT id FROM backup_schedules WHERE enabled AND "nextRunAt" <= $1 FOR UPDATE SKIP LOCKED)
     RETURNING *`,
    [now],
  );
  const started: string[] = [];
  for (const row of rows) {
    await services.db.pool.query('UPDATE backup_schedules SET "nextRunAt" = $2 WHERE id = $1', [
      row.id,
      nextRun(row, now),
    ]);
    try {
      started.push(
        await startBackup(services, {
          spaceId: row.spaceId,
          userId: row.createdById,
          projectId: row.projectId,
          scheduleId: row.id,
          lang: 'ru',
        }),
      );
    } catch (error) {
      // A project deleted since: the job waits for its next run (and fails again until it is changed).
      services.log.warn('backup job could not start', { scheduleId: row.id, err: error });
    }
  }
  return started;
}

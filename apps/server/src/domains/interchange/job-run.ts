/**
 * Running a queued job in this process: claiming it, with its progress reports and the context it runs in,
 * and recording how it ended when it threw.
 */
import type { Language } from '@takt/contracts';
import { InterchangeError } from '@takt/interchange';
import type { Services, SpaceContext } from '../../context';
import { AppError } from '../../errors';
import { claimJob, type JobError, JobProgress, type JobRow, JobStopped } from './jobs';

/** How a failed import or export job records its error: a file's problem with where it is, else the code. */
export function jobErrorOf(error: unknown): JobError {
  if (error instanceof InterchangeError) {
    const located = error.line !== undefined || error.element || error.field;
    const split = error.message.indexOf(': ');
    return {
      code: error.code,
      message: error.message,
      ...(error.messageId
        ? { messageId: error.messageId, messageValues: { ...(error.messageValues ?? {}) } }
        : {}),
      reason: located && split >= 0 ? error.message.slice(split + 2) : error.message,
      ...(error.line !== undefined ? { line: error.line } : {}),
      ...(error.element ? { element: error.element } : {}),
      ...(error.field ? { field: error.field } : {}),
    };
  }
  if (error instanceof AppError) return { code: error.code, message: error.code };
  return { code: 'UnknownException', message: error instanceof Error ? error.message : String(error) };
}

/** The context a job runs in: the space and user who started it. */
export function jobContext(services: Services, job: JobRow): SpaceContext {
  return {
    ...services,
    source: 'rest',
    requestId: job.id,
    ip: '127.0.0.1',
    userAgent: null,
    lang: (job.options.lang as Language | undefined) ?? 'ru',
    token: null,
    session: { id: '', userId: job.userId! },
    space: { spaceId: job.spaceId, roleId: '', roleName: '', roleKey: null, abilities: new Set() },
  };
}

/** A queued job claimed by this process, its progress reports and its context; null when it is not to run here. */
export async function claimRun(services: Services, jobId: string) {
  const job = await claimJob(services, jobId);
  return job && { job, progress: new JobProgress(services, jobId), ctx: jobContext(services, job) };
}

/**
 * Records how a job that threw ended: stopped when the user asked to stop it, else failed with its error —
 * logged as `<what> failed` unless it is one of ours (an `AppError`).
 */
export async function finishThrown(services: Services, progress: JobProgress, error: unknown, what: string) {
  if (error instanceof JobStopped) return progress.finish('stopped', {});
  if (!(error instanceof AppError))
    services.log.error(`${what} failed`, { jobId: progress.jobId, err: error });
  await progress.finish('failed', { error: jobErrorOf(error) });
}

/**
 * API batch-processing/timetable-calc: a version calculated by a background job (a 100k-work version
 * need not hold a request open), with the same outcome as `calculation.run` recorded as the job's report.
 */
import type { Services, SpaceContext } from '../../context';
import { AppError } from '../../errors';
import { calculateVersion } from '../calculation';
import { histogramWarm } from '../resources';
import { versionOf } from '../versions';
import { claimRun } from './job-run';
import { CALCULATION_JOB, queueJob } from './jobs';

export async function startCalculation(ctx: SpaceContext, versionId: string) {
  const version = await versionOf(ctx.db.pool, ctx.space.spaceId, versionId);
  if (version.locked) throw new AppError('VersionLocked');
  return queueJob(ctx, CALCULATION_JOB, {
    kind: 'calculate',
    format: 'engine',
    scheduleId: version.scheduleId,
    versionId,
    options: { lang: ctx.lang },
  });
}

export async function runCalculation(services: Services, jobId: string): Promise<void> {
  const run = await claimRun(services, jobId);
  if (!run) return;
  const { job, progress, ctx } = run;
  try {
    await progress.report('calculating', 10, undefined, true);
    const result = await calculateVersion(ctx, job.versionId!, histogramWarm);
    await progress.finish('completed', {
      report: {
        works: result.works,
        milliseconds: result.milliseconds,
        inWorker: result.inWorker,
        conflicts: result.conflicts.length,
      },
    });
  } catch (error) {
    const appError = error instanceof AppError ? error : null;
    if (!appError) services.log.error('calculation job failed', { jobId, err: error });
    const reason = appError?.params.reason;
    await progress.finish('failed', {
      error: {
        code: appError?.code ?? 'UnknownException',
        message: String(reason ?? appError?.code ?? (error as Error).message),
        ...(reason !== undefined
          ? { messageId: `errors.${appError!.code}`, messageValues: { reason: String(reason) } }
          : {}),
      },
    });
  }
}

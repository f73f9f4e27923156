import type { Services } from '../../context';
import { REMOTE_COPY_JOB, runRemoteCopyJob } from './remote';
import {
  BACKUP_JOB,
  BACKUP_TICK_CRON,
  BACKUP_TICK_JOB,
  RESTORE_JOB,
  runBackupJob,
  runDueSchedules,
  runRestoreJob,
} from './service';

/**
 * The queue consumers of backups: taking and restoring one (rows of `interchange_jobs`, so the interchange
 * supervisor ends one whose process died — a restore's transaction is then rolled back by the database), and
 * the minute tick that starts the backup jobs that are due.
 */
export async function registerBackupWorkers(services: Services): Promise<void> {
  await services.jobs.work(BACKUP_JOB, (data) => runBackupJob(services, String(data.jobId)));
  await services.jobs.work(RESTORE_JOB, (data) => runRestoreJob(services, String(data.jobId)));
  await services.jobs.work(REMOTE_COPY_JOB, (data) => runRemoteCopyJob(services, data));
  await services.jobs.schedule(BACKUP_TICK_JOB, BACKUP_TICK_CRON, async () => {
    await runDueSchedules(services, new Date());
  });
}

import type { Services } from '../../context';
import { REPORT_JOB, runReportJob } from './run';

/**
 * The queue consumer of report jobs. A report job is a row of `interchange_jobs` (kind `report`), so the
 * interchange supervisor ends one whose process died, and its file is downloaded like an export's.
 */
export async function registerReportWorkers(services: Services): Promise<void> {
  await services.jobs.work(REPORT_JOB, (data) => runReportJob(services, String(data.jobId)));
}

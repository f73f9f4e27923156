import type { Services } from '../../context';
import { runCalculation } from './calculate';
import { runExport } from './export';
import { runImport } from './import';
import { CALCULATION_JOB, EXPORT_JOB, IMPORT_JOB, recoverInterruptedJobs } from './jobs';

/**
 * Queue consumers of imports, exports and batch calculations (a worker process takes one job at a time per
 * queue), and the recovery that ends jobs whose process died.
 */
export async function registerInterchangeWorkers(services: Services): Promise<void> {
  services.jobs.supervise('interchange', () => recoverInterruptedJobs(services));
  await services.jobs.work(IMPORT_JOB, (data) => runImport(services, String(data.jobId)));
  await services.jobs.work(EXPORT_JOB, (data) => runExport(services, String(data.jobId)));
  await services.jobs.work(CALCULATION_JOB, (data) => runCalculation(services, String(data.jobId)));
}

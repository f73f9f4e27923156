import type { Services } from '../../context';
import { BIM_PARSE_JOB, runModelParse } from './models';

/** Queue consumer of IFC parsing (a worker process parses one model at a time). */
export async function registerBimWorkers(services: Services): Promise<void> {
  await services.jobs.work(BIM_PARSE_JOB, (data) =>
    runModelParse(services, { modelId: String(data.modelId), spaceId: String(data.spaceId) }),
  );
}

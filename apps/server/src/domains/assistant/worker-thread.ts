// The body of a schedule analysis thread (started by `worker.mjs`): analyses the one job it was given
// and answers with the analysis, or with what the engine refused.
import { parentPort, workerData } from 'node:worker_threads';
import { analyseSchedule } from '@takt/engine';
import type { AnalysisJob } from './thread';
import { engineRefusal } from './thread';

const job = workerData as AnalysisJob;
try {
  parentPort!.postMessage({
    ok: true,
    analysis: analyseSchedule(job.project, job.options, job.facts, job.settings),
  });
} catch (error) {
  parentPort!.postMessage({ ok: false, refusal: engineRefusal(error), message: String(error) });
}

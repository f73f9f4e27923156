import { Worker } from 'node:worker_threads';
import {
  type AnalysisFacts,
  type AnalysisSettings,
  analyseSchedule,
  type CalculateOptions,
  type EngineProject,
  type ScheduleAnalysis,
} from '@takt/engine';

/** What one analysis reads: the engine input of a version and what else the checks look at. */
export interface AnalysisJob {
  project: EngineProject;
  options: CalculateOptions;
  facts: AnalysisFacts;
  settings: AnalysisSettings;
}

/** What the engine refused (a cycle, a date out of range), with the works it names. */
export interface EngineRefusal {
  code: string;
  message: string;
  workIds: string[];
}

export class AnalysisRefused extends Error {
  constructor(readonly refusal: EngineRefusal) {
    super(refusal.message);
  }
}

export function engineRefusal(error: unknown): EngineRefusal | null {
  const e = error as Error & { code?: string; workIds?: readonly string[] };
  if (e?.name !== 'EngineError') return null;
  return { code: e.code ?? 'engine', message: e.message, workIds: [...(e.workIds ?? [])] };
}

type Reply =
  | { ok: true; analysis: ScheduleAnalysis }
  | { ok: false; refusal: EngineRefusal | null; message: string };

/** Analysis threads one process runs at once; more wait their turn (each holds a big version's input). */
const MAX_THREADS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(run: () => Promise<T>): Promise<T> {
  if (running >= MAX_THREADS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await run();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Analyses in a thread of its own, so that a big version (seconds of work at 100,000 works) never stalls
 * the requests the server is answering — at most `MAX_THREADS` at once; a small one here, at once. The
 * thread lives for one analysis.
 */
export function analyse(job: AnalysisJob, inThread: boolean): Promise<ScheduleAnalysis> {
  if (!inThread) {
    try {
      return Promise.resolve(analyseSchedule(job.project, job.options, job.facts, job.settings));
    } catch (error) {
      const refusal = engineRefusal(error);
      return Promise.reject(refusal ? new AnalysisRefused(refusal) : error);
    }
  }
  return inTurn(() => analyseInThread(job));
}

function analyseInThread(job: AnalysisJob): Promise<ScheduleAnalysis> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: job });
    let settled = false;
    worker.once('message', (reply: Reply) => {
      settled = true;
      if (reply.ok) resolve(reply.analysis);
      else
        reject(
          reply.refusal ? new AnalysisRefused(reply.refusal) : new Error(`analysis failed: ${reply.message}`),
        );
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the analysis thread stopped (exit code ${code})`));
    });
  });
}

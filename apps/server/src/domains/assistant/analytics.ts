import { SCHEDULE_LIMITS } from '@takt/contracts';
import { NO_TIME, type ScheduleAnalysis, timeFromIso } from '@takt/engine';
import { engineInput, workLabel } from '@takt/schedule';
import type { SpaceContext } from '../../context';
import { keyDate } from '../../db/time';
import { AppError } from '../../errors';
import { resourceInputsLoad } from '../resources';
import { versionDocument } from '../versions';
import { planDetailRows } from '../works';
import { compareAnalyses } from './compare';
import { previousRun, type StoredRun, storeRun } from './history';
import { analysisSettingsOf } from './settings';
import { summaryFacts, summaryToAsk, writeSummary } from './summary';
import { type AnalysisJob, AnalysisRefused, analyse } from './thread';

const minutesOf = (iso: string | null | undefined) => (iso ? timeFromIso(iso) : NO_TIME);

/**
 * What an analysis of a version reads (docs/product-rules.md, "Schedule assistant"): the engine input its
 * calculation reads (`@takt/schedule`'s `engineInput`, the one mapping calculation and preview share),
 * the approved dates of its works, which of them have a planned volume, an executor and any resource
 * assigned, the assignments of its works with the resources' availability (as the resource histogram
 * reads them), and the space's thresholds.
 */
async function analysisJob(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  const { document } = await versionDocument(ctx.db.pool, spaceId, versionId);
  const input = engineInput(document, keyDate());
  const n = input.project.works.length;
  const own = input.ownWorkCount;
  const approvedStart = new Int32Array(n).fill(NO_TIME);
  const approvedFinish = new Int32Array(n).fill(NO_TIME);
  const [details, load, settings] = await Promise.all([
    planDetailRows(ctx.db.pool, spaceId, versionId),
    resourceInputsLoad(ctx.db.pool, spaceId, versionId, new Set(input.project.calendars.map((c) => c.id))),
    analysisSettingsOf(ctx),
  ]);
  const assignments = load.assignments.filter((a) => {
    const row = document.rowOf.get(a.workId);
    return row !== undefined && row < own;
  });
  for (const work of details) {
    const row = document.rowOf.get(work.id);
    if (row === undefined) continue;
    approvedStart[row] = minutesOf(work.approvedStart);
    approvedFinish[row] = minutesOf(work.approvedFinish);
  }
  const hasVolume = new Uint8Array(n);
  const hasExecutor = new Uint8Array(n);
  for (let row = 0; row < own; row++) {
    const volume = document.planVolume[row]!;
    hasVolume[row] = Number.isFinite(volume) && volume > 0 ? 1 : 0;
    hasExecutor[row] = document.executor[row]! >= 0 ? 1 : 0;
  }
  const job: AnalysisJob = {
    project: input.project,
    options: input.options,
    facts: {
      ownWorkCount: own,
      approvedStart,
      approvedFinish,
      hasVolume,
      hasExecutor,
      withResources: new Set(assignments.map((a) => a.workId)),
      resources: load.resources,
      assignments,
    },
    settings: { thresholds: settings.thresholds, limits: settings.limits },
  };
  return { job, document, settings };
}

/**
 * Runs the schedule analysis of a version (API AI schedule-analytics) and keeps it in the history: the
 * checks with their works (at most 200 ids each), the overall score, and how it compares with the
 * version's previous run. With a language model configured, the run's summary is asked of it afterwards
 * (pending in the answer; history-item gives it once written). What the engine refuses (a cycle) is the catalogue's `CalculationError`,
 * naming the works.
 */
export async function runScheduleAnalytics(ctx: SpaceContext, input: { versionId: string }) {
  const { job, document, settings } = await analysisJob(ctx, input.versionId);
  const started = performance.now();
  let analysis: ScheduleAnalysis;
  try {
    analysis = await analyse(job, document.count > SCHEDULE_LIMITS.workerThresholdWorks);
  } catch (error) {
    if (!(error instanceof AnalysisRefused)) throw error;
    const label = (id: string) => {
      const row = document.rowOf.get(id);
      return row === undefined ? id : workLabel(document, row);
    };
    const names = error.refusal.workIds.map(label);
    const reason =
      error.refusal.code === 'cycle'
        ? `cycle: ${names.join(' → ')}`
        : `${error.refusal.message} ${names.join(', ')}`.trim();
    throw new AppError(
      'CalculationError',
      { reason },
      names.map((name, i) => ({ path: error.refusal.workIds[i]!, message: name })),
    );
  }
  const millis = Math.round(performance.now() - started);
  const before = await previousRun(ctx, input.versionId);
  const summary = summaryToAsk();
  const run: StoredRun = await storeRun(ctx, {
    versionId: input.versionId,
    versionRevision: document.versionRevision,
    analysis,
    settings,
    millis,
    summary,
  });
  if (summary) {
    // Not awaited: the run is answered now; the summary is kept when the model has phrased it.
    const facts = summaryFacts(analysis, ctx.lang, (id) => {
      const row = document.rowOf.get(id);
      return row === undefined ? id : workLabel(document, row);
    });
    void writeSummary(ctx.db.pool, run.id, facts, ctx.lang);
  }
  return {
    run,
    analysis,
    summary,
    comparison: before ? compareAnalyses(before.analysis, analysis, before.run) : null,
  };
}

import type { Language } from '@takt/contracts';
import type { ScheduleAnalysis } from '@takt/engine';
import { type MessageId, translate } from '@takt/i18n';
import type { Sql } from '../../db/sql';
import { modelName, modelTimeout, type SummaryFacts, summariseByModel } from './model';

/**
 * The language model's summary of an analysis run, as the run keeps it (docs/product-rules.md, "Schedule
 * assistant"): asked for after the run is stored, so the analysis never waits on the model; written when
 * its answer passes, failed when it does not come in time or is not what was asked. Null: no model was
 * configured when the run was made.
 */
export type RunSummary =
  | { status: 'pending'; askedAt: string }
  | { status: 'written'; text: string; language: Language; model: string }
  | { status: 'failed'; reason: 'unavailable' | 'bad_answer' | 'timeout' | 'off' };

/** How many works of a failed check the model is told of, and how many failed checks. */
const WORKS_TOLD = 5;
const CHECKS_TOLD = 8;

/** A summary waits for the model's timeout and this much more before it counts as failed (a restart lost it). */
const GRACE_MS = 15_000;

/** What the model is told of a run: the figures of its checks, in the user's language, and works' names. */
export function summaryFacts(
  analysis: ScheduleAnalysis,
  language: Language,
  label: (workId: string) => string,
): SummaryFacts {
  const name = (id: string) => translate(language, `assistant.check.${id}` as MessageId);
  const failed = analysis.checks
    .filter((c) => c.status === 'fail')
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .slice(0, CHECKS_TOLD);
  return {
    score: analysis.score,
    dcmaPassed: analysis.dcmaPassed,
    dcmaApplicable: analysis.dcmaApplicable,
    tasks: analysis.taskCount,
    projectFinish: analysis.projectFinish.slice(0, 10),
    approvedFinish: analysis.approvedFinish?.slice(0, 10) ?? null,
    failed: failed.map((c) => ({
      check: name(c.id),
      found: c.count,
      outOf: c.population,
      percent: c.percent,
      value: c.value,
      threshold: c.threshold,
      score: c.score,
      works: c.workIds.slice(0, WORKS_TOLD).map(label),
    })),
    passed: analysis.checks.filter((c) => c.status === 'pass').map((c) => name(c.id)),
  };
}

/** The summary a new run starts with: pending when a model is configured, else none. */
export function summaryToAsk(): RunSummary | null {
  return modelName() === null ? null : { status: 'pending', askedAt: new Date().toISOString() };
}

/**
 * Asks the model for the run's summary and keeps what comes of it. Never throws: a failure is kept as
 * failed (and a store that fails, say at shutdown, is only logged).
 */
export async function writeSummary(sql: Sql, runId: string, facts: SummaryFacts, language: Language) {
  try {
    const answer = await summariseByModel(facts, language);
    const summary: RunSummary =
      'text' in answer
        ? { status: 'written', text: answer.text, language, model: modelName() ?? '' }
        : { status: 'failed', reason: answer.error };
    await sql.query(`UPDATE assistant_runs SET summary = $2 WHERE id = $1`, [runId, JSON.stringify(summary)]);
  } catch (error) {
    console.warn(`assistant: the summary of run ${runId} was not kept: ${(error as Error).message}`);
  }
}

/** A kept summary as it is read: one pending past the model's timeout (and a grace) has failed. */
export function summaryOf(stored: unknown): RunSummary | null {
  const summary = stored as RunSummary | null;
  if (summary?.status !== 'pending') return summary ?? null;
  const waited = Date.now() - Date.parse(summary.askedAt);
  return waited > modelTimeout(20_000) + GRACE_MS ? { status: 'failed', reason: 'timeout' } : summary;
}

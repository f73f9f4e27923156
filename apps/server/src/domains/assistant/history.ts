import type { AssistantSettings } from '@takt/contracts';
import { kyselyOf } from '@takt/db';
import type { ScheduleAnalysis } from '@takt/engine';
import type { SpaceContext } from '../../context';
import { AppError } from '../../errors';
import { versionOf } from '../versions';
import { compareAnalyses } from './compare';
import { type RunSummary, summaryOf } from './summary';

/** A run as the history lists it. */
export interface StoredRun {
  id: string;
  versionId: string;
  kind: string;
  versionRevision: number;
  score: number | null;
  millis: number;
  userId: string | null;
  createdAt: string;
}

const RUN_COLUMNS = [
  'id',
  'versionId',
  'kind',
  'versionRevision',
  'score',
  'millis',
  'userId',
  'createdAt',
] as const;

const runOf = (row: Omit<StoredRun, 'createdAt'> & { createdAt: Date | string }): StoredRun => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
});

/** Keeps a run of the analysis. */
export async function storeRun(
  ctx: SpaceContext,
  run: {
    versionId: string;
    versionRevision: number;
    analysis: ScheduleAnalysis;
    settings: AssistantSettings;
    millis: number;
    summary: RunSummary | null;
  },
): Promise<StoredRun> {
  const row = await kyselyOf(ctx.db.pool)
    .insertInto('assistant_runs')
    .values({
      id: crypto.randomUUID(),
      spaceId: ctx.space.spaceId,
      versionId: run.versionId,
      userId: ctx.session.userId,
      kind: 'analytics',
      versionRevision: run.versionRevision,
      score: run.analysis.score,
      result: JSON.stringify(run.analysis),
      settings: JSON.stringify(run.settings),
      millis: run.millis,
      summary: run.summary === null ? null : JSON.stringify(run.summary),
    })
    .returning(RUN_COLUMNS)
    .executeTakeFirstOrThrow();
  return runOf(row);
}

/** The version's last analysis run before now, with its analysis. */
export async function previousRun(ctx: SpaceContext, versionId: string) {
  const row = await kyselyOf(ctx.db.pool)
    .selectFrom('assistant_runs')
    .select([...RUN_COLUMNS, 'result'])
    .where('spaceId', '=', ctx.space.spaceId)
    .where('versionId', '=', versionId)
    .where('kind', '=', 'analytics')
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const { result, ...run } = row;
  return { run: runOf(run), analysis: result as unknown as ScheduleAnalysis };
}

/**
 * The assistant's history of a version (API AI history-list), newest first: each run with its score and
 * how many DCMA checks passed.
 */
export async function historyList(
  ctx: SpaceContext,
  input: { versionId: string; kind: 'analytics'; limit: number },
) {
  await versionOf(ctx.db.pool, ctx.space.spaceId, input.versionId);
  const { rows } = await ctx.db.pool.query<
    StoredRun & { dcmaPassed: number | null; dcmaApplicable: number | null }
  >(
    `SELECT id, "versionId", kind, "versionRevision", score, millis, "userId", "createdAt",
            (result->>'dcmaPassed')::int AS "dcmaPassed", (result->>'dcmaApplicable')::int AS "dcmaApplicable"
       FROM assistant_runs WHERE "spaceId" = $1 AND "versionId" = $2 AND kind = $3
      ORDER BY "createdAt" DESC, id LIMIT $4`,
    [ctx.space.spaceId, input.versionId, input.kind, input.limit],
  );
  return rows.map((row) => ({
    ...runOf(row),
    dcmaPassed: row.dcmaPassed,
    dcmaApplicable: row.dcmaApplicable,
  }));
}

async function storedRun(ctx: SpaceContext, runId: string) {
  const row = await kyselyOf(ctx.db.pool)
    .selectFrom('assistant_runs')
    .select([...RUN_COLUMNS, 'result', 'settings', 'summary'])
    .where('spaceId', '=', ctx.space.spaceId)
    .where('id', '=', runId)
    .executeTakeFirst();
  if (!row) throw new AppError('NotFound');
  const { result, settings, summary, ...run } = row;
  return {
    run: runOf(run),
    analysis: result as unknown as ScheduleAnalysis,
    settings: settings as AssistantSettings,
    summary: summaryOf(summary),
  };
}

/**
 * One run of the history (API AI history-item): what it found, the settings it ran with and the language
 * model's summary of it (null when no model was configured); with
 * `otherRunId`, compared with that run (an earlier one, of this version or another of the space).
 */
export async function historyItem(
  ctx: SpaceContext,
  input: { runId: string; otherRunId?: string | undefined },
) {
  const item = await storedRun(ctx, input.runId);
  if (!input.otherRunId) return { ...item, comparison: null };
  const other = await storedRun(ctx, input.otherRunId);
  return { ...item, comparison: compareAnalyses(other.analysis, item.analysis, other.run) };
}

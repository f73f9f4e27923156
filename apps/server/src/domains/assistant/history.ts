import type { AssistantSettings } from '@takt/contracts';
import { kyselyOf } from '@takt/db';
import type { ScheduleAnalysis } from '@takt/engine';
import type { SpaceContext } from '../../context';
import type { Sql } from '../../db/sql';
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

/** A decomposition applied, as the history keeps it: the work, where the proposal came from, the sub-works. */
export interface StoredDecomposition {
  workId: string;
  workName: string;
  source: string;
  templateKey: string | null;
  subWorks: { id: string; name: string; durationDays: number }[];
  relations: number;
}

/** Keeps a decomposition applied, in the transaction that applies it (a history item of its own kind). */
export async function storeDecomposition(
  on: Sql,
  ctx: SpaceContext,
  item: { versionId: string; versionRevision: number; decomposition: StoredDecomposition },
) {
  await kyselyOf(on)
    .insertInto('assistant_runs')
    .values({
      id: crypto.randomUUID(),
      spaceId: ctx.space.spaceId,
      versionId: item.versionId,
      userId: ctx.session.userId,
      kind: 'decomposition',
      versionRevision: item.versionRevision,
      score: null,
      result: JSON.stringify(item.decomposition),
      settings: JSON.stringify({}),
      millis: 0,
    })
    .execute();
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
 * The assistant's history of a version (API AI history-list), newest first: each analysis run with its score
 * and how many DCMA checks passed; each decomposition with the work it broke down and how many sub-works.
 */
export async function historyList(
  ctx: SpaceContext,
  input: { versionId: string; kind: 'analytics' | 'decomposition'; limit: number },
) {
  await versionOf(ctx.db.pool, ctx.space.spaceId, input.versionId);
  const { rows } = await ctx.db.pool.query<
    StoredRun & {
      dcmaPassed: number | null;
      dcmaApplicable: number | null;
      workId: string | null;
      workName: string | null;
      subWorks: number | null;
      source: string | null;
    }
  >(
    `SELECT id, "versionId", kind, "versionRevision", score, millis, "userId", "createdAt",
            (result->>'dcmaPassed')::int AS "dcmaPassed", (result->>'dcmaApplicable')::int AS "dcmaApplicable",
            result->>'workId' AS "workId", result->>'workName' AS "workName",
            CASE WHEN jsonb_typeof(result->'subWorks') = 'array' THEN jsonb_array_length(result->'subWorks') END
              AS "subWorks",
            result->>'source' AS source
       FROM assistant_runs WHERE "spaceId" = $1 AND "versionId" = $2 AND kind = $3
      ORDER BY "createdAt" DESC, id LIMIT $4`,
    [ctx.space.spaceId, input.versionId, input.kind, input.limit],
  );
  return rows.map((row) => ({
    ...runOf(row),
    dcmaPassed: row.dcmaPassed,
    dcmaApplicable: row.dcmaApplicable,
    /** A decomposition's work (its id and name when applied), the sub-works made and where they came from. */
    decomposition:
      row.kind === 'decomposition' && row.workId
        ? {
            workId: row.workId,
            workName: row.workName ?? '',
            subWorks: row.subWorks ?? 0,
            source: row.source ?? '',
          }
        : null,
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
  const analytics = run.kind === 'analytics';
  return {
    run: runOf(run),
    /** An analysis run's findings; null for a decomposition. */
    analysis: analytics ? (result as unknown as ScheduleAnalysis) : null,
    /** A decomposition's work and sub-works; null for an analysis run. */
    decomposition: analytics ? null : (result as unknown as StoredDecomposition),
    settings: settings as AssistantSettings,
    summary: summaryOf(summary),
  };
}

/**
 * One item of the history (API AI history-item). An analysis run: what it found, the settings it ran with
 * and the language model's summary of it (null when no model was configured); a decomposition: the work,
 * where the proposal came from and the sub-works made. With
 * `otherRunId`, compared with that run (an earlier one, of this version or another of the space).
 */
export async function historyItem(
  ctx: SpaceContext,
  input: { runId: string; otherRunId?: string | undefined },
) {
  const item = await storedRun(ctx, input.runId);
  if (!input.otherRunId) return { ...item, comparison: null };
  const other = await storedRun(ctx, input.otherRunId);
  // Only two analysis runs compare; a decomposition has nothing to compare.
  if (!item.analysis || !other.analysis) return { ...item, comparison: null };
  return { ...item, comparison: compareAnalyses(other.analysis, item.analysis, other.run) };
}

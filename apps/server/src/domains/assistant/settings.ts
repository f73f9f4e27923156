import type { AssistantSettings } from '@takt/contracts';
import { kyselyOf } from '@takt/db';
import { DEFAULT_LIMITS, DEFAULT_THRESHOLDS } from '@takt/engine';
import type { SpaceContext } from '../../context';
import type { Sql } from '../../db/sql';

const EMPTY: AssistantSettings = { thresholds: {}, limits: {} };

/**
 * The space's own thresholds and limits of the analysis (what differs from the standard). A stored
 * value that is not a number (written by another build) is left out, so the standard one holds.
 */
export async function analysisSettingsOf(
  ctx: SpaceContext,
  on: Sql = ctx.db.pool,
): Promise<AssistantSettings> {
  const row = await kyselyOf(on)
    .selectFrom('assistant_settings')
    .select('analysis')
    .where('spaceId', '=', ctx.space.spaceId)
    .executeTakeFirst();
  const stored = (row?.analysis ?? EMPTY) as Partial<AssistantSettings>;
  const numbers = (record: object | undefined) =>
    Object.fromEntries(Object.entries(record ?? {}).filter(([, value]) => typeof value === 'number'));
  return { thresholds: numbers(stored.thresholds), limits: numbers(stored.limits) };
}

/** The space's settings of the analysis with the standard ones beside them (API AI settings). */
export async function assistantSettingsOf(ctx: SpaceContext) {
  const own = await analysisSettingsOf(ctx);
  return { ...own, standard: { thresholds: DEFAULT_THRESHOLDS, limits: DEFAULT_LIMITS } };
}

/** Replaces the space's thresholds and limits (validated by the contract: ranges, integers, known checks). */
export async function saveAssistantSettings(ctx: SpaceContext, input: AssistantSettings) {
  const analysis = { thresholds: input.thresholds, limits: input.limits };
  await ctx.db.pool.query(
    `INSERT INTO assistant_settings ("spaceId", analysis, "updatedAt") VALUES ($1, $2, now())
     ON CONFLICT ("spaceId") DO UPDATE SET analysis = $2, "updatedAt" = now()`,
    [ctx.space.spaceId, JSON.stringify(analysis)],
  );
  return assistantSettingsOf(ctx);
}

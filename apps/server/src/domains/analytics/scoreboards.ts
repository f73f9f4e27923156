import { RANKING_INDICATORS, type RankingIndicator, SCOREBOARD_LIMITS, VALIDATION } from '@takt/contracts';
import { kyselyOf } from '@takt/db';
import { sql } from 'kysely';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { byIndicator, groupedIndicators, lightOf } from './ranking';
import { scopeVersions } from './scope';

const COLUMNS = ['id', 'name', 'indicators', 'projectIds', 'revision'] as const;

type Row = { id: string; name: string; indicators: string[]; projectIds: string[]; revision: number };

/** A stored list of indicators read leniently: names this build does not know are left out. */
const indicatorsOf = (row: Row) =>
  row.indicators.filter((i): i is RankingIndicator => (RANKING_INDICATORS as readonly string[]).includes(i));

const scoreboardOf = (row: Row) => ({
  id: row.id,
  name: row.name,
  indicators: indicatorsOf(row),
  manualOrder: row.projectIds.length > 0,
  revision: row.revision,
});

export async function listScoreboards(ctx: SpaceContext) {
  const rows = await kyselyOf(ctx.db.pool)
    .selectFrom('scoreboards')
    .select(COLUMNS)
    .where('spaceId', '=', ctx.space.spaceId)
    .orderBy('name')
    .execute();
  return rows.map(scoreboardOf);
}

async function scoreboardRow(ctx: SpaceContext, scoreboardId: string, on: Sql = ctx.db.pool): Promise<Row> {
  const row = await kyselyOf(on)
    .selectFrom('scoreboards')
    .select(COLUMNS)
    .where('id', '=', scoreboardId)
    .where('spaceId', '=', ctx.space.spaceId)
    .executeTakeFirst();
  if (!row) throw new AppError('NotFound');
  return row;
}

/** The space's projects (a schedule outside any project stands alone), in the scoreboard's order. */
async function orderedProjects(ctx: SpaceContext, row: Row) {
  const spaceId = ctx.space.spaceId;
  const versions = await scopeVersions(ctx, { spaceId, level: 'space', id: spaceId });
  const groups = await groupedIndicators(ctx, versions, true);
  const [first] = indicatorsOf(row);
  const ranked = first ? groups.sort(byIndicator(first)) : groups;
  const place = new Map(row.projectIds.map((id, i) => [id, i]));
  // Projects the order names keep their places; the others follow, ranked.
  const placed = ranked.filter((g) => place.has(g.key)).sort((a, b) => place.get(a.key)! - place.get(b.key)!);
  return [...placed, ...ranked.filter((g) => !place.has(g.key))];
}

/**
 * A scoreboard with its rows (API scoreboards/{id}): every project of the space with the scoreboard's
 * indicators and each one's traffic light (docs/product-rules.md, "Analytics"), ranked by the first
 * indicator unless someone has set the order by hand.
 */
export async function getScoreboard(ctx: SpaceContext, input: { scoreboardId: string }) {
  const row = await scoreboardRow(ctx, input.scoreboardId);
  const indicators = indicatorsOf(row);
  const projects = await orderedProjects(ctx, row);
  return {
    ...scoreboardOf(row),
    rows: projects.map((g) => ({
      key: g.key,
      kind: g.kind,
      label: g.label,
      versionIds: g.versionIds,
      works: g.indicators.works,
      values: indicators.map((indicator) => {
        const value = g.indicators[indicator];
        return { indicator, value, light: lightOf(indicator, value, g.indicators.works) };
      }),
    })),
  };
}

export async function createScoreboard(
  ctx: SpaceContext,
  input: { name: string; indicators: RankingIndicator[] },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`scoreboards:${spaceId}`]);
    const db = kyselyOf(client);
    const { count } = await db
      .selectFrom('scoreboards')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('spaceId', '=', spaceId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= SCOREBOARD_LIMITS.maxScoreboards)
      throw new AppError('ValidationError', {}, [{ path: 'name', message: VALIDATION.outOfRange }]);
    const row = await db
      .insertInto('scoreboards')
      .values({
        id: sql`gen_random_uuid()`,
        spaceId,
        name: input.name,
        indicators: input.indicators,
        projectIds: [],
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return scoreboardOf(row);
  });
}

export async function updateScoreboard(
  ctx: SpaceContext,
  input: {
    scoreboardId: string;
    name?: string;
    indicators?: RankingIndicator[];
    resetOrder?: boolean;
    revision: number;
  },
) {
  const row = await scoreboardRow(ctx, input.scoreboardId);
  const updated = await kyselyOf(ctx.db.pool)
    .updateTable('scoreboards')
    .set({
      name: input.name ?? row.name,
      indicators: input.indicators ?? row.indicators,
      projectIds: input.resetOrder ? [] : row.projectIds,
      revision: sql`revision + 1`,
      updatedAt: sql`now()`,
    })
    .where('id', '=', row.id)
    .where('revision', '=', input.revision)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!updated) throw new AppError('Conflict');
  return scoreboardOf(updated);
}

export async function deleteScoreboard(ctx: SpaceContext, input: { scoreboardId: string }) {
  const { numDeletedRows } = await kyselyOf(ctx.db.pool)
    .deleteFrom('scoreboards')
    .where('id', '=', input.scoreboardId)
    .where('spaceId', '=', ctx.space.spaceId)
    .executeTakeFirst();
  if (!numDeletedRows) throw new AppError('NotFound');
  return { success: true as const };
}

/**
 * Moves a project one place up (`delta` −1) or down (+1): the scoreboard's order as shown, with the
 * project swapped with its neighbour, is kept from then on. The first or last project stays.
 */
export async function moveOnScoreboard(
  ctx: SpaceContext,
  input: { scoreboardId: string; projectId: string },
  delta: -1 | 1,
) {
  await inTransaction(ctx.db.pool, async (client) => {
    await client.query('SELECT 1 FROM scoreboards WHERE id = $1 AND "spaceId" = $2 FOR UPDATE', [
      input.scoreboardId,
      ctx.space.spaceId,
    ]);
    const row = await scoreboardRow(ctx, input.scoreboardId, client);
    const order = (await orderedProjects(ctx, row)).map((g) => g.key);
    const at = order.indexOf(input.projectId);
    if (at === -1) throw new AppError('NotFound');
    const to = at + delta;
    if (to < 0 || to >= order.length) return;
    [order[at], order[to]] = [order[to]!, order[at]!];
    await kyselyOf(client)
      .updateTable('scoreboards')
      .set({ projectIds: order, revision: sql`revision + 1`, updatedAt: sql`now()` })
      .where('id', '=', row.id)
      .execute();
  });
  return getScoreboard(ctx, input);
}

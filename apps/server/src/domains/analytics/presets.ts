import {
  ANALYTICS_LIMITS,
  type DashboardLayout,
  DEFAULT_DASHBOARD,
  dashboardLayout,
  VALIDATION,
} from '@takt/contracts';
import { kyselyOf } from '@takt/db';
import { sql } from 'kysely';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError } from '../../errors';

/** A dashboard preset as the API answers it. */
export interface Preset {
  id: string;
  name: string;
  shared: boolean;
  active: boolean;
  layout: DashboardLayout;
  revision: number;
}

const COLUMNS = ['id', 'name', 'userId', 'active', 'layout', 'revision'] as const;

/** A stored layout read leniently: what an older or newer build wrote falls back to the defaults it lacks. */
function layoutOf(stored: unknown): DashboardLayout {
  const parsed = dashboardLayout.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_DASHBOARD;
}

function presetOf(row: {
  id: string;
  name: string;
  userId: string | null;
  active: boolean;
  layout: unknown;
  revision: number;
}): Preset {
  return {
    id: row.id,
    name: row.name,
    shared: row.userId === null,
    active: row.active,
    layout: layoutOf(row.layout),
    revision: row.revision,
  };
}

/** Shared presets need `analytics.manage`; a member's own need nothing more than the dashboard itself. */
function mayWrite(ctx: SpaceContext, shared: boolean) {
  if (shared && !ctx.space.abilities.has('analytics.manage')) throw new AppError('Forbidden');
}

const userOf = (ctx: SpaceContext) => ctx.session.userId ?? '';

/**
 * The presets a member sees (API analytic presets): the space's shared ones and the member's own, and the
 * dashboard they make: the member's active own preset, else the space's active shared one, else the
 * default layout.
 */
export async function listPresets(ctx: SpaceContext) {
  const rows = await kyselyOf(ctx.db.pool)
    .selectFrom('analytic_presets')
    .select(COLUMNS)
    .where('spaceId', '=', ctx.space.spaceId)
    .where((eb) => eb.or([eb('userId', 'is', null), eb('userId', '=', userOf(ctx))]))
    .orderBy(sql`"userId" IS NULL`, 'desc')
    .orderBy('name')
    .execute();
  const presets = rows.map(presetOf);
  const current =
    presets.find((p) => p.active && !p.shared) ?? presets.find((p) => p.active && p.shared) ?? null;
  return {
    presets,
    dashboard: { presetId: current?.id ?? null, layout: current?.layout ?? DEFAULT_DASHBOARD },
  };
}

async function presetRow(ctx: SpaceContext, presetId: string) {
  const row = await kyselyOf(ctx.db.pool)
    .selectFrom('analytic_presets')
    .select(COLUMNS)
    .where('id', '=', presetId)
    .where('spaceId', '=', ctx.space.spaceId)
    .where((eb) => eb.or([eb('userId', 'is', null), eb('userId', '=', userOf(ctx))]))
    .executeTakeFirst();
  if (!row) throw new AppError('NotFound');
  return row;
}

/**
 * Creates a preset (without `presetId`) or changes one at its revision; a new one is made active when
 * the member (for an own one) or the space (for a shared one) has none active yet. Whether a preset is
 * shared is fixed when it is made.
 */
export async function savePreset(
  ctx: SpaceContext,
  input: { presetId?: string; name: string; shared: boolean; layout: DashboardLayout; revision?: number },
): Promise<Preset> {
  const spaceId = ctx.space.spaceId;
  if (input.presetId) {
    const row = await presetRow(ctx, input.presetId);
    mayWrite(ctx, row.userId === null);
    if (input.revision !== undefined && input.revision !== row.revision) throw new AppError('Conflict');
    const updated = await kyselyOf(ctx.db.pool)
      .updateTable('analytic_presets')
      .set({
        name: input.name,
        layout: JSON.stringify(input.layout),
        revision: sql`revision + 1`,
        updatedAt: sql`now()`,
      })
      .where('id', '=', row.id)
      .where('revision', '=', row.revision)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!updated) throw new AppError('Conflict');
    return presetOf(updated);
  }
  mayWrite(ctx, input.shared);
  const userId = input.shared ? null : userOf(ctx);
  return inTransaction(ctx.db.pool, async (client) => {
    const db = kyselyOf(client);
    // One space's presets are created one at a time, so the limit and the first active one hold.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`analytic-presets:${spaceId}`]);
    const { count } = await db
      .selectFrom('analytic_presets')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('spaceId', '=', spaceId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= ANALYTICS_LIMITS.maxPresets)
      throw new AppError('ValidationError', {}, [{ path: 'name', message: VALIDATION.outOfRange }]);
    const activeOne = await db
      .selectFrom('analytic_presets')
      .select('id')
      .where('spaceId', '=', spaceId)
      .where('active', '=', true)
      .where(userId === null ? sql<boolean>`"userId" IS NULL` : sql<boolean>`"userId" = ${userId}`)
      .executeTakeFirst();
    const created = await db
      .insertInto('analytic_presets')
      .values({
        id: sql`gen_random_uuid()`,
        spaceId,
        userId,
        name: input.name,
        layout: JSON.stringify(input.layout),
        active: !activeOne,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return presetOf(created);
  });
}

/**
 * Makes a preset the active one of its kind (shared: the space's; own: the member's), or not active: the
 * dashboard then falls back (own → shared → default).
 */
export async function setPresetActive(ctx: SpaceContext, input: { presetId: string; active: boolean }) {
  const row = await presetRow(ctx, input.presetId);
  mayWrite(ctx, row.userId === null);
  await inTransaction(ctx.db.pool, async (client) => {
    const db = kyselyOf(client);
    if (input.active)
      await db
        .updateTable('analytic_presets')
        .set({ active: false, updatedAt: sql`now()` })
        .where('spaceId', '=', ctx.space.spaceId)
        .where('active', '=', true)
        .where(row.userId === null ? sql<boolean>`"userId" IS NULL` : sql<boolean>`"userId" = ${row.userId}`)
        .execute();
    await db
      .updateTable('analytic_presets')
      .set({ active: input.active, revision: sql`revision + 1`, updatedAt: sql`now()` })
      .where('id', '=', row.id)
      .execute();
  });
  return listPresets(ctx);
}

export async function deletePreset(ctx: SpaceContext, input: { presetId: string }) {
  const row = await presetRow(ctx, input.presetId);
  mayWrite(ctx, row.userId === null);
  await kyselyOf(ctx.db.pool).deleteFrom('analytic_presets').where('id', '=', row.id).execute();
  return { success: true as const };
}

import {
  type GridFilter,
  gridFilter,
  UI_STATE_LIMITS,
  type UiState,
  uiState,
  VALIDATION,
} from '@takt/contracts';
import type { Prisma } from '@takt/db';
import type { SpaceContext } from '../../context';
import { AppError, rethrowNameTaken } from '../../errors';
import { defaultLayoutState } from './layouts';

/**
 * A user's views of the schedule screen (API ui-state-config): one state per schedule and one default
 * per space, each a versioned JSON document (`UiState` in @takt/contracts), and the user's saved
 * filters, each the author's own or shared with the space.
 */

/** The row key of the user's default state in a space (a schedule's state is keyed by the schedule's id). */
const DEFAULT_SCOPE = 'default';

/** The schedule named by the caller, in the caller's space, or NotFound. */
async function scheduleOfSpace(ctx: SpaceContext, scheduleId: string) {
  const node = await ctx.db.prisma.epsNode.findFirst({
    where: { id: scheduleId, spaceId: ctx.space.spaceId, kind: 'schedule' },
    select: { id: true },
  });
  if (!node) throw new AppError('NotFound');
}

/**
 * A stored state as this build reads it: a document of another format (written by a newer build, or a
 * format since retired) or one that no longer passes the limits reads as none rather than failing the
 * screen that asks for it.
 */
function readState(value: unknown): UiState | null {
  const parsed = uiState.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * GET ui-state-config: the state of the schedule — the user's own, else the schedule's default layout
 * (docs/product-rules.md, "Layouts"), else the user's default — or, without a schedule, the user's default.
 */
export async function getUiState(
  ctx: SpaceContext,
  input: { scheduleId?: string },
): Promise<{ scope: 'schedule' | 'layout' | 'default' | null; state: UiState | null; layoutId?: string }> {
  if (input.scheduleId) await scheduleOfSpace(ctx, input.scheduleId);
  const scopes = input.scheduleId ? [input.scheduleId, DEFAULT_SCOPE] : [DEFAULT_SCOPE];
  const rows = await ctx.db.prisma.uiState.findMany({
    where: { userId: ctx.session.userId, spaceId: ctx.space.spaceId, scope: { in: scopes } },
    select: { scope: true, state: true },
  });
  for (const scope of scopes) {
    const state = readState(rows.find((r) => r.scope === scope)?.state);
    if (state && scope !== DEFAULT_SCOPE) return { scope: 'schedule', state };
    if (scope === DEFAULT_SCOPE && input.scheduleId) {
      const layout = await defaultLayoutState(ctx, input.scheduleId);
      if (layout) return { scope: 'layout', state: layout.state, layoutId: layout.layoutId };
    }
    if (state) return { scope: 'default', state };
  }
  return { scope: null, state: null };
}

/** POST ui-state-config: stores (or with `null` forgets) the state of a schedule, or the user's default. */
export async function saveUiState(ctx: SpaceContext, input: { scheduleId?: string; state: UiState | null }) {
  if (input.scheduleId) await scheduleOfSpace(ctx, input.scheduleId);
  const key = {
    userId: ctx.session.userId,
    spaceId: ctx.space.spaceId,
    scope: input.scheduleId ?? DEFAULT_SCOPE,
  };
  if (input.state === null) {
    await ctx.db.prisma.uiState.deleteMany({ where: key });
  } else {
    const state = input.state as Prisma.InputJsonValue;
    // One statement, so that two tabs saving at once leave one of their states, never an error.
    await ctx.db.prisma.uiState.upsert({
      where: { userId_spaceId_scope: key },
      create: { ...key, scheduleId: input.scheduleId ?? null, state },
      update: { state },
    });
  }
  return getUiState(ctx, { scheduleId: input.scheduleId });
}

const nameKey = (name: string) => name.trim().toLowerCase();

function toSavedFilter(
  ctx: SpaceContext,
  row: { id: string; userId: string; name: string; filter: unknown; shared: boolean },
) {
  const filter = gridFilter.safeParse(row.filter);
  return {
    id: row.id,
    name: row.name,
    filter: (filter.success ? filter.data : { match: 'all', conditions: [] }) as GridFilter,
    shared: row.shared,
    own: row.userId === ctx.session.userId,
  };
}

/** The caller's saved filters and those shared with the space, by name. */
export async function listSavedFilters(ctx: SpaceContext) {
  const rows = await ctx.db.prisma.savedFilter.findMany({
    where: { spaceId: ctx.space.spaceId, OR: [{ userId: ctx.session.userId }, { shared: true }] },
    orderBy: [{ nameKey: 'asc' }, { createdAt: 'asc' }],
  });
  return rows.map((row) => toSavedFilter(ctx, row));
}

/** Saves a named filter of the caller's; a name the caller already uses is a validation error. */
export async function createSavedFilter(
  ctx: SpaceContext,
  input: { name: string; filter: GridFilter; shared: boolean },
) {
  const owner = { spaceId: ctx.space.spaceId, userId: ctx.session.userId };
  const row = await ctx.db.prisma
    .$transaction(async (tx) => {
      // Two saves at once must not both pass the count: the user's filters of the space are counted under a lock.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`saved-filters:${owner.spaceId}:${owner.userId}`}))`;
      const count = await tx.savedFilter.count({ where: owner });
      if (count >= UI_STATE_LIMITS.maxSavedFilters)
        throw new AppError('ValidationError', {}, [{ path: 'name', message: VALIDATION.outOfRange }]);
      return tx.savedFilter.create({
        data: {
          ...owner,
          name: input.name,
          nameKey: nameKey(input.name),
          filter: input.filter as Prisma.InputJsonValue,
          shared: input.shared,
        },
      });
    })
    .catch(rethrowNameTaken(VALIDATION.filterNameTaken));
  return toSavedFilter(ctx, row);
}

/**
 * Changes a filter of the caller's own (a filter shared by someone else is theirs to change): a new name
 * the caller already uses for another filter is a validation error, as when saving one.
 */
export async function updateSavedFilter(
  ctx: SpaceContext,
  input: { filterId: string; name?: string; filter?: GridFilter; shared?: boolean },
) {
  const where = { id: input.filterId, spaceId: ctx.space.spaceId, userId: ctx.session.userId };
  const data = {
    ...(input.name !== undefined ? { name: input.name, nameKey: nameKey(input.name) } : {}),
    ...(input.filter !== undefined ? { filter: input.filter as Prisma.InputJsonValue } : {}),
    ...(input.shared !== undefined ? { shared: input.shared } : {}),
  };
  const row = await ctx.db.prisma
    .$transaction(async (tx) => {
      const updated = await tx.savedFilter.updateMany({ where, data });
      if (updated.count === 0) throw new AppError('NotFound');
      return tx.savedFilter.findFirstOrThrow({ where });
    })
    .catch(rethrowNameTaken(VALIDATION.filterNameTaken));
  return toSavedFilter(ctx, row);
}

/** Deletes a filter of the caller's own (a filter shared by someone else is theirs to delete). */
export async function deleteSavedFilter(ctx: SpaceContext, input: { filterId: string }) {
  const deleted = await ctx.db.prisma.savedFilter.deleteMany({
    where: { id: input.filterId, spaceId: ctx.space.spaceId, userId: ctx.session.userId },
  });
  if (deleted.count === 0) throw new AppError('NotFound');
  return { success: true as const };
}

import { LAYOUT_LIMITS, type UiState, uiState } from '@takt/contracts';
import type { Prisma } from '@takt/db';
import type { SpaceContext } from '../../context';
import { AppError, rethrowNameTaken } from '../../errors';

/**
 * Layouts of a schedule's view (docs/product-rules.md, "Layouts"): named views saved in a schedule, the
 * owner's own or shared with everyone who sees the schedule; one shared layout may be the schedule's
 * default, which a user sees while they have no state of their own for the schedule.
 */

const NAME_TAKEN = 'validation.layout_name_taken';

const nameKey = (name: string) => name.trim().toLowerCase();

/** Who may change or delete a layout shared by someone else, and choose the schedule's default. */
const managesSchedule = (ctx: SpaceContext) => ctx.space.abilities.has('versions.manage');

/** The schedule named by the caller, in the caller's space, or NotFound. */
export async function checkSchedule(ctx: SpaceContext, scheduleId: string) {
  const node = await ctx.db.prisma.epsNode.findFirst({
    where: { id: scheduleId, spaceId: ctx.space.spaceId, kind: 'schedule' },
    select: { id: true },
  });
  if (!node) throw new AppError('NotFound');
}

type LayoutRow = {
  id: string;
  scheduleId: string;
  ownerId: string | null;
  name: string;
  shared: boolean;
  isDefault: boolean;
  state: unknown;
  revision: number;
  updatedAt: Date;
  owner: { firstName: string; lastName: string } | null;
};

const LAYOUT_SELECT = {
  id: true,
  scheduleId: true,
  ownerId: true,
  name: true,
  shared: true,
  isDefault: true,
  state: true,
  revision: true,
  updatedAt: true,
  owner: { select: { firstName: true, lastName: true } },
} as const;

/** A stored view this build cannot read (a newer format, a retired one) reads as an empty view. */
function readLayoutState(value: unknown): UiState {
  const parsed = uiState.safeParse(value);
  return parsed.success ? parsed.data : { v: 1 };
}

function toLayout(ctx: SpaceContext, row: LayoutRow) {
  const own = row.ownerId === ctx.session.userId;
  return {
    id: row.id,
    scheduleId: row.scheduleId,
    name: row.name,
    shared: row.shared,
    isDefault: row.isDefault,
    own,
    ownerName: row.owner ? `${row.owner.firstName} ${row.owner.lastName}`.trim() : null,
    /** The caller may rename, overwrite, share and delete it. */
    canEdit: own || (row.shared && managesSchedule(ctx)),
    state: readLayoutState(row.state),
    revision: row.revision,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The schedule's layouts the caller sees: their own and the shared ones, the default first, then by name. */
export async function listLayouts(ctx: SpaceContext, input: { scheduleId: string }) {
  await checkSchedule(ctx, input.scheduleId);
  const rows = await ctx.db.prisma.scheduleLayout.findMany({
    where: {
      spaceId: ctx.space.spaceId,
      scheduleId: input.scheduleId,
      OR: [{ ownerId: ctx.session.userId }, { shared: true }],
    },
    orderBy: [{ isDefault: 'desc' }, { nameKey: 'asc' }, { createdAt: 'asc' }],
    select: LAYOUT_SELECT,
  });
  return rows.map((row) => toLayout(ctx, row));
}

/** The default layout's view of a schedule, if it has one (what a user without a state of their own sees). */
export async function defaultLayoutState(ctx: SpaceContext, scheduleId: string) {
  const row = await ctx.db.prisma.scheduleLayout.findFirst({
    where: { spaceId: ctx.space.spaceId, scheduleId, isDefault: true, shared: true },
    select: { id: true, state: true },
  });
  return row ? { layoutId: row.id, state: readLayoutState(row.state) } : null;
}

/** Only one layout of a schedule is its default: choosing one takes the mark off the others. */
async function clearDefault(tx: Prisma.TransactionClient, scheduleId: string, except: string) {
  await tx.scheduleLayout.updateMany({
    where: { scheduleId, isDefault: true, id: { not: except } },
    data: { isDefault: false, revision: { increment: 1 }, updatedAt: new Date() },
  });
}

/** Saves a view as a new layout of the caller's; a name the caller already uses in the schedule is refused. */
export async function createLayout(
  ctx: SpaceContext,
  input: { scheduleId: string; name: string; shared: boolean; isDefault: boolean; state: UiState },
) {
  await checkSchedule(ctx, input.scheduleId);
  if (input.isDefault && !managesSchedule(ctx)) throw new AppError('Forbidden');
  const owner = { spaceId: ctx.space.spaceId, scheduleId: input.scheduleId, ownerId: ctx.session.userId };
  const row = await ctx.db.prisma
    .$transaction(async (tx) => {
      // Two saves at once must not both pass the count or both take a name: the caller's layouts of the
      // schedule are counted and named under a lock.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`layouts:${input.scheduleId}:${ctx.session.userId}`}))`;
      const mine = await tx.scheduleLayout.findMany({ where: owner, select: { nameKey: true } });
      if (mine.length >= LAYOUT_LIMITS.maxLayouts)
        throw new AppError('ValidationError', {}, [{ path: 'name', message: 'validation.layouts_too_many' }]);
      if (mine.some((m) => m.nameKey === nameKey(input.name)))
        throw new AppError('ValidationError', {}, [{ path: 'name', message: NAME_TAKEN }]);
      // The default is seen by everyone: it is shared whatever was asked.
      const shared = input.shared || input.isDefault;
      const created = await tx.scheduleLayout.create({
        data: {
          ...owner,
          name: input.name,
          nameKey: nameKey(input.name),
          shared,
          isDefault: input.isDefault,
          state: input.state as Prisma.InputJsonValue,
        },
        select: LAYOUT_SELECT,
      });
      if (input.isDefault) await clearDefault(tx, input.scheduleId, created.id);
      return created;
    })
    .catch(rethrowNameTaken(NAME_TAKEN));
  return toLayout(ctx, row);
}

/** A layout the caller sees (their own or a shared one), or NotFound. */
async function visibleLayout(tx: Prisma.TransactionClient, ctx: SpaceContext, layoutId: string) {
  const row = await tx.scheduleLayout.findFirst({
    where: {
      id: layoutId,
      spaceId: ctx.space.spaceId,
      OR: [{ ownerId: ctx.session.userId }, { shared: true }],
    },
    select: LAYOUT_SELECT,
  });
  if (!row) throw new AppError('NotFound');
  return row;
}

/**
 * Renames a layout, overwrites its view, shares or unshares it, makes it the default or not: the owner's
 * own, or a shared one by a user who manages the schedule's versions. The default is managers' to choose.
 */
export async function updateLayout(
  ctx: SpaceContext,
  input: {
    layoutId: string;
    name?: string;
    shared?: boolean;
    isDefault?: boolean;
    state?: UiState;
    revision: number;
  },
) {
  const row = await ctx.db.prisma
    .$transaction(async (tx) => {
      const layout = await visibleLayout(tx, ctx, input.layoutId);
      const own = layout.ownerId === ctx.session.userId;
      if (!own && !managesSchedule(ctx)) throw new AppError('Forbidden');
      if (input.isDefault !== undefined && input.isDefault !== layout.isDefault && !managesSchedule(ctx))
        throw new AppError('Forbidden');
      if (layout.revision !== input.revision) throw new AppError('Conflict');
      if (input.name !== undefined && nameKey(input.name) !== nameKey(layout.name)) {
        const taken = await tx.scheduleLayout.count({
          where: {
            scheduleId: layout.scheduleId,
            ownerId: layout.ownerId,
            nameKey: nameKey(input.name),
            id: { not: layout.id },
          },
        });
        if (taken) throw new AppError('ValidationError', {}, [{ path: 'name', message: NAME_TAKEN }]);
      }
      const isDefault = input.isDefault ?? layout.isDefault;
      // A default is shared; a layout taken back to its owner is no longer the default.
      let shared = input.shared ?? layout.shared;
      if (input.isDefault === true) shared = true;
      const stillDefault = isDefault && shared;
      const updated = await tx.scheduleLayout.updateMany({
        where: { id: layout.id, revision: input.revision },
        data: {
          ...(input.name !== undefined ? { name: input.name, nameKey: nameKey(input.name) } : {}),
          ...(input.state !== undefined ? { state: input.state as Prisma.InputJsonValue } : {}),
          shared,
          isDefault: stillDefault,
          revision: { increment: 1 },
          updatedAt: new Date(),
        },
      });
      if (updated.count === 0) throw new AppError('Conflict');
      if (stillDefault) await clearDefault(tx, layout.scheduleId, layout.id);
      return tx.scheduleLayout.findUniqueOrThrow({ where: { id: layout.id }, select: LAYOUT_SELECT });
    })
    .catch(rethrowNameTaken(NAME_TAKEN));
  return toLayout(ctx, row);
}

/** Deletes a layout: the owner's own, or a shared one by a user who manages the schedule's versions. */
export async function deleteLayout(ctx: SpaceContext, input: { layoutId: string }) {
  await ctx.db.prisma.$transaction(async (tx) => {
    const layout = await visibleLayout(tx, ctx, input.layoutId);
    if (layout.ownerId !== ctx.session.userId && !managesSchedule(ctx)) throw new AppError('Forbidden');
    await tx.scheduleLayout.delete({ where: { id: layout.id } });
  });
  return { success: true as const };
}

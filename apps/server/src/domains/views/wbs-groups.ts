import { type WbsGroupSettings, wbsGroupSettings } from '@takt/contracts';
import type { Prisma } from '@takt/db';
import type { SpaceContext } from '../../context';
import { AppError } from '../../errors';
import { checkSchedule } from './layouts';

/**
 * A schedule's WBS group settings (docs/product-rules.md, "WBS group settings"): how its summaries show
 * as groups in the grid — a header colour per level, which levels are groups, which are folded when the
 * schedule opens. One document per schedule, shared by its users.
 */

/** What a schedule that was never set shows: the top two levels as coloured groups, nothing folded. */
const DEFAULT_WBS_GROUP_SETTINGS: WbsGroupSettings = {
  levels: [
    { level: 1, colour: '#dbe7f5', group: true, collapsed: false },
    { level: 2, colour: '#eef3f9', group: true, collapsed: false },
  ],
  boldHeaders: true,
};

/** GET …/wbs-group-settings: the schedule's settings (the defaults while none were saved) and their revision. */
export async function getWbsGroupSettings(ctx: SpaceContext, input: { scheduleId: string }) {
  await checkSchedule(ctx, input.scheduleId);
  const row = await ctx.db.prisma.wbsGroupSetting.findFirst({
    where: { scheduleId: input.scheduleId, spaceId: ctx.space.spaceId },
    select: { settings: true, revision: true },
  });
  const parsed = wbsGroupSettings.safeParse(row?.settings);
  return {
    scheduleId: input.scheduleId,
    settings: parsed.success ? parsed.data : DEFAULT_WBS_GROUP_SETTINGS,
    /** 0 while the schedule has none saved. */
    revision: row?.revision ?? 0,
  };
}

/** PUT …/wbs-group-settings: replaces the settings at the revision the caller saw (0: the first save). */
export async function saveWbsGroupSettings(
  ctx: SpaceContext,
  input: { scheduleId: string; settings: WbsGroupSettings; revision: number },
) {
  await checkSchedule(ctx, input.scheduleId);
  const settings = {
    ...input.settings,
    levels: [...input.settings.levels].sort((a, b) => a.level - b.level),
  } as Prisma.InputJsonValue;
  await ctx.db.prisma.$transaction(async (tx) => {
    if (input.revision === 0) {
      // The first save: a row that appeared meanwhile is someone else's save.
      const created = await tx.wbsGroupSetting.createMany({
        data: [{ scheduleId: input.scheduleId, spaceId: ctx.space.spaceId, settings }],
        skipDuplicates: true,
      });
      if (created.count === 0) throw new AppError('Conflict');
      return;
    }
    const updated = await tx.wbsGroupSetting.updateMany({
      where: { scheduleId: input.scheduleId, spaceId: ctx.space.spaceId, revision: input.revision },
      data: { settings, revision: { increment: 1 }, updatedAt: new Date() },
    });
    if (updated.count === 0) throw new AppError('Conflict');
  });
  return getWbsGroupSettings(ctx, { scheduleId: input.scheduleId });
}

import type { CyclogramLocationSource, CyclogramTradeSource } from '@takt/contracts';
import { CYCLOGRAM_LIMITS, cyclogramLocationSource, cyclogramTradeSource } from '@takt/contracts';
import { NO_TIME, timeFromIso } from '@takt/engine';
import { type CyclogramInput, cyclogramClashes, MINUTES_PER_DAY } from '@takt/gantt';
import type { SpaceContext } from '../../context';
import { AppError, staleOrMissing } from '../../errors';
import { pipelineCyclogramSources } from '../pipeline';
import { versionSource, wbsDepths } from '../print';
import { versionOf } from '../versions';
import { cyclogramBuild, cyclogramDefaults } from './build';

/**
 * The cyclogram (line of balance) of a version (API cyclogram, cyclogram/color): locations from a WBS
 * level or an attribute, a line per trade for plan, approved plan and fact, clashes where a trade catches
 * up with the one ahead, and trade colours shared per schedule.
 */
interface Sources {
  locations: CyclogramLocationSource;
  trades: CyclogramTradeSource;
  bufferDays: number;
}

async function savedSettings(ctx: SpaceContext, scheduleId: string) {
  const row = await ctx.db.prisma.cyclogramSetting.findFirst({
    where: { userId: ctx.session.userId, scheduleId, spaceId: ctx.space.spaceId },
  });
  if (!row) return null;
  const locations = cyclogramLocationSource.safeParse(row.locations);
  const trades = cyclogramTradeSource.safeParse(row.trades);
  if (!locations.success || !trades.success) return null;
  return {
    locations: locations.data,
    trades: trades.data,
    bufferDays: row.bufferDays,
    revision: row.revision,
  };
}

/** Attributes a schedule's works can carry: the space-wide ones and the schedule's own. */
async function scheduleAttributes(ctx: SpaceContext, scheduleId: string) {
  return ctx.db.prisma.attribute.findMany({
    where: { spaceId: ctx.space.spaceId, OR: [{ scheduleId: null }, { scheduleId }] },
    select: { id: true, name: true, directoryId: true },
    orderBy: [{ sortKey: 'asc' }, { name: 'asc' }],
  });
}

/** An attribute's values on a version's works as display text (directory values by their names). */
async function attributeTexts(
  ctx: SpaceContext,
  versionId: string,
  attribute: { id: string; directoryId: string | null },
): Promise<Map<string, string>> {
  const { rows } = await ctx.db.pool.query<{ workId: string; value: unknown; directoryName: string | null }>(
    `SELECT av."workId", av.value, dv.name AS "directoryName"
       FROM attribute_values av
       JOIN works w ON w.id = av."workId"
       LEFT JOIN directory_values dv
         ON $4::uuid IS NOT NULL AND dv."directoryId" = $4::uuid AND jsonb_typeof(av.value) = 'string'
            AND dv.id::text = av.value #>> '{}'
      WHERE w."versionId" = $1 AND av."attributeId" = $2 AND av."spaceId" = $3`,
    [versionId, attribute.id, ctx.space.spaceId, attribute.directoryId],
  );
  const texts = new Map<string, string>();
  for (const row of rows) {
    const value = row.directoryName ?? row.value;
    if (value === null || value === undefined || value === '') continue;
    texts.set(row.workId, String(value).trim());
  }
  return texts;
}

function nowMinutes(): number {
  const now = new Date();
  return timeFromIso(new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
}

export async function getCyclogram(
  ctx: SpaceContext,
  input: {
    versionId: string;
    locations?: CyclogramLocationSource;
    trades?: CyclogramTradeSource;
    bufferDays?: number;
  },
) {
  const { info, columns, extras } = await versionSource(ctx, input.versionId);
  const saved = await savedSettings(ctx, info.scheduleId);
  const attributes = await scheduleAttributes(ctx, info.scheduleId);
  let levels = 0;
  for (const depth of wbsDepths(columns.works.parent)) levels = Math.max(levels, depth + 1);
  // a version a project pipeline generated into shows its flows through its locations
  const defaults =
    (await pipelineCyclogramSources(ctx.db.pool, ctx.space.spaceId, input.versionId)) ??
    cyclogramDefaults(levels);
  // A saved source whose attribute was deleted since falls back to the default; one named in the call must exist.
  const usable = <T extends { kind: string; attributeId?: string }>(source: T | undefined) =>
    source && (source.kind !== 'attribute' || attributes.some((a) => a.id === source.attributeId))
      ? source
      : undefined;
  const sources: Sources = {
    locations: input.locations ?? usable(saved?.locations) ?? defaults.locations,
    trades: input.trades ?? usable(saved?.trades) ?? defaults.trades,
    bufferDays: input.bufferDays ?? saved?.bufferDays ?? 0,
  };
  const attributeOf = (id: string) => {
    const attribute = attributes.find((a) => a.id === id);
    if (!attribute) throw new AppError('NotFound');
    return attribute;
  };
  const locationValues =
    sources.locations.kind === 'attribute'
      ? await attributeTexts(ctx, input.versionId, attributeOf(sources.locations.attributeId))
      : undefined;
  const tradeValues =
    sources.trades.kind === 'attribute'
      ? await attributeTexts(ctx, input.versionId, attributeOf(sources.trades.attributeId))
      : undefined;
  const built = cyclogramBuild({
    columns,
    approvedStart: extras.approvedStart,
    approvedFinish: extras.approvedFinish,
    locations: sources.locations,
    trades: sources.trades,
    locationValues,
    tradeValues,
    openFactUntil: info.dataDate !== NO_TIME ? info.dataDate : nowMinutes(),
  });
  const colors = await colorMap(ctx, info.scheduleId);
  const trades = built.trades.map((trade) => ({ ...trade, color: colors.get(trade.key) ?? null }));
  const clashInput: CyclogramInput = {
    locations: built.locations,
    trades: trades.map((trade) => ({
      id: trade.key,
      name: trade.key,
      plan: { start: Int32Array.from(trade.plan.start), finish: Int32Array.from(trade.plan.finish) },
    })),
  };
  const clashes = cyclogramClashes(clashInput, 'plan', sources.bufferDays * MINUTES_PER_DAY).sort(
    (a, b) => a.time - b.time,
  );
  return {
    versionId: input.versionId,
    scheduleId: info.scheduleId,
    scheduleName: info.scheduleName,
    versionName: info.versionName,
    dataDate: info.dataDate,
    settings: { ...sources, revision: saved?.revision ?? null },
    levels: built.levels,
    attributes: attributes.map((a) => ({ id: a.id, name: a.name })),
    locations: built.locations,
    trades,
    clashes: clashes.slice(0, CYCLOGRAM_LIMITS.clashesListed),
    clashCount: clashes.length,
  };
}

/** POST cyclogram: saves the user's sources for the schedule and returns the cyclogram they give. */
export async function saveCyclogram(
  ctx: SpaceContext,
  input: Sources & { versionId: string; revision: number | null },
) {
  const { scheduleId } = await versionOf(ctx.db.pool, ctx.space.spaceId, input.versionId);
  const attributes = await scheduleAttributes(ctx, scheduleId);
  for (const source of [input.locations, input.trades]) {
    if (source.kind === 'attribute' && !attributes.some((a) => a.id === source.attributeId))
      throw new AppError('NotFound');
  }
  const where = { userId: ctx.session.userId, scheduleId, spaceId: ctx.space.spaceId };
  const data = { locations: input.locations, trades: input.trades, bufferDays: input.bufferDays };
  if (input.revision === null) {
    await ctx.db.prisma.cyclogramSetting.create({ data: { ...where, ...data } }).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'P2002') throw new AppError('Conflict');
      throw error;
    });
  } else {
    const updated = await ctx.db.prisma.cyclogramSetting.updateMany({
      where: { ...where, revision: input.revision },
      data: { ...data, revision: { increment: 1 } },
    });
    if (updated.count === 0) throw await staleOrMissing(ctx.db.prisma.cyclogramSetting, where);
  }
  return getCyclogram(ctx, { versionId: input.versionId });
}

async function colorMap(ctx: SpaceContext, scheduleId: string) {
  const rows = await ctx.db.prisma.cyclogramColor.findMany({
    where: { scheduleId, spaceId: ctx.space.spaceId },
  });
  return new Map(rows.map((row) => [row.trade, row.color]));
}

/** GET cyclogram/color: the schedule's trade colours (0xRRGGBB). */
export async function listColors(ctx: SpaceContext, versionId: string) {
  const { scheduleId } = await versionOf(ctx.db.pool, ctx.space.spaceId, versionId);
  const colors = await colorMap(ctx, scheduleId);
  return [...colors].map(([trade, color]) => ({ trade, color })).sort((a, b) => (a.trade < b.trade ? -1 : 1));
}

/** POST cyclogram/color: sets a trade's colour for everyone who opens the schedule; null removes it. */
export async function setColor(
  ctx: SpaceContext,
  input: { versionId: string; trade: string; color: number | null },
) {
  const { scheduleId } = await versionOf(ctx.db.pool, ctx.space.spaceId, input.versionId);
  const key = { scheduleId_trade: { scheduleId, trade: input.trade } };
  if (input.color === null) {
    await ctx.db.prisma.cyclogramColor.deleteMany({ where: { scheduleId, trade: input.trade } });
  } else {
    await ctx.db.prisma.cyclogramColor.upsert({
      where: key,
      create: { spaceId: ctx.space.spaceId, scheduleId, trade: input.trade, color: input.color },
      update: { color: input.color },
    });
  }
  return listColors(ctx, input.versionId);
}

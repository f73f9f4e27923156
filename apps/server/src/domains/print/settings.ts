import {
  DEFAULT_PRINT_COLUMNS,
  DEFAULT_PRINT_KINDS,
  PLAN_KIND_FLAGS,
  PRINT_COLUMNS,
  type PrintColumn,
  type PrintSettingsFields,
} from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { AppError, staleOrMissing } from '../../errors';
import { versionOf } from '../versions';
import { presetOf } from './presets';

/**
 * A user's print settings of a schedule (print-settings get/create/update, reached under any of its
 * versions): the chosen preset, "fit time on sheet" or a date range, printed columns and plan kinds.
 */
type SettingsRow = {
  presetId: string | null;
  fitToSheet: boolean;
  rangeStart: Date | null;
  rangeFinish: Date | null;
  columns: unknown;
  kinds: unknown;
  revision: number;
};

const day = (date: Date) => date.toISOString().slice(0, 10);
const asDate = (text: string) => new Date(`${text}T00:00:00Z`);

function toSettings(row: SettingsRow | null): PrintSettingsFields & { revision: number | null } {
  if (!row) {
    return {
      presetId: null,
      scaling: { kind: 'fit' },
      columns: [...DEFAULT_PRINT_COLUMNS],
      kinds: { ...DEFAULT_PRINT_KINDS },
      revision: null,
    };
  }
  const columns = (Array.isArray(row.columns) ? row.columns : []).filter((c): c is PrintColumn =>
    (PRINT_COLUMNS as readonly unknown[]).includes(c),
  );
  const kinds = PLAN_KIND_FLAGS.safeParse(row.kinds);
  return {
    presetId: row.presetId,
    scaling:
      row.fitToSheet || !row.rangeStart || !row.rangeFinish
        ? { kind: 'fit' }
        : { kind: 'range', start: day(row.rangeStart), finish: day(row.rangeFinish) },
    columns,
    kinds: kinds.success ? kinds.data : { ...DEFAULT_PRINT_KINDS },
    revision: row.revision,
  };
}

function scalingData(scaling: PrintSettingsFields['scaling'] | undefined) {
  if (!scaling) return {};
  return scaling.kind === 'fit'
    ? { fitToSheet: true, rangeStart: null, rangeFinish: null }
    : { fitToSheet: false, rangeStart: asDate(scaling.start), rangeFinish: asDate(scaling.finish) };
}

async function scheduleOf(ctx: SpaceContext, versionId: string) {
  return (await versionOf(ctx.db.pool, ctx.space.spaceId, versionId)).scheduleId;
}

const settingsWhere = (ctx: SpaceContext, scheduleId: string) => ({
  userId: ctx.session.userId,
  scheduleId,
  spaceId: ctx.space.spaceId,
});

/** The saved settings, or the defaults with `revision: null` when the user has saved none. */
export async function getPrintSettings(ctx: SpaceContext, versionId: string) {
  const scheduleId = await scheduleOf(ctx, versionId);
  const row = await ctx.db.prisma.printSetting.findFirst({ where: settingsWhere(ctx, scheduleId) });
  return toSettings(row);
}

export async function createPrintSettings(
  ctx: SpaceContext,
  input: PrintSettingsFields & { versionId: string },
) {
  const scheduleId = await scheduleOf(ctx, input.versionId);
  if (input.presetId) await presetOf(ctx, input.presetId);
  const exists = await ctx.db.prisma.printSetting.count({ where: settingsWhere(ctx, scheduleId) });
  if (exists) throw new AppError('Conflict');
  const row = await ctx.db.prisma.printSetting
    .create({
      data: {
        ...settingsWhere(ctx, scheduleId),
        presetId: input.presetId,
        ...scalingData(input.scaling),
        columns: input.columns,
        kinds: input.kinds,
      },
    })
    .catch((error: unknown) => {
      // Two first saves at once: the unique (user, schedule) index lets one through.
      if ((error as { code?: string }).code === 'P2002') throw new AppError('Conflict');
      throw error;
    });
  return toSettings(row);
}

export async function updatePrintSettings(
  ctx: SpaceContext,
  input: Partial<PrintSettingsFields> & { versionId: string; revision: number },
) {
  const scheduleId = await scheduleOf(ctx, input.versionId);
  if (input.presetId) await presetOf(ctx, input.presetId);
  const where = settingsWhere(ctx, scheduleId);
  const updated = await ctx.db.prisma.printSetting.updateMany({
    where: { ...where, revision: input.revision },
    data: {
      presetId: input.presetId,
      ...scalingData(input.scaling),
      columns: input.columns,
      kinds: input.kinds,
      revision: { increment: 1 },
    },
  });
  if (updated.count === 0) throw await staleOrMissing(ctx.db.prisma.printSetting, where);
  return toSettings(await ctx.db.prisma.printSetting.findFirst({ where }));
}

import { type PrintPresetFields, type PrintTitlesInput, printTitles, VALIDATION } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { AppError, deletedOrNotFound, rethrowNameTaken } from '../../errors';
import { versionOf } from '../versions';

/**
 * Print format presets (entities): each user keeps their own in each space; names are unique per user and
 * space regardless of case ("A format with this name already exists", validation rules).
 */
type PresetRow = {
  id: string;
  name: string;
  sheetHeightMm: number;
  sheetWidthMm: number;
  marginMm: number;
  titles: unknown;
  revision: number;
};

function toPreset(row: PresetRow) {
  return {
    id: row.id,
    name: row.name,
    sheetHeightMm: row.sheetHeightMm,
    sheetWidthMm: row.sheetWidthMm,
    marginMm: row.marginMm,
    titles: printTitles.parse(row.titles ?? {}),
    revision: row.revision,
  };
}
export type PrintPresetDto = ReturnType<typeof toPreset>;

/** The format used when a print names no preset: A3 landscape, 10 mm margins, schedule and page titles. */
export const DEFAULT_PRINT_PRESET: Omit<PrintPresetDto, 'id' | 'revision'> = {
  name: 'A3',
  sheetHeightMm: 297,
  sheetWidthMm: 420,
  marginMm: 10,
  titles: printTitles.parse({
    firstHeader: { left: '{project} / {schedule}', right: '{version}, {date}' },
    header: { left: '{schedule}' },
    footer: { right: '{page} / {pages}' },
  }),
};

const nameKey = (name: string) => name.trim().toLowerCase();

const nameTaken = rethrowNameTaken(VALIDATION.presetNameTaken);

/** The spec's paths reach presets under a version: when one is named it must be in the caller's space. */
async function checkScope(ctx: SpaceContext, versionId: string | undefined) {
  if (versionId) await versionOf(ctx.db.pool, ctx.space.spaceId, versionId);
}

const owner = (ctx: SpaceContext) => ({ spaceId: ctx.space.spaceId, userId: ctx.session.userId });

export async function listPresets(ctx: SpaceContext, input: { versionId?: string }) {
  await checkScope(ctx, input.versionId);
  const rows = await ctx.db.prisma.printPreset.findMany({ where: owner(ctx), orderBy: { nameKey: 'asc' } });
  return rows.map(toPreset);
}

/** One of the caller's presets; NotFound for another user's or another space's. */
export async function presetOf(ctx: SpaceContext, presetId: string): Promise<PrintPresetDto> {
  const row = await ctx.db.prisma.printPreset.findFirst({ where: { id: presetId, ...owner(ctx) } });
  if (!row) throw new AppError('NotFound');
  return toPreset(row);
}

export async function getPreset(ctx: SpaceContext, input: { presetId: string; versionId?: string }) {
  await checkScope(ctx, input.versionId);
  return presetOf(ctx, input.presetId);
}

export async function createPreset(ctx: SpaceContext, input: PrintPresetFields & { versionId?: string }) {
  await checkScope(ctx, input.versionId);
  const row = await ctx.db.prisma.printPreset
    .create({
      data: {
        ...owner(ctx),
        name: input.name,
        nameKey: nameKey(input.name),
        sheetHeightMm: input.sheetHeightMm,
        sheetWidthMm: input.sheetWidthMm,
        marginMm: input.marginMm,
        titles: input.titles,
      },
    })
    .catch(nameTaken);
  return toPreset(row);
}

export async function updatePreset(
  ctx: SpaceContext,
  input: Partial<Omit<PrintPresetFields, 'titles'>> & {
    titles?: PrintTitlesInput;
    presetId: string;
    revision: number;
    versionId?: string;
  },
) {
  await checkScope(ctx, input.versionId);
  await presetOf(ctx, input.presetId);
  const updated = await ctx.db.prisma.printPreset
    .updateMany({
      where: { id: input.presetId, ...owner(ctx), revision: input.revision },
      data: {
        name: input.name,
        nameKey: input.name === undefined ? undefined : nameKey(input.name),
        sheetHeightMm: input.sheetHeightMm,
        sheetWidthMm: input.sheetWidthMm,
        marginMm: input.marginMm,
        titles: input.titles,
        revision: { increment: 1 },
      },
    })
    .catch(nameTaken);
  if (updated.count === 0) throw new AppError('Conflict');
  return presetOf(ctx, input.presetId);
}

export async function deletePreset(ctx: SpaceContext, input: { presetId: string; versionId?: string }) {
  await checkScope(ctx, input.versionId);
  const deleted = await ctx.db.prisma.printPreset.deleteMany({
    where: { id: input.presetId, ...owner(ctx) },
  });
  return deletedOrNotFound(deleted.count);
}

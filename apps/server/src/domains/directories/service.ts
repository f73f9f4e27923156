import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError, deleteSpaceRow, staleOrMissing } from '../../errors';
import { versionForEdit } from '../versions';

export async function listDirectories(ctx: SpaceContext) {
  const directories = await ctx.db.prisma.directory.findMany({
    where: { spaceId: ctx.space.spaceId },
    include: { values: { orderBy: [{ sortKey: 'asc' }, { name: 'asc' }] } },
    orderBy: { name: 'asc' },
  });
  return directories.map((d) => ({
    id: d.id,
    name: d.name,
    revision: d.revision,
    values: d.values.map((v) => ({ id: v.id, code: v.code, name: v.name, revision: v.revision })),
  }));
}

export async function createDirectory(ctx: SpaceContext, name: string) {
  return ctx.db.prisma.directory.create({
    data: { spaceId: ctx.space.spaceId, name },
    select: { id: true, name: true, revision: true },
  });
}

export async function updateDirectory(
  ctx: SpaceContext,
  input: { directoryId: string; name: string; revision: number },
) {
  const spaceId = ctx.space.spaceId;
  const updated = await ctx.db.prisma.directory.updateMany({
    where: { id: input.directoryId, spaceId, revision: input.revision },
    data: { name: input.name, revision: { increment: 1 } },
  });
  if (!updated.count) throw await staleOrMissing(ctx.db.prisma.directory, { id: input.directoryId, spaceId });
  return ctx.db.prisma.directory.findUniqueOrThrow({
    where: { id: input.directoryId },
    select: { id: true, name: true, revision: true },
  });
}

export const deleteDirectory = (ctx: SpaceContext, directoryId: string) =>
  deleteSpaceRow(ctx.db.prisma.directory, ctx.space.spaceId, directoryId);

export async function createDirectoryValue(
  ctx: SpaceContext,
  input: { directoryId: string; name: string; code?: string | null },
) {
  const spaceId = ctx.space.spaceId;
  if (!(await ctx.db.prisma.directory.count({ where: { id: input.directoryId, spaceId } })))
    throw new AppError('NotFound');
  const count = await ctx.db.prisma.directoryValue.count({ where: { directoryId: input.directoryId } });
  return ctx.db.prisma.directoryValue.create({
    data: {
      spaceId,
      directoryId: input.directoryId,
      name: input.name,
      code: input.code || null,
      sortKey: (count + 1) * 1024,
    },
    select: { id: true, directoryId: true, code: true, name: true, revision: true },
  });
}

export async function updateDirectoryValue(
  ctx: SpaceContext,
  input: { valueId: string; revision: number; name: string; code?: string | null },
) {
  const spaceId = ctx.space.spaceId;
  const updated = await ctx.db.prisma.directoryValue.updateMany({
    where: { id: input.valueId, spaceId, revision: input.revision },
    data: {
      name: input.name,
      code: input.code === undefined ? undefined : input.code || null,
      revision: { increment: 1 },
    },
  });
  if (!updated.count)
    throw await staleOrMissing(ctx.db.prisma.directoryValue, { id: input.valueId, spaceId });
  return ctx.db.prisma.directoryValue.findUniqueOrThrow({
    where: { id: input.valueId },
    select: { id: true, directoryId: true, code: true, name: true, revision: true },
  });
}

export const deleteDirectoryValue = (ctx: SpaceContext, valueId: string) =>
  deleteSpaceRow(ctx.db.prisma.directoryValue, ctx.space.spaceId, valueId);

/** API versions/{id}/directory/{dirId}/add-values-to-version. */
export async function addValuesToVersion(
  ctx: SpaceContext,
  input: { versionId: string; directoryId: string; valueIds: string[] },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    await versionForEdit(client, spaceId, input.versionId);
    const { rowCount } = await client.query(
      `INSERT INTO version_directory_values ("spaceId", "versionId", "valueId")
       SELECT $1, $2, dv.id FROM directory_values dv
       WHERE dv.id = ANY($3::uuid[]) AND dv."directoryId" = $4 AND dv."spaceId" = $1
       ON CONFLICT DO NOTHING`,
      [spaceId, input.versionId, input.valueIds, input.directoryId],
    );
    return { success: true as const, added: rowCount ?? 0 };
  });
}

export async function versionDirectoryValues(ctx: SpaceContext, versionId: string) {
  const { rows } = await ctx.db.pool.query(
    `SELECT dv.id, dv."directoryId", d.name AS directory, dv.code, dv.name
     FROM version_directory_values vd JOIN directory_values dv ON dv.id = vd."valueId"
     JOIN directories d ON d.id = dv."directoryId"
     WHERE vd."versionId" = $1 AND vd."spaceId" = $2 ORDER BY d.name, dv."sortKey"`,
    [versionId, ctx.space.spaceId],
  );
  return rows;
}

import type { BimPrimitiveShape } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { type Sql, spaceRowOrNotFound } from '../../db/sql';
import { changedOrStale, deleteSpaceRow } from '../../errors';

/** 3D primitives (box, sphere, plane, cylinder) of an EPS node (API primitivesModels CRUD by EPS). */
interface PrimitiveRow {
  id: string;
  epsId: string;
  name: string;
  shape: BimPrimitiveShape;
  position: [number, number, number];
  size: [number, number, number];
  rotationY: number;
  color: string;
  opacity: number;
  revision: number;
}
const SELECT = 'id, "epsId", name, shape, position, size, "rotationY", color, opacity, revision';

interface PrimitiveFields {
  name: string;
  shape: BimPrimitiveShape;
  position: [number, number, number];
  size: [number, number, number];
  rotationY?: number;
  color: string;
  opacity?: number;
}

const epsOf = (sql: Sql, spaceId: string, epsId: string) =>
  spaceRowOrNotFound(sql, 'eps_nodes', '1', spaceId, epsId);

const primitiveRow = (sql: Sql, spaceId: string, primitiveId: string) =>
  spaceRowOrNotFound<PrimitiveRow>(sql, 'bim_primitives', SELECT, spaceId, primitiveId);

export async function listPrimitives(ctx: SpaceContext, epsId: string) {
  const spaceId = ctx.space.spaceId;
  await epsOf(ctx.db.pool, spaceId, epsId);
  const { rows } = await ctx.db.pool.query<PrimitiveRow>(
    `SELECT ${SELECT} FROM bim_primitives WHERE "epsId" = $1 AND "spaceId" = $2 ORDER BY "createdAt", name`,
    [epsId, spaceId],
  );
  return rows;
}

export async function createPrimitive(ctx: SpaceContext, input: PrimitiveFields & { epsId: string }) {
  const spaceId = ctx.space.spaceId;
  await epsOf(ctx.db.pool, spaceId, input.epsId);
  const { rows } = await ctx.db.pool.query<{ id: string }>(
    `INSERT INTO bim_primitives (id, "spaceId", "epsId", name, shape, position, size, "rotationY", color, opacity)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      spaceId,
      input.epsId,
      input.name,
      input.shape,
      input.position,
      input.size,
      input.rotationY ?? 0,
      input.color.toLowerCase(),
      input.opacity ?? 1,
    ],
  );
  return primitiveRow(ctx.db.pool, spaceId, rows[0]!.id);
}

export async function updatePrimitive(
  ctx: SpaceContext,
  input: Partial<PrimitiveFields> & { primitiveId: string; revision: number },
) {
  const spaceId = ctx.space.spaceId;
  const { rowCount } = await ctx.db.pool.query(
    `UPDATE bim_primitives SET name = coalesce($4, name), shape = coalesce($5, shape), position = coalesce($6, position),
       size = coalesce($7, size), "rotationY" = coalesce($8, "rotationY"), color = coalesce($9, color),
       opacity = coalesce($10, opacity), revision = revision + 1, "updatedAt" = now()
     WHERE id = $1 AND "spaceId" = $2 AND revision = $3`,
    [
      input.primitiveId,
      spaceId,
      input.revision,
      input.name ?? null,
      input.shape ?? null,
      input.position ?? null,
      input.size ?? null,
      input.rotationY ?? null,
      input.color?.toLowerCase() ?? null,
      input.opacity ?? null,
    ],
  );
  await changedOrStale(rowCount, () => primitiveRow(ctx.db.pool, spaceId, input.primitiveId));
  return primitiveRow(ctx.db.pool, spaceId, input.primitiveId);
}

export const deletePrimitive = (ctx: SpaceContext, primitiveId: string) =>
  deleteSpaceRow(ctx.db.prisma.bimPrimitive, ctx.space.spaceId, primitiveId);

import type { LinkType } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, rowOrNotFound } from '../../db/sql';
import { AppError } from '../../errors';
import { UndoRecorder } from '../undo';
import { versionForEdit, versionOf } from '../versions';

const RELATION_SELECT = `r.id, r."versionId", r."predecessorId", r."successorId", r.type, r."lagMinutes", r.code,
  r.driving, r.revision`;

async function readRelation(sql: pg.Pool | pg.PoolClient, spaceId: string, relationId: string) {
  const { rows } = await sql.query(
    `SELECT ${RELATION_SELECT} FROM relations r WHERE r.id = $1 AND r."spaceId" = $2`,
    [relationId, spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return rows[0] as Record<string, unknown>;
}

/** Relations of a version: those into its works, including links from works of other schedules. */
export async function listRelations(ctx: SpaceContext, versionId: string) {
  await versionOf(ctx.db.pool, ctx.space.spaceId, versionId);
  const { rows } = await ctx.db.pool.query(
    `SELECT ${RELATION_SELECT}, p."versionId" <> r."versionId" AS external
     FROM relations r JOIN works p ON p.id = r."predecessorId"
     WHERE r."versionId" = $1 AND r."spaceId" = $2 ORDER BY r."createdAt", r.id`,
    [versionId, ctx.space.spaceId],
  );
  return rows;
}

/** The node info tab task_relations: relations with free and total reserve and the critical-path flag. */
export async function taskRelations(ctx: SpaceContext, versionId: string) {
  await versionOf(ctx.db.pool, ctx.space.spaceId, versionId);
  const { rows } = await ctx.db.pool.query(
    `SELECT t.*, p.code AS "predecessorCode", p.name AS "predecessorName", s.code AS "successorCode",
       s.name AS "successorName"
     FROM task_relations t JOIN works p ON p.id = t."predecessorId" JOIN works s ON s.id = t."successorId"
     WHERE t."versionId" = $1 AND t."spaceId" = $2 ORDER BY s."sortKey", t.id`,
    [versionId, ctx.space.spaceId],
  );
  return rows;
}

export async function createRelation(
  ctx: SpaceContext,
  input: {
    versionId: string;
    predecessorId: string;
    successorId: string;
    type: LinkType;
    lagMinutes: number;
    code?: string | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  const id = await inTransaction(ctx.db.pool, async (client) => {
    await versionForEdit(client, spaceId, input.versionId);
    // The successor is in this version; the predecessor may be in any schedule of the space.
    const { rows } = await client.query<{ id: string; versionId: string }>(
      `SELECT id, "versionId" FROM works WHERE id = ANY($1::uuid[]) AND "spaceId" = $2`,
      [[input.predecessorId, input.successorId], spaceId],
    );
    const successor = rows.find((r) => r.id === input.successorId);
    if (
      !successor ||
      successor.versionId !== input.versionId ||
      !rows.some((r) => r.id === input.predecessorId)
    )
      throw new AppError('NotFound');
    const created = await client.query<{ id: string }>(
      `INSERT INTO relations (id, "spaceId", "versionId", "predecessorId", "successorId", type, "lagMinutes", code)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5::"LinkType", $6, $7) RETURNING id`,
      [
        spaceId,
        input.versionId,
        input.predecessorId,
        input.successorId,
        input.type,
        input.lagMinutes,
        input.code ?? null,
      ],
    );
    const undo = new UndoRecorder(client);
    undo.created('relations', [created.rows[0]!.id]);
    await undo.save(ctx, input.versionId, 'undo_relation', 'relations.create');
    return created.rows[0]!.id;
  });
  return readRelation(ctx.db.pool, spaceId, id);
}

export async function updateRelation(
  ctx: SpaceContext,
  input: {
    versionId: string;
    relationId: string;
    revision: number;
    type?: LinkType;
    lagMinutes?: number;
    code?: string | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    await versionForEdit(client, spaceId, input.versionId);
    const { rows } = await client.query<{ revision: number }>(
      `SELECT revision FROM relations WHERE id = $1 AND "versionId" = $2 FOR UPDATE`,
      [input.relationId, input.versionId],
    );
    if (!rows[0]) throw new AppError('NotFound');
    if (rows[0].revision !== input.revision) throw new AppError('Conflict');
    const undo = new UndoRecorder(client);
    await undo.relations([input.relationId]);
    await client.query(
      `UPDATE relations SET type = coalesce($2::"LinkType", type), "lagMinutes" = coalesce($3, "lagMinutes"),
         code = CASE WHEN $5 THEN $4 ELSE code END, revision = revision + 1, "updatedAt" = now()
       WHERE id = $1`,
      [
        input.relationId,
        input.type ?? null,
        input.lagMinutes ?? null,
        input.code ?? null,
        input.code !== undefined,
      ],
    );
    await undo.save(ctx, input.versionId, 'undo_relation', 'relations.update');
  });
  return readRelation(ctx.db.pool, spaceId, input.relationId);
}

export async function deleteRelation(ctx: SpaceContext, input: { versionId: string; relationId: string }) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    await versionForEdit(client, spaceId, input.versionId);
    await rowOrNotFound(client, `SELECT 1 FROM relations WHERE id = $1 AND "versionId" = $2 FOR UPDATE`, [
      input.relationId,
      input.versionId,
    ]);
    const undo = new UndoRecorder(client);
    await undo.relations([input.relationId]);
    await client.query(`DELETE FROM relations WHERE id = $1`, [input.relationId]);
    await undo.save(ctx, input.versionId, 'undo_relation', 'relations.delete');
    return { success: true as const };
  });
}

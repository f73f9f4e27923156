import { KANBAN_LIMITS, VALIDATION } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, rowOrNotFound, type Sql, spaceRowOrNotFound } from '../../db/sql';
import { AppError, checkCompleteOrder } from '../../errors';
import { publishBoard } from '../kanban';

/**
 * Checklists of works and of kanban cards (entity checklist; docs/product-rules.md, "Kanban boards and
 * checklists"): named lists of items in order, each ticked or not, with an assignee and a due date; and the
 * space's checklist templates a new checklist copies its items from.
 */

/** The gap between neighbouring items' sort keys. */
const GAP = 1024;

interface Owner {
  workId: string | null;
  cardId: string | null;
  /** The card's board, told of changes to its checklists. */
  boardId: string | null;
}

/** A work or a card of the caller's space, or NotFound. */
async function ownerOf(
  on: Sql,
  spaceId: string,
  input: { workId?: string; cardId?: string },
): Promise<Owner> {
  if (input.workId) {
    await spaceRowOrNotFound(on, 'works', '1', spaceId, input.workId);
    return { workId: input.workId, cardId: null, boardId: null };
  }
  const card = await spaceRowOrNotFound<{ boardId: string }>(
    on,
    'kanban_items',
    '"boardId"',
    spaceId,
    input.cardId!,
  );
  return { workId: null, cardId: input.cardId!, boardId: card.boardId };
}

/** A checklist of the caller's space with its owner, or NotFound. */
function checklistOf(on: Sql, spaceId: string, checklistId: string) {
  return rowOrNotFound<{
    id: string;
    workId: string | null;
    itemId: string | null;
    revision: number;
    boardId: string | null;
  }>(
    on,
    `SELECT c.id, c."workId", c."itemId", c.revision, i."boardId" FROM checklists c
     LEFT JOIN kanban_items i ON i.id = c."itemId" WHERE c.id = $1 AND c."spaceId" = $2`,
    [checklistId, spaceId],
  );
}

/** Locks a checklist for an edit of its items (two ticks at once both land). */
async function lockChecklist(client: pg.PoolClient, spaceId: string, checklistId: string) {
  const checklist = await checklistOf(client, spaceId, checklistId);
  await client.query(`SELECT 1 FROM checklists WHERE id = $1 FOR UPDATE`, [checklistId]);
  return checklist;
}

async function told(
  client: pg.PoolClient,
  spaceId: string,
  owner: { boardId: string | null; itemId?: string | null; cardId?: string | null },
) {
  if (owner.boardId)
    await publishBoard(client, spaceId, owner.boardId, 'card.changed', {
      cardId: owner.itemId ?? owner.cardId,
    });
}

async function touch(client: pg.PoolClient, checklistId: string) {
  await client.query(`UPDATE checklists SET revision = revision + 1, "updatedAt" = now() WHERE id = $1`, [
    checklistId,
  ]);
}

interface ItemRow {
  id: string;
  checklistId: string;
  text: string;
  done: boolean;
  doneAt: string | null;
  doneById: string | null;
  assigneeId: string | null;
  dueDate: string | null;
}

async function checklistsWhere(on: Sql, where: string, params: unknown[]) {
  const { rows: lists } = await on.query<{
    id: string;
    workId: string | null;
    itemId: string | null;
    name: string;
    revision: number;
  }>(
    `SELECT id, "workId", "itemId", name, revision FROM checklists WHERE ${where} ORDER BY "sortKey", id`,
    params,
  );
  const { rows: items } = await on.query<ItemRow>(
    `SELECT id, "checklistId", text, done, to_char("doneAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "doneAt",
            "doneById", "assigneeId", to_char("dueDate", 'YYYY-MM-DD') AS "dueDate"
     FROM checklist_items WHERE "checklistId" = any($1::uuid[]) ORDER BY "sortKey", id`,
    [lists.map((l) => l.id)],
  );
  return lists.map(({ itemId, ...list }) => {
    const own = items.filter((i) => i.checklistId === list.id).map(({ checklistId: _, ...i }) => i);
    return { ...list, cardId: itemId, items: own, done: own.filter((i) => i.done).length, total: own.length };
  });
}

/** The checklists of a work or of a card, in order, with their items. */
export async function listChecklists(ctx: SpaceContext, input: { workId?: string; cardId?: string }) {
  const spaceId = ctx.space.spaceId;
  const owner = await ownerOf(ctx.db.pool, spaceId, input);
  return owner.workId
    ? checklistsWhere(ctx.db.pool, `"workId" = $1`, [owner.workId])
    : checklistsWhere(ctx.db.pool, `"itemId" = $1`, [owner.cardId]);
}

/** Ticked and all items of the checklists of every work of a version that has any (the grid's progress). */
export async function versionChecklistProgress(ctx: SpaceContext, input: { versionId: string }) {
  await spaceRowOrNotFound(ctx.db.pool, 'versions', '1', ctx.space.spaceId, input.versionId);
  const { rows } = await ctx.db.pool.query<{ workId: string; done: number; total: number }>(
    `SELECT c."workId", count(*) FILTER (WHERE ci.done)::int AS done, count(ci.id)::int AS total
     FROM checklists c JOIN works w ON w.id = c."workId" AND w."versionId" = $1
     LEFT JOIN checklist_items ci ON ci."checklistId" = c.id GROUP BY c."workId"`,
    [input.versionId],
  );
  return rows;
}

async function insertItems(
  client: pg.PoolClient,
  spaceId: string,
  checklistId: string,
  texts: string[],
  from = 0,
) {
  if (!texts.length) return;
  await client.query(
    `INSERT INTO checklist_items ("spaceId", "checklistId", text, "sortKey")
     SELECT $1, $2, t.text, ($4::int + t.ord) * ${GAP} FROM unnest($3::text[]) WITH ORDINALITY AS t(text, ord)`,
    [spaceId, checklistId, texts, from],
  );
}

/** A new checklist of a work or a card, its items given or copied from a template of the space. */
export async function createChecklist(
  ctx: SpaceContext,
  input: { workId?: string; cardId?: string; name: string; templateId?: string; items?: string[] },
) {
  const spaceId = ctx.space.spaceId;
  const id = await inTransaction(ctx.db.pool, async (client) => {
    const owner = await ownerOf(client, spaceId, input);
    let texts = input.items ?? [];
    if (input.templateId) {
      const template = await spaceRowOrNotFound<{ items: string[] }>(
        client,
        'checklist_templates',
        'items',
        spaceId,
        input.templateId,
      );
      texts = [...template.items, ...texts].slice(0, KANBAN_LIMITS.checklistItems);
    }
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO checklists ("spaceId", "workId", "itemId", name, "sortKey")
       VALUES ($1, $2, $3, $4, coalesce((SELECT max("sortKey") FROM checklists
         WHERE "workId" IS NOT DISTINCT FROM $2 AND "itemId" IS NOT DISTINCT FROM $3), 0) + ${GAP}) RETURNING id`,
      [spaceId, owner.workId, owner.cardId, input.name],
    );
    const id = rows[0]!.id;
    await insertItems(client, spaceId, id, texts);
    await told(client, spaceId, owner);
    return id;
  });
  return (await checklistsWhere(ctx.db.pool, `id = $1`, [id]))[0]!;
}

async function one(ctx: SpaceContext, checklistId: string) {
  return (await checklistsWhere(ctx.db.pool, `id = $1`, [checklistId]))[0]!;
}

export async function renameChecklist(
  ctx: SpaceContext,
  input: { checklistId: string; revision: number; name: string },
) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const checklist = await lockChecklist(client, spaceId, input.checklistId);
    if (checklist.revision !== input.revision) throw new AppError('Conflict');
    await client.query(
      `UPDATE checklists SET name = $2, revision = revision + 1, "updatedAt" = now() WHERE id = $1`,
      [input.checklistId, input.name],
    );
    await told(client, spaceId, checklist);
  });
  return one(ctx, input.checklistId);
}

export async function deleteChecklist(ctx: SpaceContext, input: { checklistId: string }) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const checklist = await lockChecklist(client, spaceId, input.checklistId);
    await client.query(`DELETE FROM checklists WHERE id = $1`, [input.checklistId]);
    await told(client, spaceId, checklist);
  });
  return { success: true as const };
}

async function checkAssignee(on: Sql, spaceId: string, userId: string | null | undefined) {
  if (!userId) return;
  const { rows } = await on.query(`SELECT 1 FROM space_members WHERE "spaceId" = $1 AND "userId" = $2`, [
    spaceId,
    userId,
  ]);
  if (!rows[0]) throw new AppError('NotFound');
}

export async function addChecklistItem(
  ctx: SpaceContext,
  input: { checklistId: string; text: string; assigneeId?: string | null; dueDate?: string | null },
) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const checklist = await lockChecklist(client, spaceId, input.checklistId);
    await checkAssignee(client, spaceId, input.assigneeId);
    const { rows } = await client.query<{ n: number; last: number | null }>(
      `SELECT count(*)::int AS n, max("sortKey") AS last FROM checklist_items WHERE "checklistId" = $1`,
      [input.checklistId],
    );
    if (rows[0]!.n >= KANBAN_LIMITS.checklistItems)
      throw new AppError('ValidationError', {}, [{ path: 'text', message: VALIDATION.outOfRange }]);
    await client.query(
      `INSERT INTO checklist_items ("spaceId", "checklistId", text, "sortKey", "assigneeId", "dueDate")
       VALUES ($1, $2, $3, $4, $5, $6::date)`,
      [
        spaceId,
        input.checklistId,
        input.text,
        (rows[0]!.last ?? 0) + GAP,
        input.assigneeId ?? null,
        input.dueDate ?? null,
      ],
    );
    await touch(client, input.checklistId);
    await told(client, spaceId, checklist);
  });
  return one(ctx, input.checklistId);
}

const itemOf = (on: Sql, spaceId: string, itemId: string) =>
  spaceRowOrNotFound<{ checklistId: string }>(on, 'checklist_items', '"checklistId"', spaceId, itemId);

/** Changes an item: its text, ticked or not (who and when is kept), assignee, due date. */
export async function updateChecklistItem(
  ctx: SpaceContext,
  input: {
    itemId: string;
    text?: string;
    done?: boolean;
    assigneeId?: string | null;
    dueDate?: string | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  const checklistId = await inTransaction(ctx.db.pool, async (client) => {
    const item = await itemOf(client, spaceId, input.itemId);
    const checklist = await lockChecklist(client, spaceId, item.checklistId);
    await checkAssignee(client, spaceId, input.assigneeId);
    await client.query(
      `UPDATE checklist_items SET text = coalesce($2, text),
         done = coalesce($3, done),
         "doneAt" = CASE WHEN $3 IS NULL THEN "doneAt" WHEN $3 AND NOT done THEN now() WHEN $3 THEN "doneAt" ELSE NULL END,
         "doneById" = CASE WHEN $3 IS NULL THEN "doneById" WHEN $3 AND NOT done THEN $4::uuid WHEN $3 THEN "doneById" ELSE NULL END,
         "assigneeId" = CASE WHEN $5 THEN $6::uuid ELSE "assigneeId" END,
         "dueDate" = CASE WHEN $7 THEN $8::date ELSE "dueDate" END
       WHERE id = $1`,
      [
        input.itemId,
        input.text ?? null,
        input.done ?? null,
        ctx.session.userId,
        input.assigneeId !== undefined,
        input.assigneeId ?? null,
        input.dueDate !== undefined,
        input.dueDate ?? null,
      ],
    );
    await touch(client, item.checklistId);
    await told(client, spaceId, checklist);
    return item.checklistId;
  });
  return one(ctx, checklistId);
}

export async function deleteChecklistItem(ctx: SpaceContext, input: { itemId: string }) {
  const spaceId = ctx.space.spaceId;
  const checklistId = await inTransaction(ctx.db.pool, async (client) => {
    const item = await itemOf(client, spaceId, input.itemId);
    const checklist = await lockChecklist(client, spaceId, item.checklistId);
    await client.query(`DELETE FROM checklist_items WHERE id = $1`, [input.itemId]);
    await touch(client, item.checklistId);
    await told(client, spaceId, checklist);
    return item.checklistId;
  });
  return one(ctx, checklistId);
}

/** Puts a checklist's items in the given order: every item of it, each once. */
export async function reorderChecklistItems(
  ctx: SpaceContext,
  input: { checklistId: string; itemIds: string[] },
) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const checklist = await lockChecklist(client, spaceId, input.checklistId);
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM checklist_items WHERE "checklistId" = $1`,
      [input.checklistId],
    );
    checkCompleteOrder(input.itemIds, rows, 'itemIds');
    await client.query(
      `UPDATE checklist_items c SET "sortKey" = o.ord * ${GAP} FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, ord)
       WHERE c.id = o.id`,
      [input.itemIds],
    );
    await touch(client, input.checklistId);
    await told(client, spaceId, checklist);
  });
  return one(ctx, input.checklistId);
}

// ── templates ─────────────────────────────────────────────────────────────────────────────────

export async function listChecklistTemplates(ctx: SpaceContext) {
  const { rows } = await ctx.db.pool.query<{ id: string; name: string; items: string[] }>(
    `SELECT id, name, items FROM checklist_templates WHERE "spaceId" = $1 ORDER BY lower(name), id`,
    [ctx.space.spaceId],
  );
  return rows;
}

export async function createChecklistTemplate(ctx: SpaceContext, input: { name: string; items: string[] }) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`checklist-templates:${spaceId}`]);
    const { rows: count } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM checklist_templates WHERE "spaceId" = $1`,
      [spaceId],
    );
    if (count[0]!.n >= KANBAN_LIMITS.templatesPerSpace)
      throw new AppError('ValidationError', {}, [{ path: 'name', message: VALIDATION.outOfRange }]);
    const { rows } = await client.query<{ id: string; name: string; items: string[] }>(
      `INSERT INTO checklist_templates ("spaceId", name, items) VALUES ($1, $2, $3) RETURNING id, name, items`,
      [spaceId, input.name, input.items],
    );
    return rows[0]!;
  });
}

export async function updateChecklistTemplate(
  ctx: SpaceContext,
  input: { templateId: string; name?: string; items?: string[] },
) {
  return rowOrNotFound<{ id: string; name: string; items: string[] }>(
    ctx.db.pool,
    `UPDATE checklist_templates SET name = coalesce($3, name), items = coalesce($4, items), "updatedAt" = now()
     WHERE id = $1 AND "spaceId" = $2 RETURNING id, name, items`,
    [input.templateId, ctx.space.spaceId, input.name ?? null, input.items ?? null],
  );
}

export async function deleteChecklistTemplate(ctx: SpaceContext, input: { templateId: string }) {
  const { rowCount } = await ctx.db.pool.query(
    `DELETE FROM checklist_templates WHERE id = $1 AND "spaceId" = $2`,
    [input.templateId, ctx.space.spaceId],
  );
  if (!rowCount) throw new AppError('NotFound');
  return { success: true as const };
}

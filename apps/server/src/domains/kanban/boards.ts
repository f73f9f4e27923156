import { KANBAN_LIMITS, VALIDATION, type WORK_STATUSES } from '@takt/contracts';
import { translate } from '@takt/i18n';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, rowOrNotFound, type Sql, spaceRowOrNotFound } from '../../db/sql';
import { AppError, checkCompleteOrder, rethrowNameTaken } from '../../errors';
import { publishBoard } from './live';

type WorkStatus = (typeof WORK_STATUSES)[number];

/** The gap between the sort keys of neighbouring columns, so that a column put between two takes the middle. */
const COLUMN_GAP = 1024;

const nameKey = (name: string) => name.trim().toLowerCase();

/** A board of the caller's space (its schedule and version), or NotFound. */
export function boardOf(on: Sql, spaceId: string, boardId: string) {
  return spaceRowOrNotFound<{ id: string; scheduleId: string; versionId: string | null; revision: number }>(
    on,
    'kanban_boards',
    'id, "scheduleId", "versionId", revision',
    spaceId,
    boardId,
  );
}

/** The board locked for the caller's transaction: writes to one board wait for each other. */
export function lockBoard(client: pg.PoolClient, spaceId: string, boardId: string) {
  return rowOrNotFound<{ id: string; versionId: string | null; revision: number }>(
    client,
    `SELECT id, "versionId", revision FROM kanban_boards WHERE id = $1 AND "spaceId" = $2 FOR UPDATE`,
    [boardId, spaceId],
  );
}

/** A column of the caller's space with its board, or NotFound. */
export function columnOf(on: Sql, spaceId: string, columnId: string) {
  return spaceRowOrNotFound<{
    id: string;
    boardId: string;
    name: string;
    wipLimit: number | null;
    workStatus: WorkStatus | null;
    revision: number;
  }>(on, 'kanban_columns', 'id, "boardId", name, "wipLimit", "workStatus", revision', spaceId, columnId);
}

async function scheduleOfSpace(on: Sql, spaceId: string, scheduleId: string) {
  await rowOrNotFound(on, `SELECT 1 FROM eps_nodes WHERE id = $1 AND "spaceId" = $2 AND kind = 'schedule'`, [
    scheduleId,
    spaceId,
  ]);
}

/** A version of the schedule (NotFound otherwise); without one, the schedule's actual version, if any. */
async function boardVersion(
  on: Sql,
  spaceId: string,
  scheduleId: string,
  versionId: string | null | undefined,
) {
  if (versionId) {
    await rowOrNotFound(on, `SELECT 1 FROM versions WHERE id = $1 AND "spaceId" = $2 AND "scheduleId" = $3`, [
      versionId,
      spaceId,
      scheduleId,
    ]);
    return versionId;
  }
  if (versionId === null) return null;
  const { rows } = await on.query<{ id: string }>(
    `SELECT id FROM versions WHERE "scheduleId" = $1 AND "spaceId" = $2 ORDER BY actual DESC, number DESC LIMIT 1`,
    [scheduleId, spaceId],
  );
  return rows[0]?.id ?? null;
}

const nameTaken = rethrowNameTaken(VALIDATION.filterNameTaken);

/** The boards of a schedule, by name, with their card counts. */
export async function listBoards(ctx: SpaceContext, input: { scheduleId: string }) {
  const spaceId = ctx.space.spaceId;
  await scheduleOfSpace(ctx.db.pool, spaceId, input.scheduleId);
  const { rows } = await ctx.db.pool.query<{
    id: string;
    name: string;
    versionId: string | null;
    revision: number;
    cards: number;
    createdAt: Date;
  }>(
    `SELECT b.id, b.name, b."versionId", b.revision, b."createdAt",
            (SELECT count(*)::int FROM kanban_items i WHERE i."boardId" = b.id) AS cards
     FROM kanban_boards b WHERE b."scheduleId" = $1 AND b."spaceId" = $2 ORDER BY b."nameKey", b."createdAt"`,
    [input.scheduleId, spaceId],
  );
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The first columns of a board made without any: one per work status, named in the caller's language. */
const defaultColumns = (
  lang: SpaceContext['lang'],
): { name: string; wipLimit?: number | null; workStatus: WorkStatus }[] => [
  { name: translate(lang, 'kanban.column.todo'), workStatus: 'not_started' },
  { name: translate(lang, 'kanban.column.in_progress'), workStatus: 'in_progress' },
  { name: translate(lang, 'kanban.column.done'), workStatus: 'completed' },
];

/** Creates a board of a schedule with its first columns (by default, one per work status). */
export async function createBoard(
  ctx: SpaceContext,
  input: {
    scheduleId: string;
    name: string;
    versionId?: string | null;
    columns?: { name: string; wipLimit?: number | null; workStatus?: WorkStatus | null }[];
  },
) {
  const spaceId = ctx.space.spaceId;
  const boardId = await inTransaction(ctx.db.pool, async (client) => {
    await scheduleOfSpace(client, spaceId, input.scheduleId);
    // Two boards made at once must not both pass the count: the schedule's boards are counted under a lock.
    await client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`kanban-boards:${input.scheduleId}`]);
    const { rows: count } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM kanban_boards WHERE "scheduleId" = $1`,
      [input.scheduleId],
    );
    if (count[0]!.n >= KANBAN_LIMITS.boardsPerSchedule)
      throw new AppError('ValidationError', {}, [{ path: 'name', message: VALIDATION.outOfRange }]);
    const versionId = await boardVersion(client, spaceId, input.scheduleId, input.versionId);
    const { rows } = await client
      .query<{ id: string }>(
        `INSERT INTO kanban_boards ("spaceId", "scheduleId", "versionId", name, "nameKey", "createdById")
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [spaceId, input.scheduleId, versionId, input.name, nameKey(input.name), ctx.session.userId],
      )
      .catch(nameTaken);
    const id = rows[0]!.id;
    const columns = input.columns ?? defaultColumns(ctx.lang);
    await client.query(
      `INSERT INTO kanban_columns ("spaceId", "boardId", name, "sortKey", "wipLimit", "workStatus")
       SELECT $1, $2, c.name, c.ord * ${COLUMN_GAP}, c.wip, c.status::"WorkStatus"
       FROM unnest($3::text[], $4::int[], $5::text[]) WITH ORDINALITY AS c(name, wip, status, ord)`,
      [
        spaceId,
        id,
        columns.map((c) => c.name),
        columns.map((c) => c.wipLimit ?? null),
        columns.map((c) => c.workStatus ?? null),
      ],
    );
    return id;
  });
  return getBoard(ctx, { boardId });
}

/** Renames a board or changes the version its cards link to; a stale revision is a Conflict. */
export async function updateBoard(
  ctx: SpaceContext,
  input: { boardId: string; revision: number; name?: string; versionId?: string | null },
) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const board = await lockBoard(client, spaceId, input.boardId);
    if (board.revision !== input.revision) throw new AppError('Conflict');
    const { rows } = await client.query<{ scheduleId: string }>(
      `SELECT "scheduleId" FROM kanban_boards WHERE id = $1`,
      [input.boardId],
    );
    const versionId =
      input.versionId === undefined
        ? board.versionId
        : await boardVersion(client, spaceId, rows[0]!.scheduleId, input.versionId);
    if (versionId !== board.versionId) {
      // Cards keep their links only to works of the board's version.
      await client.query(
        `UPDATE kanban_items SET "workId" = NULL, revision = revision + 1, "updatedAt" = now()
         WHERE "boardId" = $1 AND "workId" IS NOT NULL`,
        [input.boardId],
      );
    }
    await client
      .query(
        `UPDATE kanban_boards SET name = coalesce($2, name), "nameKey" = coalesce($3, "nameKey"), "versionId" = $4,
           revision = revision + 1, "updatedAt" = now() WHERE id = $1`,
        [input.boardId, input.name ?? null, input.name ? nameKey(input.name) : null, versionId],
      )
      .catch(nameTaken);
    await publishBoard(client, spaceId, input.boardId, 'board.changed', {});
  });
  return getBoard(ctx, { boardId: input.boardId });
}

/** Deletes a board with its cards; their attachments' bytes go once the deletion has committed. */
export async function deleteBoard(ctx: SpaceContext, input: { boardId: string }) {
  const spaceId = ctx.space.spaceId;
  const keys = await inTransaction(ctx.db.pool, async (client) => {
    await lockBoard(client, spaceId, input.boardId);
    const { rows } = await client.query<{ key: string }>(
      `SELECT f.key FROM kanban_item_files f JOIN kanban_items i ON i.id = f."itemId" WHERE i."boardId" = $1`,
      [input.boardId],
    );
    await client.query(`DELETE FROM kanban_boards WHERE id = $1`, [input.boardId]);
    await publishBoard(client, spaceId, input.boardId, 'board.deleted', {});
    return rows.map((r) => r.key);
  });
  for (const key of keys) await ctx.files.delete(key);
  return { success: true as const };
}

/**
 * Copies a board: its columns and labels, and with `withCards` its cards with their labels, assignees and
 * checklists (not comments, files or history: the copy starts its own).
 */
export async function copyBoard(
  ctx: SpaceContext,
  input: { boardId: string; name: string; withCards?: boolean },
) {
  const spaceId = ctx.space.spaceId;
  const boardId = await inTransaction(ctx.db.pool, async (client) => {
    const source = await boardOf(client, spaceId, input.boardId);
    await client.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`kanban-boards:${source.scheduleId}`]);
    const { rows } = await client
      .query<{ id: string }>(
        `INSERT INTO kanban_boards ("spaceId", "scheduleId", "versionId", name, "nameKey", "createdById")
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [spaceId, source.scheduleId, source.versionId, input.name, nameKey(input.name), ctx.session.userId],
      )
      .catch(nameTaken);
    const id = rows[0]!.id;
    // Old and new ids of columns, labels and cards, so that the copies refer to each other.
    await client.query(`CREATE TEMP TABLE kanban_copy_map (kind text, old uuid, new uuid) ON COMMIT DROP`);
    const mapIds = (kind: string, table: string) =>
      client.query(
        `INSERT INTO kanban_copy_map SELECT $2, id, gen_random_uuid() FROM ${table} WHERE "boardId" = $1`,
        [input.boardId, kind],
      );
    await mapIds('column', 'kanban_columns');
    await mapIds('label', 'kanban_labels');
    await client.query(
      `INSERT INTO kanban_columns (id, "spaceId", "boardId", name, "sortKey", "wipLimit", "workStatus")
       SELECT m.new, c."spaceId", $2, c.name, c."sortKey", c."wipLimit", c."workStatus"
       FROM kanban_columns c JOIN kanban_copy_map m ON m.kind = 'column' AND m.old = c.id WHERE c."boardId" = $1`,
      [input.boardId, id],
    );
    await client.query(
      `INSERT INTO kanban_labels (id, "spaceId", "boardId", name, color)
       SELECT m.new, l."spaceId", $2, l.name, l.color
       FROM kanban_labels l JOIN kanban_copy_map m ON m.kind = 'label' AND m.old = l.id WHERE l."boardId" = $1`,
      [input.boardId, id],
    );
    if (input.withCards) {
      await mapIds('card', 'kanban_items');
      await client.query(
        `INSERT INTO kanban_items (id, "spaceId", "boardId", "columnId", position, title, description, "workId", "dueDate", "createdById")
         SELECT m.new, i."spaceId", $2, mc.new, i.position, i.title, i.description, i."workId", i."dueDate", $3
         FROM kanban_items i JOIN kanban_copy_map m ON m.kind = 'card' AND m.old = i.id
         JOIN kanban_copy_map mc ON mc.kind = 'column' AND mc.old = i."columnId" WHERE i."boardId" = $1`,
        [input.boardId, id, ctx.session.userId],
      );
      await client.query(
        `INSERT INTO kanban_item_labels ("itemId", "labelId", "spaceId")
         SELECT m.new, ml.new, il."spaceId" FROM kanban_item_labels il
         JOIN kanban_copy_map m ON m.kind = 'card' AND m.old = il."itemId"
         JOIN kanban_copy_map ml ON ml.kind = 'label' AND ml.old = il."labelId"`,
      );
      await client.query(
        `INSERT INTO kanban_item_assignees ("itemId", "userId", "spaceId", "assignedById")
         SELECT m.new, a."userId", a."spaceId", a."assignedById" FROM kanban_item_assignees a
         JOIN kanban_copy_map m ON m.kind = 'card' AND m.old = a."itemId"`,
      );
      await client.query(
        `INSERT INTO kanban_copy_map SELECT 'checklist', c.id, gen_random_uuid() FROM checklists c
         JOIN kanban_copy_map m ON m.kind = 'card' AND m.old = c."itemId"`,
      );
      await client.query(
        `INSERT INTO checklists (id, "spaceId", "itemId", name, "sortKey")
         SELECT mk.new, c."spaceId", m.new, c.name, c."sortKey" FROM checklists c
         JOIN kanban_copy_map m ON m.kind = 'card' AND m.old = c."itemId"
         JOIN kanban_copy_map mk ON mk.kind = 'checklist' AND mk.old = c.id`,
      );
      await client.query(
        `INSERT INTO checklist_items ("spaceId", "checklistId", text, "sortKey", done, "doneAt", "doneById", "assigneeId", "dueDate")
         SELECT ci."spaceId", mk.new, ci.text, ci."sortKey", ci.done, ci."doneAt", ci."doneById", ci."assigneeId", ci."dueDate"
         FROM checklist_items ci JOIN kanban_copy_map mk ON mk.kind = 'checklist' AND mk.old = ci."checklistId"`,
      );
      await client.query(
        `INSERT INTO kanban_item_events ("spaceId", "boardId", "itemId", kind, "toColumnId", "userId")
         SELECT i."spaceId", i."boardId", i.id, 'created', i."columnId", $2 FROM kanban_items i WHERE i."boardId" = $1`,
        [id, ctx.session.userId],
      );
    }
    return id;
  });
  return getBoard(ctx, { boardId });
}

/** Columns, in order. */
async function columnsOf(on: Sql, boardId: string) {
  const { rows } = await on.query<{
    id: string;
    name: string;
    wipLimit: number | null;
    workStatus: WorkStatus | null;
    revision: number;
  }>(
    `SELECT id, name, "wipLimit", "workStatus", revision FROM kanban_columns WHERE "boardId" = $1 ORDER BY "sortKey", id`,
    [boardId],
  );
  return rows;
}

/** A board as its screen opens it: the board, its columns in order and its labels (the cards come apart). */
export async function getBoard(ctx: SpaceContext, input: { boardId: string }) {
  const spaceId = ctx.space.spaceId;
  const board = await spaceRowOrNotFound<{
    id: string;
    scheduleId: string;
    versionId: string | null;
    name: string;
    revision: number;
  }>(ctx.db.pool, 'kanban_boards', 'id, "scheduleId", "versionId", name, revision', spaceId, input.boardId);
  const [columns, labels] = await Promise.all([
    columnsOf(ctx.db.pool, board.id),
    ctx.db.pool
      .query<{ id: string; name: string; color: string }>(
        `SELECT id, name, color FROM kanban_labels WHERE "boardId" = $1 ORDER BY lower(name), id`,
        [board.id],
      )
      .then((r) => r.rows),
  ]);
  return { ...board, columns, labels };
}

// ── columns ───────────────────────────────────────────────────────────────────────────────────

export async function createColumn(
  ctx: SpaceContext,
  input: {
    boardId: string;
    name: string;
    wipLimit?: number | null;
    workStatus?: WorkStatus | null;
    afterId?: string | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    await lockBoard(client, spaceId, input.boardId);
    const columns = await columnsOf(client, input.boardId);
    if (columns.length >= KANBAN_LIMITS.columnsPerBoard)
      throw new AppError('ValidationError', {}, [{ path: 'name', message: VALIDATION.outOfRange }]);
    if (input.afterId && !columns.some((c) => c.id === input.afterId)) throw new AppError('NotFound');
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO kanban_columns ("spaceId", "boardId", name, "sortKey", "wipLimit", "workStatus")
       VALUES ($1, $2, $3, 0, $4, $5) RETURNING id`,
      [spaceId, input.boardId, input.name, input.wipLimit ?? null, input.workStatus ?? null],
    );
    const id = rows[0]!.id;
    const order = columns.map((c) => c.id);
    const at = input.afterId ? order.indexOf(input.afterId) + 1 : input.afterId === null ? 0 : order.length;
    order.splice(at, 0, id);
    await renumberColumns(client, order);
    await publishBoard(client, spaceId, input.boardId, 'columns.changed', {});
    return (await columnOf(client, spaceId, id)) satisfies { id: string };
  });
}

async function renumberColumns(client: pg.PoolClient, order: string[]) {
  await client.query(
    `UPDATE kanban_columns c SET "sortKey" = o.ord * ${COLUMN_GAP}, revision = revision + 1, "updatedAt" = now()
     FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, ord) WHERE c.id = o.id AND c."sortKey" <> o.ord * ${COLUMN_GAP}`,
    [order],
  );
}

export async function updateColumn(
  ctx: SpaceContext,
  input: {
    columnId: string;
    revision: number;
    name?: string;
    wipLimit?: number | null;
    workStatus?: WorkStatus | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const column = await columnOf(client, spaceId, input.columnId);
    await lockBoard(client, spaceId, column.boardId);
    const { rows } = await client.query<{ revision: number }>(
      `SELECT revision FROM kanban_columns WHERE id = $1`,
      [input.columnId],
    );
    if (rows[0]?.revision !== input.revision) throw new AppError('Conflict');
    await client.query(
      `UPDATE kanban_columns SET name = $2, "wipLimit" = $3, "workStatus" = $4::"WorkStatus",
         revision = revision + 1, "updatedAt" = now() WHERE id = $1`,
      [
        input.columnId,
        input.name ?? column.name,
        input.wipLimit === undefined ? column.wipLimit : input.wipLimit,
        input.workStatus === undefined ? column.workStatus : input.workStatus,
      ],
    );
    await publishBoard(client, spaceId, column.boardId, 'columns.changed', {});
    return columnOf(client, spaceId, input.columnId);
  });
}

/** Deletes a column; its cards go with it unless it still has some (then it is refused: move them first). */
export async function deleteColumn(ctx: SpaceContext, input: { columnId: string }) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const column = await columnOf(client, spaceId, input.columnId);
    await lockBoard(client, spaceId, column.boardId);
    const { rows } = await client.query(`SELECT 1 FROM kanban_items WHERE "columnId" = $1 LIMIT 1`, [
      input.columnId,
    ]);
    if (rows[0])
      throw new AppError('ValidationError', {}, [{ path: 'columnId', message: VALIDATION.outOfRange }]);
    await client.query(`DELETE FROM kanban_columns WHERE id = $1`, [input.columnId]);
    await publishBoard(client, spaceId, column.boardId, 'columns.changed', {});
  });
  return { success: true as const };
}

/** Puts the board's columns in the given order: every column of the board, each once. */
export async function reorderColumns(ctx: SpaceContext, input: { boardId: string; columnIds: string[] }) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    await lockBoard(client, spaceId, input.boardId);
    const columns = await columnsOf(client, input.boardId);
    checkCompleteOrder(input.columnIds, columns, 'columnIds');
    await renumberColumns(client, input.columnIds);
    await publishBoard(client, spaceId, input.boardId, 'columns.changed', {});
  });
  return getBoard(ctx, { boardId: input.boardId });
}

// ── labels ────────────────────────────────────────────────────────────────────────────────────

export async function createLabel(
  ctx: SpaceContext,
  input: { boardId: string; name: string; color: string },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    await lockBoard(client, spaceId, input.boardId);
    const { rows: count } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM kanban_labels WHERE "boardId" = $1`,
      [input.boardId],
    );
    if (count[0]!.n >= KANBAN_LIMITS.labelsPerBoard)
      throw new AppError('ValidationError', {}, [{ path: 'name', message: VALIDATION.outOfRange }]);
    const { rows } = await client.query<{ id: string; name: string; color: string }>(
      `INSERT INTO kanban_labels ("spaceId", "boardId", name, color) VALUES ($1, $2, $3, $4) RETURNING id, name, color`,
      [spaceId, input.boardId, input.name, input.color.toLowerCase()],
    );
    await publishBoard(client, spaceId, input.boardId, 'labels.changed', {});
    return rows[0]!;
  });
}

const labelOf = (on: Sql, spaceId: string, labelId: string) =>
  spaceRowOrNotFound<{ boardId: string }>(on, 'kanban_labels', '"boardId"', spaceId, labelId);

export async function updateLabel(
  ctx: SpaceContext,
  input: { labelId: string; name?: string; color?: string },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const label = await labelOf(client, spaceId, input.labelId);
    const { rows } = await client.query<{ id: string; name: string; color: string }>(
      `UPDATE kanban_labels SET name = coalesce($2, name), color = coalesce($3, color) WHERE id = $1
       RETURNING id, name, color`,
      [input.labelId, input.name ?? null, input.color?.toLowerCase() ?? null],
    );
    await publishBoard(client, spaceId, label.boardId, 'labels.changed', {});
    return rows[0]!;
  });
}

export async function deleteLabel(ctx: SpaceContext, input: { labelId: string }) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const label = await labelOf(client, spaceId, input.labelId);
    await client.query(`DELETE FROM kanban_labels WHERE id = $1`, [input.labelId]);
    await publishBoard(client, spaceId, label.boardId, 'labels.changed', {});
  });
  return { success: true as const };
}

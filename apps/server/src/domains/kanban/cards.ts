import { KANBAN_ATTACHMENT_TYPES, KANBAN_LIMITS, VALIDATION, type WORK_STATUSES } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, rowOrNotFound, type Sql } from '../../db/sql';
import { AppError } from '../../errors';
import type { FileResult } from '../../files/result';
import { notify } from '../notices';
import { boardOf, columnOf, lockBoard } from './boards';
import { publishBoard } from './live';
import { lockVersionOfBoard, syncWorkOfCard } from './sync';

type WorkStatus = (typeof WORK_STATUSES)[number];

/** The gap between neighbouring cards' positions; a card put between two takes the middle. */
const POSITION_GAP = 1024;
/** Below this, two neighbours are too close to halve again: the column is renumbered first. */
const MIN_POSITION_GAP = 1e-6;

/** A card of the caller's space with its board, or NotFound. */
export function cardOf(on: Sql, spaceId: string, cardId: string) {
  return rowOrNotFound<{
    id: string;
    boardId: string;
    columnId: string;
    position: number;
    workId: string | null;
    title: string;
    revision: number;
  }>(
    on,
    `SELECT id, "boardId", "columnId", position, "workId", title, revision FROM kanban_items
     WHERE id = $1 AND "spaceId" = $2`,
    [cardId, spaceId],
  );
}

/** The card row as the board shows it (see `CARD_SELECT`). */
export interface CardRow {
  id: string;
  columnId: string;
  position: number;
  title: string;
  workId: string | null;
  dueDate: string | null;
  revision: number;
  labelIds: string[];
  assigneeIds: string[];
  workCode: string | null;
  workName: string | null;
  workStatus: WorkStatus | null;
  workProgress: number | null;
  executorId: string | null;
  curatorId: string | null;
  workFinish: string | null;
  checklistDone: number;
  checklistTotal: number;
  comments: number;
  files: number;
}

/**
 * One statement for a board's cards, whatever their number: labels, assignees, checklist progress and
 * counts are aggregated per board once (grouped joins), not per card.
 */
const CARD_SELECT = `
  WITH cards AS (SELECT * FROM kanban_items WHERE "boardId" = $1),
  labels AS (SELECT "itemId", array_agg("labelId" ORDER BY "labelId") AS ids FROM kanban_item_labels
             WHERE "itemId" IN (SELECT id FROM cards) GROUP BY "itemId"),
  people AS (SELECT "itemId", array_agg("userId" ORDER BY "createdAt", "userId") AS ids FROM kanban_item_assignees
             WHERE "itemId" IN (SELECT id FROM cards) GROUP BY "itemId"),
  ticks AS (SELECT c."itemId", count(*) FILTER (WHERE ci.done)::int AS done, count(ci.id)::int AS total
            FROM checklists c JOIN checklist_items ci ON ci."checklistId" = c.id
            WHERE c."itemId" IN (SELECT id FROM cards) GROUP BY c."itemId"),
  notes AS (SELECT "itemId", count(*)::int AS n FROM kanban_item_comments
            WHERE "itemId" IN (SELECT id FROM cards) GROUP BY "itemId"),
  files AS (SELECT "itemId", count(*)::int AS n FROM kanban_item_files
            WHERE "itemId" IN (SELECT id FROM cards) GROUP BY "itemId")
  SELECT i.id, i."columnId", i.position, i.title, i."workId", to_char(i."dueDate", 'YYYY-MM-DD') AS "dueDate",
         i.revision, coalesce(l.ids, '{}') AS "labelIds", coalesce(p.ids, '{}') AS "assigneeIds",
         w.code AS "workCode", w.name AS "workName", w.status AS "workStatus", w.progress AS "workProgress",
         w."executorId", w."curatorId", to_char(coalesce(w."factFinish", w."planFinish"), 'YYYY-MM-DD') AS "workFinish",
         coalesce(t.done, 0) AS "checklistDone", coalesce(t.total, 0) AS "checklistTotal",
         coalesce(n.n, 0) AS comments, coalesce(f.n, 0) AS files
  FROM cards i
  LEFT JOIN works w ON w.id = i."workId"
  LEFT JOIN labels l ON l."itemId" = i.id
  LEFT JOIN people p ON p."itemId" = i.id
  LEFT JOIN ticks t ON t."itemId" = i.id
  LEFT JOIN notes n ON n."itemId" = i.id
  LEFT JOIN files f ON f."itemId" = i.id`;

export interface CardFilter {
  labelIds?: string[];
  assigneeIds?: string[];
  due?: 'overdue' | 'week' | 'none';
  workStatuses?: WorkStatus[];
  today?: string;
  text?: string;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/** Whether a card passes the filter: every given condition holds (a list condition: any of its values). */
function passes(card: CardRow, filter: CardFilter): boolean {
  if (filter.labelIds?.length && !card.labelIds.some((l) => filter.labelIds!.includes(l))) return false;
  if (filter.assigneeIds?.length && !card.assigneeIds.some((u) => filter.assigneeIds!.includes(u)))
    return false;
  if (filter.workStatuses?.length && (!card.workStatus || !filter.workStatuses.includes(card.workStatus)))
    return false;
  if (filter.due) {
    const today = filter.today ?? dayOf(new Date());
    const due = card.dueDate;
    if (filter.due === 'none' && due !== null) return false;
    if (filter.due === 'overdue' && (due === null || due >= today)) return false;
    if (filter.due === 'week' && (due === null || due < today || due > addDays(today, 7))) return false;
  }
  if (filter.text?.trim()) {
    const text = filter.text.trim().toLowerCase();
    const hay = `${card.title} ${card.workCode ?? ''} ${card.workName ?? ''}`.toLowerCase();
    if (!hay.includes(text)) return false;
  }
  return true;
}

/** The cards of a board in column order, those the filter lets through (label, assignee, due, work status). */
export async function listCards(ctx: SpaceContext, input: { boardId: string } & CardFilter) {
  await boardOf(ctx.db.pool, ctx.space.spaceId, input.boardId);
  const { rows } = await ctx.db.pool.query<CardRow>(
    `${CARD_SELECT} ORDER BY i."columnId", i.position, i.id`,
    [input.boardId],
  );
  return rows.filter((card) => passes(card, input));
}

/** One card as the board shows it. */
const cardRow = (on: Sql, boardId: string, cardId: string) =>
  rowOrNotFound<CardRow>(on, `${CARD_SELECT} WHERE i.id = $2`, [boardId, cardId]);

/** A work of the board's version that a card may link to (not a summary: its status is its works' roll-up). */
async function checkWork(on: Sql, spaceId: string, versionId: string | null, workId: string) {
  const { rows } = await on.query<{ type: string; name: string }>(
    `SELECT type, name FROM works WHERE id = $1 AND "spaceId" = $2 AND "versionId" = $3`,
    [workId, spaceId, versionId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  if (rows[0].type === 'sum')
    throw new AppError('ValidationError', {}, [{ path: 'workId', message: VALIDATION.summaryRolledUp }]);
  return rows[0];
}

async function checkLabels(on: Sql, boardId: string, labelIds: string[]) {
  const unique = [...new Set(labelIds)];
  const { rows } = await on.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM kanban_labels WHERE "boardId" = $1 AND id = any($2::uuid[])`,
    [boardId, unique],
  );
  if (rows[0]!.n !== unique.length) throw new AppError('NotFound');
  return unique;
}

async function setLabels(client: pg.PoolClient, spaceId: string, cardId: string, labelIds: string[]) {
  await client.query(`DELETE FROM kanban_item_labels WHERE "itemId" = $1`, [cardId]);
  await client.query(
    `INSERT INTO kanban_item_labels ("itemId", "labelId", "spaceId") SELECT $1, unnest($2::uuid[]), $3`,
    [cardId, labelIds, spaceId],
  );
}

export async function recordEvent(
  client: pg.PoolClient,
  event: {
    spaceId: string;
    boardId: string;
    itemId: string;
    kind: string;
    userId: string | null;
    fromColumnId?: string | null;
    toColumnId?: string | null;
    data?: unknown;
  },
) {
  await client.query(
    `INSERT INTO kanban_item_events ("spaceId", "boardId", "itemId", kind, "fromColumnId", "toColumnId", "userId", data)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
    [
      event.spaceId,
      event.boardId,
      event.itemId,
      event.kind,
      event.fromColumnId ?? null,
      event.toColumnId ?? null,
      event.userId,
      event.data === undefined ? null : JSON.stringify(event.data),
    ],
  );
}

/** The position of a card put in a column: after `afterId` (null: first; undefined: last). */
async function positionIn(
  client: pg.PoolClient,
  columnId: string,
  afterId: string | null | undefined,
  movingId: string | null,
): Promise<number> {
  const neighbours = async () => {
    if (afterId === undefined) {
      const { rows } = await client.query<{ p: number | null }>(
        `SELECT max(position) AS p FROM kanban_items WHERE "columnId" = $1 AND id IS DISTINCT FROM $2`,
        [columnId, movingId],
      );
      return { before: rows[0]?.p ?? null, after: null };
    }
    let before: number | null = null;
    if (afterId !== null) {
      const { rows } = await client.query<{ position: number }>(
        `SELECT position FROM kanban_items WHERE id = $1 AND "columnId" = $2`,
        [afterId, columnId],
      );
      if (!rows[0] || afterId === movingId) throw new AppError('NotFound');
      before = rows[0].position;
    }
    const { rows } = await client.query<{ p: number | null }>(
      `SELECT min(position) AS p FROM kanban_items WHERE "columnId" = $1 AND id IS DISTINCT FROM $2
         AND ($3::float8 IS NULL OR position > $3)`,
      [columnId, movingId, before],
    );
    return { before, after: rows[0]?.p ?? null };
  };
  let { before, after } = await neighbours();
  if (before !== null && after !== null && after - before < MIN_POSITION_GAP) {
    await client.query(
      `UPDATE kanban_items i SET position = o.ord * ${POSITION_GAP}
       FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS ord FROM kanban_items WHERE "columnId" = $1) o
       WHERE i.id = o.id`,
      [columnId],
    );
    ({ before, after } = await neighbours());
  }
  if (before === null && after === null) return POSITION_GAP;
  if (before === null) return after! - POSITION_GAP;
  if (after === null) return before + POSITION_GAP;
  return (before + after) / 2;
}

/** What a card's author writes: title, description, the linked work, due date and labels. */
interface CardFields {
  title?: string;
  description?: string;
  workId?: string | null;
  dueDate?: string | null;
  labelIds?: string[];
}

export async function createCard(ctx: SpaceContext, input: CardFields & { columnId: string }) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const column = await columnOf(client, spaceId, input.columnId);
    const syncs = Boolean(input.workId && column.workStatus);
    if (syncs) await lockVersionOfBoard(ctx, client, column.boardId);
    const board = await lockBoard(client, spaceId, column.boardId);
    const { rows: count } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM kanban_items WHERE "boardId" = $1`,
      [board.id],
    );
    if (count[0]!.n >= KANBAN_LIMITS.cardsPerBoard)
      throw new AppError('ValidationError', {}, [{ path: 'title', message: VALIDATION.outOfRange }]);
    const work = input.workId ? await checkWork(client, spaceId, board.versionId, input.workId) : null;
    const title = input.title ?? work?.name.slice(0, KANBAN_LIMITS.titleMaxLength);
    if (!title) throw new AppError('ValidationError', {}, [{ path: 'title', message: VALIDATION.required }]);
    const labelIds = input.labelIds ? await checkLabels(client, board.id, input.labelIds) : [];
    const position = await positionIn(client, column.id, undefined, null);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO kanban_items ("spaceId", "boardId", "columnId", position, title, description, "workId", "dueDate", "createdById")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9) RETURNING id`,
      [
        spaceId,
        board.id,
        column.id,
        position,
        title,
        input.description ?? '',
        input.workId ?? null,
        input.dueDate ?? null,
        ctx.session.userId,
      ],
    );
    const id = rows[0]!.id;
    if (labelIds.length) await setLabels(client, spaceId, id, labelIds);
    await recordEvent(client, {
      spaceId,
      boardId: board.id,
      itemId: id,
      kind: 'created',
      userId: ctx.session.userId,
      toColumnId: column.id,
    });
    await publishBoard(client, spaceId, board.id, 'card.changed', { cardId: id });
    // A linked card made in a column of a work status puts its work in that status, as a move there would.
    if (syncs && input.workId && board.versionId && column.workStatus)
      await syncWorkOfCard(ctx, client, board.versionId, input.workId, column.workStatus);
    return cardRow(client, board.id, id);
  });
}

/** A card with what its dialog shows: description, comments, files, history. */
export async function getCard(ctx: SpaceContext, input: { cardId: string }) {
  const spaceId = ctx.space.spaceId;
  const card = await cardOf(ctx.db.pool, spaceId, input.cardId);
  const pool = ctx.db.pool;
  const [row, description, comments, files, history] = await Promise.all([
    cardRow(pool, card.boardId, card.id),
    pool
      .query<{ description: string }>(`SELECT description FROM kanban_items WHERE id = $1`, [card.id])
      .then((r) => r.rows[0]!.description),
    pool
      .query<{ id: string; userId: string; text: string; createdAt: Date; updatedAt: Date }>(
        `SELECT id, "userId", text, "createdAt", "updatedAt" FROM kanban_item_comments WHERE "itemId" = $1
         ORDER BY "createdAt", id`,
        [card.id],
      )
      .then((r) =>
        r.rows.map((c) => ({
          ...c,
          createdAt: c.createdAt.toISOString(),
          updatedAt: c.updatedAt.toISOString(),
        })),
      ),
    pool
      .query<{
        id: string;
        name: string;
        contentType: string;
        size: number;
        createdById: string | null;
        createdAt: Date;
      }>(
        `SELECT id, name, "contentType", size, "createdById", "createdAt" FROM kanban_item_files WHERE "itemId" = $1
         ORDER BY "createdAt", id`,
        [card.id],
      )
      .then((r) => r.rows.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() }))),
    cardHistory(pool, card.id),
  ]);
  return { ...row, boardId: card.boardId, description, comments, files, history };
}

async function cardHistory(on: Sql, cardId: string) {
  const { rows } = await on.query<{
    id: string;
    kind: string;
    fromColumnId: string | null;
    toColumnId: string | null;
    userId: string | null;
    data: unknown;
    createdAt: Date;
  }>(
    `SELECT id, kind, "fromColumnId", "toColumnId", "userId", data, "createdAt" FROM kanban_item_events
     WHERE "itemId" = $1 ORDER BY "createdAt" DESC, id LIMIT 200`,
    [cardId],
  );
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Locks a card's board and checks the card's revision (a stale one is a Conflict). */
async function cardForEdit(client: pg.PoolClient, spaceId: string, cardId: string, revision?: number) {
  const first = await cardOf(client, spaceId, cardId);
  const board = await lockBoard(client, spaceId, first.boardId);
  const card = await cardOf(client, spaceId, cardId);
  if (revision !== undefined && card.revision !== revision) throw new AppError('Conflict');
  return { card, board };
}

export async function updateCard(
  ctx: SpaceContext,
  input: CardFields & { cardId: string; revision: number },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const { card, board } = await cardForEdit(client, spaceId, input.cardId, input.revision);
    if (input.workId) await checkWork(client, spaceId, board.versionId, input.workId);
    if (input.labelIds)
      await setLabels(client, spaceId, card.id, await checkLabels(client, board.id, input.labelIds));
    await client.query(
      `UPDATE kanban_items SET title = coalesce($2, title), description = coalesce($3, description),
         "workId" = CASE WHEN $4 THEN $5::uuid ELSE "workId" END,
         "dueDate" = CASE WHEN $6 THEN $7::date ELSE "dueDate" END,
         revision = revision + 1, "updatedAt" = now() WHERE id = $1`,
      [
        card.id,
        input.title ?? null,
        input.description ?? null,
        input.workId !== undefined,
        input.workId ?? null,
        input.dueDate !== undefined,
        input.dueDate ?? null,
      ],
    );
    const changed = Object.keys(input).filter((k) => !['cardId', 'revision', 'spaceId'].includes(k));
    await recordEvent(client, {
      spaceId,
      boardId: board.id,
      itemId: card.id,
      kind: 'updated',
      userId: ctx.session.userId,
      data: { fields: changed },
    });
    await publishBoard(client, spaceId, board.id, 'card.changed', { cardId: card.id });
    return cardRow(client, board.id, card.id);
  });
}

export async function deleteCard(ctx: SpaceContext, input: { cardId: string }) {
  const spaceId = ctx.space.spaceId;
  const keys = await inTransaction(ctx.db.pool, async (client) => {
    const { card, board } = await cardForEdit(client, spaceId, input.cardId);
    const { rows } = await client.query<{ key: string }>(
      `SELECT key FROM kanban_item_files WHERE "itemId" = $1`,
      [card.id],
    );
    await client.query(`DELETE FROM kanban_items WHERE id = $1`, [card.id]);
    await publishBoard(client, spaceId, board.id, 'card.deleted', { cardId: card.id });
    return rows.map((r) => r.key);
  });
  for (const key of keys) await ctx.files.delete(key);
  return { success: true as const };
}

/**
 * Moves a card to a column (after a card of it, first, or last). A linked card moved into a column mapped
 * to a work status other than its work's sets that status on the work through the works' own edit, in the
 * same transaction (so the edit is undoable, summaries roll up and the calculation status follows): that
 * needs the right to edit the schedule, and when the work's edit is refused the card stays where it was.
 */
export async function moveCard(
  ctx: SpaceContext,
  input: { cardId: string; revision: number; columnId: string; afterId?: string | null },
) {
  const spaceId = ctx.space.spaceId;
  const { board } = await inTransaction(ctx.db.pool, async (client) => {
    const column = await columnOf(client, spaceId, input.columnId);
    const seen = await cardOf(client, spaceId, input.cardId);
    const syncs = Boolean(seen.workId && column.workStatus && column.id !== seen.columnId);
    if (syncs) await lockVersionOfBoard(ctx, client, seen.boardId);
    const { card, board } = await cardForEdit(client, spaceId, input.cardId, input.revision);
    if (column.boardId !== board.id) throw new AppError('NotFound');
    const position = await positionIn(client, column.id, input.afterId, card.id);
    await client.query(
      `UPDATE kanban_items SET "columnId" = $2, position = $3, revision = revision + 1, "updatedAt" = now() WHERE id = $1`,
      [card.id, column.id, position],
    );
    if (column.id !== card.columnId)
      await recordEvent(client, {
        spaceId,
        boardId: board.id,
        itemId: card.id,
        kind: 'moved',
        userId: ctx.session.userId,
        fromColumnId: card.columnId,
        toColumnId: column.id,
      });
    await publishBoard(client, spaceId, board.id, 'card.moved', { cardId: card.id, columnId: column.id });
    if (syncs && card.workId && board.versionId && column.workStatus)
      await syncWorkOfCard(ctx, client, board.versionId, card.workId, column.workStatus);
    return { board };
  });
  return cardRow(ctx.db.pool, board.id, input.cardId);
}

/** Assigns a member of the space to a card; the member is told (a notice of their own). */
export async function assignCard(ctx: SpaceContext, input: { cardId: string; userId: string }) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const { card, board } = await cardForEdit(client, spaceId, input.cardId);
    const { rows: member } = await client.query(
      `SELECT 1 FROM space_members WHERE "spaceId" = $1 AND "userId" = $2`,
      [spaceId, input.userId],
    );
    if (!member[0]) throw new AppError('NotFound');
    const { rows: count } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM kanban_item_assignees WHERE "itemId" = $1`,
      [card.id],
    );
    if (count[0]!.n >= KANBAN_LIMITS.assigneesPerCard)
      throw new AppError('ValidationError', {}, [{ path: 'userId', message: VALIDATION.outOfRange }]);
    const { rowCount } = await client.query(
      `INSERT INTO kanban_item_assignees ("itemId", "userId", "spaceId", "assignedById") VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [card.id, input.userId, spaceId, ctx.session.userId],
    );
    if (rowCount) {
      await assigneesChanged(ctx, client, board.id, card.id, 'assigned', input.userId);
      await notify(client, {
        spaceId,
        userIds: [input.userId],
        kind: 'card_assigned',
        params: {
          cardId: card.id,
          boardId: board.id,
          scheduleId: (await boardOf(client, spaceId, board.id)).scheduleId,
          title: card.title,
          byUserId: ctx.session.userId,
        },
      });
    }
    return cardRow(client, board.id, card.id);
  });
}

export async function revokeCard(ctx: SpaceContext, input: { cardId: string; userId: string }) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const { card, board } = await cardForEdit(client, spaceId, input.cardId);
    const { rowCount } = await client.query(
      `DELETE FROM kanban_item_assignees WHERE "itemId" = $1 AND "userId" = $2`,
      [card.id, input.userId],
    );
    if (!rowCount) throw new AppError('NotFound');
    await assigneesChanged(ctx, client, board.id, card.id, 'revoked', input.userId);
    return cardRow(client, board.id, card.id);
  });
}

/** A card's assignees changed: its revision, its history and the board's live event. */
async function assigneesChanged(
  ctx: SpaceContext,
  client: pg.PoolClient,
  boardId: string,
  cardId: string,
  kind: 'assigned' | 'revoked',
  userId: string,
) {
  const spaceId = ctx.space.spaceId;
  await client.query(`UPDATE kanban_items SET revision = revision + 1, "updatedAt" = now() WHERE id = $1`, [
    cardId,
  ]);
  await recordEvent(client, {
    spaceId,
    boardId,
    itemId: cardId,
    kind,
    userId: ctx.session.userId,
    data: { userId },
  });
  await publishBoard(client, spaceId, boardId, 'card.changed', { cardId });
}

// ── comments ──────────────────────────────────────────────────────────────────────────────────

export async function addComment(ctx: SpaceContext, input: { cardId: string; text: string }) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const card = await cardOf(client, spaceId, input.cardId);
    const { rows } = await client.query<{ id: string; createdAt: Date }>(
      `INSERT INTO kanban_item_comments ("spaceId", "itemId", "userId", text) VALUES ($1, $2, $3, $4)
       RETURNING id, "createdAt"`,
      [spaceId, card.id, ctx.session.userId, input.text.trim()],
    );
    await recordEvent(client, {
      spaceId,
      boardId: card.boardId,
      itemId: card.id,
      kind: 'commented',
      userId: ctx.session.userId,
    });
    await publishBoard(client, spaceId, card.boardId, 'card.changed', { cardId: card.id });
    return {
      id: rows[0]!.id,
      userId: ctx.session.userId,
      text: input.text.trim(),
      createdAt: rows[0]!.createdAt.toISOString(),
    };
  });
}

/** Deletes a comment: its author's own, or any with the right to manage boards. */
export async function deleteComment(ctx: SpaceContext, input: { commentId: string }) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const { rows } = await client.query<{ itemId: string; userId: string; boardId: string }>(
      `SELECT c."itemId", c."userId", i."boardId" FROM kanban_item_comments c JOIN kanban_items i ON i.id = c."itemId"
       WHERE c.id = $1 AND c."spaceId" = $2`,
      [input.commentId, spaceId],
    );
    const comment = rows[0];
    if (!comment) throw new AppError('NotFound');
    if (comment.userId !== ctx.session.userId && !ctx.space.abilities.has('boards.manage'))
      throw new AppError('Forbidden');
    await client.query(`DELETE FROM kanban_item_comments WHERE id = $1`, [input.commentId]);
    await publishBoard(client, spaceId, comment.boardId, 'card.changed', { cardId: comment.itemId });
  });
  return { success: true as const };
}

// ── attachments ───────────────────────────────────────────────────────────────────────────────

/** Attaches a file to a card: at most the size limit, one of the accepted types. */
export async function attachFile(
  ctx: SpaceContext,
  input: { cardId: string; file: { name: string; type: string; data: Uint8Array } },
) {
  const spaceId = ctx.space.spaceId;
  const { file } = input;
  if (file.data.byteLength > KANBAN_LIMITS.attachmentMaxBytes) throw new AppError('FileTooLarge');
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  if (!(KANBAN_ATTACHMENT_TYPES as readonly string[]).includes(type))
    throw new AppError('UnsupportedFileType');
  const card = await cardOf(ctx.db.pool, spaceId, input.cardId);
  const id = crypto.randomUUID();
  const key = `spaces/${spaceId}/kanban/${id}`;
  // The bytes first, then the row: a process dying between leaves bytes no row names, never a row without bytes.
  await ctx.files.put(key, file.data);
  try {
    return await inTransaction(ctx.db.pool, async (client) => {
      await cardOf(client, spaceId, card.id);
      const { rows } = await client.query<{ createdAt: Date }>(
        `INSERT INTO kanban_item_files (id, "spaceId", "itemId", name, "contentType", size, key, "createdById")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING "createdAt"`,
        [id, spaceId, card.id, file.name.slice(0, 255), type, file.data.byteLength, key, ctx.session.userId],
      );
      await recordEvent(client, {
        spaceId,
        boardId: card.boardId,
        itemId: card.id,
        kind: 'attached',
        userId: ctx.session.userId,
        data: { name: file.name },
      });
      await publishBoard(client, spaceId, card.boardId, 'card.changed', { cardId: card.id });
      return {
        id,
        name: file.name.slice(0, 255),
        contentType: type,
        size: file.data.byteLength,
        createdById: ctx.session.userId,
        createdAt: rows[0]!.createdAt.toISOString(),
      };
    });
  } catch (error) {
    await ctx.files.delete(key);
    throw error;
  }
}

function fileOf(on: Sql, spaceId: string, fileId: string) {
  return rowOrNotFound<{
    itemId: string;
    name: string;
    contentType: string;
    key: string;
    boardId: string;
  }>(
    on,
    `SELECT f."itemId", f.name, f."contentType", f.key, i."boardId" FROM kanban_item_files f
     JOIN kanban_items i ON i.id = f."itemId" WHERE f.id = $1 AND f."spaceId" = $2`,
    [fileId, spaceId],
  );
}

export async function downloadFile(ctx: SpaceContext, input: { fileId: string }): Promise<FileResult> {
  const file = await fileOf(ctx.db.pool, ctx.space.spaceId, input.fileId);
  const data = await ctx.files.get(file.key);
  if (!data) throw new AppError('NotFound');
  return { file: true, contentType: file.contentType, data, fileName: file.name };
}

export async function deleteFile(ctx: SpaceContext, input: { fileId: string }) {
  const spaceId = ctx.space.spaceId;
  const file = await inTransaction(ctx.db.pool, async (client) => {
    const file = await fileOf(client, spaceId, input.fileId);
    await client.query(`DELETE FROM kanban_item_files WHERE id = $1`, [input.fileId]);
    await publishBoard(client, spaceId, file.boardId, 'card.changed', { cardId: file.itemId });
    return file;
  });
  await ctx.files.delete(file.key);
  return { success: true as const };
}

export type { WorkStatus };

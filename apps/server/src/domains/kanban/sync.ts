import type { WORK_STATUSES, WorkFields } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { AppError } from '../../errors';
import type { WorksChange } from '../undo';
import { bulkUpdateWorksIn } from '../works';
import { publishBoard } from './live';

type WorkStatus = (typeof WORK_STATUSES)[number];

/** Today's wall-clock date-time, `YYYY-MM-DDTHH:mm`, the way works keep their dates. */
const nowText = () => new Date().toISOString().slice(0, 16);

/**
 * Before a change of a card that will edit a work (a linked card put into a column of a work status): the
 * caller must be allowed to edit the schedule, and the board's version is locked. Every edit of works locks
 * the version first and the cards of its works after; a card's change that locked its board first and the
 * version then could deadlock with one.
 */
export async function lockVersionOfBoard(ctx: SpaceContext, client: pg.PoolClient, boardId: string) {
  if (!ctx.space.abilities.has('schedule.edit')) throw new AppError('Forbidden');
  const spaceId = ctx.space.spaceId;
  await client.query(
    `SELECT v.id FROM versions v JOIN kanban_boards b ON b."versionId" = v.id
     WHERE b.id = $1 AND b."spaceId" = $2 FOR UPDATE OF v`,
    [boardId, spaceId],
  );
}

/**
 * A card moved into a column mapped to a work status sets that status on its work, through the works'
 * own edit (recorded for undo, summaries rolled up, the calculation status made stale): "completed" also
 * sets 100 % and the actual finish (and the actual start, when the work had none); "in progress" sets the
 * actual start when missing. A work already in that status is left as it is. Runs in the transaction of
 * the card's move, which locked the version before the card (`lockVersionOfBoard`).
 */
export async function syncWorkOfCard(
  ctx: SpaceContext,
  client: pg.PoolClient,
  versionId: string,
  workId: string,
  status: WorkStatus,
) {
  const { rows } = await client.query<{
    status: WorkStatus;
    revision: number;
    factStart: Date | null;
  }>(
    `SELECT status, revision, "factStart" FROM works WHERE id = $1 AND "spaceId" = $2 AND "versionId" = $3`,
    [workId, ctx.space.spaceId, versionId],
  );
  const work = rows[0];
  if (!work || work.status === status) return;
  const now = nowText();
  const set: Partial<WorkFields> = { status };
  if (status === 'completed') {
    set.progress = 100;
    set.factFinish = now;
    if (!work.factStart) set.factStart = now;
  } else if (status === 'in_progress') {
    if (!work.factStart) set.factStart = now;
  } else {
    set.progress = 0;
    set.factStart = null;
    set.factFinish = null;
  }
  await bulkUpdateWorksIn(
    ctx,
    client,
    { versionId, works: [{ workId, revision: work.revision }], set },
    'works.update',
  );
}

/**
 * Works whose status changed elsewhere (the grid, a scenario, an undo or a redo) move their cards: a linked card
 * goes to the first column of its board mapped to the work's new status, when it is not in a column mapped
 * to it already — except that a card in a column mapped to no status stays there unless its work is
 * completed. Runs in the transaction of the works' edit, so the cards move only if the edit commits.
 */
export async function moveCardsOfWorks(client: pg.PoolClient, change: WorksChange) {
  const { spaceId, workIds } = change;
  const { rows } = await client.query<{
    id: string;
    boardId: string;
    fromColumnId: string;
    toColumnId: string;
  }>(
    `WITH moves AS (
       SELECT i.id, i."boardId", i."columnId" AS "fromColumnId",
              (SELECT t.id FROM kanban_columns t WHERE t."boardId" = i."boardId" AND t."workStatus" = w.status
               ORDER BY t."sortKey", t.id LIMIT 1) AS "toColumnId"
       FROM kanban_items i
       JOIN works w ON w.id = i."workId"
       JOIN kanban_columns c ON c.id = i."columnId"
       WHERE i."workId" = any($1::uuid[]) AND i."spaceId" = $2
         AND c."workStatus" IS DISTINCT FROM w.status
         AND (c."workStatus" IS NOT NULL OR w.status = 'completed'))
     UPDATE kanban_items i SET "columnId" = m."toColumnId",
       position = coalesce((SELECT max(position) FROM kanban_items x WHERE x."columnId" = m."toColumnId"), 0) + 1024,
       revision = i.revision + 1, "updatedAt" = now()
     FROM moves m WHERE i.id = m.id AND m."toColumnId" IS NOT NULL
     RETURNING i.id, i."boardId", m."fromColumnId", m."toColumnId"`,
    [workIds, spaceId],
  );
  for (const row of rows) {
    await client.query(
      `INSERT INTO kanban_item_events ("spaceId", "boardId", "itemId", kind, "fromColumnId", "toColumnId", data)
       VALUES ($1, $2, $3, 'moved', $4, $5, '{"byWork": true}'::jsonb)`,
      [spaceId, row.boardId, row.id, row.fromColumnId, row.toColumnId],
    );
    await publishBoard(client, spaceId, row.boardId, 'card.moved', {
      cardId: row.id,
      columnId: row.toColumnId,
    });
  }
}

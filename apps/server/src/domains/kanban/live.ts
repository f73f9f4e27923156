import type { Sql } from '../../db/sql';
import { publishLive } from '../../live';

/**
 * Tells the board's readers what changed (topic `board:<id>`), in the transaction of the change: an open
 * board reads again what the event names, so the event carries ids, not the rows.
 */
export function publishBoard(tx: Sql, spaceId: string, boardId: string, kind: string, data: unknown) {
  return publishLive(tx, { spaceId, topic: `board:${boardId}`, kind, data });
}

import type { SpaceContext } from '../../context';
import type { Sql } from '../../db/sql';
import { AppError } from '../../errors';

/** A chat row as the domain reads it. */
export interface ChatRow {
  id: string;
  kind: 'node' | 'direct';
  nodeId: string | null;
  directKey: string | null;
}

/**
 * Who may read a chat (docs/product-rules.md, "Chat"): a node's chat whoever may read the node (the
 * structure), a direct chat its two members. A chat of another space, or one the caller may not read, is
 * NotFound — its existence is not told.
 */
export async function readableChat(ctx: SpaceContext, on: Sql, chatId: string): Promise<ChatRow> {
  const { rows } = await on.query<ChatRow & { member: boolean }>(
    `SELECT c.id, c.kind, c."nodeId", c."directKey",
       EXISTS (SELECT 1 FROM chat_members m WHERE m."chatId" = c.id AND m."userId" = $3) AS member
     FROM chats c WHERE c.id = $1 AND c."spaceId" = $2`,
    [chatId, ctx.space.spaceId, ctx.session.userId],
  );
  const chat = rows[0];
  if (!chat || !mayReadChat(ctx, chat.kind, chat.member)) throw new AppError('NotFound');
  return { id: chat.id, kind: chat.kind, nodeId: chat.nodeId, directKey: chat.directKey };
}

/** The rule of `readableChat` once the chat's kind and the caller's membership are known. */
export function mayReadChat(ctx: SpaceContext, kind: string, member: boolean): boolean {
  if (!ctx.space.abilities.has('chat.read')) return false;
  return kind === 'node' ? ctx.space.abilities.has('structure.view') : member;
}

/**
 * The members of the space who may read a chat of `kind` (with `chatId`, a direct chat's two members):
 * whose role holds chat.read, and structure.view for a node's chat. Mentions are kept to these users.
 */
export async function readersAmong(
  on: Sql,
  spaceId: string,
  chat: ChatRow,
  userIds: readonly string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const { rows } = await on.query<{ userId: string }>(
    `SELECT sm."userId" FROM space_members sm JOIN roles r ON r.id = sm."roleId"
     WHERE sm."spaceId" = $1 AND sm."userId" = ANY($2::uuid[]) AND 'chat.read' = ANY(r.abilities)
       AND CASE WHEN $3 = 'node' THEN 'structure.view' = ANY(r.abilities)
                ELSE EXISTS (SELECT 1 FROM chat_members m WHERE m."chatId" = $4 AND m."userId" = sm."userId") END`,
    [spaceId, [...new Set(userIds)], chat.kind, chat.id],
  );
  return rows.map((r) => r.userId);
}

/**
 * The storage keys of the files of the chats of an EPS node's subtree, read before the node is deleted:
 * the chats go with their nodes, their files' bytes are removed by the caller after the commit.
 */
export async function chatFileKeysUnder(on: Sql, spaceId: string, nodeId: string): Promise<string[]> {
  const { rows } = await on.query<{ key: string }>(
    `WITH RECURSIVE sub AS (SELECT id FROM eps_nodes WHERE id = $1 AND "spaceId" = $2
       UNION SELECT n.id FROM eps_nodes n JOIN sub ON n."parentId" = sub.id)
     SELECT a.key FROM chats c JOIN sub ON c."nodeId" = sub.id
       JOIN chat_messages m ON m."chatId" = c.id JOIN chat_attachments a ON a."messageId" = m.id`,
    [nodeId, spaceId],
  );
  return rows.map((r) => r.key);
}

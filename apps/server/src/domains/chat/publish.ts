import { CHAT_LIMITS } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { publishLive } from '../../live';
import { notify } from '../notices';

/**
 * The chat's live events, recorded in the transaction of the write they tell about (the live bus,
 * docs/architecture.md): on `chat:<id>` what happened in the chat, on `user:<id>` what concerns one user.
 */
export type ChatEventKind =
  | 'message.created'
  | 'message.updated'
  | 'message.deleted'
  | 'message.reactions'
  | 'member.read';

export function publishChat(
  client: pg.PoolClient,
  spaceId: string,
  chatId: string,
  kind: ChatEventKind,
  data: unknown,
) {
  return publishLive(client, { spaceId, topic: `chat:${chatId}`, kind, data });
}

export function publishToUser(
  client: pg.PoolClient,
  spaceId: string,
  userId: string,
  kind: string,
  data: unknown,
) {
  return publishLive(client, { spaceId, topic: `user:${userId}`, kind, data });
}

/**
 * Each mentioned user gets a notice (the personal area's "mention"): who wrote, in which chat, and the
 * message's first characters; the notices domain tells them live.
 */
export async function tellMentioned(
  client: pg.PoolClient,
  ctx: SpaceContext,
  message: { chatId: string; messageId: string; text: string },
  userIds: readonly string[],
) {
  if (userIds.length === 0) return;
  const { rows } = await client.query<{ chatTitle: string | null; authorName: string }>(
    `SELECT n.name AS "chatTitle", coalesce(nullif(trim(u."firstName" || ' ' || u."lastName"), ''), u.login) AS "authorName"
     FROM chats c LEFT JOIN eps_nodes n ON n.id = c."nodeId" JOIN users u ON u.id = $2 WHERE c.id = $1`,
    [message.chatId, ctx.session.userId],
  );
  await notify(client, {
    spaceId: ctx.space.spaceId,
    userIds,
    kind: 'mention',
    params: {
      chatId: message.chatId,
      messageId: message.messageId,
      authorId: ctx.session.userId,
      authorName: rows[0]?.authorName ?? '',
      chatTitle: rows[0]?.chatTitle ?? null,
      text: [...message.text].slice(0, CHAT_LIMITS.notificationChars).join(''),
    },
  });
}

import { CHAT_LIMITS } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { publishLive } from '../../live';

/**
 * The chat's live events, recorded in the transaction of the write they tell about (the live bus,
 * docs/architecture.md): on `chat:<id>` what happened in the chat, on `user:<id>` what concerns one user.
 */
export type ChatEventKind =
  | 'message.created'
  | 'message.updated'
  | 'message.deleted'
  | 'message.reactions'
  | 'chat.read';

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

/** Tells each mentioned user on their own topic: the chat, the message and its first characters. */
export async function tellMentioned(
  client: pg.PoolClient,
  ctx: SpaceContext,
  message: { chatId: string; messageId: string; text: string },
  userIds: readonly string[],
) {
  for (const userId of userIds)
    await publishToUser(client, ctx.space.spaceId, userId, 'chat.mention', {
      chatId: message.chatId,
      messageId: message.messageId,
      authorId: ctx.session.userId,
      text: message.text.slice(0, CHAT_LIMITS.notificationChars),
    });
}

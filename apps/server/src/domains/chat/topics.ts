import { registerTopicAccess } from '../../live';
import { mayReadChat } from './access';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Tells the live bus who hears `chat:<id>`: whoever may read the chat (`readableChat`'s rule), so a
 * node's chat is heard by the node's readers and a direct chat by its two members.
 */
export function registerChatTopics(): void {
  registerTopicAccess('chat', async (ctx, chatId) => {
    // A topic is the client's text: an id that is no UUID names no chat (and must not reach the query).
    if (!UUID.test(chatId)) return false;
    const { rows } = await ctx.db.pool.query<{ kind: string; member: boolean }>(
      `SELECT c.kind, EXISTS (SELECT 1 FROM chat_members m WHERE m."chatId" = c.id AND m."userId" = $3) AS member
       FROM chats c WHERE c.id = $1 AND c."spaceId" = $2`,
      [chatId, ctx.space.spaceId, ctx.session.userId],
    );
    const chat = rows[0];
    return chat !== undefined && mayReadChat(ctx, chat.kind, chat.member);
  });
}

import type { Sql } from '../../db/sql';
import { groupBy } from '../../group-by';

/** A file of a message as the API sends it (its bytes: chat.attachment). */
export interface ChatAttachmentDto {
  id: string;
  name: string;
  contentType: string;
  size: number;
}

/** The message a reply answers, shortened. */
export interface ChatReplyDto {
  id: string;
  authorId: string | null;
  text: string;
  deleted: boolean;
}

export interface ChatMessageDto {
  id: string;
  chatId: string;
  /** the message's place in its chat's order (history pages, last read) */
  seq: number;
  authorId: string | null;
  text: string;
  replyTo: ChatReplyDto | null;
  edited: boolean;
  deleted: boolean;
  createdAt: string;
  editedAt: string | null;
  attachments: ChatAttachmentDto[];
  /** each emoji once, with the users who chose it in the order they did */
  reactions: { emoji: string; userIds: string[] }[];
  mentions: string[];
}

/** Characters of the answered message a reply carries. */
const REPLY_PREVIEW_CHARS = 120;

interface MessageRow {
  id: string;
  chatId: string;
  seq: string;
  authorId: string | null;
  text: string;
  replyToId: string | null;
  edited: boolean;
  deleted: boolean;
  createdAt: Date;
  editedAt: Date | null;
}

export const MESSAGE_COLUMNS = `m.id, m."chatId", m.seq, m."authorId", m.text, m."replyToId", m.edited, m.deleted,
  m."createdAt", m."editedAt"`;

/** Rows of chat_messages (selected with MESSAGE_COLUMNS) with their files, reactions, mentions and replies. */
export async function messageDtos(on: Sql, rows: readonly MessageRow[]): Promise<ChatMessageDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const replyIds = [...new Set(rows.map((r) => r.replyToId).filter((id): id is string => id !== null))];
  // One query after another: `on` may be a transaction's one connection.
  const attachments = await on.query<ChatAttachmentDto & { messageId: string; size: string }>(
    `SELECT id, "messageId", name, "contentType", size FROM chat_attachments
       WHERE "messageId" = ANY($1::uuid[]) ORDER BY "createdAt", id`,
    [ids],
  );
  const reactions = await on.query<{ messageId: string; emoji: string; userIds: string[] }>(
    `SELECT "messageId", emoji, array_agg("userId" ORDER BY "createdAt", "userId") AS "userIds"
       FROM chat_reactions WHERE "messageId" = ANY($1::uuid[])
       GROUP BY "messageId", emoji ORDER BY min("createdAt"), emoji`,
    [ids],
  );
  const mentions = await on.query<{ messageId: string; userId: string }>(
    `SELECT "messageId", "userId" FROM chat_mentions WHERE "messageId" = ANY($1::uuid[]) ORDER BY "userId"`,
    [ids],
  );
  const replies = replyIds.length
    ? await on.query<ChatReplyDto>(
        `SELECT id, "authorId", CASE WHEN deleted THEN '' ELSE left(text, $2) END AS text, deleted
           FROM chat_messages WHERE id = ANY($1::uuid[])`,
        [replyIds, REPLY_PREVIEW_CHARS],
      )
    : { rows: [] as ChatReplyDto[] };
  const filesOf = groupBy(attachments.rows, (a) => a.messageId);
  const reactionsOf = groupBy(reactions.rows, (r) => r.messageId);
  const mentionsOf = groupBy(mentions.rows, (m) => m.messageId);
  const replyOf = new Map(replies.rows.map((r) => [r.id, r]));
  return rows.map((row) => ({
    id: row.id,
    chatId: row.chatId,
    seq: Number(row.seq),
    authorId: row.authorId,
    text: row.deleted ? '' : row.text,
    replyTo: row.replyToId ? (replyOf.get(row.replyToId) ?? null) : null,
    edited: row.edited,
    deleted: row.deleted,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    attachments: (filesOf.get(row.id) ?? []).map((a) => ({
      id: a.id,
      name: a.name,
      contentType: a.contentType,
      size: Number(a.size),
    })),
    reactions: (reactionsOf.get(row.id) ?? []).map((r) => ({ emoji: r.emoji, userIds: r.userIds })),
    mentions: (mentionsOf.get(row.id) ?? []).map((m) => m.userId),
  }));
}

/** One message of a chat, or none. */
export async function messageRow(on: Sql, chatId: string, messageId: string, lock = false) {
  const { rows } = await on.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m WHERE m.id = $1 AND m."chatId" = $2${lock ? ' FOR UPDATE' : ''}`,
    [messageId, chatId],
  );
  return rows[0] ?? null;
}

/** `ILIKE` reads `%`, `_` and `\` in a pattern; a search for them means the characters themselves. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

import { randomUUID } from 'node:crypto';
import { CHAT_ATTACHMENT_TYPES, CHAT_LIMITS, type ChatFilter, VALIDATION } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { AppError } from '../../errors';
import type { FileResult } from '../../files/result';
import { type ChatRow, readableChat, readersAmong } from './access';
import { type ChatMessageDto, likePattern, MESSAGE_COLUMNS, messageDtos, messageRow } from './messages';
import { publishChat, publishToUser, tellMentioned } from './publish';

/**
 * Chat (docs/product-rules.md, "Chat"): a chat per EPS node, opened by whoever may read the node, and
 * direct chats between two members. Every write is one transaction that also records its live event, so
 * the other members hear of exactly what committed.
 */

interface UploadedFile {
  name: string;
  type: string;
  data: Uint8Array;
}

/** The files of a message's multipart fields, in field order. */
type WithFiles = { file?: UploadedFile; file2?: UploadedFile; file3?: UploadedFile; file4?: UploadedFile };

const filesOf = (input: WithFiles) =>
  [input.file, input.file2, input.file3, input.file4].filter((f): f is UploadedFile => f !== undefined);

const ALLOWED_TYPES: ReadonlySet<string> = new Set(CHAT_ATTACHMENT_TYPES);

/** A chat's entry in the list. */
export interface ChatSummaryDto {
  id: string;
  kind: 'node' | 'direct';
  nodeId: string | null;
  nodeKind: 'facility' | 'project' | 'schedule' | null;
  /** the node's name, or the other member's name in a direct chat */
  title: string;
  /** the other member of a direct chat */
  peerId: string | null;
  peerHasAvatar: boolean;
  lastMessage: { authorId: string | null; text: string; createdAt: string; attachments: number } | null;
  unread: number;
  lastReadSeq: number;
  muted: boolean;
  notifications: boolean;
}

const SUMMARY_SELECT = `
  SELECT c.id, c.kind, c."nodeId", n.kind AS "nodeKind",
    coalesce(n.name, nullif(trim(p."firstName" || ' ' || p."lastName"), ''), p.login, '') AS title,
    p.id AS "peerId", (p."avatarKey" IS NOT NULL) AS "peerHasAvatar",
    me."lastReadSeq", me.muted, me.notifications,
    (SELECT count(*) FROM chat_messages u WHERE u."chatId" = c.id AND u.seq > me."lastReadSeq"
       AND NOT u.deleted AND u."authorId" IS DISTINCT FROM me."userId") AS unread,
    last.id AS "lastId", last."authorId" AS "lastAuthorId", left(last.text, 200) AS "lastText",
    last."createdAt" AS "lastAt",
    (SELECT count(*) FROM chat_attachments a WHERE a."messageId" = last.id) AS "lastFiles"
  FROM chat_members me
  JOIN chats c ON c.id = me."chatId"
  LEFT JOIN eps_nodes n ON n.id = c."nodeId"
  LEFT JOIN chat_members other ON c.kind = 'direct' AND other."chatId" = c.id AND other."userId" <> me."userId"
  LEFT JOIN users p ON p.id = other."userId"
  LEFT JOIN LATERAL (SELECT m.id, m."authorId", m.text, m."createdAt" FROM chat_messages m
    WHERE m."chatId" = c.id AND NOT m.deleted ORDER BY m.seq DESC LIMIT 1) last ON true
  WHERE me."userId" = $1 AND me."spaceId" = $2`;

interface SummaryRow {
  id: string;
  kind: 'node' | 'direct';
  nodeId: string | null;
  nodeKind: ChatSummaryDto['nodeKind'];
  title: string;
  peerId: string | null;
  peerHasAvatar: boolean;
  lastReadSeq: string;
  muted: boolean;
  notifications: boolean;
  unread: string;
  lastId: string | null;
  lastAuthorId: string | null;
  lastText: string | null;
  lastAt: Date | null;
  lastFiles: string;
}

function summaryOf(row: SummaryRow): ChatSummaryDto {
  return {
    id: row.id,
    kind: row.kind,
    nodeId: row.nodeId,
    nodeKind: row.nodeKind,
    title: row.title,
    peerId: row.peerId,
    peerHasAvatar: row.peerHasAvatar,
    lastMessage: row.lastId
      ? {
          authorId: row.lastAuthorId,
          text: row.lastText ?? '',
          createdAt: row.lastAt!.toISOString(),
          attachments: Number(row.lastFiles),
        }
      : null,
    unread: Number(row.unread),
    lastReadSeq: Number(row.lastReadSeq),
    muted: row.muted,
    notifications: row.notifications,
  };
}

/** Adds a member (nothing when they are one) and tells them on their own topic, so their list and stream learn of the chat. */
async function join(client: pg.PoolClient, spaceId: string, chatId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  const { rows } = await client.query<{ userId: string }>(
    `INSERT INTO chat_members ("chatId", "userId", "spaceId") SELECT $1, unnest($2::uuid[]), $3
     ON CONFLICT DO NOTHING RETURNING "userId"`,
    [chatId, [...new Set(userIds)], spaceId],
  );
  for (const row of rows) await publishToUser(client, spaceId, row.userId, 'member.joined', { chatId });
}

async function summary(ctx: SpaceContext, on: Sql, chatId: string): Promise<ChatSummaryDto> {
  const { rows } = await on.query<SummaryRow>(`${SUMMARY_SELECT} AND c.id = $3`, [
    ctx.session.userId,
    ctx.space.spaceId,
    chatId,
  ]);
  if (!rows[0]) throw new AppError('NotFound');
  return summaryOf(rows[0]);
}

/** API GET chat: the caller's chats, the latest first; `unread` keeps those with unread messages. */
export async function listChats(ctx: SpaceContext, input: { filter?: ChatFilter }) {
  const { rows } = await ctx.db.pool.query<SummaryRow>(
    `SELECT * FROM (${SUMMARY_SELECT}) s
     WHERE ($3::text <> 'unread' OR s.unread > 0)
       AND (s.kind = 'direct' OR $4::boolean)
     ORDER BY s."lastAt" DESC NULLS LAST, s.title, s.id`,
    [ctx.session.userId, ctx.space.spaceId, input.filter ?? 'all', ctx.space.abilities.has('structure.view')],
  );
  return rows.map(summaryOf);
}

/** API GET chat/eps/{id}: the chat of an EPS node, made at its first opening; the caller becomes a member. */
export async function chatOfNode(ctx: SpaceContext, input: { nodeId: string }) {
  if (!ctx.space.abilities.has('structure.view')) throw new AppError('Forbidden');
  const spaceId = ctx.space.spaceId;
  const chatId = await inTransaction(ctx.db.pool, async (client) => {
    const node = await client.query('SELECT 1 FROM eps_nodes WHERE id = $1 AND "spaceId" = $2', [
      input.nodeId,
      spaceId,
    ]);
    if (!node.rowCount) throw new AppError('NotFound');
    await client.query(
      `INSERT INTO chats (id, "spaceId", kind, "nodeId") VALUES (gen_random_uuid(), $1, 'node', $2)
       ON CONFLICT ("nodeId") DO NOTHING`,
      [spaceId, input.nodeId],
    );
    const { rows } = await client.query<{ id: string }>('SELECT id FROM chats WHERE "nodeId" = $1', [
      input.nodeId,
    ]);
    const id = rows[0]!.id;
    await join(client, spaceId, id, [ctx.session.userId]);
    return id;
  });
  return summary(ctx, ctx.db.pool, chatId);
}

/** The direct chat of the caller and another member of the space, made when they first write to each other. */
export async function directChat(ctx: SpaceContext, input: { userId: string }) {
  const me = ctx.session.userId;
  const spaceId = ctx.space.spaceId;
  if (input.userId === me) throw new AppError('BadRequest');
  const chatId = await inTransaction(ctx.db.pool, async (client) => {
    const peer = await client.query('SELECT 1 FROM space_members WHERE "spaceId" = $1 AND "userId" = $2', [
      spaceId,
      input.userId,
    ]);
    if (!peer.rowCount) throw new AppError('NotFound');
    const directKey = [me, input.userId].sort().join(':');
    await client.query(
      `INSERT INTO chats (id, "spaceId", kind, "directKey") VALUES (gen_random_uuid(), $1, 'direct', $2)
       ON CONFLICT ("spaceId", "directKey") DO NOTHING`,
      [spaceId, directKey],
    );
    const { rows } = await client.query<{ id: string }>(
      'SELECT id FROM chats WHERE "spaceId" = $1 AND "directKey" = $2',
      [spaceId, directKey],
    );
    const id = rows[0]!.id;
    await join(client, spaceId, id, [me, input.userId]);
    return id;
  });
  return summary(ctx, ctx.db.pool, chatId);
}

/** API GET chat/settings: the caller's settings of their chats (of one chat with `chatId`). */
export async function chatSettings(ctx: SpaceContext, input: { chatId?: string }) {
  if (input.chatId) await readableChat(ctx, ctx.db.pool, input.chatId);
  const { rows } = await ctx.db.pool.query<{ chatId: string; muted: boolean; notifications: boolean }>(
    `SELECT "chatId", muted, notifications FROM chat_members
     WHERE "userId" = $1 AND "spaceId" = $2 AND ($3::uuid IS NULL OR "chatId" = $3) ORDER BY "joinedAt", "chatId"`,
    [ctx.session.userId, ctx.space.spaceId, input.chatId ?? null],
  );
  return rows;
}

/** API POST chat/set-chat-settings: mute a chat, turn its notifications on or off (the caller joins it). */
export async function setChatSettings(
  ctx: SpaceContext,
  input: { chatId: string; muted?: boolean; notifications?: boolean },
) {
  await inTransaction(ctx.db.pool, async (client) => {
    await readableChat(ctx, client, input.chatId);
    await join(client, ctx.space.spaceId, input.chatId, [ctx.session.userId]);
    await client.query(
      `UPDATE chat_members SET muted = coalesce($3, muted), notifications = coalesce($4, notifications)
       WHERE "chatId" = $1 AND "userId" = $2`,
      [input.chatId, ctx.session.userId, input.muted ?? null, input.notifications ?? null],
    );
  });
  return (await chatSettings(ctx, { chatId: input.chatId }))[0]!;
}

/**
 * API GET chat/{id}/messages: a page of history, the newest messages first taken and answered oldest
 * first; `before` (a message id) pages back; `query` keeps the messages whose text holds it, in any case.
 */
export async function chatMessages(
  ctx: SpaceContext,
  input: { chatId: string; before?: string; limit?: number; query?: string },
) {
  await readableChat(ctx, ctx.db.pool, input.chatId);
  const limit = input.limit ?? CHAT_LIMITS.pageSize;
  let beforeSeq: string | null = null;
  if (input.before) {
    const anchor = await messageRow(ctx.db.pool, input.chatId, input.before);
    if (!anchor) throw new AppError('NotFound');
    beforeSeq = anchor.seq;
  }
  const query = input.query ? likePattern(input.query) : null;
  const { rows } = await ctx.db.pool.query(
    `SELECT ${MESSAGE_COLUMNS} FROM chat_messages m
     WHERE m."chatId" = $1 AND ($2::bigint IS NULL OR m.seq < $2)
       AND ($3::text IS NULL OR (NOT m.deleted AND m.text ILIKE $3))
     ORDER BY m.seq DESC LIMIT $4`,
    [input.chatId, beforeSeq, query, limit + 1],
  );
  const more = rows.length > limit;
  const page = (more ? rows.slice(0, limit) : rows).reverse();
  return {
    messages: await messageDtos(ctx.db.pool, page),
    /** the `before` of the next (older) page, when there is one */
    nextBefore: more ? (page[0]!.id as string) : null,
  };
}

/** API GET chat/{id}/message: one message. */
export async function chatMessage(ctx: SpaceContext, input: { chatId: string; messageId: string }) {
  await readableChat(ctx, ctx.db.pool, input.chatId);
  const row = await messageRow(ctx.db.pool, input.chatId, input.messageId);
  if (!row) throw new AppError('NotFound');
  return (await messageDtos(ctx.db.pool, [row]))[0]!;
}

/**
 * API GET chat/{id}/users: the chat's members with how far each has read (read receipts), and — in a
 * node's chat — the other members of the space who may read it (`member: false`), whom a message may mention.
 */
export async function chatUsers(ctx: SpaceContext, input: { chatId: string }) {
  const chat = await readableChat(ctx, ctx.db.pool, input.chatId);
  const { rows } = await ctx.db.pool.query<{
    id: string;
    login: string;
    firstName: string;
    lastName: string;
    hasAvatar: boolean;
    member: boolean;
    lastReadSeq: string | null;
  }>(
    `SELECT u.id, u.login, u."firstName", u."lastName", (u."avatarKey" IS NOT NULL) AS "hasAvatar",
       (cm."userId" IS NOT NULL) AS member, cm."lastReadSeq"
     FROM space_members sm JOIN users u ON u.id = sm."userId" JOIN roles r ON r.id = sm."roleId"
     LEFT JOIN chat_members cm ON cm."chatId" = $2 AND cm."userId" = sm."userId"
     WHERE sm."spaceId" = $1
       AND (cm."userId" IS NOT NULL
         OR ($3 = 'node' AND 'chat.read' = ANY(r.abilities) AND 'structure.view' = ANY(r.abilities)))
     ORDER BY (cm."userId" IS NULL), u."lastName", u."firstName", u.login`,
    [ctx.space.spaceId, chat.id, chat.kind],
  );
  return rows.map((r) => ({ ...r, lastReadSeq: r.lastReadSeq === null ? null : Number(r.lastReadSeq) }));
}

/** Type and size of the files of a message, before anything is stored. */
function checkFiles(files: readonly UploadedFile[]) {
  for (const file of files) {
    if (file.data.byteLength > CHAT_LIMITS.attachmentMaxBytes)
      throw new AppError('FileTooLarge', { maxMb: CHAT_LIMITS.attachmentMaxBytes / (1024 * 1024) });
    if (!ALLOWED_TYPES.has(file.type.toLowerCase())) throw new AppError('UnsupportedFileType');
  }
}

/** What `storeFiles` put in storage; rows are written by the caller's transaction. */
interface StoredAttachment {
  id: string;
  key: string;
  name: string;
  contentType: string;
  size: number;
}

/** Writes the files' bytes before the transaction (storage is not transactional: a rollback removes them). */
async function storeFiles(ctx: SpaceContext, chatId: string, files: readonly UploadedFile[]) {
  const stored: StoredAttachment[] = [];
  for (const file of files) {
    const id = randomUUID();
    const key = `spaces/${ctx.space.spaceId}/chat/${chatId}/${id}`;
    await ctx.files.put(key, file.data);
    stored.push({
      id,
      key,
      name: (file.name || 'file').slice(0, 255),
      contentType: file.type.toLowerCase(),
      size: file.data.byteLength,
    });
  }
  return stored;
}

async function insertAttachments(
  client: pg.PoolClient,
  spaceId: string,
  messageId: string,
  files: readonly StoredAttachment[],
) {
  if (files.length === 0) return;
  await client.query(
    `INSERT INTO chat_attachments (id, "spaceId", "messageId", name, "contentType", size, key)
     SELECT x.id, $1, $2, x.name, x."contentType", x.size, x.key
     FROM json_to_recordset($3::json) AS x(id uuid, name text, "contentType" text, size int8, key text)`,
    [spaceId, messageId, JSON.stringify(files)],
  );
}

/** Removes stored bytes that no row names (a write that failed, a file removed); a missing file is no failure. */
async function removeBytes(ctx: SpaceContext, keys: readonly string[]) {
  for (const key of keys) await ctx.files.delete(key);
}

/** Runs a write whose files were stored first: when the write fails, the files go. */
async function withStoredFiles<T>(
  ctx: SpaceContext,
  stored: readonly StoredAttachment[],
  write: () => Promise<T>,
) {
  try {
    return await write();
  } catch (error) {
    await removeBytes(
      ctx,
      stored.map((f) => f.key),
    );
    throw error;
  }
}

const emptyMessage = () =>
  new AppError('ValidationError', {}, [{ path: 'text', message: VALIDATION.chatMessageEmpty }]);

/** Mentions kept to the users who may read the chat, the author aside; they are recorded and told. */
async function recordMentions(
  client: pg.PoolClient,
  ctx: SpaceContext,
  chat: ChatRow,
  message: { id: string; text: string },
  userIds: readonly string[],
) {
  const readers = (await readersAmong(client, ctx.space.spaceId, chat, userIds)).filter(
    (id) => id !== ctx.session.userId,
  );
  if (readers.length === 0) return [];
  const { rows } = await client.query<{ userId: string }>(
    `INSERT INTO chat_mentions ("messageId", "userId", "spaceId") SELECT $1, unnest($2::uuid[]), $3
     ON CONFLICT DO NOTHING RETURNING "userId"`,
    [message.id, readers, ctx.space.spaceId],
  );
  const added = rows.map((r) => r.userId);
  // A member mentioned in a node's chat joins it, so that it is in their list with the message unread.
  if (chat.kind === 'node') await join(client, ctx.space.spaceId, chat.id, added);
  await tellMentioned(client, ctx, { chatId: chat.id, messageId: message.id, text: message.text }, added);
  return added;
}

/** API POST chat/create-message (multipart): a message with its files, a reply and mentions. */
export async function createChatMessage(
  ctx: SpaceContext,
  input: WithFiles & { chatId: string; text?: string; replyToId?: string; mentions?: string[] },
): Promise<ChatMessageDto> {
  const text = input.text ?? '';
  const files = filesOf(input);
  if (!text && files.length === 0) throw emptyMessage();
  checkFiles(files);
  const spaceId = ctx.space.spaceId;
  // The chat is checked before any byte is stored.
  await readableChat(ctx, ctx.db.pool, input.chatId);
  const stored = await storeFiles(ctx, input.chatId, files);
  const row = await withStoredFiles(ctx, stored, () =>
    inTransaction(ctx.db.pool, async (client) => {
      const chat = await readableChat(ctx, client, input.chatId);
      if (input.replyToId && !(await messageRow(client, chat.id, input.replyToId)))
        throw new AppError('NotFound');
      await join(client, spaceId, chat.id, [ctx.session.userId]);
      const { rows } = await client.query(
        `INSERT INTO chat_messages (id, "spaceId", "chatId", "authorId", text, "replyToId")
         VALUES (gen_random_uuid(), $1, $2, $3, $4, $5) RETURNING ${MESSAGE_COLUMNS.replaceAll('m.', '')}`,
        [spaceId, chat.id, ctx.session.userId, text, input.replyToId ?? null],
      );
      const message = rows[0];
      await insertAttachments(client, spaceId, message.id, stored);
      // The author has read their own message; the chat goes up in everyone's list.
      await client.query(
        `UPDATE chat_members SET "lastReadSeq" = greatest("lastReadSeq", $3) WHERE "chatId" = $1 AND "userId" = $2`,
        [chat.id, ctx.session.userId, message.seq],
      );
      await client.query('UPDATE chats SET "lastMessageAt" = $2 WHERE id = $1', [chat.id, message.createdAt]);
      await recordMentions(client, ctx, chat, message, input.mentions ?? []);
      const [dto] = await messageDtos(client, [message]);
      await publishChat(client, spaceId, chat.id, 'message.created', dto);
      return dto!;
    }),
  );
  return row;
}

/** API PATCH chat/update-message (multipart): the author edits the text, adds and removes files. */
export async function updateChatMessage(
  ctx: SpaceContext,
  input: WithFiles & {
    chatId: string;
    messageId: string;
    text?: string;
    mentions?: string[];
    removeAttachmentIds?: string[];
  },
): Promise<ChatMessageDto> {
  const files = filesOf(input);
  checkFiles(files);
  const spaceId = ctx.space.spaceId;
  await readableChat(ctx, ctx.db.pool, input.chatId);
  const stored = await storeFiles(ctx, input.chatId, files);
  let removedKeys: string[] = [];
  const dto = await withStoredFiles(ctx, stored, () =>
    inTransaction(ctx.db.pool, async (client) => {
      const chat = await readableChat(ctx, client, input.chatId);
      const message = await messageRow(client, chat.id, input.messageId, true);
      if (!message || message.deleted) throw new AppError('NotFound');
      if (message.authorId !== ctx.session.userId) throw new AppError('Forbidden');
      const { rows: removed } = await client.query<{ key: string }>(
        `DELETE FROM chat_attachments WHERE "messageId" = $1 AND id = ANY($2::uuid[]) RETURNING key`,
        [message.id, input.removeAttachmentIds ?? []],
      );
      removedKeys = removed.map((r) => r.key);
      await insertAttachments(client, spaceId, message.id, stored);
      const { rows: count } = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM chat_attachments WHERE "messageId" = $1',
        [message.id],
      );
      if (Number(count[0]!.n) > CHAT_LIMITS.attachmentsPerMessage) throw new AppError('BadRequest');
      const text = input.text ?? message.text;
      if (!text && Number(count[0]!.n) === 0) throw emptyMessage();
      const { rows } = await client.query(
        `UPDATE chat_messages SET text = $2, edited = true, "editedAt" = now() WHERE id = $1
         RETURNING ${MESSAGE_COLUMNS.replaceAll('m.', '')}`,
        [message.id, text],
      );
      const updated = rows[0];
      if (input.mentions) await recordMentions(client, ctx, chat, updated, input.mentions);
      const [dto] = await messageDtos(client, [updated]);
      await publishChat(client, spaceId, chat.id, 'message.updated', dto);
      return dto!;
    }),
  );
  await removeBytes(ctx, removedKeys);
  return dto;
}

/**
 * API DELETE chat/{id}/{msgId}: the author deletes their message, a moderator (chat.moderate) anyone's.
 * The row stays as "deleted" (replies still point at it); its text, files, reactions and mentions go.
 */
export async function deleteChatMessage(ctx: SpaceContext, input: { chatId: string; messageId: string }) {
  const spaceId = ctx.space.spaceId;
  const keys = await inTransaction(ctx.db.pool, async (client) => {
    const chat = await readableChat(ctx, client, input.chatId);
    const message = await messageRow(client, chat.id, input.messageId, true);
    if (!message || message.deleted) throw new AppError('NotFound');
    if (message.authorId !== ctx.session.userId && !ctx.space.abilities.has('chat.moderate'))
      throw new AppError('Forbidden');
    const { rows } = await client.query<{ key: string }>(
      'DELETE FROM chat_attachments WHERE "messageId" = $1 RETURNING key',
      [message.id],
    );
    await client.query('DELETE FROM chat_reactions WHERE "messageId" = $1', [message.id]);
    await client.query('DELETE FROM chat_mentions WHERE "messageId" = $1', [message.id]);
    await client.query(
      `UPDATE chat_messages SET deleted = true, text = '', "editedAt" = now() WHERE id = $1`,
      [message.id],
    );
    await publishChat(client, spaceId, chat.id, 'message.deleted', {
      messageId: message.id,
      seq: Number(message.seq),
    });
    return rows.map((r) => r.key);
  });
  await removeBytes(ctx, keys);
  return { success: true as const };
}

/**
 * API PATCH chat/{id}/{msgId}/update-reaction: the caller's emoji on a message, put or — when it is
 * there already — taken back. Answers the message's reactions.
 */
export async function reactToChatMessage(
  ctx: SpaceContext,
  input: { chatId: string; messageId: string; emoji: string },
) {
  const spaceId = ctx.space.spaceId;
  const me = ctx.session.userId;
  return inTransaction(ctx.db.pool, async (client) => {
    const chat = await readableChat(ctx, client, input.chatId);
    const message = await messageRow(client, chat.id, input.messageId, true);
    if (!message || message.deleted) throw new AppError('NotFound');
    const removed = await client.query(
      'DELETE FROM chat_reactions WHERE "messageId" = $1 AND "userId" = $2 AND emoji = $3',
      [message.id, me, input.emoji],
    );
    if (!removed.rowCount) {
      const { rows } = await client.query<{ n: string; has: boolean }>(
        `SELECT count(DISTINCT emoji) AS n, bool_or(emoji = $2) AS has FROM chat_reactions WHERE "messageId" = $1`,
        [message.id, input.emoji],
      );
      if (Number(rows[0]!.n) >= CHAT_LIMITS.reactionsPerMessage && !rows[0]!.has)
        throw new AppError('BadRequest');
      await client.query(
        `INSERT INTO chat_reactions ("messageId", "userId", emoji, "spaceId") VALUES ($1, $2, $3, $4)`,
        [message.id, me, input.emoji, spaceId],
      );
    }
    const [dto] = await messageDtos(client, [message]);
    const change = { messageId: message.id, reactions: dto!.reactions };
    await publishChat(client, spaceId, chat.id, 'message.reactions', change);
    return change;
  });
}

/**
 * API PATCH chat/update-last-read: the caller has read the chat up to this message (never back). The
 * other members see it as a read receipt.
 */
export async function markChatRead(ctx: SpaceContext, input: { chatId: string; messageId: string }) {
  const spaceId = ctx.space.spaceId;
  const me = ctx.session.userId;
  return inTransaction(ctx.db.pool, async (client) => {
    const chat = await readableChat(ctx, client, input.chatId);
    const message = await messageRow(client, chat.id, input.messageId);
    if (!message) throw new AppError('NotFound');
    await join(client, spaceId, chat.id, [me]);
    const { rows } = await client.query<{ lastReadSeq: string }>(
      `UPDATE chat_members SET "lastReadSeq" = $3 WHERE "chatId" = $1 AND "userId" = $2 AND "lastReadSeq" < $3
       RETURNING "lastReadSeq"`,
      [chat.id, me, message.seq],
    );
    if (rows[0])
      await publishChat(client, spaceId, chat.id, 'member.read', { userId: me, seq: Number(message.seq) });
    return summary(ctx, client, chat.id);
  });
}

/** API GET chat/{id}/attachments/{attachmentId}: a file of a message, with its name. */
export async function chatAttachment(
  ctx: SpaceContext,
  input: { chatId: string; attachmentId: string },
): Promise<FileResult> {
  await readableChat(ctx, ctx.db.pool, input.chatId);
  const { rows } = await ctx.db.pool.query<{ key: string; name: string; contentType: string }>(
    `SELECT a.key, a.name, a."contentType" FROM chat_attachments a JOIN chat_messages m ON m.id = a."messageId"
     WHERE a.id = $1 AND m."chatId" = $2`,
    [input.attachmentId, input.chatId],
  );
  const row = rows[0];
  if (!row) throw new AppError('NotFound');
  const data = await ctx.files.get(row.key);
  if (!data) throw new AppError('NotFound');
  return {
    file: true,
    contentType: row.contentType,
    data,
    fileName: row.name,
    cacheControl: 'private, max-age=3600',
  };
}

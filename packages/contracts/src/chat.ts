import { z } from 'zod';
import { id } from './api';
import { LIMITS } from './constants';
import { uploadedFile } from './interchange';
import { VALIDATION } from './messages';
import { hasProhibitedCharacters } from './validation';

/**
 * Chat: one chat per EPS node (facility, project, schedule) and direct chats between two members of a
 * space. The rules are in docs/product-rules.md, "Chat".
 */
export const CHAT_LIMITS = {
  /** Characters of one message's text. */
  textMaxLength: 4000,
  /** Files one message carries (a multipart request carries at most four). */
  attachmentsPerMessage: 4,
  /** Bytes of one attached file. */
  attachmentMaxBytes: 20 * 1024 * 1024,
  /** Messages of one page of history. */
  pageSize: 50,
  pageMax: 200,
  /** Characters of a search query. */
  queryMaxLength: 200,
  /** Different reactions one message may carry, and the longest one (an emoji with its modifiers). */
  reactionsPerMessage: 20,
  reactionMaxLength: 16,
  /** Users one message may mention. */
  mentionsPerMessage: 20,
  /** How long a chat notification stays on screen, and the characters of the message it shows. */
  notificationMs: LIMITS.chatNotificationMs,
  notificationChars: 40,
} as const;

/**
 * Content types an attachment may have: pictures, PDF, office documents, text, archives and drawings.
 * Anything else is refused with UnsupportedFileType, whatever its name says.
 */
export const CHAT_ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/x-zip-compressed',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-project',
  'image/vnd.dwg',
  'application/acad',
] as const;

/** The chat list's filter. */
export const CHAT_FILTERS = ['all', 'unread'] as const;
export type ChatFilter = (typeof CHAT_FILTERS)[number];

export const CHAT_KINDS = ['node', 'direct'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

/** A message's text: may be empty when files are attached (the service checks that one of them is there). */
const messageText = z
  .string()
  .trim()
  .max(CHAT_LIMITS.textMaxLength, { message: VALIDATION.maxLength })
  .refine((v) => !hasProhibitedCharacters(v), { message: VALIDATION.prohibitedCharacters });

/** A multipart field arrives JSON-parsed: a message "2024" becomes a number; text stays text. */
const formMessageText = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), messageText);

/** Ids of users mentioned, as the composer sends them (a JSON array in a multipart field). */
const mentions = z.array(id).max(CHAT_LIMITS.mentionsPerMessage);

/**
 * The files of a message: the multipart fields `file`, `file2`, `file3` and `file4` (the REST door merges
 * each file part under its field name).
 */
const attachmentFields = {
  file: uploadedFile.optional(),
  file2: uploadedFile.optional(),
  file3: uploadedFile.optional(),
  file4: uploadedFile.optional(),
};

export const chatInput = z.object({ spaceId: id, chatId: id });
export const chatMessageInput = chatInput.extend({ messageId: id });

export const chatListInput = z.object({ spaceId: id, filter: z.enum(CHAT_FILTERS).optional() });
export const chatSettingsInput = z.object({ spaceId: id, chatId: id.optional() });
export const chatOfNodeInput = z.object({ spaceId: id, nodeId: id });
export const directChatInput = z.object({ spaceId: id, userId: id });

export const chatMessagesInput = chatInput.extend({
  /** The page before this message (older ones); none: the newest page. */
  before: id.optional(),
  limit: z.number().int().min(1).max(CHAT_LIMITS.pageMax).optional(),
  /** Only messages whose text contains this (any case). */
  query: z.string().trim().max(CHAT_LIMITS.queryMaxLength, { message: VALIDATION.maxLength }).optional(),
});

export const createChatMessageInput = chatInput.extend({
  text: formMessageText.optional(),
  replyToId: id.optional(),
  mentions: mentions.optional(),
  ...attachmentFields,
});

export const updateChatMessageInput = chatMessageInput.extend({
  text: formMessageText.optional(),
  mentions: mentions.optional(),
  /** Attachments the edit removes. */
  removeAttachmentIds: z.array(id).max(CHAT_LIMITS.attachmentsPerMessage).optional(),
  ...attachmentFields,
});

export const chatReactionInput = chatMessageInput.extend({
  emoji: z
    .string()
    .trim()
    .min(1, { message: VALIDATION.required })
    .max(CHAT_LIMITS.reactionMaxLength, { message: VALIDATION.maxLength })
    .refine((v) => !/[\s<>&"'`]/.test(v), { message: VALIDATION.prohibitedCharacters }),
});

export const chatSettingsUpdateInput = chatInput.extend({
  muted: z.boolean().optional(),
  notifications: z.boolean().optional(),
});

export const chatAttachmentInput = chatInput.extend({ attachmentId: id });

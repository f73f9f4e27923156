import { CHAT_LIMITS } from '@takt/contracts';
import type { RouterOutputs } from '../../lib/api-types';
import { handleFailure } from '../../lib/error-handler';
import { describeFailure, restFailure } from '../../lib/errors';
import { requestHeaders } from '../../lib/trpc';

/** A chat's entry in the list of chats. */
export type ChatSummary = RouterOutputs['chat']['list'][number];

/** A message as the chat calls answer it (the server's ChatMessageDto). */
export interface ChatMessage {
  id: string;
  chatId: string;
  seq: number;
  authorId: string | null;
  text: string;
  replyTo: { id: string; authorId: string | null; text: string; deleted: boolean } | null;
  edited: boolean;
  deleted: boolean;
  createdAt: string;
  editedAt: string | null;
  attachments: { id: string; name: string; contentType: string; size: number }[];
  reactions: { emoji: string; userIds: string[] }[];
  mentions: string[];
}

/** The reactions the message menu offers (any emoji may be sent over the API). */
export const QUICK_REACTIONS = ['👍', '❤️', '😄', '🎉', '👀', '✅'] as const;

/** The multipart fields of a message's files: `file`, `file2`, `file3`, `file4` (contracts' chat inputs). */
export function fileField(index: number): string {
  return index === 0 ? 'file' : `file${index + 1}`;
}

/**
 * Sends a new message (POST chat/create-message) or an edit (PATCH chat/update-message) as multipart, as
 * the API takes files. Null when it failed; the failure went to the app's error handling.
 */
export async function sendMessageForm(
  spaceId: string,
  method: 'POST' | 'PATCH',
  fields: Record<string, unknown>,
  files: readonly File[],
): Promise<ChatMessage | null> {
  const path = `/api/v1/space/${spaceId}/chat/${method === 'POST' ? 'create-message' : 'update-message'}`;
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    body.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const [index, file] of files.slice(0, CHAT_LIMITS.attachmentsPerMessage).entries())
    body.append(fileField(index), file, file.name);
  try {
    const response = await fetch(path, { method, headers: requestHeaders(), body });
    const data: unknown = await response.json().catch(() => null);
    if (response.ok) return data as ChatMessage;
    handleFailure(restFailure(path, response.status, data));
  } catch (error) {
    handleFailure(describeFailure(error, path));
  }
  return null;
}

/** The REST path of a message's file (GET chat/{id}/attachments/{attachmentId}). */
export function attachmentPath(spaceId: string, chatId: string, attachmentId: string): string {
  return `/api/v1/space/${spaceId}/chat/${chatId}/attachments/${attachmentId}`;
}

/** Puts a message into a list ordered by `seq`, replacing the one with its id. */
export function upsertMessage(list: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  const without = list.filter((m) => m.id !== message.id);
  const at = without.findIndex((m) => m.seq > message.seq);
  if (at < 0) return [...without, message];
  return [...without.slice(0, at), message, ...without.slice(at)];
}

/** The first characters of a message a notification shows (CHAT_LIMITS.notificationChars, whole characters). */
export function toastText(text: string): string {
  const chars = [...text];
  return chars.length > CHAT_LIMITS.notificationChars
    ? `${chars.slice(0, CHAT_LIMITS.notificationChars).join('')}…`
    : text;
}

/**
 * The list of chats as it stands once a message arrived, before the server is asked again: the chat goes
 * first with the message as its last, and one more unread unless the user wrote it or has the chat open.
 * A chat the list does not hold is left to the next reading.
 */
export function withArrivedMessage(
  list: readonly ChatSummary[],
  message: ChatMessage,
  me: string | undefined,
  openChatId: string | null,
): ChatSummary[] {
  const chat = list.find((c) => c.id === message.chatId);
  if (!chat) return [...list];
  const unread = message.authorId !== me && message.chatId !== openChatId ? chat.unread + 1 : chat.unread;
  const updated: ChatSummary = {
    ...chat,
    unread,
    lastMessage: {
      authorId: message.authorId,
      text: message.text,
      createdAt: message.createdAt,
      attachments: message.attachments.length,
    },
  };
  return [updated, ...list.filter((c) => c.id !== message.chatId)];
}

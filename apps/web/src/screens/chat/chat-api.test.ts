import { CHAT_LIMITS } from '@takt/contracts';
import { describe, expect, it } from 'vitest';
import {
  type ChatMessage,
  type ChatSummary,
  fileField,
  toastText,
  upsertMessage,
  withArrivedMessage,
} from './chat-api';

const message = (id: string, seq: number, text = id): ChatMessage => ({
  id,
  chatId: 'c',
  seq,
  authorId: null,
  text,
  replyTo: null,
  edited: false,
  deleted: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  editedAt: null,
  attachments: [],
  reactions: [],
  mentions: [],
});

describe('chat client helpers', () => {
  it('keeps messages in their chat order, an edited one in its place', () => {
    let list = [message('a', 1), message('c', 3)];
    list = upsertMessage(list, message('d', 4));
    list = upsertMessage(list, message('b', 2));
    expect(list.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
    list = upsertMessage(list, message('b', 2, 'edited'));
    expect(list.map((m) => m.text)).toEqual(['a', 'edited', 'c', 'd']);
  });

  it('shows the first 40 characters of a message, whole emoji included', () => {
    expect(CHAT_LIMITS.notificationChars).toBe(40);
    expect(toastText('Короткое')).toBe('Короткое');
    const long = `${'я'.repeat(39)}👍 и дальше`;
    expect(toastText(long)).toBe(`${'я'.repeat(39)}👍…`);
  });

  it('names the files of a message as the API takes them', () => {
    expect([0, 1, 2, 3].map(fileField)).toEqual(['file', 'file2', 'file3', 'file4']);
  });

  it('counts an arriving message into the list before the server is asked again', () => {
    const chat = (id: string, unread: number): ChatSummary => ({
      id,
      kind: 'node',
      nodeId: null,
      nodeKind: 'schedule',
      title: id,
      peerId: null,
      peerHasAvatar: false,
      lastMessage: null,
      unread,
      lastReadSeq: 0,
      muted: false,
      notifications: true,
    });
    const list = [chat('x', 0), chat('c', 2)];
    const arrived = { ...message('m', 7, 'Бетон'), authorId: 'them' };
    const next = withArrivedMessage(list, arrived, 'me', null);
    expect(next.map((c) => [c.id, c.unread, c.lastMessage?.text ?? null])).toEqual([
      ['c', 3, 'Бетон'],
      ['x', 0, null],
    ]);
    // Not for the user's own message, nor in the chat they have open; a chat not listed waits.
    expect(withArrivedMessage(list, { ...arrived, authorId: 'me' }, 'me', null)[0]!.unread).toBe(2);
    expect(withArrivedMessage(list, arrived, 'me', 'c')[0]!.unread).toBe(2);
    expect(withArrivedMessage(list, { ...arrived, chatId: 'other' }, 'me', null)).toEqual(list);
  });
});

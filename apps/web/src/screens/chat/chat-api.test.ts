import { CHAT_LIMITS } from '@takt/contracts';
import { describe, expect, it } from 'vitest';
import { type ChatMessage, fileField, toastText, upsertMessage } from './chat-api';

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
});

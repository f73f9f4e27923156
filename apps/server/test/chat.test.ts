import { CHAT_LIMITS } from '@takt/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Failure, ownSpace, scheduleWithVersion, spaceForFile, spaceMember } from './fixtures';

const { t, s } = spaceForFile('chat-owner', 'Чат');

interface Summary {
  id: string;
  kind: string;
  nodeId: string | null;
  title: string;
  peerId: string | null;
  unread: number;
  lastReadSeq: number;
  muted: boolean;
  notifications: boolean;
  lastMessage: { text: string; attachments: number } | null;
}
interface Message {
  id: string;
  seq: number;
  authorId: string;
  text: string;
  edited: boolean;
  deleted: boolean;
  replyTo: { id: string; text: string } | null;
  attachments: { id: string; name: string; contentType: string; size: number }[];
  reactions: { emoji: string; userIds: string[] }[];
  mentions: string[];
}
interface Page {
  messages: Message[];
  nextBefore: string | null;
}

/** A message's multipart body: its fields, and files as (name, type, bytes) under file, file2… */
function messageForm(
  fields: Record<string, unknown>,
  files: { name: string; type: string; data: Uint8Array }[] = [],
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  for (const [i, file] of files.entries()) {
    const blob = new Blob([file.data as Uint8Array<ArrayBuffer>], { type: file.type });
    form.append(i === 0 ? 'file' : `file${i + 1}`, blob, file.name);
  }
  return form;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

describe('chat', () => {
  let executor: Awaited<ReturnType<typeof spaceMember>>;
  let viewer: Awaited<ReturnType<typeof spaceMember>>;
  let ownerId: string;
  let scheduleId: string;

  /** A call in the owner's name that must succeed; multipart when `form` is given. */
  const owner = async <T>(method: string, path: string, body?: unknown, form?: FormData) => {
    const reply = await t.api<T>(method, `/space/${s.spaceId}${path}`, body, { token: s.token, form });
    if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const as = (member: typeof executor) => ({
    call: <T = Failure>(method: string, path: string, body?: unknown, form?: FormData) =>
      t.api<T>(method, `/space/${s.spaceId}${path}`, body, { token: member.token, form }),
  });
  const liveKinds = async (topic: string) =>
    (
      await t.sql<{ kind: string }>(
        'SELECT kind FROM live_events WHERE "spaceId" = $1 AND topic = $2 ORDER BY id',
        [s.spaceId, topic],
      )
    ).map((r) => r.kind);

  beforeAll(async () => {
    executor = await spaceMember(t, s, 'chat-executor', 'executor');
    viewer = await spaceMember(t, s, 'chat-viewer', 'viewer');
    ownerId = (await t.api<{ id: string }>('GET', '/users/who-am-i', undefined, { token: s.token })).body.id;
    ({ scheduleId } = await scheduleWithVersion(s.ok));
  });

  it('keeps one chat per EPS node, opened by whoever may read the node', async () => {
    const first = await owner<Summary>('GET', `/chat/eps/${scheduleId}`);
    expect(first).toMatchObject({
      kind: 'node',
      nodeId: scheduleId,
      title: 'Г',
      unread: 0,
      lastMessage: null,
    });
    expect((await owner<Summary>('GET', `/chat/eps/${scheduleId}`)).id).toBe(first.id);
    const theirs = await as(executor).call<Summary>('GET', `/chat/eps/${scheduleId}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).toBe(first.id);
    expect((await owner<Summary[]>('GET', '/chat')).map((c) => c.id)).toContain(first.id);
    // A node of no one's space is not found.
    const missing = await owner_call('GET', `/chat/eps/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
  });

  const owner_call = (method: string, path: string) =>
    t.api<Failure>(method, `/space/${s.spaceId}${path}`, undefined, { token: s.token });

  it('sends messages with files, counts them unread until read, and tells the chat live', async () => {
    const chat = await owner<Summary>('GET', `/chat/eps/${scheduleId}`);
    await as(executor).call('GET', `/chat/eps/${scheduleId}`);
    const sent = await owner<Message>(
      'POST',
      '/chat/create-message',
      undefined,
      messageForm({ chatId: chat.id, text: 'Бетон привезут в 9:00' }, [
        { name: 'plan.png', type: 'image/png', data: PNG },
      ]),
    );
    expect(sent).toMatchObject({
      authorId: ownerId,
      text: 'Бетон привезут в 9:00',
      edited: false,
      deleted: false,
    });
    expect(sent.attachments).toEqual([
      { id: expect.any(String), name: 'plan.png', contentType: 'image/png', size: PNG.length },
    ]);

    // The author has read their own message; the executor has not.
    expect((await owner<Summary[]>('GET', '/chat?filter=unread')).map((c) => c.id)).not.toContain(chat.id);
    const unread = await as(executor).call<Summary[]>('GET', '/chat?filter=unread');
    expect(unread.body.find((c) => c.id === chat.id)).toMatchObject({
      unread: 1,
      lastMessage: { text: 'Бетон привезут в 9:00', attachments: 1 },
    });

    const file = await as(executor).call<Uint8Array>(
      'GET',
      `/chat/${chat.id}/attachments/${sent.attachments[0]!.id}`,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect([...file.body]).toEqual([...PNG]);

    const one = await as(executor).call<Message>('GET', `/chat/${chat.id}/message?messageId=${sent.id}`);
    expect(one.body.id).toBe(sent.id);

    const read = await as(executor).call<Summary>('PATCH', '/chat/update-last-read', {
      chatId: chat.id,
      messageId: sent.id,
    });
    expect(read.body).toMatchObject({ unread: 0, lastReadSeq: sent.seq });
    expect((await as(executor).call<Summary[]>('GET', '/chat?filter=unread')).body).toEqual([]);
    // Read receipts: each member's last read message.
    const users = await owner<{ id: string; member: boolean; lastReadSeq: number | null }[]>(
      'GET',
      `/chat/${chat.id}/users`,
    );
    expect(users.find((u) => u.id === executor.user.id)).toMatchObject({
      member: true,
      lastReadSeq: sent.seq,
    });
    // The viewer may read the node, so may be mentioned, but has not joined.
    expect(users.find((u) => u.id === viewer.user.id)).toMatchObject({ member: false, lastReadSeq: null });

    expect(await liveKinds(`chat:${chat.id}`)).toEqual(
      expect.arrayContaining(['message.created', 'member.read']),
    );
  });

  it('answers replies, reactions, edits and deletions by their rules', async () => {
    const chat = await owner<Summary>('GET', `/chat/eps/${scheduleId}`);
    const question = await owner<Message>(
      'POST',
      '/chat/create-message',
      undefined,
      messageForm({ chatId: chat.id, text: 'Кто принимает?' }),
    );
    const answer = await as(executor).call<Message>(
      'POST',
      '/chat/create-message',
      undefined,
      messageForm({ chatId: chat.id, text: 'Я', replyToId: question.id }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.replyTo).toMatchObject({ id: question.id, text: 'Кто принимает?' });

    // A reaction is put, a second one by another user joins it, the same again takes it back.
    const path = `/chat/${chat.id}/${question.id}/update-reaction?emoji=${encodeURIComponent('👍')}`;
    expect((await owner<{ reactions: unknown }>('PATCH', path)).reactions).toEqual([
      { emoji: '👍', userIds: [ownerId] },
    ]);
    expect((await as(executor).call<{ reactions: unknown }>('PATCH', path)).body.reactions).toEqual([
      { emoji: '👍', userIds: [ownerId, executor.user.id] },
    ]);
    expect((await owner<{ reactions: unknown }>('PATCH', path)).reactions).toEqual([
      { emoji: '👍', userIds: [executor.user.id] },
    ]);

    // Only the author edits; an edit is marked.
    const foreignEdit = await owner_form(
      'PATCH',
      '/chat/update-message',
      messageForm({ chatId: chat.id, messageId: answer.body.id, text: 'Нет' }),
    );
    expect(foreignEdit.status).toBe(403);
    const edited = await as(executor).call<Message>(
      'PATCH',
      '/chat/update-message',
      undefined,
      messageForm({ chatId: chat.id, messageId: answer.body.id, text: 'Я, в 10:00' }),
    );
    expect(edited.body).toMatchObject({ text: 'Я, в 10:00', edited: true });

    // The executor may not delete another's message; the owner (a moderator) may delete anyone's.
    expect((await as(executor).call('DELETE', `/chat/${chat.id}/${question.id}`)).status).toBe(403);
    await owner('DELETE', `/chat/${chat.id}/${answer.body.id}`);
    const gone = await owner<Message>('GET', `/chat/${chat.id}/message?messageId=${answer.body.id}`);
    expect(gone).toMatchObject({ deleted: true, text: '', reactions: [], attachments: [] });
    expect((await owner_call('DELETE', `/chat/${chat.id}/${answer.body.id}`)).status).toBe(404);
    expect(await liveKinds(`chat:${chat.id}`)).toEqual(
      expect.arrayContaining(['message.reactions', 'message.updated', 'message.deleted']),
    );
  });

  const owner_form = (method: string, path: string, form: FormData) =>
    t.api<Failure>(method, `/space/${s.spaceId}${path}`, undefined, { token: s.token, form });

  it('pages history back by cursor and searches it', async () => {
    const { scheduleId: other } = await scheduleWithVersion(s.ok);
    const chat = await owner<Summary>('GET', `/chat/eps/${other}`);
    for (let i = 1; i <= 7; i++)
      await owner(
        'POST',
        '/chat/create-message',
        undefined,
        messageForm({ chatId: chat.id, text: `Сообщение ${i}${i === 5 ? ' 100%_done' : ''}` }),
      );
    const newest = await owner<Page>('GET', `/chat/${chat.id}/messages?limit=3`);
    expect(newest.messages.map((m) => m.text)).toEqual([
      'Сообщение 5 100%_done',
      'Сообщение 6',
      'Сообщение 7',
    ]);
    const older = await owner<Page>('GET', `/chat/${chat.id}/messages?limit=3&before=${newest.nextBefore}`);
    expect(older.messages.map((m) => m.text)).toEqual(['Сообщение 2', 'Сообщение 3', 'Сообщение 4']);
    const oldest = await owner<Page>('GET', `/chat/${chat.id}/messages?limit=3&before=${older.nextBefore}`);
    expect(oldest).toMatchObject({ messages: [{ text: 'Сообщение 1' }], nextBefore: null });
    // Any case; % and _ are the characters themselves.
    const found = await owner<Page>(
      'GET',
      `/chat/${chat.id}/messages?query=${encodeURIComponent('СООБЩЕНИЕ 6')}`,
    );
    expect(found.messages.map((m) => m.text)).toEqual(['Сообщение 6']);
    const literal = await owner<Page>('GET', `/chat/${chat.id}/messages?query=${encodeURIComponent('%_')}`);
    expect(literal.messages.map((m) => m.text)).toEqual(['Сообщение 5 100%_done']);
  });

  it('refuses empty messages, files of other types and messages too long', async () => {
    const chat = await owner<Summary>('GET', `/chat/eps/${scheduleId}`);
    const empty = await owner_form(
      'POST',
      '/chat/create-message',
      messageForm({ chatId: chat.id, text: '  ' }),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toEqual([{ path: 'text', message: 'validation.chat_message_empty' }]);
    const script = await owner_form(
      'POST',
      '/chat/create-message',
      messageForm({ chatId: chat.id, text: 'x' }, [{ name: 'run.sh', type: 'application/x-sh', data: PNG }]),
    );
    expect(script.status).toBe(415);
    const long = await owner_form(
      'POST',
      '/chat/create-message',
      messageForm({ chatId: chat.id, text: 'я'.repeat(CHAT_LIMITS.textMaxLength + 1) }),
    );
    expect(long.status).toBe(400);
    const big = await owner_form(
      'POST',
      '/chat/create-message',
      messageForm({ chatId: chat.id }, [
        {
          name: 'big.pdf',
          type: 'application/pdf',
          data: new Uint8Array(CHAT_LIMITS.attachmentMaxBytes + 1),
        },
      ]),
    );
    expect(big.status).toBe(413);
    // Nothing refused was stored.
    const files = await t.sql(
      'SELECT 1 FROM chat_attachments a JOIN chat_messages m ON m.id = a."messageId" WHERE m."chatId" = $1 AND a.name <> $2',
      [chat.id, 'plan.png'],
    );
    expect(files).toEqual([]);
  });

  it('mentions: the mentioned reader joins the node’s chat and hears of it; others are not recorded', async () => {
    const chat = await owner<Summary>('GET', `/chat/eps/${scheduleId}`);
    const outsider = await ownSpace(t, 'chat-outsider', 'Чужое');
    const outsiderId = (
      await t.api<{ id: string }>('GET', '/users/who-am-i', undefined, { token: outsider.token })
    ).body.id;
    const sent = await owner<Message>(
      'POST',
      '/chat/create-message',
      undefined,
      messageForm({ chatId: chat.id, text: '@viewer посмотрите', mentions: [viewer.user.id, outsiderId] }),
    );
    expect(sent.mentions).toEqual([viewer.user.id]);
    expect(await liveKinds(`user:${viewer.user.id}`)).toEqual(expect.arrayContaining(['member.joined']));
    const notices = await t.sql<{ kind: string; params: Record<string, unknown> }>(
      'SELECT kind, params FROM notices WHERE "spaceId" = $1 AND "userId" = $2',
      [s.spaceId, viewer.user.id],
    );
    expect(notices).toEqual([
      {
        kind: 'mention',
        params: expect.objectContaining({
          chatId: chat.id,
          messageId: sent.id,
          chatTitle: 'Г',
          text: '@viewer посмотрите',
        }),
      },
    ]);
    const list = await as(viewer).call<Summary[]>('GET', '/chat?filter=unread');
    expect(list.body.map((c) => c.id)).toContain(chat.id);
  });

  it('keeps each member’s settings', async () => {
    const chat = await owner<Summary>('GET', `/chat/eps/${scheduleId}`);
    expect(await owner('POST', '/chat/set-chat-settings', { chatId: chat.id, muted: true })).toEqual({
      chatId: chat.id,
      muted: true,
      notifications: true,
    });
    await owner('POST', '/chat/set-chat-settings', { chatId: chat.id, notifications: false });
    expect(await owner('GET', `/chat/settings?chatId=${chat.id}`)).toEqual([
      { chatId: chat.id, muted: true, notifications: false },
    ]);
    // Another member's settings are their own.
    const theirs = await as(executor).call<{ chatId: string; muted: boolean }[]>('GET', '/chat/settings');
    expect(theirs.body.find((x) => x.chatId === chat.id)).toMatchObject({ muted: false });
  });

  it('lets only its two members read a direct chat', async () => {
    const direct = await owner<Summary>('POST', '/chat/direct', { userId: executor.user.id });
    expect(direct).toMatchObject({ kind: 'direct', peerId: executor.user.id, title: expect.any(String) });
    expect((await owner<Summary>('POST', '/chat/direct', { userId: executor.user.id })).id).toBe(direct.id);
    const theirs = await as(executor).call<Summary[]>('GET', '/chat');
    expect(theirs.body.find((c) => c.id === direct.id)).toMatchObject({ kind: 'direct', peerId: ownerId });
    await owner('POST', '/chat/create-message', undefined, messageForm({ chatId: direct.id, text: 'Лично' }));
    for (const path of [`/chat/${direct.id}/messages`, `/chat/${direct.id}/users`])
      expect((await as(viewer).call('GET', path)).status).toBe(404);
    expect((await owner_call('POST', '/chat/direct')).status).toBe(400);
    const self = await t.api(
      'POST',
      `/space/${s.spaceId}/chat/direct`,
      { userId: ownerId },
      { token: s.token },
    );
    expect(self.status).toBe(400);
  });

  it('removes a node’s chat with the node, and the bytes of its files', async () => {
    const { projectId, scheduleId: doomed } = await scheduleWithVersion(s.ok);
    const chat = await owner<Summary>('GET', `/chat/eps/${doomed}`);
    const sent = await owner<Message>(
      'POST',
      '/chat/create-message',
      undefined,
      messageForm({ chatId: chat.id }, [{ name: 'act.pdf', type: 'application/pdf', data: PNG }]),
    );
    const [row] = await t.sql<{ key: string }>('SELECT key FROM chat_attachments WHERE id = $1', [
      sent.attachments[0]!.id,
    ]);
    const key = row!.key;
    expect(await t.server.services.files.get(key)).not.toBeNull();
    await owner('DELETE', `/eps/${projectId}?confirm=true`);
    expect(await t.sql('SELECT 1 FROM chats WHERE id = $1', [chat.id])).toEqual([]);
    expect(await t.server.services.files.get(key)).toBeNull();
  });

  it('refuses writing without chat.write and every call from another space', async () => {
    const chat = await owner<Summary>('GET', `/chat/eps/${scheduleId}`);
    const viewerWrite = await as(viewer).call(
      'POST',
      '/chat/create-message',
      undefined,
      messageForm({ chatId: chat.id, text: 'hi' }),
    );
    expect(viewerWrite.status).toBe(403);
    const stranger = await ownSpace(t, 'chat-stranger', 'Другое');
    const foreign = await t.api<Failure>('GET', `/space/${s.spaceId}/chat/${chat.id}/messages`, undefined, {
      token: stranger.token,
    });
    expect(foreign.status).toBe(403);
    // The chat's id in the stranger's own space names nothing.
    const asOwn = await t.api<Failure>(
      'GET',
      `/space/${stranger.spaceId}/chat/${chat.id}/messages`,
      undefined,
      {
        token: stranger.token,
      },
    );
    expect(asOwn.status).toBe(404);
  });
});

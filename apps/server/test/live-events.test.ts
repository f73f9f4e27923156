import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LiveEventDto } from '@takt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { inTransaction } from '../src/db/sql';
import {
  LIVE_READY_KIND,
  type LiveEventInput,
  pruneLiveEvents,
  publishLive,
  registerTopicAccess,
} from '../src/live';
import { createLogger } from '../src/log';
import { type RunningServer, startServer } from '../src/server';
import { EventStream } from './event-stream';
import { spaceForFile, spaceMember } from './fixtures';

/**
 * The live bus (`live.events`): an event published in one server process is delivered by another one
 * (each with its own pool and its own LISTEN connection), only if its transaction commits, only to those
 * who may read its topic; a stream that reconnects with its last event id gets what it missed, once.
 */
const { t, s } = spaceForFile('live-bus-owner', 'Шина');
let other: RunningServer;
let otherDir = '';
let userId = '';
const streams: EventStream<LiveEventDto>[] = [];

/** Boards the test's checker lets everyone read: `board:open-…`. */
registerTopicAccess('board', async (_ctx, id) => id.startsWith('open-'));

function url(base: string, input: Record<string, unknown>, token = s.token) {
  const query = encodeURIComponent(JSON.stringify({ spaceId: s.spaceId, ...input }));
  const params = encodeURIComponent(JSON.stringify({ token }));
  return `${base}/trpc/live.events?input=${query}&connectionParams=${params}`;
}

async function open(base: string, input: Record<string, unknown> = {}, token = s.token) {
  const stream = await EventStream.open<LiveEventDto>(url(base, input, token));
  streams.push(stream);
  return stream;
}

/** Publishes events in one transaction of the first server's pool (as a domain's write would). */
const publish = (...events: Omit<LiveEventInput, 'spaceId'>[]) =>
  inTransaction(t.server.services.db.pool, async (tx) => {
    for (const event of events) await publishLive(tx, { spaceId: s.spaceId, ...event });
  });

beforeAll(async () => {
  userId = (await t.sql<{ id: string }>('SELECT id FROM users WHERE login = $1', ['live-bus-owner']))[0]!.id;
  otherDir = await mkdtemp(join(tmpdir(), 'takt-live-other-'));
  const config = readConfig({
    ...process.env,
    TAKT_ROLE: 'web',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: t.server.services.config.databaseUrl!,
    TAKT_DATA_DIR: otherDir,
    TAKT_WEB_DIST: join(otherDir, 'web'),
  });
  other = await startServer(config, createLogger('silent'));
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await other?.stop();
  await rm(otherDir, { recursive: true, force: true });
});

describe('live events between two server processes', () => {
  it('delivers in the second process an event committed through the first one', async () => {
    expect(other.services.db.pool).not.toBe(t.server.services.db.pool);
    const stream = await open(other.url);
    expect(stream.status).toBe(200);
    const ready = await stream.next();
    expect(ready.data.kind).toBe(LIVE_READY_KIND);
    expect(ready.id).toBe(ready.data.id);

    await publish({ topic: `user:${userId}`, kind: 'test.hello', data: { n: 1 } });
    const heard = await stream.next();
    expect(heard.data).toMatchObject({ topic: `user:${userId}`, kind: 'test.hello', data: { n: 1 } });
    expect(BigInt(heard.id!)).toBeGreaterThan(BigInt(ready.id!));
    expect(heard.id).toBe(heard.data.id);
  });

  it('delivers nothing of a transaction rolled back, and only the topics the user may read', async () => {
    const stream = await open(other.url);
    await stream.next();
    await expect(
      inTransaction(t.server.services.db.pool, async (tx) => {
        await publishLive(tx, { spaceId: s.spaceId, topic: `user:${userId}`, kind: 'test.lost', data: null });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await publish(
      { topic: 'user:00000000-0000-4000-8000-000000000000', kind: 'test.someone-else', data: null },
      { topic: 'chat:no-checker-registered', kind: 'test.chat', data: null },
      { topic: 'board:closed-1', kind: 'test.closed', data: null },
      { topic: 'board:open-1', kind: 'test.open', data: { card: 'c1' } },
    );
    // The next event the stream carries is the one readable event of the committed transaction.
    expect((await stream.next()).data).toMatchObject({ topic: 'board:open-1', kind: 'test.open' });
  });

  it('reads an event too big for a notice from the table', async () => {
    const stream = await open(other.url);
    await stream.next();
    const text = 'ж'.repeat(6_000);
    await publish({ topic: `user:${userId}`, kind: 'test.big', data: { text } });
    const heard = await stream.next();
    expect(heard.data).toMatchObject({ kind: 'test.big', data: { text } });
  });

  it('numbers the events of a space in the order their transactions committed', async () => {
    const stream = await open(other.url);
    await stream.next();
    const pool = t.server.services.db.pool;
    // The first transaction publishes first and commits last.
    const first = await pool.connect();
    await first.query('BEGIN');
    await publishLive(first, { spaceId: s.spaceId, topic: `user:${userId}`, kind: 'test.first', data: null });
    await publish({ topic: `user:${userId}`, kind: 'test.second', data: null });
    await first.query('COMMIT');
    first.release();
    const a = await stream.next();
    const b = await stream.next();
    expect([a.data.kind, b.data.kind]).toEqual(['test.second', 'test.first']);
    expect(BigInt(b.id!)).toBeGreaterThan(BigInt(a.id!));
  });
});

describe('resuming from the last event id', () => {
  it('replays what was committed while the stream was closed, then goes on live, none twice', async () => {
    const stream = await open(t.url);
    const ready = await stream.next();
    await publish({ topic: `user:${userId}`, kind: 'test.seen', data: { n: 1 } });
    const seen = await stream.next();
    stream.close();

    await publish(
      { topic: `user:${userId}`, kind: 'test.missed', data: { n: 2 } },
      { topic: 'board:closed-2', kind: 'test.closed', data: null },
    );
    await publish({ topic: `user:${userId}`, kind: 'test.missed', data: { n: 3 } });

    const again = await open(other.url, { lastEventId: seen.id });
    expect((await again.next()).data).toMatchObject({ kind: 'test.missed', data: { n: 2 } });
    expect((await again.next()).data).toMatchObject({ kind: 'test.missed', data: { n: 3 } });
    await publish({ topic: `user:${userId}`, kind: 'test.live', data: { n: 4 } });
    expect((await again.next()).data).toMatchObject({ kind: 'test.live', data: { n: 4 } });

    // From the id of the first stream's start, the same events again, in the same order.
    const replay = await open(t.url, { lastEventId: ready.id });
    const kinds = [];
    for (let i = 0; i < 4; i++) kinds.push((await replay.next()).data.kind);
    expect(kinds).toEqual(['test.seen', 'test.missed', 'test.missed', 'test.live']);
  });
});

describe('refusals and retention', () => {
  it('refuses a stranger with 403 and a malformed last event id with 400, before any stream', async () => {
    const stranger = await t.signUp('live-bus-stranger');
    const refused = await open(t.url, {}, stranger.token);
    expect(refused.status).toBe(403);
    const bad = await open(t.url, { lastEventId: 'x1' });
    expect(bad.status).toBe(400);
    const anonymous = await EventStream.open(
      `${t.url}/trpc/live.events?input=${encodeURIComponent(JSON.stringify({ spaceId: s.spaceId }))}`,
    );
    expect(anonymous.status).toBe(401);
  });

  it('gives a member only their own user topic', async () => {
    const member = await spaceMember(t, s, 'live-bus-member', 'viewer');
    const stream = await open(other.url, {}, member.token);
    await stream.next();
    await publish(
      { topic: `user:${userId}`, kind: 'test.owner-only', data: null },
      { topic: `user:${member.user.id}`, kind: 'test.member', data: null },
    );
    expect((await stream.next()).data.kind).toBe('test.member');
  });

  it('prunes events past their week', async () => {
    await publish({ topic: `user:${userId}`, kind: 'test.old', data: null });
    await t.sql(`UPDATE live_events SET "createdAt" = now() - interval '8 days' WHERE kind = 'test.old'`);
    expect(await pruneLiveEvents(t.server.services.db.pool)).toBe(1);
    expect(await t.sql(`SELECT id FROM live_events WHERE kind = 'test.old'`)).toEqual([]);
  });
});

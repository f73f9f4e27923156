import type { LiveEventDto } from '@takt/contracts';
import { tracked } from '@trpc/server';
import type pg from 'pg';
import type { SpaceContext } from '../context';
import { Notices } from '../db/notices';
import type { Sql } from '../db/sql';
import type { Logger } from '../log';

/**
 * The live bus (docs/architecture.md, "Live events"): events written in the transaction of the change
 * they tell about, numbered in commit order within their space, delivered by every server process to the
 * browsers it serves (one LISTEN per process), read again from PostgreSQL by a browser that reconnects.
 */
export type LiveTopic = `user:${string}` | `chat:${string}` | `board:${string}` | `space:${string}`;

export interface LiveEventInput {
  spaceId: string;
  topic: LiveTopic;
  kind: string;
  data: unknown;
}

/**
 * Records an event in the caller's transaction (so it exists only if the write commits) and wakes every
 * process's listeners after commit (pg_notify in the same transaction, from the table's deferred trigger).
 */
export async function publishLive(tx: Sql, event: LiveEventInput): Promise<void> {
  await tx.query('INSERT INTO live_events ("spaceId", topic, kind, data) VALUES ($1, $2, $3, $4::jsonb)', [
    event.spaceId,
    event.topic,
    event.kind,
    JSON.stringify(event.data ?? null),
  ]);
}

/** Whether the caller may read the events of one topic of a prefix (`id` is what follows `prefix:`). */
export type TopicAccess = (ctx: SpaceContext, id: string) => Promise<boolean>;

const topicAccess = new Map<string, TopicAccess>();

/**
 * The owning domain says who may read its topics (chat: members of the chat; board: readers of its
 * schedule). `user:<id>` is built in: only that user; so is `space:<id>`: every member of the space. A topic
 * of a prefix nobody registered is read by none.
 */
export function registerTopicAccess(prefix: 'chat' | 'board', check: TopicAccess): void {
  topicAccess.set(prefix, check);
}

/**
 * Decisions are shared by the streams of one user in this process and kept a while, so that an event
 * fanned out to many streams costs one check per user, not one per stream. A refusal is kept shorter,
 * and forgotten at once when the user's own topic hears anything (a domain that adds a user to a chat
 * says so on `user:<id>`), so that a new member hears the chat from then on.
 */
const GRANTED_MS = 60_000;
const REFUSED_MS = 5_000;
/** Past this many decisions the oldest are dropped (a process with many users and topics). */
const MAX_DECISIONS = 50_000;

interface Decision {
  until: number;
  allowed: Promise<boolean>;
}

const decisions = new Map<string, Decision>();

function forgetRefusals(spaceId: string, userId: string) {
  const prefix = `${spaceId}/${userId}/`;
  for (const [key, decision] of decisions)
    if (key.startsWith(prefix))
      void decision.allowed.then((allowed) => {
        if (!allowed && decisions.get(key) === decision) decisions.delete(key);
      });
}

/** Whether the caller of a stream may read a topic (see `registerTopicAccess`). */
export function mayRead(ctx: SpaceContext, topic: string): Promise<boolean> {
  const colon = topic.indexOf(':');
  const prefix = topic.slice(0, colon);
  const id = topic.slice(colon + 1);
  if (colon <= 0 || !id) return Promise.resolve(false);
  if (prefix === 'user') return Promise.resolve(id === ctx.session.userId);
  // `space:<id>`: what every member of the space hears (its localization overrides)
  if (prefix === 'space') return Promise.resolve(id === ctx.space.spaceId);
  const check = topicAccess.get(prefix);
  if (!check) return Promise.resolve(false);
  const key = `${ctx.space.spaceId}/${ctx.session.userId}/${topic}`;
  const now = Date.now();
  const known = decisions.get(key);
  if (known && known.until > now) return known.allowed;
  const decision: Decision = {
    until: now + GRANTED_MS,
    allowed: check(ctx, id).catch((error: unknown) => {
      ctx.log.warn('live topic access not checked', { topic, err: error });
      decisions.delete(key);
      return false;
    }),
  };
  void decision.allowed.then((allowed) => {
    if (!allowed) decision.until = Date.now() + REFUSED_MS;
  });
  if (decisions.size >= MAX_DECISIONS) {
    const oldest = decisions.keys().next().value;
    if (oldest !== undefined) decisions.delete(oldest);
  }
  decisions.set(key, decision);
  return decision.allowed;
}

/** Each database (pool) has its own listening connection in this process: `live:<spaceId>` keys. */
const buses = new WeakMap<pg.Pool, Notices>();

function busOf(pool: pg.Pool, log: Logger): Notices {
  let bus = buses.get(pool);
  if (!bus) {
    bus = new Notices(pool, log, 'takt_live', (payload) => {
      const { s } = (payload ?? {}) as { s?: unknown };
      return typeof s === 'string' ? s : null;
    });
    buses.set(pool, bus);
  }
  return bus;
}

/** Ends every open stream of this database in this process and closes its listening connection. */
export async function stopLive(pool: pg.Pool): Promise<void> {
  const bus = buses.get(pool);
  buses.delete(pool);
  await bus?.stop();
}

/** Events older than this are pruned (a tab asleep for longer loads its screens again anyway). */
export const LIVE_RETENTION_DAYS = 7;

/** Removes the events past their retention; called by the periodic cleanup. */
export async function pruneLiveEvents(pool: pg.Pool, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - LIVE_RETENTION_DAYS * 86_400_000);
  const { rowCount } = await pool.query('DELETE FROM live_events WHERE "createdAt" < $1', [before]);
  return rowCount ?? 0;
}

interface EventRow {
  id: string;
  topic: string;
  kind: string;
  data: unknown;
  createdAt: Date | string;
}

const dtoOf = (row: EventRow): LiveEventDto => ({
  id: String(row.id),
  topic: row.topic,
  kind: row.kind,
  data: row.data,
  // A notice carries the time as PostgreSQL's JSON writes a timestamp without a zone: local time, as
  // `pg` reads such a column too.
  createdAt: (row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt)).toISOString(),
});

/** Events read again per query when a stream catches up (a reconnect, a lost listening connection). */
const REPLAY_PAGE = 500;

async function eventsAfter(pool: pg.Pool, spaceId: string, after: bigint): Promise<EventRow[]> {
  const { rows } = await pool.query<EventRow>(
    `SELECT id::text AS id, topic, kind, data, "createdAt" FROM live_events
     WHERE "spaceId" = $1 AND id > $2 ORDER BY id LIMIT ${REPLAY_PAGE}`,
    [spaceId, after.toString()],
  );
  return rows;
}

async function lastEventId(pool: pg.Pool, spaceId: string): Promise<bigint> {
  const { rows } = await pool.query<{ id: string | null }>(
    'SELECT max(id)::text AS id FROM live_events WHERE "spaceId" = $1',
    [spaceId],
  );
  return BigInt(rows[0]?.id ?? 0);
}

/** What the listening connection hands a stream: a notice's payload, a possible gap, or the end. */
type Heard = { kind: 'event'; payload: unknown } | { kind: 'gap' } | { kind: 'end' };

/** The notices heard for one stream, waiting to be read in order. */
class Inbox {
  private readonly items: Heard[] = [];
  private wake: (() => void) | null = null;

  push(item: Heard) {
    this.items.push(item);
    this.wake?.();
    this.wake = null;
  }

  async take(signal: AbortSignal | undefined): Promise<Heard> {
    while (this.items.length === 0) {
      if (signal?.aborted) return { kind: 'end' };
      await new Promise<void>((resolve) => {
        const aborted = () => resolve();
        this.wake = () => {
          signal?.removeEventListener('abort', aborted);
          resolve();
        };
        signal?.addEventListener('abort', aborted, { once: true });
      });
    }
    return this.items.shift()!;
  }
}

/** The first event of every stream: where it starts, so that a reconnect resumes from there. */
export const LIVE_READY_KIND = 'live.ready';

/**
 * `live.events`: the caller's events of the space — of their own `user:` topic and of every topic they may
 * read — as they commit, each tracked by its id. With `lastEventId` (a reconnect) the events committed
 * since are read again from the table first; then the live ones, none twice, none missed: listening
 * starts before the table is read, and the ids of a space become visible in their order.
 */
export async function liveEvents(
  ctx: SpaceContext,
  input: { lastEventId?: string | null },
  signal: AbortSignal | undefined,
) {
  return streamOf(ctx, input.lastEventId ? BigInt(input.lastEventId) : null, signal);
}

async function* streamOf(ctx: SpaceContext, from: bigint | null, signal: AbortSignal | undefined) {
  const pool = ctx.db.pool;
  const spaceId = ctx.space.spaceId;
  const userTopic = `user:${ctx.session.userId}`;
  const inbox = new Inbox();
  const unlisten = await busOf(pool, ctx.log).listen(spaceId, {
    notice: (payload) => {
      if (payload === undefined) return inbox.push({ kind: 'gap' });
      // Every stream of the space hears every notice: another user's own events are dropped here, at no
      // cost, rather than waking this stream (a thousand streams, ten users: a tenth of the wake-ups).
      const topic = (payload as { t?: unknown }).t;
      if (typeof topic === 'string' && topic.startsWith('user:') && topic !== userTopic) return;
      inbox.push({ kind: 'event', payload });
    },
    end: () => inbox.push({ kind: 'end' }),
  });
  let last = from ?? (await lastEventId(pool, spaceId));

  /** The event as the caller gets it, or null when they may not read its topic. */
  const readable = async (row: EventRow) => {
    if (row.topic === userTopic) forgetRefusals(spaceId, ctx.session.userId);
    return (await mayRead(ctx, row.topic)) ? dtoOf(row) : null;
  };

  try {
    if (from === null)
      yield tracked(String(last), {
        id: String(last),
        topic: userTopic,
        kind: LIVE_READY_KIND,
        data: null,
        createdAt: new Date().toISOString(),
      } satisfies LiveEventDto);
    let catchUp = from !== null;
    for (;;) {
      while (catchUp) {
        const rows = await eventsAfter(pool, spaceId, last);
        for (const row of rows) {
          last = BigInt(row.id);
          const event = await readable(row);
          if (event) yield tracked(event.id, event);
        }
        catchUp = rows.length === REPLAY_PAGE;
      }
      const heard = await inbox.take(signal);
      if (heard.kind === 'end') return;
      if (heard.kind === 'gap') {
        catchUp = true;
        continue;
      }
      const payload = heard.payload as Partial<Record<'i' | 't' | 'k' | 'c', string>> & { d?: unknown };
      const id = typeof payload.i === 'string' && /^\d+$/.test(payload.i) ? BigInt(payload.i) : null;
      if (id === null || id <= last) continue;
      if (payload.t === undefined || payload.k === undefined || payload.c === undefined) {
        // Too big for a notice: read from the table, with whatever else committed up to it.
        catchUp = true;
        continue;
      }
      last = id;
      const event = await readable({
        id: payload.i!,
        topic: payload.t,
        kind: payload.k,
        data: payload.d ?? null,
        createdAt: payload.c,
      });
      if (event) yield tracked(event.id, event);
    }
  } catch (error) {
    if (!signal?.aborted) throw error;
  } finally {
    unlisten();
  }
}

import { EventEmitter, on } from 'node:events';
import { type DocumentChanges, documentChanges, type ScheduleDocument } from '@takt/schedule';
import { tracked } from '@trpc/server';
import pg from 'pg';
import type { SpaceContext } from '../../context';
import type { Logger } from '../../log';
import { versionDocument } from './document';
import { versionOf } from './guard';

/**
 * What an open schedule hears when its version changed, in this or in any other server process: the
 * version's revision and calculation status now and, when the works stayed the same ones and few of them
 * changed, the changes from the revision `fromRevision` (applied in place by a client that holds exactly
 * that revision). Without changes the client loads the version again — unless it already holds this
 * revision and status (its own edit).
 */
export interface LiveUpdate {
  revision: number;
  calcStatus: number;
  fromRevision: number | null;
  changes: DocumentChanges | null;
}

/** The channel the `versions` trigger notifies on every change of a version's revision or calculation. */
const CHANNEL = 'takt_version';

/** Beyond this many changed works a client loads the version again rather than apply a long list. */
const MAX_LIVE_ROWS = 20_000;

/** The delay before listening again after the listening connection was lost. */
const RECONNECT_MS = 1_000;

interface Notice {
  s: string;
  v: string;
}

/**
 * One version watched by the open schedules this process serves: the document they were last told about,
 * and the updates to tell them. Notices are handled one at a time; those arriving meanwhile are folded
 * into one more reading, since each reading brings the version up to date anyway.
 */
class VersionWatch {
  readonly updates = new EventEmitter();
  private last: { revision: number; calcStatus: number; document: ScheduleDocument } | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly pool: pg.Pool,
    readonly spaceId: string,
    readonly versionId: string,
    private readonly log: Logger,
  ) {
    // Every open schedule of the version listens here; Node's warning at 10 listeners does not apply.
    this.updates.setMaxListeners(0);
  }

  /** The version as the watchers were last told about it (read once when the first one comes). */
  async current() {
    if (!this.last) await this.refresh();
    return this.last;
  }

  /** The version changed: read it and tell every watcher what changed. */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.readAndTell().catch((error: unknown) =>
          this.log.warn('live update not read', { versionId: this.versionId, err: error }),
        );
      } while (this.again);
      this.running = null;
    })();
    return this.running;
  }

  private async readAndTell() {
    const read = await versionDocument(this.pool, this.spaceId, this.versionId);
    const document = read.document;
    const now = { revision: document.versionRevision, calcStatus: document.calcStatus, document };
    const before = this.last;
    this.last = now;
    if (!before) return;
    const changes = documentChanges(before.document, document, MAX_LIVE_ROWS);
    const unchanged =
      before.revision === now.revision &&
      before.calcStatus === now.calcStatus &&
      changes?.workIds.length === 0;
    if (unchanged && changes.drivingRelations.length === 0) return;
    const update: LiveUpdate = {
      revision: now.revision,
      calcStatus: now.calcStatus,
      fromRevision: before.revision,
      changes,
    };
    this.updates.emit('update', update);
  }
}

/**
 * The live updates of this process: one listening connection (opened when the first schedule is watched,
 * closed with the server), the watched versions, and their watchers. A notice is sent by PostgreSQL when
 * the transaction that changed the version commits, to every process, so an edit, a calculation, an undo
 * or an import by any process, worker or script reaches every open schedule.
 */
export class LiveVersions {
  private readonly watches = new Map<string, VersionWatch>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
  ) {}

  /**
   * The watch of a version for one watcher; `release` when the watcher leaves. The first watcher opens the
   * listening connection; the watch goes when its last watcher leaves.
   */
  async watch(spaceId: string, versionId: string) {
    const key = `${spaceId}/${versionId}`;
    let watch = this.watches.get(key);
    if (!watch) {
      watch = new VersionWatch(this.pool, spaceId, versionId, this.log);
      this.watches.set(key, watch);
    }
    const watched = watch;
    const release = () => {
      if (watched.updates.listenerCount('update') === 0 && this.watches.get(key) === watched)
        this.watches.delete(key);
    };
    try {
      await this.listen();
    } catch (error) {
      release();
      throw error;
    }
    return { watch: watched, release };
  }

  /** Closes the listening connection; nothing is watched any more. */
  async stop() {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    for (const watch of this.watches.values()) watch.updates.emit('end');
    this.watches.clear();
    await client?.end().catch(() => {});
  }

  private listen(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect() {
    const client = new pg.Client(this.pool.options);
    client.on('notification', (message) => this.heard(message.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    if (this.stopped) {
      await client.end();
      return;
    }
    this.client = client;
  }

  private heard(payload: string | undefined) {
    let notice: Notice;
    try {
      notice = JSON.parse(payload ?? '') as Notice;
    } catch {
      return;
    }
    void this.watches.get(`${notice.s}/${notice.v}`)?.refresh();
  }

  /**
   * The listening connection went (a database restart, an administrator's terminate): listen again, then
   * read every watched version, since notices sent meanwhile were not heard.
   */
  private lost(client: pg.Client, error?: Error) {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('notification');
    void client.end().catch(() => {});
    if (this.stopped) return;
    this.log.warn('live updates: listening connection lost', { err: error });
    const again = () => {
      this.retry = null;
      if (this.stopped || this.watches.size === 0) return;
      this.listen().then(
        () => {
          for (const watch of this.watches.values()) void watch.refresh();
        },
        () => {
          this.retry = setTimeout(again, RECONNECT_MS);
        },
      );
    };
    this.retry = setTimeout(again, RECONNECT_MS);
  }
}

/** An update's id: where a client that reconnects stands (`revision:calcStatus`). */
const eventIdOf = (update: { revision: number; calcStatus: number }) =>
  `${update.revision}:${update.calcStatus}`;

function standingOf(input: { revision?: number; calcStatus?: number; lastEventId?: string }) {
  if (input.lastEventId) {
    const [revision, calcStatus] = input.lastEventId.split(':').map(Number);
    return { revision, calcStatus };
  }
  return { revision: input.revision, calcStatus: input.calcStatus };
}

type LiveInput = { versionId: string; revision?: number; calcStatus?: number; lastEventId?: string };

/**
 * The live updates of one open version for one client, until it leaves (`signal`) or the server stops:
 * the version is checked first (NotFound is an answer, not an event), then the stream is handed back.
 */
export async function liveUpdates(ctx: SpaceContext, input: LiveInput, signal: AbortSignal | undefined) {
  await versionOf(ctx.db.pool, ctx.space.spaceId, input.versionId);
  return updatesOf(ctx, input, signal);
}

/**
 * A client whose revision or status is not the version's now first hears so (without changes: it loads
 * the version again); then every change, as it commits.
 */
async function* updatesOf(ctx: SpaceContext, input: LiveInput, signal: AbortSignal | undefined) {
  const spaceId = ctx.space.spaceId;
  const { watch, release } = await ctx.live.watch(spaceId, input.versionId);
  // Listening starts before the version is read, so that no change between the two is lost.
  const heard = on(watch.updates, 'update', { signal, close: ['end'] });
  try {
    const now = await watch.current();
    const client = standingOf(input);
    if (now && (client.revision !== now.revision || client.calcStatus !== now.calcStatus)) {
      const update: LiveUpdate = {
        revision: now.revision,
        calcStatus: now.calcStatus,
        fromRevision: null,
        changes: null,
      };
      yield tracked(eventIdOf(update), update);
    }
    for await (const [update] of heard) yield tracked(eventIdOf(update as LiveUpdate), update as LiveUpdate);
  } catch (error) {
    if (!signal?.aborted) throw error;
  } finally {
    await heard.return?.();
    release();
  }
}

import { EventEmitter, on } from 'node:events';
import { type DocumentChanges, documentChanges, type ScheduleDocument } from '@takt/schedule';
import { tracked } from '@trpc/server';
import type pg from 'pg';
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

/** Beyond this many changed works a client loads the version again rather than apply a long list. */
const MAX_LIVE_ROWS = 20_000;

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
  /** Stops listening to the version's notices (set once listening). */
  unlisten: (() => void) | null = null;
  /** The open schedules watching it in this process. */
  watchers = 0;

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

/** The versions watched in this process, by `space/version`; a watch goes with its last watcher. */
const watches = new Map<string, VersionWatch>();

/** The watch of a version for one more watcher, listening to its notices; `release` when it leaves. */
async function watchVersion(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  const key = `${spaceId}/${versionId}`;
  const existing = watches.get(key);
  const watched = existing ?? new VersionWatch(ctx.db.pool, spaceId, versionId, ctx.log);
  watched.watchers += 1;
  if (!existing) {
    watches.set(key, watched);
    try {
      watched.unlisten = await ctx.notices.listen(key, {
        notice: () => void watched.refresh(),
        end: () => watched.updates.emit('end'),
      });
    } catch (error) {
      watches.delete(key);
      throw error;
    }
  }
  const release = () => {
    watched.watchers -= 1;
    if (watched.watchers > 0 || watches.get(key) !== watched) return;
    watches.delete(key);
    watched.unlisten?.();
  };
  return { watch: watched, release };
}

/** An update's id: where a client that reconnects stands (`revision:calcStatus`). */
const eventIdOf = (update: { revision: number; calcStatus: number }) =>
  `${update.revision}:${update.calcStatus}`;

type LiveInput = { versionId: string };

/**
 * The live updates of one open version for one client, until it leaves (`signal`) or the server stops:
 * the version is checked first (NotFound is an answer, not an event), then the stream is handed back.
 */
export async function liveUpdates(ctx: SpaceContext, input: LiveInput, signal: AbortSignal | undefined) {
  await versionOf(ctx.db.pool, ctx.space.spaceId, input.versionId);
  return updatesOf(ctx, input, signal);
}

/**
 * First where the version stands now (without changes: a client holding another revision or status
 * loads it again), then every change, as it commits.
 */
async function* updatesOf(ctx: SpaceContext, input: LiveInput, signal: AbortSignal | undefined) {
  const { watch, release } = await watchVersion(ctx, input.versionId);
  // Listening starts before the version is read, so that no change between the two is lost.
  const heard = on(watch.updates, 'update', { signal, close: ['end'] });
  try {
    // The first update is always where the version stands now: a client that holds something else
    // loads it again, and every client knows from here on that it hears each change.
    const now = await watch.current();
    if (now) {
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

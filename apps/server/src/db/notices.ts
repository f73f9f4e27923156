import pg from 'pg';
import type { Logger } from '../log';

/**
 * What a listener of one key is told: a notice for it (with its JSON payload; none after the connection
 * was lost and opened again, when notices may have been missed), or the end (the server stops).
 */
export interface NoticeListener {
  notice(payload?: unknown): void;
  end(): void;
}

/** The delay before listening again after the listening connection was lost. */
const RECONNECT_MS = 1_000;

/**
 * Notices of one PostgreSQL channel for this process (LISTEN/NOTIFY): one listening connection,
 * opened when the first key is listened to and closed with the server, each notice handed to the
 * listeners of its key (`keyOf` its JSON payload). A notice is sent when the transaction that sent it
 * commits, to every process listening, so a change committed anywhere reaches them all. When the
 * connection is lost (a database restart, an administrator's terminate) it is opened again, and every
 * listener is told once, since notices sent meanwhile were missed.
 */
export class Notices {
  private readonly listeners = new Map<string, Set<NoticeListener>>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    private readonly channel: string,
    private readonly keyOf: (payload: unknown) => string | null,
  ) {}

  /** Listens to the notices of a key until the returned function is called. */
  async listen(key: string, listener: NoticeListener): Promise<() => void> {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    const stop = () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(key) === set) this.listeners.delete(key);
    };
    try {
      await this.connect();
    } catch (error) {
      stop();
      throw error;
    }
    return stop;
  }

  /** Closes the listening connection; every listener is told the end. */
  async stop() {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    for (const set of this.listeners.values()) for (const listener of set) listener.end();
    this.listeners.clear();
    await client?.end().catch(() => {});
  }

  private connect(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open() {
    const client = new pg.Client(this.pool.options);
    client.on('notification', (message) => this.heard(message.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    if (this.stopped) {
      await client.end();
      return;
    }
    this.client = client;
  }

  private heard(payload: string | undefined) {
    let parsed: unknown;
    let key: string | null;
    try {
      parsed = JSON.parse(payload ?? '');
      key = this.keyOf(parsed);
    } catch {
      return;
    }
    if (key) for (const listener of this.listeners.get(key) ?? []) listener.notice(parsed);
  }

  private lost(client: pg.Client, error?: Error) {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('notification');
    void client.end().catch(() => {});
    if (this.stopped) return;
    this.log.warn('notices: listening connection lost', { channel: this.channel, err: error });
    const again = () => {
      this.retry = null;
      if (this.stopped || this.listeners.size === 0) return;
      this.connect().then(
        () => {
          for (const set of this.listeners.values()) for (const listener of set) listener.notice();
        },
        () => {
          this.retry = setTimeout(again, RECONNECT_MS);
        },
      );
    };
    this.retry = setTimeout(again, RECONNECT_MS);
  }
}

/** The notices of changed versions (the `versions` trigger): the key is `space/version`. */
export function versionNotices(pool: pg.Pool, log: Logger): Notices {
  return new Notices(pool, log, 'takt_version', (payload) => {
    const { s, v } = (payload ?? {}) as { s?: unknown; v?: unknown };
    return typeof s === 'string' && typeof v === 'string' ? `${s}/${v}` : null;
  });
}

import type { Ability, Language } from '@takt/contracts';
import type { Database, User } from '@takt/db';
import type { Config } from './config';
import type { Notices } from './db/notices';
import type { SharedReads } from './db/shared-reads';
import type { PayloadCache } from './files/payload-cache';
import type { FileStorage } from './files/storage';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './log';

/** What the server is built from; created once in main.ts (or per test). */
export interface Services {
  db: Database;
  config: Config;
  log: Logger;
  files: FileStorage;
  jobs: JobQueue;
  /** Encoded binary payloads of recently read versions (docs/architecture.md, "The engine and the payload to the browser"). */
  payloads: PayloadCache;
  /** Reads of sessions, users and memberships that concurrent requests share (never older than a request). */
  reads: SharedReads;
  /** Notices of changed versions from every process (LISTEN), for the live updates of open schedules. */
  notices: Notices;
}

export interface SessionInfo {
  id: string;
  userId: string;
  /** The idle timeout the session carries (that of the last space it used); absent for system callers. */
  idleTimeoutMinutes?: number;
  /** The user's row as read with the session, at the start of this request (callers must not change it). */
  user?: User;
}

export interface SpaceAccess {
  spaceId: string;
  roleId: string;
  roleName: string;
  /** Built-in role key (administrator, planner…), null for custom roles; lets clients translate the name. */
  roleKey: string | null;
  abilities: ReadonlySet<Ability>;
}

/** The context of one call, whether it came through tRPC or the REST table. */
export interface Context extends Services {
  source: 'trpc' | 'rest';
  requestId: string;
  ip: string;
  userAgent: string | null;
  lang: Language;
  token: string | null;
  session: SessionInfo | null;
  space: SpaceAccess | null;
}

export type AuthedContext = Context & { session: SessionInfo };
export type SpaceContext = AuthedContext & { space: SpaceAccess };

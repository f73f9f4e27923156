/**
 * Remote spaces (docs/product-rules.md, "Remote spaces"): the spaces the caller has on another Takt server, and
 * one of them copied here as a new space — all through the other server's own REST API with the caller's token
 * there, so any Takt of this API serves as the source and nothing is added to it:
 *
 *   GET  users/who-am-i, users/spaces, space/{id}/access      who the token is, the spaces, which ones it administers
 *   POST space/{id}/backups, GET space/{id}/backups            a backup of the space taken there, waited for
 *   GET  space/{id}/backups/{b}/download                       its archive, streamed here within the size limit
 *   DELETE space/{id}/backups/{b}                              the backup removed there again, whatever happened
 *
 * The archive is checked while it streams (gzip, our header, a space, not from a newer Takt, bounded sizes),
 * written to this space's backup storage, and restored as a new space (restore.ts) owned by the caller. The copy
 * is a job of kind `restore` (format `remote`) with its progress. The token travels only in the queue's message to
 * the worker: never in the job's options, report or error, never in a log.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import {
  type ErrorCode,
  isRemoteUrl,
  REMOTE_LIMITS,
  type RemoteSpace,
  type RestoreMode,
} from '@takt/contracts';
import type { Services, SpaceContext } from '../../context';
import { AppError } from '../../errors';
import { audit } from '../audit';
import { claimRun, finishThrown, getJob, insertJob } from '../interchange';
import { ARCHIVE_FORMAT, type ArchiveHeader, markerOf, writeArchive } from './archive';
import { restoreArchive } from './restore';
import { schemaVersion } from './snapshot';

export const REMOTE_COPY_JOB = 'backups.copyRemote';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An answer of the other server read as JSON, at most (bytes). */
const ANSWER_MAX_BYTES = 8 * 1024 * 1024;
/** Spaces asked about at once while listing. */
const LISTING_CONCURRENCY = 8;
/** How often the other server's backup is looked at while it is being taken. */
const POLL_MS = 500;
/** The archive unpacked may be this many times the packed limit (a gzip bomb is cut there). */
const UNPACKED_FACTOR = 40;
/** One line of the archive, at most (characters): a file's chunk line is far below it. */
const LINE_MAX_CHARS = 64 * 1024 * 1024;
/** TLS failures Node reports by code: the certificate (or the handshake) was not accepted. */
const TLS_CODE = /CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|HOSTNAME|ALTNAME/i;

/** The other server's REST root: the address as given, less a trailing slash or `/api/v1`, plus `/api/v1`. */
export function remoteApiRoot(address: string): string {
  if (!isRemoteUrl(address)) throw new AppError('BadRequest');
  const url = new URL(address.trim());
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/i, '');
  return `${url.origin}${path}/api/v1`;
}

/** Why a request never got an answer: a refused certificate, else where it stopped (a network code). */
function unreachable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const e = error as {
    name?: string;
    code?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return new AppError('RemoteUnreachable', { reason: 'timeout' });
  const code = e.cause?.code ?? e.code ?? '';
  const text = e.cause?.message ?? e.message ?? '';
  if (TLS_CODE.test(code) || /certificate|tls|ssl/i.test(text))
    return new AppError('RemoteTlsError', { reason: code || text.slice(0, 120) });
  return new AppError('RemoteUnreachable', { reason: code || text.slice(0, 120) || 'network' });
}

/** What a refusal of the other server means here; `notFound` says what its 404 means for this request. */
function refusal(status: number, notFound: ErrorCode): AppError {
  if (status === 401) return new AppError('RemoteTokenRefused');
  if (status === 402 || status === 403) return new AppError('RemoteNotAllowed');
  if (status === 404) return new AppError(notFound);
  if (status >= 500) return new AppError('RemoteUnreachable', { reason: `HTTP ${status}` });
  return new AppError('RemoteNotTakt');
}

/** The other server, called with the caller's token there. */
class RemoteTakt {
  constructor(
    private readonly root: string,
    private readonly token: string,
    private readonly lang: string,
  ) {}

  /** A call answered with 2xx (redirects are not followed: a moved server is reported with where it moved). */
  async call(
    method: string,
    path: string,
    options: { body?: unknown; ms?: number; notFound?: ErrorCode } = {},
  ): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${this.root}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          'x-language': this.lang,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        redirect: 'manual',
        signal: AbortSignal.timeout(options.ms ?? REMOTE_LIMITS.requestMs),
      });
    } catch (error) {
      throw unreachable(error);
    }
    if (response.status >= 200 && response.status < 300) return response;
    await response.body?.cancel().catch(() => {});
    if (response.status >= 300 && response.status < 400)
      throw new AppError('RemoteUnreachable', {
        reason: `HTTP ${response.status} → ${(response.headers.get('location') ?? '').slice(0, 200)}`,
      });
    throw refusal(response.status, options.notFound ?? 'RemoteNotTakt');
  }

  /** A call answered with JSON (read within its bound); anything else is no Takt. */
  async json(
    method: string,
    path: string,
    options: { body?: unknown; notFound?: ErrorCode } = {},
  ): Promise<unknown> {
    const response = await this.call(method, path, options);
    if (!(response.headers.get('content-type') ?? '').includes('json')) {
      await response.body?.cancel().catch(() => {});
      throw new AppError('RemoteNotTakt');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of nodeStream(response)) {
        size += (chunk as Buffer).length;
        if (size > ANSWER_MAX_BYTES) throw new AppError('RemoteNotTakt');
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      throw unreachable(error);
    }
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      throw new AppError('RemoteNotTakt');
    }
  }

  /** Whether the token's user administers the space there (its access holds `space.manage`). */
  async administers(spaceId: string): Promise<boolean> {
    try {
      const access = (await this.json('GET', `/space/${spaceId}/access`, {
        notFound: 'RemoteNotAllowed',
      })) as {
        abilities?: unknown;
      };
      return Array.isArray(access?.abilities) && access.abilities.includes('space.manage');
    } catch (error) {
      if (error instanceof AppError && error.code === 'RemoteNotAllowed') return false;
      throw error;
    }
  }

  async userId(): Promise<string> {
    const me = (await this.json('GET', '/users/who-am-i')) as { id?: unknown } | null;
    if (typeof me?.id !== 'string' || !UUID.test(me.id)) throw new AppError('RemoteNotTakt');
    return me.id;
  }
}

/** An answer's body as a Node stream (an empty one when it has none). */
function nodeStream(response: Response): Readable {
  return response.body
    ? Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)
    : Readable.from([]);
}

const remoteOf = (input: { url: string; token: string }, lang: string) =>
  new RemoteTakt(remoteApiRoot(input.url), input.token, lang);

/** API GET remote-spaces: the caller's spaces on the other server, each with whether it may be copied. */
export async function listRemoteSpaces(
  ctx: SpaceContext,
  input: { url: string; token: string },
): Promise<RemoteSpace[]> {
  const remote = remoteOf(input, ctx.lang);
  const listed = await remote.json('GET', '/users/spaces');
  if (!Array.isArray(listed)) throw new AppError('RemoteNotTakt');
  const spaces = listed
    .filter(
      (s): s is { id: string; name: string } =>
        typeof s?.id === 'string' && UUID.test(s.id) && typeof s.name === 'string',
    )
    .slice(0, REMOTE_LIMITS.spacesMax);
  const out: RemoteSpace[] = [];
  for (let i = 0; i < spaces.length; i += LISTING_CONCURRENCY) {
    const batch = spaces.slice(i, i + LISTING_CONCURRENCY);
    const allowed = await Promise.all(batch.map((s) => remote.administers(s.id)));
    for (const [k, s] of batch.entries())
      out.push({ id: s.id, name: s.name.slice(0, 200), canCopy: allowed[k]! });
  }
  return out;
}

/**
 * API POST space/copy-remote: checks at once that the token works and that the caller administers the space
 * there, then queues the copy as a job of this space (answered as the API shows jobs).
 */
export async function copyRemoteSpace(
  ctx: SpaceContext,
  input: { url: string; token: string; remoteSpaceId: string; name?: string | undefined },
) {
  const remote = remoteOf(input, ctx.lang);
  await remote.userId();
  if (!(await remote.administers(input.remoteSpaceId))) throw new AppError('RemoteNotAllowed');
  const mode: RestoreMode = 'new';
  const jobId = await insertJob(ctx.db.pool, {
    spaceId: ctx.space.spaceId,
    userId: ctx.session.userId,
    kind: 'restore',
    format: 'remote',
    options: { lang: ctx.lang, mode, ...(input.name ? { name: input.name } : {}) },
  });
  await ctx.jobs.send(REMOTE_COPY_JOB, {
    jobId,
    url: input.url,
    token: input.token,
    remoteSpaceId: input.remoteSpaceId,
  });
  await audit(ctx, {
    action: 'space.copyRemote',
    details: { jobId, from: new URL(input.url.trim()).origin, remoteSpaceId: input.remoteSpaceId },
  });
  return getJob(ctx, jobId);
}

interface RemoteBackup {
  id: string;
  state: string;
  progress?: number;
  size?: number;
}

/** The copy job (from the queue): backup there, download, restore here as a new space; the backup there removed. */
export async function runRemoteCopyJob(services: Services, data: Record<string, unknown>): Promise<void> {
  const run = await claimRun(services, String(data.jobId));
  if (!run) return;
  const { job, progress } = run;
  const lang = typeof job.options.lang === 'string' ? job.options.lang : 'ru';
  const remoteSpaceId = String(data.remoteSpaceId);
  const key = `spaces/${job.spaceId}/backup/remote-${job.id}.jsonl.gz`;
  let remote: RemoteTakt | null = null;
  let backupId: string | null = null;
  let report: Record<string, unknown> | null = null;
  let failure: unknown = null;
  try {
    remote = remoteOf({ url: String(data.url), token: String(data.token) }, lang);
    if (!UUID.test(remoteSpaceId)) throw new AppError('BadRequest');
    await progress.report('reading', 1, undefined, true);
    const remoteUser = await remote.userId();
    const created = (await remote.json('POST', `/space/${remoteSpaceId}/backups`, {
      body: {},
      notFound: 'RemoteNotAllowed',
    })) as RemoteBackup;
    if (typeof created?.id !== 'string' || !UUID.test(created.id)) throw new AppError('RemoteNotTakt');
    backupId = created.id;
    const taken = await remoteBackupDone(remote, remoteSpaceId, backupId, (p) =>
      progress.report('reading', 1 + 0.3 * p),
    );
    const header = await downloadArchive(
      services,
      remote,
      `/space/${remoteSpaceId}/backups/${backupId}/download`,
      {
        key,
        expectedBytes: taken.size ?? 0,
        fromUser: remoteUser,
        toUser: job.userId!,
        progress: (done) => progress.report('loading', 31 + 29 * done, undefined),
      },
    );
    const outcome = await restoreArchive(
      services,
      {
        key,
        mode: 'new',
        spaceId: header.spaceId,
        userId: job.userId!,
        ...(typeof job.options.name === 'string' ? { name: job.options.name } : {}),
      },
      (done, total) => progress.report('writing', 60 + 39 * (done / Math.max(1, total))),
    );
    const { rows } = await services.db.pool.query<{ name: string }>('SELECT name FROM spaces WHERE id = $1', [
      outcome.spaceId,
    ]);
    report = {
      spaceId: outcome.spaceId,
      name: rows[0]?.name ?? header.name,
      rows: outcome.rows,
      skippedRows: outcome.skippedRows,
      files: outcome.files,
      takenAt: outcome.takenAt,
      from: new URL(String(data.url).trim()).origin,
    };
  } catch (error) {
    failure = error;
  }
  // Cleaned up before the end is recorded: whoever sees the job ended sees the backup there gone too.
  await services.files.delete(key).catch(() => {});
  if (remote && backupId)
    await remote.call('DELETE', `/space/${remoteSpaceId}/backups/${backupId}`).catch((error: unknown) => {
      services.log.warn('remote backup not removed', { jobId: job.id, code: (error as AppError).code });
    });
  if (report) await progress.finish('completed', { report });
  else if (failure instanceof AppError && Object.keys(failure.params).length)
    // The message's values travel with the job's error (the catalogue's text needs them).
    await progress.finish('failed', {
      error: {
        code: failure.code,
        message: failure.code,
        messageId: `errors.${failure.code}`,
        messageValues: failure.params,
      },
    });
  else await finishThrown(services, progress, failure, 'remote copy');
}

/** Waits until the other server's backup is taken (`progress(0…100)` as it goes); failed or too slow: refused. */
async function remoteBackupDone(
  remote: RemoteTakt,
  spaceId: string,
  backupId: string,
  progress: (percent: number) => Promise<void>,
): Promise<RemoteBackup> {
  const end = Date.now() + REMOTE_LIMITS.backupMs;
  while (Date.now() < end) {
    const list = await remote.json('GET', `/space/${spaceId}/backups`, { notFound: 'RemoteNotAllowed' });
    const backup = Array.isArray(list)
      ? (list.find((b) => b?.id === backupId) as RemoteBackup | undefined)
      : undefined;
    if (!backup) throw new AppError('RemoteBackupFailed');
    if (backup.state === 'completed') return backup;
    if (backup.state === 'failed') throw new AppError('RemoteBackupFailed');
    await progress(Number(backup.progress) || 0);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new AppError('RemoteBackupFailed');
}

/**
 * Streams the other server's archive into storage at `key`, checked as it comes: within the size limit (packed
 * and unpacked), gzip'd JSON lines beginning with our header, of a whole space, from a Takt no newer than this one.
 * Rows naming the token's user there (`fromUser`) name the caller here (`toUser`) instead.
 */
async function downloadArchive(
  services: Pick<Services, 'db' | 'files' | 'config'>,
  remote: RemoteTakt,
  path: string,
  spec: {
    key: string;
    expectedBytes: number;
    fromUser: string;
    toUser: string;
    progress: (fraction: number) => Promise<void>;
  },
): Promise<ArchiveHeader> {
  const maxBytes = services.config.remoteArchiveMaxBytes;
  const tooLarge = () =>
    new AppError('RemoteArchiveTooLarge', { limit: Math.floor(maxBytes / (1024 * 1024)) });
  if (spec.expectedBytes > maxBytes) throw tooLarge();
  const response = await remote.call('GET', path, {
    ms: REMOTE_LIMITS.downloadMs,
    notFound: 'RemoteNotAllowed',
  });
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const body = nodeStream(response);
  const total = Math.max(declared, spec.expectedBytes, 1);
  let received = 0;
  async function* packed(): AsyncGenerator<Uint8Array> {
    const reader = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await reader.next();
      } catch (error) {
        throw unreachable(error);
      }
      if (next.done) return;
      received += next.value.length;
      if (received > maxBytes) throw tooLarge();
      await spec.progress(Math.min(1, received / total));
      yield next.value;
    }
  }
  const gunzip = createGunzip();
  const source = Readable.from(packed());
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);

  const ours = await schemaVersion(services.db.pool);
  const found: { header?: ArchiveHeader } = {};
  async function* lines(): AsyncGenerator<string> {
    const decoder = new StringDecoder('utf8');
    let pending = '';
    let unpacked = 0;
    const take = (line: string): string => {
      if (!found.header) {
        const header = headerOf(line);
        if (header.schema > ours) throw new AppError('BackupFromNewerTakt', { schema: header.schema });
        found.header = header;
        return line;
      }
      return markerOf(line) === null && line.includes(spec.fromUser)
        ? line.replaceAll(spec.fromUser, spec.toUser)
        : line;
    };
    try {
      for await (const chunk of gunzip) {
        unpacked += (chunk as Buffer).length;
        if (unpacked > maxBytes * UNPACKED_FACTOR) throw tooLarge();
        pending += decoder.write(chunk as Buffer);
        let at = pending.indexOf('\n');
        while (at >= 0) {
          yield take(pending.slice(0, at));
          pending = pending.slice(at + 1);
          at = pending.indexOf('\n');
        }
        if (pending.length > LINE_MAX_CHARS) throw new AppError('RemoteNotTakt');
      }
    } catch (error) {
      // Not gzip, or cut short: no archive of ours.
      if ((error as { code?: unknown }).code?.toString().startsWith('Z_'))
        throw new AppError('RemoteNotTakt');
      throw error;
    }
    pending += decoder.end();
    if (pending) yield take(pending);
    if (!found.header) throw new AppError('RemoteNotTakt');
  }
  await writeArchive(services.files, spec.key, lines());
  if (!found.header) throw new AppError('RemoteNotTakt');
  return found.header;
}

function headerOf(line: string): ArchiveHeader {
  try {
    const header = JSON.parse(line) as ArchiveHeader;
    if (
      header.$backup === ARCHIVE_FORMAT &&
      header.scope === 'space' &&
      typeof header.spaceId === 'string' &&
      UUID.test(header.spaceId) &&
      typeof header.schema === 'string'
    )
      return header;
  } catch {
    // not JSON: no archive of ours
  }
  throw new AppError('RemoteNotTakt');
}

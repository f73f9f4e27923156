// Remote spaces: a second Takt server runs as a real process (test/child-server.ts, the same `startServer` as
// `npm start`) over a database and data folder of its own, on loopback; this file's server lists its spaces and
// copies one through its REST API with a token of that server.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '@takt/db';
import { createTestDatabase, type TestDatabase } from '@takt/db/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Failure, ownSpace, type Space, serverForFile } from './fixtures';
import { registration } from './harness';
import { spaceRows, withoutIds } from './space-rows';

interface RemoteSpace {
  id: string;
  name: string;
  canCopy: boolean;
}
interface Job {
  id: string;
  kind: string;
  format: string;
  state: string;
  progress: number;
  error: { code: string; messageId?: string; messageValues?: Record<string, unknown> } | null;
  report: { spaceId: string; name: string; rows: number; skippedRows: number; files: number } | null;
}

const t = serverForFile();
let here: Space;

// ——— the other server ———
let remoteDatabase: TestDatabase;
let remoteDb: Database;
let remoteDir: string;
let remoteChild: ChildProcess;
let remoteUrl: string;
let remoteToken: string;
let viewerToken: string;
let remoteSpaceId: string;

async function remoteCall<T>(method: string, path: string, body?: unknown, token = remoteToken) {
  const headers: Record<string, string> = { 'x-language': 'en', authorization: `Bearer ${token}` };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${remoteUrl}/api/v1${path}`, { method, headers, body: payload });
  const reply = (await response.json()) as T;
  if (response.status !== 200)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

function startRemote(): Promise<string> {
  remoteChild = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'child-server.ts')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: remoteDatabase.url,
      TAKT_DATA_DIR: remoteDir,
      TAKT_WEB_DIST: join(remoteDir, 'web'),
      TAKT_ROLE: 'all',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  remoteChild.stderr!.on('data', (d: Buffer) => {
    errors += d.toString();
  });
  return new Promise((resolve, reject) => {
    let out = '';
    remoteChild.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    remoteChild.once('exit', (code) => reject(new Error(`remote server exited (${code}): ${errors}`)));
  });
}

const list = (token: string, url = remoteUrl) =>
  t.api<RemoteSpace[] | Failure>(
    'GET',
    `/remote-spaces?spaceId=${here.spaceId}&url=${encodeURIComponent(url)}`,
    undefined,
    {
      token: here.token,
      headers: { 'x-remote-token': token },
    },
  );
const copy = (body: Record<string, unknown>) =>
  t.api<Job | Failure>(
    'POST',
    '/space/copy-remote',
    { spaceId: here.spaceId, url: remoteUrl, ...body },
    {
      token: here.token,
    },
  );

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    }),
  );
}

async function jobDone(jobId: string): Promise<Job> {
  for (let i = 0; i < 1200; i++) {
    const job = await here.ok<Job>('GET', `/batch-processing/jobs/${jobId}`);
    if (!['queued', 'running'].includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('job did not finish');
}

beforeAll(async () => {
  remoteDatabase = await createTestDatabase(inject('testDatabase'));
  remoteDb = openDatabase(remoteDatabase.url, { max: 2, onError: () => {} });
  remoteDir = await mkdtemp(join(tmpdir(), 'takt-remote-'));
  remoteUrl = await startRemote();
  const signUp = async (login: string) => {
    const response = await fetch(`${remoteUrl}/api/v1/users/register-and-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registration(login)),
    });
    return (await response.json()) as { token: string };
  };
  remoteToken = (await signUp('far-admin')).token;
  viewerToken = (await signUp('far-viewer')).token;
  remoteSpaceId = (await remoteCall<{ id: string }>('POST', '/space/create', { name: 'Дальний объект' })).id;
  const s = (path: string, body: unknown) =>
    remoteCall<{ id: string }>('POST', `/space/${remoteSpaceId}${path}`, body);
  const facility = await s('/eps', { kind: 'facility', name: 'Корпус 1' });
  const project = await s('/eps', { kind: 'project', name: 'Жилой дом', parentId: facility.id });
  const schedule = await s('/eps', { kind: 'schedule', name: 'График', parentId: project.id });
  const form = new FormData();
  form.append('file', new Blob([new TextEncoder().encode('passport of the far building')]), 'passport.txt');
  await remoteCall('POST', `/space/${remoteSpaceId}/storage/schedule/${schedule.id}`, form);
  const roles = await remoteCall<{ id: string; key: string | null }[]>(
    'GET',
    `/space/${remoteSpaceId}/roles`,
  );
  await s('/users/invite', { login: 'far-viewer', roleId: roles.find((r) => r.key === 'viewer')!.id });
  here = await ownSpace(t, 'near-admin', 'Здесь');
}, 120_000);

afterAll(async () => {
  remoteChild?.kill('SIGKILL');
  await remoteDb?.close();
  await remoteDatabase?.drop();
  if (remoteDir) await rm(remoteDir, { recursive: true, force: true });
});

describe('remote spaces', () => {
  it('lists the spaces of the token’s user there, copyable where they administer', async () => {
    const admin = await list(remoteToken);
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual([{ id: remoteSpaceId, name: 'Дальний объект', canCopy: true }]);
    const viewer = await list(viewerToken, `${remoteUrl}/api/v1/`);
    expect(viewer.body).toEqual([{ id: remoteSpaceId, name: 'Дальний объект', canCopy: false }]);
  });

  it('copies a space row for row as a new space of the caller, with its files; the backup there removed', async () => {
    const before = await spaceRows(remoteDb.pool, 'space', remoteSpaceId, null);
    // The viewer there has no account here: their membership is left out (and counted); nothing else names them.
    const viewer = (await remoteCall<{ id: string }>('GET', '/users/who-am-i', undefined, viewerToken)).id;
    expect(before.space_members!.filter((r) => r.includes(viewer))).toHaveLength(1);
    before.space_members = before.space_members!.filter((r) => !r.includes(viewer));
    const started = await copy({ token: remoteToken, remoteSpaceId });
    expect(started.status).toBe(200);
    const job = await jobDone((started.body as Job).id);
    expect(job).toMatchObject({ kind: 'restore', format: 'remote', state: 'completed', error: null });
    expect(job.report).toMatchObject({ name: 'Дальний объект', skippedRows: 1, files: 1 });
    const copied = job.report!.spaceId;
    expect(copied).not.toBe(remoteSpaceId);
    const after = await spaceRows(t.server.services.db.pool, 'space', copied, null);
    expect(withoutIds(after)).toEqual(withoutIds(before));
    // The caller administers the copy, and it works: its projects are listed.
    const spaces = await t.api<{ id: string; role: { key: string } }[]>('GET', '/users/spaces', undefined, {
      token: here.token,
    });
    expect(spaces.body.find((s) => s.id === copied)?.role.key).toBe('administrator');
    const eps = await t.api<{ kind: string; name: string }[]>('GET', `/space/${copied}/eps`, undefined, {
      token: here.token,
    });
    expect(eps.body.filter((n) => n.kind === 'project').map((n) => n.name)).toEqual(['Жилой дом']);
    // The token is kept nowhere the job shows, and the backup taken there is gone again.
    const stored = await t.sql<{ row: string }>(
      'SELECT to_jsonb(j)::text AS row FROM interchange_jobs j WHERE id = $1',
      [job.id],
    );
    expect(stored[0]!.row).not.toContain(remoteToken);
    expect(JSON.stringify(job)).not.toContain(remoteToken);
    expect(await remoteCall<unknown[]>('GET', `/space/${remoteSpaceId}/backups`)).toEqual([]);
  }, 120_000);

  it('refuses a bad token, a space the caller does not administer there, an unreachable or wrong address', async () => {
    const badToken = await list('not-a-token');
    expect(badToken.status).toBe(422);
    expect(badToken.body).toMatchObject({ error_code: 'RemoteTokenRefused' });
    expect((await copy({ token: 'not-a-token', remoteSpaceId })).body).toMatchObject({
      error_code: 'RemoteTokenRefused',
    });
    const notAdmin = await copy({ token: viewerToken, remoteSpaceId });
    expect(notAdmin.status).toBe(422);
    expect(notAdmin.body).toMatchObject({ error_code: 'RemoteNotAllowed' });

    const nobody = await list(remoteToken, `http://127.0.0.1:${await closedPort()}/`);
    expect(nobody.status).toBe(422);
    expect(nobody.body).toMatchObject({ error_code: 'RemoteUnreachable' });
    expect(String((nobody.body as Failure).error_message)).toContain('ECONNREFUSED');
    // This server's own web root answers no Takt API at a wrong path.
    const notTakt = await list(remoteToken, `${remoteUrl}/somewhere`);
    expect(notTakt.status).toBe(422);
    const ftp = await list(remoteToken, 'ftp://127.0.0.1/');
    expect(ftp.status).toBe(400);
    expect((ftp.body as Failure).issues?.[0]).toMatchObject({ path: 'url' });
    // A GET never takes the token from the address.
    const inQuery = await t.api<Failure>(
      'GET',
      `/remote-spaces?spaceId=${here.spaceId}&url=${encodeURIComponent(remoteUrl)}&token=${remoteToken}`,
      undefined,
      { token: here.token },
    );
    expect(inQuery.status).toBe(400);
  });

  // The certificate is made by openssl; without it on the machine the case is skipped (and says so).
  it.skipIf(spawnSync('openssl', ['version']).status !== 0)(
    'reports a certificate it does not accept as such',
    async () => {
      // A server with a self-signed certificate (made by openssl here) on loopback.
      const dir = await mkdtemp(join(tmpdir(), 'takt-tls-'));
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const tls = createHttpsServer(
        { key: await readFile(join(dir, 'key.pem')), cert: await readFile(join(dir, 'cert.pem')) },
        (_req, res) => res.end('[]'),
      );
      await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = tls.address() as AddressInfo;
        const reply = await list(remoteToken, `https://127.0.0.1:${port}/`);
        expect(reply.status).toBe(422);
        expect(reply.body).toMatchObject({ error_code: 'RemoteTlsError' });
        expect(String((reply.body as Failure).error_message)).toMatch(
          /certificate was not accepted \(.*SELF_SIGNED/,
        );
      } finally {
        tls.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it('answers malformed input with 4xx, never 5xx', async () => {
    const bodies: Record<string, unknown>[] = [
      {},
      { url: 5, token: [], remoteSpaceId: {} },
      { token: remoteToken, remoteSpaceId: 'not-a-uuid' },
      { url: `http://${'x'.repeat(3000)}.example`, token: remoteToken, remoteSpaceId },
      { url: 'http://user:secret@127.0.0.1/', token: remoteToken, remoteSpaceId },
      { token: 'y'.repeat(600), remoteSpaceId },
      { token: remoteToken, remoteSpaceId, name: 'x'.repeat(40) },
      { token: remoteToken, remoteSpaceId: crypto.randomUUID() },
    ];
    for (const body of bodies) {
      const reply = await copy(body);
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
    }
  });

  it('refuses an archive over the size limit, and removes the backup there all the same', async () => {
    const config = t.server.services.config as { remoteArchiveMaxBytes: number };
    const limit = config.remoteArchiveMaxBytes;
    config.remoteArchiveMaxBytes = 1024;
    try {
      const started = await copy({ token: remoteToken, remoteSpaceId, name: 'Слишком большой' });
      const job = await jobDone((started.body as Job).id);
      expect(job.state).toBe('failed');
      expect(job.error).toMatchObject({
        code: 'RemoteArchiveTooLarge',
        messageId: 'errors.RemoteArchiveTooLarge',
      });
      expect(await t.sql('SELECT id FROM spaces WHERE name = $1', ['Слишком большой'])).toEqual([]);
      expect(await remoteCall<unknown[]>('GET', `/space/${remoteSpaceId}/backups`)).toEqual([]);
    } finally {
      config.remoteArchiveMaxBytes = limit;
    }
  }, 60_000);
});

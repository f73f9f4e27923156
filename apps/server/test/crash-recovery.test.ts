// Crash recovery of background work: real server processes (children of this test) are killed with SIGKILL in
// the middle of an import, a calculation and a space deletion, then started again over the same database and
// files. Nothing half-done may survive: the job ends (failed with a translated message, or stopped) or resumes
// and finishes, the version is not left "calculating", the deleted space is gone.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jobErrorMessage } from '@takt/contracts';
import { type Database, openDatabase } from '@takt/db';
import { createTestDatabase, type TestDatabase } from '@takt/db/testing';
import { translate } from '@takt/i18n';
import { generatedXer } from '@takt/interchange/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const CHILD = join(import.meta.dirname, 'child-server.ts');

interface Reply<T> {
  status: number;
  body: T;
}
interface Job {
  id: string;
  state: string;
  phase: string | null;
  progress: number;
  fileId: string | null;
  versionId: string | null;
  stopRequested: boolean;
  error: { code: string; message: string; messageId?: string } | null;
}

/** One server process over the test's database and data folder. */
class ServerProcess {
  private exited: Promise<void>;
  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
  }

  static start(role: 'all' | 'web'): Promise<ServerProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        TAKT_DATA_DIR: dataDir,
        TAKT_WEB_DIST: join(dataDir, 'web'),
        TAKT_ROLE: role,
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    let errors = '';
    child.stderr!.on('data', (d: Buffer) => {
      errors += d.toString();
    });
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const match = /listening (\S+)/.exec(out);
        if (match) resolve(new ServerProcess(match[1]!, child));
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening: ${errors}`)));
    });
  }

  /** The crash: no shutdown code runs, connections drop, leases stop being renewed. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  async stop(): Promise<void> {
    this.child.kill('SIGTERM');
    await this.exited;
  }

  async api<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    form?: FormData,
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { 'x-language': 'en' };
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (form) payload = form;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${this.url}/api/v1${path}`, { method, headers, body: payload });
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      body: (type.includes('json') ? await response.json() : await response.text()) as T,
    };
  }

  async ok<T = Record<string, unknown>>(method: string, path: string, body?: unknown, form?: FormData) {
    const reply = await this.api<T>(method, path, body, form);
    if (reply.status !== 200)
      throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  }
}

let database: TestDatabase;
let dataDir: string;
let db: Database;
let token = '';
const children = new Set<ChildProcess>();
let server: ServerProcess;
let spaceId: string;
let scheduleId: string;

const sql = async <T>(text: string, params: unknown[] = []) =>
  (await db.pool.query(text, params)).rows as T[];

async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const job = (id: string) => server.ok<Job>('GET', `/space/${spaceId}/batch-processing/jobs/${id}`);

function upload(name: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text]), name);
  return server.ok<Job>('POST', `/space/${spaceId}/schedules/${scheduleId}/versions/upload`, undefined, form);
}

/** What the space holds besides its empty first version: versions and works. */
async function scheduleContent() {
  const [row] = await sql<{ versions: string; works: string }>(
    `SELECT (SELECT count(*) FROM versions WHERE "scheduleId" = $1) AS versions,
       (SELECT count(*) FROM works w JOIN versions v ON v.id = w."versionId" WHERE v."scheduleId" = $1) AS works`,
    [scheduleId],
  );
  return { versions: Number(row!.versions), works: Number(row!.works) };
}

async function storedUpload(fileId: string) {
  const rows = await sql<{ key: string }>('SELECT key FROM stored_files WHERE id = $1', [fileId]);
  return rows[0] ? join(dataDir, 'files', rows[0].key) : null;
}

/** Waits until the crashed process's lease on `key` ran out (the recovery may take the work over). */
function leaseExpired(key: string) {
  return until(
    `lease ${key}`,
    () =>
      sql<{ alive: boolean }>('SELECT "expiresAt" > now() AS alive FROM job_leases WHERE key = $1', [key]),
    (rows) => !rows[0]?.alive,
    20_000,
  );
}

const BIG = generatedXer(60_000);
/**
 * A crash test starts, kills and starts again real server processes around an import of tens of thousands
 * of activities: on a machine busy with other work that takes minutes, not the default minute.
 */
const CRASH_TEST_MS = 180_000;

beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabase'));
  dataDir = await mkdtemp(join(tmpdir(), 'takt-crash-'));
  db = openDatabase(database.url, { max: 2, onError: () => {} });
  server = await ServerProcess.start('all');
  const signed = await server.ok<{ token: string }>('POST', '/users/register-and-login', {
    login: 'crasher',
    email: 'crasher@example.com',
    password: 'correct-horse-battery-1',
    confirmPassword: 'correct-horse-battery-1',
    firstName: 'Test',
    lastName: 'Crasher',
    secretQuestion: 'First school',
    answer: 'School 57',
    privacyPolicyAccepted: true,
  });
  token = signed.token;
  spaceId = (await server.ok<{ id: string }>('POST', '/space/create', { name: 'Аварии' })).id;
  const s = (path: string, body: unknown) =>
    server.ok<{ id: string }>('POST', `/space/${spaceId}${path}`, body);
  const facility = await s('/eps', { kind: 'facility', name: 'Объект' });
  const project = await s('/eps', { kind: 'project', name: 'Проект', parentId: facility.id });
  scheduleId = (await s('/eps', { kind: 'schedule', name: 'График', parentId: project.id })).id;
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await db?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 during an import', { timeout: CRASH_TEST_MS }, () => {
  it('a stop asked of another process after the crash ends the job as stopped and removes its upload', async () => {
    const before = await scheduleContent();
    const started = await upload('big.xer', BIG);
    const running = await until(
      'import progress',
      () => job(started.id),
      (j) => j.state === 'running' && j.progress > 0,
    );
    const file = await storedUpload(running.fileId!);
    expect(file && existsSync(file)).toBe(true);
    await server.kill();
    // What the crash left: a job "running" that nobody runs.
    expect(
      (await sql<{ state: string }>('SELECT state FROM interchange_jobs WHERE id = $1', [started.id]))[0],
    ).toEqual({ state: 'running' });

    // A web process (no workers, no recovery sweep) answers the stop by ending the orphan itself.
    server = await ServerProcess.start('web');
    await leaseExpired(`interchange:${started.id}`);
    const stopped = await server.ok<Job>('POST', `/space/${spaceId}/batch-processing/stop`, {
      jobId: started.id,
    });
    expect(stopped).toMatchObject({ state: 'stopped', fileId: null, versionId: null, error: null });
    expect(await storedUpload(running.fileId!)).toBeNull();
    expect(existsSync(file!)).toBe(false);
    expect(await scheduleContent()).toEqual(before);
    await server.stop();
  });

  it('a job whose process died while writing fails with a translated message, leaving no version or upload', async () => {
    server = await ServerProcess.start('all');
    const before = await scheduleContent();
    const started = await upload('medium.xer', generatedXer(30_000));
    const writing = await until(
      'import writing',
      () => job(started.id),
      (j) => j.state !== 'queued' && (j.state !== 'running' || j.phase === 'writing'),
    );
    expect(writing.state).toBe('running');
    await server.kill();

    server = await ServerProcess.start('all');
    const ended = await until(
      'interrupted import',
      () => job(started.id),
      (j) => j.state !== 'running',
      30_000,
    );
    expect(ended).toMatchObject({ state: 'failed', fileId: null, versionId: null });
    const { id, params } = jobErrorMessage(ended.error!);
    expect(translate('en', id, params)).toBe(
      'The server stopped while this job was running, so nothing was saved. Start it again',
    );
    expect(translate('ru', id, params)).toMatch(/^Сервер остановился/);
    expect(await storedUpload(writing.fileId!)).toBeNull();
    expect(await scheduleContent()).toEqual(before);
  });
});

describe('kill -9 during a calculation', { timeout: CRASH_TEST_MS }, () => {
  it('releases the version (not calculated, with the reason) and ends the job; it calculates again', async () => {
    const imported = await upload('calc.xer', generatedXer(25_000));
    const done = await until(
      'import',
      () => job(imported.id),
      (j) => j.state !== 'running' && j.state !== 'queued',
    );
    expect(done.state).toBe('completed');
    const v = `/space/${spaceId}/versions/${done.versionId}/calculate`;
    const started = await server.ok<Job>('POST', `/space/${spaceId}/batch-processing/timetable-calc`, {
      versionId: done.versionId,
    });
    await until(
      'calculating',
      () => server.ok<{ calcStatus: number }>('GET', v),
      (s) => s.calcStatus === 2,
    );
    await server.kill();
    expect(
      (
        await sql<{ calcStatus: number }>('SELECT "calcStatus" FROM versions WHERE id = $1', [done.versionId])
      )[0],
    ).toEqual({ calcStatus: 2 });

    server = await ServerProcess.start('all');
    const released = await until(
      'released version',
      () => server.ok<{ calcStatus: number; calcError: string | null }>('GET', v),
      (s) => s.calcStatus !== 2,
    );
    expect(released).toMatchObject({ calcStatus: 0, calcError: expect.stringMatching(/interrupted/) });
    const ended = await until(
      'calculation job',
      () => job(started.id),
      (j) => j.state !== 'running',
    );
    expect(ended).toMatchObject({ state: 'failed', error: { messageId: 'jobs.interrupted' } });
    const again = await server.ok<{ calcStatus: number; works: number }>('POST', v, {});
    expect(again.calcStatus).toBe(1);
    expect(again.works).toBeGreaterThanOrEqual(25_000);
  });
});

describe('kill -9 during a space deletion', { timeout: CRASH_TEST_MS }, () => {
  it('hides the space at once, and the deletion resumes after the restart until nothing of it is left', async () => {
    const listed = async () => (await server.ok<{ id: string }[]>('GET', '/users/spaces')).map((s) => s.id);
    expect(await listed()).toContain(spaceId);
    const deletion = await server.ok<{ jobId: string }>('DELETE', `/space/${spaceId}`);
    // Gone for its users from the first moment: not listed, and every space call answers as for a deleted space.
    expect(await listed()).not.toContain(spaceId);
    const answer = async (id: string) => {
      const { status, body } = await server.api<{ error_code: string; error_message: string }>(
        'GET',
        `/space/${id}/access`,
      );
      return { status, code: body.error_code, message: body.error_message };
    };
    expect(await answer(spaceId)).toEqual(await answer(crypto.randomUUID()));

    const status = () => server.ok<{ state: string; progress: number }>('GET', `/space/${spaceId}/deletion`);
    const midway = await until('deletion progress', status, (s) => s.state !== 'queued' && s.progress > 0);
    expect(midway.state).toBe('running');
    await server.kill();
    expect(await sql('SELECT 1 FROM spaces WHERE id = $1', [spaceId])).toHaveLength(1);

    server = await ServerProcess.start('all');
    expect(await listed()).not.toContain(spaceId);
    const finished = await until(
      'resumed deletion',
      status,
      (s) => s.state === 'completed' || s.state === 'failed',
      45_000,
    );
    expect(finished).toEqual({ state: 'completed', progress: 100 });
    const tables = await sql<{ table_name: string }>(
      `SELECT c.table_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = 'public' AND c.column_name = 'spaceId' AND t.table_type = 'BASE TABLE'
         AND c.table_name <> 'job_progress'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    for (const { table_name } of tables)
      expect(
        await sql(`SELECT 1 FROM "${table_name}" WHERE "spaceId" = $1 LIMIT 1`, [spaceId]),
        table_name,
      ).toEqual([]);
    expect(await sql('SELECT 1 FROM spaces WHERE id = $1', [spaceId])).toEqual([]);
    expect(existsSync(join(dataDir, 'files', 'spaces', spaceId))).toBe(false);
    expect(deletion.jobId).toBeTruthy();
  });
});

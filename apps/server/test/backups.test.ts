import { gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCatalog } from '../src/domains/backups/catalog';
import { nextRun, validCron } from '../src/domains/backups/periodicity';
import { restoreArchive } from '../src/domains/backups/restore';
import { runDueSchedules } from '../src/domains/backups/service';
import type { Failure } from './fixtures';
import { serverForFile, spaceMember } from './fixtures';
import { spaceRows, withoutIds } from './space-rows';

interface Backup {
  id: string;
  scope: string;
  projectId: string | null;
  name: string;
  state: string;
  size: number;
  rows: number;
  files: number;
  takenAt: string | null;
  scheduleId: string | null;
  createdByName: string | null;
}
interface Job {
  id: string;
  kind: string;
  state: string;
  progress: number;
  error: { code: string } | null;
  report: {
    spaceId: string;
    projectId: string | null;
    rows: number;
    skippedRows: number;
    files: number;
    takenAt: string;
  } | null;
}
interface Schedule {
  id: string;
  periodicity: string;
  nextRunAt: string;
  lastRunAt: string | null;
  keep: number;
}

const t = serverForFile();
let token: string;
let spaceId: string;
let projectId: string;
let otherProjectId: string;

const call = <T = Failure>(method: string, path: string, body?: unknown, as = token) =>
  t.api<T>(method, `/space/${spaceId}${path}`, body, { token: as });
const ok = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const reply = await call<T>(method, path, body);
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function backupDone(backupId: string): Promise<Backup> {
  for (let i = 0; i < 600; i++) {
    const backup = (await ok<Backup[]>('GET', '/backups')).find((b) => b.id === backupId)!;
    if (backup.state === 'completed' || backup.state === 'failed') return backup;
    await sleep(100);
  }
  throw new Error('backup did not finish');
}
async function jobDone(jobId: string): Promise<Job> {
  for (let i = 0; i < 600; i++) {
    const job = await ok<Job>('GET', `/batch-processing/jobs/${jobId}`);
    if (!['queued', 'running'].includes(job.state)) return job;
    await sleep(100);
  }
  throw new Error('job did not finish');
}

/** Every row of a space's or project's backup, table by table, sorted: what "equal row for row" compares. */
const rowsOf = (scope: 'space' | 'project', space: string, project: string | null) =>
  spaceRows(t.server.services.db.pool, scope, space, project);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const count = (tables: Record<string, string[]>) =>
  Object.values(tables).reduce((n, rows) => n + rows.length, 0);

async function takeBackup(projectId?: string): Promise<Backup> {
  const created = await ok<Backup>('POST', '/backups', projectId ? { projectId } : {});
  expect(created.state).toMatch(/queued|running/);
  const done = await backupDone(created.id);
  expect(done.state).toBe('completed');
  return done;
}
async function restore(backupId: string, body: Record<string, unknown>): Promise<Job> {
  const job = await ok<Job>('PATCH', `/backups/${backupId}/restore`, body);
  expect(job.kind).toBe('restore');
  return jobDone(job.id);
}

beforeAll(async () => {
  ({ token } = await t.signUp('backup-admin'));
  const demo = await t.api<{ id: string }>('POST', '/space/create-demo', undefined, { token, lang: 'ru' });
  spaceId = demo.body.id;
  const eps = await ok<{ id: string; kind: string; name: string }[]>('GET', '/eps');
  const projects = eps.filter((n) => n.kind === 'project');
  projectId = projects[0]!.id;
  otherProjectId = projects[1]!.id;
  // A stored file of one of the project's schedules, so that the backup carries bytes too.
  const schedule = eps.find(
    (n) => n.kind === 'schedule' && (n as { parentId?: string }).parentId === projectId,
  )!;
  const form = new FormData();
  form.append('file', new Blob([new TextEncoder().encode('passport of the building')]), 'passport.txt');
  const stored = await t.api('POST', `/space/${spaceId}/storage/schedule/${schedule.id}`, undefined, {
    token,
    form,
  });
  expect(stored.status).toBe(200);
}, 120_000);

describe('backups of a project', () => {
  it('backs up, the project is deleted, restores it: every row and file as it was', async () => {
    const before = await rowsOf('project', spaceId, projectId);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['eps_nodes', 'versions', 'works', 'relations', 'assignments', 'stored_files']),
    );
    const backup = await takeBackup(projectId);
    expect(backup).toMatchObject({ scope: 'project', projectId, rows: count(before) });
    expect(backup.files).toBeGreaterThanOrEqual(1);
    expect(backup.size).toBeGreaterThan(0);
    expect(backup.createdByName).toBe('Test backup-admin');
    const [file] = await t.sql<{ key: string }>(
      `SELECT key FROM stored_files f JOIN eps_nodes e ON e.id = f."scheduleId" WHERE e."parentId" = $1`,
      [projectId],
    );

    // The archive is gzip'd JSON lines, its header naming the schema it was taken with.
    const archive = await call<Uint8Array>('GET', `/backups/${backup.id}/download`);
    expect(archive.status).toBe(200);
    const lines = gunzipSync(archive.body).toString('utf8').trim().split('\n');
    const header = JSON.parse(lines[0]!) as { schema: string; scope: string };
    expect(header.scope).toBe('project');
    expect(header.schema).toMatch(/^\d{14}_/);

    expect((await call('DELETE', `/eps/${projectId}?confirm=true`)).status).toBe(200);
    expect(await rowsOf('project', spaceId, projectId)).toEqual({});
    expect(await t.server.services.files.get(file!.key)).toBeNull();

    const job = await restore(backup.id, { mode: 'replace' });
    expect(job.state).toBe('completed');
    expect(job.report).toMatchObject({ projectId, rows: count(before), skippedRows: 0, files: backup.files });
    expect(job.report!.takenAt).toBe(backup.takenAt);
    expect(await rowsOf('project', spaceId, projectId)).toEqual(before);
    expect((await t.server.services.files.get(file!.key))?.toString()).toBe('passport of the building');
  }, 120_000);

  it('restores as a new project beside the original: the same rows under new ids', async () => {
    // Ids inside values: a user's view of a schedule (its scope the schedule's id, works folded by id) and a
    // version's options naming works — rows written after the version's — in values, keys and inside text.
    const eps = await ok<{ id: string; kind: string; parentId?: string }[]>('GET', '/eps');
    const schedule = eps.find((n) => n.kind === 'schedule' && n.parentId === otherProjectId)!;
    const works = await t.sql<{ id: string; versionId: string }>(
      `SELECT w.id, w."versionId" FROM works w JOIN versions v ON v.id = w."versionId"
       WHERE v."scheduleId" = $1 ORDER BY w.id LIMIT 2`,
      [schedule.id],
    );
    const [first, second] = works.map((w) => w.id);
    await ok('POST', '/ui-state-config', {
      scheduleId: schedule.id,
      state: { v: 1, foldedGroups: [first, second] },
    });
    await t.sql(`UPDATE versions SET "scheduleOptions" = $2::jsonb WHERE id = $1`, [
      works[0]!.versionId,
      JSON.stringify({ focus: first, byWork: { [first!]: [second] }, note: `see ${second!.toUpperCase()}.` }),
    ]);
    const before = await rowsOf('project', spaceId, otherProjectId);
    expect(before.ui_states?.some((r) => r.includes(first!))).toBe(true);
    const backup = await takeBackup(otherProjectId);
    const job = await restore(backup.id, { mode: 'new', name: 'Паркинг (копия)' });
    expect(job.state).toBe('completed');
    const copyId = job.report!.projectId!;
    expect(copyId).not.toBe(otherProjectId);
    const copy = await rowsOf('project', spaceId, copyId);
    // The copy's name is the one asked for; everything else is the original's.
    const renamed = withoutIds(copy);
    renamed.eps_nodes = renamed
      .eps_nodes!.map((r) => r.replace('"Паркинг (копия)"', '"Подземный паркинг"'))
      .sort();
    expect(renamed).toEqual(withoutIds(before));
    // No key of the copy is one of the original's rows, and the original is untouched.
    const oldIds = new Set(Object.values(before).flatMap((rows) => rows.flatMap((r) => r.match(UUID) ?? [])));
    const catalog = await readCatalog(t.server.services.db.pool);
    for (const [table, rows] of Object.entries(copy)) {
      const key = catalog.tables.get(table)!.key;
      if (key?.type !== 'uuid') continue;
      for (const row of rows)
        expect(oldIds.has((JSON.parse(row) as Record<string, string>)[key.name]!)).toBe(false);
    }
    // Nor does any value of the copy — a foreign key, a JSON document, a text — still name a row of the original.
    const sourceIds = new Set<string>();
    for (const [table, rows] of Object.entries(before)) {
      const key = catalog.tables.get(table)!.key;
      if (key?.type === 'uuid')
        for (const row of rows) sourceIds.add((JSON.parse(row) as Record<string, string>)[key.name]!);
    }
    expect(sourceIds.size).toBeGreaterThan(100);
    const stale = Object.entries(copy).flatMap(([table, rows]) =>
      rows.flatMap((row) =>
        (row.match(UUID) ?? [])
          .filter((id) => sourceIds.has(id.toLowerCase()))
          .map((id) => `${table}: ${id}`),
      ),
    );
    expect(stale).toEqual([]);
    const [view] = copy.ui_states!.map((r) => JSON.parse(r) as { scope: string; scheduleId: string });
    expect(view!.scope).toBe(view!.scheduleId);
    expect(await rowsOf('project', spaceId, otherProjectId)).toEqual(before);
  }, 120_000);

  it('a restore that fails mid-way leaves the project as it was', async () => {
    const backup = await takeBackup(projectId);
    const atBackup = await rowsOf('project', spaceId, projectId);
    await t.sql(
      `UPDATE works SET name = 'changed after the backup' WHERE id IN (
         SELECT w.id FROM works w JOIN versions v ON v.id = w."versionId" JOIN eps_nodes e ON e.id = v."scheduleId"
         WHERE e."parentId" = $1 LIMIT 3)`,
      [projectId],
    );
    const changed = await rowsOf('project', spaceId, projectId);
    expect(changed).not.toEqual(atBackup);
    const [row] = await t.sql<{ fileKey: string; createdById: string }>(
      'SELECT "fileKey", "createdById" FROM backups WHERE id = $1',
      [backup.id],
    );
    // Killed after its first rows were written (the project deleted and half rebuilt, in its transaction).
    let seen = 0;
    await expect(
      restoreArchive(
        t.server.services,
        { key: row!.fileKey, mode: 'replace', spaceId, userId: row!.createdById },
        async (done) => {
          seen = done;
          if (done > 0) throw new Error('killed');
        },
      ),
    ).rejects.toThrow('killed');
    expect(seen).toBeGreaterThan(0);
    expect(await rowsOf('project', spaceId, projectId)).toEqual(changed);

    // A restore job stopped by the user is rolled back the same way: it ends stopped (nothing changed) or, when
    // the stop came too late, completed (everything restored) — never half.
    const job = await ok<Job>('PATCH', `/backups/${backup.id}/restore`, { mode: 'replace' });
    await call('POST', '/batch-processing/stop', { jobId: job.id });
    const ended = await jobDone(job.id);
    expect(['stopped', 'completed']).toContain(ended.state);
    expect(await rowsOf('project', spaceId, projectId)).toEqual(
      ended.state === 'stopped' ? changed : atBackup,
    );
  }, 120_000);

  it('restores a backup of an older Takt: a column it did not have takes its default', async () => {
    const backup = await takeBackup(projectId);
    const before = await rowsOf('project', spaceId, projectId);
    const [row] = await t.sql<{ fileKey: string; createdById: string }>(
      'SELECT "fileKey", "createdById" FROM backups WHERE id = $1',
      [backup.id],
    );
    const files = t.server.services.files;
    const lines = gunzipSync((await files.get(row!.fileKey))!)
      .toString('utf8')
      .trim()
      .split('\n');
    // As an older Takt wrote it: an earlier schema, and works without their `revision` column.
    const older = lines.map((line, i) => {
      if (i === 0) return JSON.stringify({ ...JSON.parse(line), schema: '20200101000000_older' });
      if (!line.startsWith('{"$table":"works"')) return line;
      const marker = JSON.parse(line) as { columns: string[] };
      return JSON.stringify({ ...marker, columns: marker.columns.filter((c) => c !== 'revision') });
    });
    await t.sql(
      `UPDATE works SET revision = 7 WHERE "versionId" IN (SELECT v.id FROM versions v
      JOIN eps_nodes e ON e.id = v."scheduleId" WHERE e."parentId" = $1)`,
      [projectId],
    );
    const olderKey = `spaces/${spaceId}/backup/older.jsonl.gz`;
    await files.put(olderKey, gzipSync(`${older.join('\n')}\n`));
    const outcome = await restoreArchive(
      t.server.services,
      { key: olderKey, mode: 'replace', spaceId, userId: row!.createdById },
      async () => {},
    );
    expect(outcome.skippedRows).toBe(0);
    const after = await rowsOf('project', spaceId, projectId);
    expect(after.works!.every((w) => (JSON.parse(w) as { revision: number }).revision === 1)).toBe(true);
    const revisionOne = (rows: string[]) =>
      rows.map((w) => w.replace(/"revision": \d+/, '"revision": 1')).sort();
    expect(revisionOne(after.works!)).toEqual(revisionOne(before.works!));

    // One from a newer Takt is refused, and nothing changes.
    const newer = [
      JSON.stringify({ ...JSON.parse(lines[0]!), schema: '99990101000000_future' }),
      ...lines.slice(1),
    ];
    await files.put(olderKey, gzipSync(`${newer.join('\n')}\n`));
    await expect(
      restoreArchive(
        t.server.services,
        { key: olderKey, mode: 'replace', spaceId, userId: row!.createdById },
        async () => {},
      ),
    ).rejects.toMatchObject({ code: 'BackupFromNewerTakt' });
    expect(await rowsOf('project', spaceId, projectId)).toEqual(after);
    await files.delete(olderKey);
  }, 120_000);
});

describe('backups of a space', () => {
  it('restores the whole space over itself, and as a new space', async () => {
    const before = await rowsOf('space', spaceId, null);
    const backup = await takeBackup();
    expect(backup.scope).toBe('space');
    // Changes after the backup: a project deleted, a role renamed.
    expect((await call('DELETE', `/eps/${otherProjectId}?confirm=true`)).status).toBe(200);
    await t.sql(`UPDATE roles SET name = 'Renamed' WHERE "spaceId" = $1 AND key = 'viewer'`, [spaceId]);

    const job = await restore(backup.id, { mode: 'replace' });
    expect(job.state).toBe('completed');
    expect(job.report).toMatchObject({ spaceId, skippedRows: 0 });
    expect(await rowsOf('space', spaceId, null)).toEqual(before);
    // The backups list outlives the restore.
    expect((await ok<Backup[]>('GET', '/backups')).some((b) => b.id === backup.id)).toBe(true);

    const copy = await restore(backup.id, { mode: 'new', name: 'Копия демо' });
    expect(copy.state).toBe('completed');
    const newSpace = copy.report!.spaceId;
    expect(newSpace).not.toBe(spaceId);
    const spaces = await t.api<{ id: string; name: string }[]>('GET', '/users/spaces', undefined, { token });
    expect(spaces.body.find((s) => s.id === newSpace)?.name).toBe('Копия демо');
    expect(withoutIds(await rowsOf('space', newSpace, null))).toEqual(withoutIds(before));
    // The new space works: its projects are listed to its administrator.
    const eps = await t.api<{ kind: string }[]>('GET', `/space/${newSpace}/eps`, undefined, { token });
    expect(eps.status).toBe(200);
    const projects = before.eps_nodes!.filter((r) => r.includes('"kind": "project"')).length;
    expect(eps.body.filter((n) => n.kind === 'project')).toHaveLength(projects);
  }, 180_000);
});

describe('backup jobs', () => {
  it('runs on time by the clock and keeps the last N', async () => {
    const created = await ok<Schedule>('POST', '/backup-jobs', {
      periodicity: 'daily',
      time: '02:30',
      keep: 2,
      projectId,
    });
    const due = new Date(created.nextRunAt);
    expect(due.getUTCHours() * 60 + due.getUTCMinutes()).toBe(150);
    const services = t.server.services;
    // A minute early: nothing; on time: one backup, and the next run a day later.
    expect(await runDueSchedules(services, new Date(due.getTime() - 60_000))).toEqual([]);
    const taken: string[] = [];
    for (let day = 0; day < 3; day++) {
      const now = new Date(due.getTime() + day * 86_400_000);
      const started = await runDueSchedules(services, now);
      expect(started).toHaveLength(1);
      taken.push(started[0]!);
      expect(await runDueSchedules(services, now)).toEqual([]);
      const [schedule] = (await ok<Schedule[]>('GET', '/backup-jobs')).filter((s) => s.id === created.id);
      expect(schedule!.nextRunAt).toBe(new Date(now.getTime() + 86_400_000).toISOString());
      expect(schedule!.lastRunAt).toBe(now.toISOString());
      await backupDone(started[0]!);
    }
    // Retention: the job keeps its last two.
    await sleep(300);
    const history = await ok<Backup[]>('GET', `/backups?backupJobId=${created.id}`);
    expect(history.map((b) => b.id)).toEqual([taken[2], taken[1]]);
    expect((await call('DELETE', `/backup-jobs/${created.id}`)).status).toBe(200);
    expect((await ok<Schedule[]>('GET', '/backup-jobs')).some((s) => s.id === created.id)).toBe(false);
  }, 120_000);

  it('is changed and deleted only at the revision read, each change in the audit trail', async () => {
    const created = await ok<Schedule & { revision: number }>('POST', '/backup-jobs', {
      periodicity: 'weekly',
      weekday: 5,
      keep: 3,
    });
    expect(created.revision).toBe(1);
    const edit = { periodicity: 'weekly', weekday: 6, keep: 4 };
    const changed = await ok<Schedule & { revision: number }>('PUT', `/backup-jobs/${created.id}`, {
      ...edit,
      revision: 1,
    });
    expect(changed).toMatchObject({ revision: 2, keep: 4, weekday: 6 });
    // Someone who read it before that change: refused with the catalogue's concurrent-edit error, nothing changed.
    for (const lang of ['en', 'ru'] as const) {
      const stale = await t.api<Failure>(
        'PUT',
        `/space/${spaceId}/backup-jobs/${created.id}`,
        { ...edit, keep: 9, revision: 1 },
        { token, lang },
      );
      expect(stale.status).toBe(409);
      expect(stale.body.error_code).toBe('Conflict');
      expect(stale.body.error_message).toBe(
        lang === 'en'
          ? 'The data was changed by another user. Reload and try again'
          : 'Данные изменены другим пользователем. Обновите страницу и повторите попытку',
      );
    }
    expect((await call('PUT', `/backup-jobs/${created.id}`, edit)).status).toBe(400);
    const staleDelete = await call('DELETE', `/backup-jobs/${created.id}?revision=1`);
    expect(staleDelete.status).toBe(409);
    expect(staleDelete.body.error_code).toBe('Conflict');
    const [kept] = (await ok<(Schedule & { revision: number })[]>('GET', '/backup-jobs')).filter(
      (s) => s.id === created.id,
    );
    expect(kept).toMatchObject({ revision: 2, keep: 4 });
    expect((await call('DELETE', `/backup-jobs/${created.id}?revision=2`)).status).toBe(200);
    expect((await call('DELETE', `/backup-jobs/${created.id}?revision=2`)).status).toBe(404);

    // Every change is in the space's audit trail: who, which job, its settings before and after.
    const entries = await t.sql<{ action: string; userId: string; details: Record<string, unknown> }>(
      `SELECT action, "userId", details FROM audit_log WHERE "spaceId" = $1 AND details->>'scheduleId' = $2
       ORDER BY id`,
      [spaceId, created.id],
    );
    expect(entries.map((e) => e.action)).toEqual([
      'backup.schedule.create',
      'backup.schedule.update',
      'backup.schedule.delete',
    ]);
    const [me] = await t.sql<{ id: string }>(`SELECT id FROM users WHERE login = 'backup-admin'`);
    expect(entries.every((e) => e.userId === me!.id)).toBe(true);
    expect(entries[1]!.details).toMatchObject({
      revision: 2,
      before: { weekday: 5, keep: 3 },
      after: { weekday: 6, keep: 4 },
    });
    expect(entries[2]!.details).toMatchObject({ revision: 2, settings: { keep: 4 } });
  }, 60_000);

  it('reads every periodicity', () => {
    const base = {
      minuteOfDay: 90,
      weekday: 3,
      dayOfMonth: 15,
      cron: null,
      createdAt: new Date('2026-01-05T00:00:00Z'), // a Monday
    };
    const from = new Date('2026-01-05T12:00:00Z');
    const at = (p: string, cron: string | null = null) =>
      nextRun({ ...base, periodicity: p as 'daily', cron }, from).toISOString();
    expect(at('daily')).toBe('2026-01-06T01:30:00.000Z');
    expect(at('weekly')).toBe('2026-01-07T01:30:00.000Z');
    expect(at('monthly')).toBe('2026-01-15T01:30:00.000Z');
    expect(at('cron', '0 */6 * * *')).toBe('2026-01-05T18:00:00.000Z');
    // Every other week from the first run after the job was made (Wednesday the 7th).
    expect(at('2weekly')).toBe('2026-01-07T01:30:00.000Z');
    const third = nextRun(
      { ...base, periodicity: 'Fortnightly' },
      new Date('2026-01-07T02:00:00Z'),
    ).toISOString();
    expect(third).toBe('2026-01-21T01:30:00.000Z');
    expect(validCron('30 1 * * 1-5')).toBe(true);
    expect(validCron('nonsense')).toBe(false);
    expect(validCron('* * * * * *')).toBe(false);
  });
});

describe('bad input and access', () => {
  it('answers 4xx in the caller’s language, never 5xx', async () => {
    const bad = async (method: string, path: string, body: unknown, status: number, code: string) => {
      const reply = await call(method, path, body);
      expect(reply.status, path).toBe(status);
      expect(reply.body.error_code, path).toBe(code);
    };
    await bad('POST', '/backup-jobs', { periodicity: 'hourly' }, 400, 'ValidationError');
    await bad('POST', '/backup-jobs', { periodicity: 'cron' }, 400, 'ValidationError');
    await bad('POST', '/backup-jobs', { periodicity: 'cron', cron: 'every day' }, 400, 'ValidationError');
    await bad('POST', '/backup-jobs', { periodicity: 'daily', time: '25:00' }, 400, 'ValidationError');
    await bad('POST', '/backup-jobs', { periodicity: 'daily', keep: 0 }, 400, 'ValidationError');
    await bad('POST', '/backup-jobs', { periodicity: 'daily', projectId: spaceId }, 404, 'NotFound');
    await bad('POST', '/backups', { projectId: spaceId }, 404, 'NotFound');
    await bad('PATCH', `/backups/${spaceId}/restore`, { mode: 'replace' }, 404, 'NotFound');
    const [backup] = await ok<Backup[]>('GET', '/backups');
    await bad('PATCH', `/backups/${backup!.id}/restore`, { mode: 'overwrite' }, 400, 'ValidationError');
    await bad(
      'PATCH',
      `/backups/${backup!.id}/restore`,
      { mode: 'new', name: 'x'.repeat(40) },
      400,
      'ValidationError',
    );
    await bad('DELETE', '/backup-jobs/not-an-id', undefined, 400, 'ValidationError');
    // A backup still being taken cannot be restored, downloaded or deleted.
    const running = await ok<Backup>('POST', '/backups', { projectId });
    const early = await call('PATCH', `/backups/${running.id}/restore`, { mode: 'replace' });
    expect([409, 200]).toContain(early.status);
    if (early.status === 409) expect(early.body.error_code).toBe('BackupNotReady');
    await backupDone(running.id);
    const ru = await t.api<Failure>(
      'POST',
      `/space/${spaceId}/backup-jobs`,
      { periodicity: 'cron', cron: 'x' },
      {
        token,
        lang: 'ru',
      },
    );
    expect(ru.body.issues?.[0]).toMatchObject({ path: 'cron', message: 'backups.validation.cron' });
  }, 60_000);

  it('is for the space’s administrators only', async () => {
    const planner = await spaceMember(t, { token, spaceId, ok }, 'backup-planner', 'planner');
    for (const [method, path] of [
      ['GET', '/backups'],
      ['POST', '/backups'],
      ['GET', '/backup-jobs'],
      ['POST', '/backup-jobs'],
    ] as const) {
      const reply = await planner.call(
        method,
        path,
        method === 'POST' ? { periodicity: 'daily' } : undefined,
      );
      expect(reply.status, path).toBe(403);
    }
    const [backup] = await ok<Backup[]>('GET', '/backups');
    expect((await planner.call('DELETE', `/backups/${backup!.id}`)).status).toBe(403);
    expect((await ok<{ success: boolean }>('DELETE', `/backups/${backup!.id}`)).success).toBe(true);
    expect((await ok<Backup[]>('GET', '/backups')).some((b) => b.id === backup!.id)).toBe(false);
  }, 60_000);
});

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { generatedXer } from '@takt/interchange/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanUpFiles, ORPHAN_GRACE_MS } from '../src/jobs/file-cleanup';
import { scheduleWithVersion, spaceForFile, uploadForm } from './fixtures';

interface Job {
  id: string;
  state: string;
  fileId: string | null;
}

const { t, s } = spaceForFile('cleanup', 'Cleanup');
let scheduleId: string;

beforeAll(async () => {
  ({ scheduleId } = await scheduleWithVersion(s.ok));
});

const filesDir = () => t.server.services.config.filesDir;
const pathOf = (key: string) => join(filesDir(), key);
const spaceFiles = () =>
  t.sql<{ id: string; key: string; expiresAt: Date | null }>(
    `SELECT id, key, "expiresAt" FROM stored_files WHERE "spaceId" = $1`,
    [s.spaceId],
  );

const uploadSync = (name: string, text: string) =>
  t.api<{ job: Job }>(
    'POST',
    `/space/${s.spaceId}/schedules/${scheduleId}/versions/upload/synchronous`,
    undefined,
    { token: s.token, form: uploadForm(name, text) },
  );

/** A file in storage with a modification time `ageMs` ago. */
async function storedBytes(key: string, ageMs: number) {
  const path = pathOf(key);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, 'bytes of nobody');
  const when = new Date(Date.now() - ageMs);
  await utimes(path, when, when);
}

describe('rejected and orphaned files', () => {
  it('removes a refused upload with its job, at once', async () => {
    const before = (await spaceFiles()).length;
    const reply = await uploadSync('broken.xer', 'ERMHDR\t8.0\n%T\tTASK\n%F\ttask_id\n%R\tnot-a-number\n');
    expect(reply.status).toBe(400);
    expect((await spaceFiles()).length).toBe(before);
    const [job] = await t.sql<{ fileId: string | null; state: string }>(
      `SELECT "fileId", state FROM interchange_jobs WHERE "spaceId" = $1 ORDER BY "createdAt" DESC LIMIT 1`,
      [s.spaceId],
    );
    expect(job).toEqual({ fileId: null, state: 'failed' });
  });

  it('keeps an imported file as a file of the schedule, with no expiry', async () => {
    const reply = await uploadSync('small.xer', generatedXer(3));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { job } = reply.body;
    expect(job.state).toBe('completed');
    const kept = await t.sql(`SELECT "expiresAt" FROM stored_files WHERE id = $1`, [job.fileId]);
    expect(kept).toEqual([{ expiresAt: null }]);
    const listed = await s.ok<{ id: string }[]>('GET', `/storage/schedule/${scheduleId}`);
    expect(listed.map((f) => f.id)).toContain(job.fileId);
  });

  it('gives an upload waiting for its import an expiry, and lists it with the schedule only once imported', async () => {
    const reply = await uploadSync('moved.xer', generatedXer(3, true));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { job } = reply.body;
    expect(job.state).toBe('awaiting_choice');
    const [row] = await t.sql<{ expiresAt: Date | null }>(
      `SELECT "expiresAt" FROM stored_files WHERE id = $1`,
      [job.fileId],
    );
    const hours = (row!.expiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThanOrEqual(24);
    const listed = await s.ok<{ id: string }[]>('GET', `/storage/schedule/${scheduleId}`);
    expect(listed.map((f) => f.id)).not.toContain(job.fileId);
  });

  it('the periodic cleanup removes expired rows with their bytes and old bytes no row refers to', async () => {
    const services = t.server.services;
    // an upload whose import never completed, past its time
    const pending = randomUUID();
    const pendingKey = `spaces/${s.spaceId}/files/${pending}`;
    await storedBytes(pendingKey, 0);
    await t.sql(
      `INSERT INTO stored_files (id, "spaceId", "scheduleId", kind, name, "contentType", size, key, "expiresAt")
       VALUES ($1, $2, $3, 'documents', 'left.xer', 'text/plain', 15, $4, now() - interval '1 minute')`,
      [pending, s.spaceId, scheduleId, pendingKey],
    );
    // a live file, old
    const live = randomUUID();
    const liveKey = `spaces/${s.spaceId}/files/${live}`;
    await storedBytes(liveKey, 2 * ORPHAN_GRACE_MS);
    await t.sql(
      `INSERT INTO stored_files (id, "spaceId", "scheduleId", kind, name, "contentType", size, key)
       VALUES ($1, $2, $3, 'documents', 'kept.xer', 'text/plain', 15, $4)`,
      [live, s.spaceId, scheduleId, liveKey],
    );
    // bytes whose row is gone (a process died between the two), old and young
    const oldOrphan = `spaces/${s.spaceId}/files/${randomUUID()}`;
    const youngOrphan = `spaces/${s.spaceId}/files/${randomUUID()}`;
    await storedBytes(oldOrphan, 2 * ORPHAN_GRACE_MS);
    await storedBytes(youngOrphan, 60_000);
    // a BIM model's files whose model is gone, an avatar nobody uses, and a file Takt does not know
    const deadModel = `spaces/${s.spaceId}/bim/${randomUUID()}/model.ifc`;
    const deadAvatar = `avatars/${randomUUID()}`;
    const unknown = 'notes/readme.txt';
    // a card's and a message's attachments whose rows went with their board and chat
    const deadCardFile = `spaces/${s.spaceId}/kanban/${randomUUID()}`;
    const deadChatFile = `spaces/${s.spaceId}/chat/${randomUUID()}/${randomUUID()}`;
    // an upload spooled by a request that died, and a write cut short before its rename
    const spooled = `uploads/${randomUUID()}`;
    const unfinished = `${liveKey}.4242.tmp`;
    for (const key of [deadModel, deadAvatar, deadCardFile, deadChatFile, unknown, spooled, unfinished])
      await storedBytes(key, 2 * ORPHAN_GRACE_MS);
    const youngSpool = `uploads/${randomUUID()}`;
    await storedBytes(youngSpool, 1_000);

    const outcome = await cleanUpFiles(services);

    expect(outcome.expired).toBeGreaterThanOrEqual(1);
    expect(outcome.orphaned).toBe(7);
    expect(await t.sql(`SELECT 1 FROM stored_files WHERE id = $1`, [pending])).toEqual([]);
    expect(existsSync(pathOf(pendingKey))).toBe(false);
    expect(existsSync(pathOf(liveKey))).toBe(true);
    expect(existsSync(pathOf(oldOrphan))).toBe(false);
    expect(existsSync(pathOf(youngOrphan))).toBe(true);
    expect(existsSync(pathOf(deadModel))).toBe(false);
    expect(existsSync(pathOf(deadAvatar))).toBe(false);
    expect(existsSync(pathOf(deadCardFile))).toBe(false);
    expect(existsSync(pathOf(deadChatFile))).toBe(false);
    expect(existsSync(pathOf(unknown))).toBe(true);
    expect(existsSync(pathOf(spooled))).toBe(false);
    expect(existsSync(pathOf(unfinished))).toBe(false);
    expect(existsSync(pathOf(youngSpool))).toBe(true);
    // a second run has nothing left to do
    expect(await cleanUpFiles(services)).toEqual({ expired: 0, orphaned: 0, orphanedBytes: 0 });
  });

  it('is scheduled as a periodic job', async () => {
    const [schedule] = await t.sql<{ cron: string }>(
      `SELECT cron FROM pgboss.schedule WHERE name = 'file-cleanup'`,
    );
    expect(schedule?.cron).toBe('*/15 * * * *');
  });
});

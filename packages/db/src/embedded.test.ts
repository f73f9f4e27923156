import { mkdtemp, readFile, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD_FILE, startEmbeddedPostgres } from './embedded';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const asRoot = process.getuid?.() === 0;

/** Whether the superuser can sign in over TCP with this password. */
async function signsIn(adminUrl: string, password: string): Promise<boolean> {
  const url = new URL(adminUrl);
  url.password = encodeURIComponent(password);
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

describe('embedded PostgreSQL', () => {
  it('generates its password once, keeps it private, and keeps the data folder private', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'takt-embedded-'));
    dirs.push(dataDir);
    const first = await startEmbeddedPostgres({ dataDir, durable: false });
    const file = join(dataDir, PASSWORD_FILE);
    try {
      const password = (await readFile(file, 'utf8')).trim();
      expect(password).toMatch(/^[\w-]{32}$/);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(dataDir)).mode & 0o777).toBe(asRoot ? 0o711 : 0o700);
      expect((await stat(join(dataDir, 'pg'))).mode & 0o077).toBe(0);
      expect(await signsIn(first.adminUrl, password)).toBe(true);
      expect(await signsIn(first.adminUrl, 'takt')).toBe(false);
    } finally {
      await first.stop();
    }
    const password = (await readFile(file, 'utf8')).trim();
    const again = await startEmbeddedPostgres({ dataDir, durable: false });
    try {
      expect((await readFile(file, 'utf8')).trim()).toBe(password);
      expect(await signsIn(again.adminUrl, password)).toBe(true);

      // A cluster from before generated passwords (fixed password, no password file) gets one at start.
      const client = new pg.Client({ connectionString: again.adminUrl });
      await client.connect();
      await client.query("ALTER ROLE takt WITH PASSWORD 'takt'");
      await client.end();
    } finally {
      await again.stop();
    }
    await unlink(file);
    const legacy = await startEmbeddedPostgres({ dataDir, durable: false });
    try {
      const rotated = (await readFile(file, 'utf8')).trim();
      expect(rotated).not.toBe('takt');
      expect(rotated).not.toBe(password);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await signsIn(legacy.adminUrl, rotated)).toBe(true);
      expect(await signsIn(legacy.adminUrl, 'takt')).toBe(false);
    } finally {
      await legacy.stop();
    }
  });
});

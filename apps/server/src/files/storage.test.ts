import { chmod, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openLocalFileStorage } from './storage';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe('local file storage', () => {
  it('keeps its folder, subfolders and files private to the server user, also a folder made 0755 before', async () => {
    const base = await mkdtemp(join(tmpdir(), 'takt-files-'));
    dirs.push(base);
    const root = join(base, 'files');
    await mkdir(root, { mode: 0o755 });
    await chmod(root, 0o755);
    const files = await openLocalFileStorage(root);
    expect(await mode(root)).toBe(0o700);

    await files.put('spaces/s1/documents/a.xer', new TextEncoder().encode('x'));
    await files.putChunks('spaces/s1/exports/b.csv', ['a;b\r\n', new Uint8Array([0x31])]);
    expect(await mode(join(root, 'spaces'))).toBe(0o700);
    expect(await mode(join(root, 'spaces/s1/documents'))).toBe(0o700);
    expect(await mode(join(root, 'spaces/s1/documents/a.xer'))).toBe(0o600);
    expect(await mode(join(root, 'spaces/s1/exports/b.csv'))).toBe(0o600);
    expect(await readdir(join(root, 'spaces/s1/exports'))).toEqual(['b.csv']);
  });

  it('makes a missing folder private', async () => {
    const base = await mkdtemp(join(tmpdir(), 'takt-files-'));
    dirs.push(base);
    await openLocalFileStorage(join(base, 'new', 'files'));
    expect(await mode(join(base, 'new', 'files'))).toBe(0o700);
  });
});

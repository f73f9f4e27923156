import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Small XER files of our own for the import specs (see `@takt/interchange/testing`). */
export { PROBLEM_XER_RELATIONS, PROBLEM_XER_TASKS, smallXer } from '@takt/interchange/testing';

/** Writes bytes into a fresh temporary folder and returns the file's path. */
export function tempFile(name: string, bytes: Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'takt-e2e-xer-')), name);
  writeFileSync(path, bytes);
  return path;
}

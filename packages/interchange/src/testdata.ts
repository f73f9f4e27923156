/** Test helper: the shared sample files (`../shared/testdata` beside the repository). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const TESTDATA = join(import.meta.dirname, '../../../../shared/testdata');

export function sample(relative: string): string {
  const path = join(TESTDATA, relative);
  if (!existsSync(path)) throw new Error(`missing test data ${path}: clone ../shared beside the repository`);
  return path;
}

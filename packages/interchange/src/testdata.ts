/** Test helper: the shared sample files (`../shared/testdata` beside the repository). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const TESTDATA = join(import.meta.dirname, '../../../../shared/testdata');

export function sample(relative: string): string {
  const path = join(TESTDATA, relative);
  if (!existsSync(path)) throw new Error(`missing test data ${path}: clone ../shared beside the repository`);
  return path;
}

/** Shared samples of each format (MSPDI, XER, P6 XML) that the round-trip and conformance tests run through every writer. */
export const SAMPLE_SCHEDULES = [
  'mspdi/task-links-project2019-mspdi.xml',
  'mspdi/task-dates-project2019-mspdi.xml',
  'xer/PredecessorCalendar.xer',
  'xer/TwentyFourHourCalendar.xer',
  'p6xml/PredecessorCalendar.xml',
];

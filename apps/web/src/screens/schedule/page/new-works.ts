import { WhatIf } from '@takt/schedule';
import type { ScheduleModel } from '../../../lib/columnar';
import { hasDate } from '../../../lib/schedule-time';

/**
 * Gives works just created their dates before the version is calculated: the what-if of `@takt/schedule`
 * (the engine input the server calculates with) schedules the loaded version, and the rows of `ids` that
 * have no planned dates take their early dates from it, in place. The server's calculation replaces them.
 * Returns how many rows got dates; a version the engine cannot schedule gets none.
 */
export function scheduleNewWorks(model: ScheduleModel, ids: Iterable<string>, today: string): number {
  const rows: number[] = [];
  for (const id of ids) {
    const row = model.rowOf.get(id);
    if (row !== undefined && !hasDate(model.planStart[row])) rows.push(row);
  }
  if (rows.length === 0) return 0;
  let result: WhatIf['base'];
  try {
    result = new WhatIf(model, today).base;
  } catch {
    return 0;
  }
  let dated = 0;
  for (const row of rows) {
    const start = result.earlyStart[row];
    const finish = result.earlyFinish[row];
    if (!hasDate(start) || !hasDate(finish)) continue;
    model.planStart[row] = model.earlyStart[row] = start!;
    model.planFinish[row] = model.earlyFinish[row] = finish!;
    dated++;
  }
  return dated;
}

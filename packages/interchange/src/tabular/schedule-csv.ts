import type { ScheduleRow } from '../calculation/schedule.js';
import { neutralizeFormula } from './formula-guard.js';

/** CSV of the schedule (the CLI's table): `;`-free, RFC 4180 quoting, dates `YYYY-MM-DDTHH:mm`. */
export function* writeScheduleCsv(rows: ScheduleRow[]): Generator<string> {
  const q = (v: string | number | boolean | null) => {
    // Codes and names are user text: guarded against formula injection; numbers stay numbers.
    const s = v === null ? '' : typeof v === 'string' ? neutralizeFormula(v) : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  yield 'code,name,earlyStart,earlyFinish,lateStart,lateFinish,totalFloatHours,freeFloatHours,critical\n';
  for (const r of rows)
    yield `${[r.code, r.name, r.earlyStart, r.earlyFinish, r.lateStart, r.lateFinish, r.totalFloatMinutes === null ? null : r.totalFloatMinutes / 60, r.freeFloatMinutes === null ? null : r.freeFloatMinutes / 60, r.critical].map(q).join(',')}\n`;
}

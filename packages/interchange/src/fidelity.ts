/** Compares a recalculation with the dates and floats the source tool recorded in the file. */
import type { IxProject } from './model.js';
import type { ScheduleRow } from './schedule.js';

export type FidelityField =
  | 'earlyStart'
  | 'earlyFinish'
  | 'lateStart'
  | 'lateFinish'
  | 'totalFloatMinutes'
  | 'freeFloatMinutes'
  | 'critical';

export interface FidelityMismatch {
  code: string;
  name: string;
  field: FidelityField;
  recorded: string | number | boolean;
  calculated: string | number | boolean | null;
}

export interface FidelityReport {
  compared: number;
  matched: number;
  mismatches: FidelityMismatch[];
}

const FIELDS: FidelityField[] = [
  'earlyStart',
  'earlyFinish',
  'lateStart',
  'lateFinish',
  'totalFloatMinutes',
  'freeFloatMinutes',
  'critical',
];

export function compareWithRecorded(p: IxProject, rows: ScheduleRow[]): FidelityReport {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const report: FidelityReport = { compared: 0, matched: 0, mismatches: [] };
  for (const a of p.activities) {
    const row = byId.get(a.id);
    if (!row) continue;
    for (const field of FIELDS) {
      const recorded = a.recorded[field];
      if (recorded === undefined) continue;
      report.compared++;
      if (row[field] === recorded) report.matched++;
      else report.mismatches.push({ code: a.code, name: a.name, field, recorded, calculated: row[field] });
    }
  }
  return report;
}

export function formatMismatches(report: FidelityReport): string {
  return report.mismatches
    .map((m) => `${m.code} (${m.name}) ${m.field}: recorded ${m.recorded}, calculated ${m.calculated}`)
    .join('\n');
}

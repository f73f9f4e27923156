/**
 * Compares a recalculation with the dates, floats and critical flags the source tool recorded in the
 * file — for the fidelity tests, and for the question an import must ask: would recalculating move
 * dates the file shows (`datesMovedByRecalculation`), and if the planner keeps them, which rows result
 * (`rowsWithRecordedDates`).
 */
import { CALCULATED_WORK_FIELDS, type CalculatedWorkField } from '@takt/engine';
import type { IxActivity, IxProject, IxRecorded } from '../common/model.js';
import { type ScheduledProject, type ScheduleRow, scheduleProject } from './schedule.js';

export type FidelityField = CalculatedWorkField;

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

/**
 * Every recorded calculated field against the recalculation, per activity — and, when the file has MS
 * Project's project summary task, its row (code `0`) against `projectRow`.
 */
export function compareWithRecorded(
  p: IxProject,
  rows: ScheduleRow[],
  projectRow: ScheduleRow | null = null,
): FidelityReport {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const report: FidelityReport = { compared: 0, matched: 0, mismatches: [] };
  const compare = (code: string, name: string, recorded: IxRecorded, row: ScheduleRow) => {
    for (const field of CALCULATED_WORK_FIELDS) {
      const value = recorded[field];
      if (value === undefined) continue;
      report.compared++;
      if (row[field] === value) report.matched++;
      else report.mismatches.push({ code, name, field, recorded: value, calculated: row[field] });
    }
  };
  if (p.projectSummary && projectRow)
    compare('0', p.projectSummary.name, p.projectSummary.recorded, projectRow);
  for (const a of p.activities) {
    const row = byId.get(a.id);
    if (row) compare(a.code, a.name, a.recorded, row);
  }
  return report;
}

export function formatMismatches(report: FidelityReport): string {
  return report.mismatches
    .map((m) => `${m.code} (${m.name}) ${m.field}: recorded ${m.recorded}, calculated ${m.calculated}`)
    .join('\n');
}

/** Dates a planner sees for an activity: start and finish, and the early and late dates. */
export type RecordedDateField =
  | 'start'
  | 'finish'
  | 'earlyStart'
  | 'earlyFinish'
  | 'lateStart'
  | 'lateFinish';

export interface RecordedDateChange {
  /** Activity id in the model, and the code planners see. */
  id: string;
  code: string;
  name: string;
  field: RecordedDateField;
  recorded: string;
  calculated: string | null;
}

const DATE_FIELDS: RecordedDateField[] = [
  'start',
  'finish',
  'earlyStart',
  'earlyFinish',
  'lateStart',
  'lateFinish',
];

/** The activity's start and finish as the tools show them: actual dates where it has them, else early dates. */
function shown(a: IxActivity, row: ScheduleRow): Record<RecordedDateField, string | null> {
  return {
    start: a.actualStart ?? row.earlyStart,
    finish: a.actualFinish ?? row.earlyFinish,
    earlyStart: row.earlyStart,
    earlyFinish: row.earlyFinish,
    lateStart: row.lateStart,
    lateFinish: row.lateFinish,
  };
}

/**
 * Where recalculating the imported file would move a date the file recorded: every activity and field
 * whose recorded value differs from the recalculation, in file order. Empty when the file opens exactly
 * as saved; otherwise the importer asks whether to keep the recorded dates. Summaries are left out (their
 * dates follow their works).
 */
export function datesMovedByRecalculation(
  p: IxProject,
  scheduled: ScheduledProject = scheduleProject(p),
): RecordedDateChange[] {
  const byId = new Map(scheduled.rows.map((r) => [r.id, r]));
  const changes: RecordedDateChange[] = [];
  for (const a of p.activities) {
    const row = byId.get(a.id);
    if (!row || a.type === 'summary') continue;
    const now = shown(a, row);
    for (const field of DATE_FIELDS) {
      const recorded = a.recorded[field];
      if (recorded === undefined || recorded === now[field]) continue;
      changes.push({ id: a.id, code: a.code, name: a.name, field, recorded, calculated: now[field] });
    }
  }
  return changes;
}

/**
 * The rows with the dates the file recorded kept where it recorded them (the planner chose not to let
 * recalculation move them); floats and critical flags recorded by the tool are kept too.
 */
export function rowsWithRecordedDates(p: IxProject, rows: ScheduleRow[]): ScheduleRow[] {
  const byId = new Map(p.activities.map((a) => [a.id, a]));
  return rows.map((row) => {
    const r = byId.get(row.id)?.recorded;
    if (!r) return row;
    return {
      ...row,
      earlyStart: r.earlyStart ?? row.earlyStart,
      earlyFinish: r.earlyFinish ?? row.earlyFinish,
      lateStart: r.lateStart ?? row.lateStart,
      lateFinish: r.lateFinish ?? row.lateFinish,
      totalFloatMinutes: r.totalFloatMinutes ?? row.totalFloatMinutes,
      freeFloatMinutes: r.freeFloatMinutes ?? row.freeFloatMinutes,
      critical: r.critical ?? row.critical,
    };
  });
}

import type { ScheduleResult, WorkResultRow } from './result.js';

const COLUMNS: Array<keyof WorkResultRow> = [
  'id',
  'type',
  'status',
  'earlyStart',
  'earlyFinish',
  'lateStart',
  'lateFinish',
  'totalFloatMinutes',
  'freeFloatMinutes',
  'critical',
  'drivingRelationIds',
];

function csvField(value: WorkResultRow[keyof WorkResultRow]): string {
  const text = value === null ? '' : Array.isArray(value) ? value.join(' ') : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV row per work (RFC 4180 quoting; driving relation ids separated by spaces). */
export function resultToCsv(result: ScheduleResult): string {
  const lines = [COLUMNS.join(',')];
  for (const row of result.toJSON().works)
    lines.push(COLUMNS.map((column) => csvField(row[column])).join(','));
  return `${lines.join('\n')}\n`;
}

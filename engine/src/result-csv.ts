import { CALCULATED_WORK_FIELDS, type ScheduleResult, type WorkResultRow } from './result.js';

const COLUMNS: Array<keyof WorkResultRow> = [
  'id',
  'type',
  'status',
  ...CALCULATED_WORK_FIELDS,
  'drivingRelationIds',
];

/** Ids are caller text: one a spreadsheet could run as a formula gets a leading `'` (numbers stay numbers). */
const formulaLike = (text: string) =>
  /^[=+\-@\t\r]/.test(text) && !/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text);

function csvField(value: WorkResultRow[keyof WorkResultRow]): string {
  const raw = value === null ? '' : Array.isArray(value) ? value.join(' ') : String(value);
  const text = typeof value === 'number' || !formulaLike(raw) ? raw : `'${raw}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV row per work (RFC 4180 quoting; driving relation ids separated by spaces). */
export function resultToCsv(result: ScheduleResult): string {
  const lines = [COLUMNS.join(',')];
  for (const row of result.toJSON().works)
    lines.push(COLUMNS.map((column) => csvField(row[column])).join(','));
  return `${lines.join('\n')}\n`;
}

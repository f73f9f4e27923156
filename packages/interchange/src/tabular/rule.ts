/**
 * An upload rule (entities "version upload rule", API schedule-import-settings): its name, the rows to skip
 * above the header, which column holds which field, and the date format — and the parsers of each
 * field's cell values. A column is named by its header text, its letter (`B`) or its 1-based number.
 */
import { type IMPORT_DATE_FORMATS, parseDateInput, type TABULAR_FIELDS } from '@takt/contracts';
import type { Encoding } from '../common/input.js';
import type { InterchangeMessageId, MessageValues } from '../common/messages.js';
import type { IxActivityType, IxRelationType } from '../common/model.js';
import { type CellValue, cellText, isDateCell } from './sheet.js';

// The fields a column maps to and the date formats a rule names are the contracts' (the server's upload
// rules are validated with the same lists).
export { IMPORT_DATE_FORMATS as TABULAR_DATE_FORMATS, TABULAR_FIELDS } from '@takt/contracts';
export type TabularField = (typeof TABULAR_FIELDS)[number];
export type TabularDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

export interface TabularRule {
  name: string;
  rowsToSkip: number;
  /** column (header text, letter like `B`, or 1-based number) → field */
  mapping: Readonly<Record<string, TabularField>>;
  dateFormat: TabularDateFormat;
  /** CSV only; detected when absent. */
  delimiter?: ';' | ',' | '\t' | null;
  /** xlsx only; the first sheet when absent. */
  sheet?: string | null;
  /** CSV only; UTF-8 (± BOM) or Windows-1251 detected when `auto` or absent. */
  encoding?: Encoding;
  /** Unit of plain numbers in the duration column (default days). */
  durationUnit?: 'days' | 'hours';
  /** Whether the first row after the skipped ones names the columns (default true). */
  header?: boolean;
  /** Rows with values that cannot be read: fail the import (default) or skip them with the reason. */
  invalidRows?: 'fail' | 'skip';
}

export interface CellProblem {
  id: InterchangeMessageId;
  values: MessageValues;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: CellProblem };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = (id: InterchangeMessageId, values: MessageValues): Parsed<never> => ({
  ok: false,
  problem: { id, values },
});

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 2000–2050, as the spec limits every date. */
function inRange(iso: string): boolean {
  const y = Number(iso.slice(0, 4));
  return y >= 2000 && y <= 2050;
}

/** A date cell → `YYYY-MM-DDTHH:mm`. Excel dates are taken as they are; text goes by the rule's format. */
export function parseDate(cell: CellValue, format: TabularDateFormat): Parsed<string> {
  let iso: string | null = null;
  if (isDateCell(cell)) iso = cell.date;
  else if (typeof cell === 'number') {
    // a date column that lost its format: an Excel serial in 2000–2050
    if (cell >= 36526 && cell < 54789) {
      const ms = Math.round((cell - 25569) * 1440) * 60_000;
      iso = new Date(ms).toISOString().slice(0, 16);
    }
  } else if (typeof cell === 'string') {
    const text = cell.trim();
    if (format === 'YYYY-MM-DD') {
      const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(text);
      if (m) {
        const [y, mo, d, h = '00', mi = '00'] = m.slice(1) as string[];
        const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
        if (date.getUTCDate() === Number(d) && Number(h) < 24 && Number(mi) < 60)
          iso = `${y}-${mo}-${d}T${h}:${mi}`;
      }
    } else {
      const p = parseDateInput(text);
      if (p) iso = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
    }
  }
  if (!iso) return bad('interchange.tabular.bad_date', { value: cellText(cell), format });
  if (!inRange(iso)) return bad('interchange.tabular.date_range', { value: cellText(cell) });
  return ok(iso);
}

/** A number cell or text with a decimal comma or point and optional spaces as thousands separators. */
export function parseNumber(cell: CellValue): Parsed<number> {
  if (typeof cell === 'number')
    return Number.isFinite(cell) ? ok(cell) : bad('interchange.tabular.bad_number', { value: String(cell) });
  const text = cellText(cell)
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '');
  const normalized = /^-?\d+,\d+$/.test(text)
    ? text.replace(',', '.')
    : text.replace(/,(?=\d{3}(\D|$))/g, '');
  const n = Number(normalized);
  if (text === '' || !Number.isFinite(n) || !/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(normalized))
    return bad('interchange.tabular.bad_number', { value: cellText(cell) });
  return ok(n);
}

const UNIT_MINUTES: [RegExp, (perDay: number) => number][] = [
  [/^(d|д|дн|дня|дней|day|days)$/i, (perDay) => perDay],
  [/^(h|ч|час|часа|часов|hr|hrs|hour|hours)$/i, () => 60],
  [/^(w|н|нед|недель|недели|wk|week|weeks)$/i, (perDay) => perDay * 5],
  [/^(m|мин|min|mins|minute|minutes)$/i, () => 1],
  [/^(mo|мес|month|months)$/i, (perDay) => perDay * 20],
];

/** Working minutes of `5`, `5d`, `5 дн`, `40h`, `2w`, `90 min`, `1,5`. */
export function parseDuration(
  cell: CellValue,
  minutesPerDay: number,
  unit: 'days' | 'hours' = 'days',
): Parsed<number> {
  const text = cellText(cell).trim();
  const m = /^(-?\d+(?:[.,]\d+)?)\s*([^\d\s.,]*)\.?$/.exec(text);
  if (!m) return bad('interchange.tabular.bad_duration', { value: text });
  const n = Number(m[1]!.replace(',', '.'));
  const suffix = m[2] ?? '';
  let per = unit === 'hours' ? 60 : minutesPerDay;
  if (suffix) {
    const u = UNIT_MINUTES.find(([re]) => re.test(suffix));
    if (!u) return bad('interchange.tabular.bad_duration', { value: text });
    per = u[1](minutesPerDay);
  }
  if (n < 0) return bad('interchange.tabular.negative', { value: text });
  return ok(Math.round(n * per));
}

/** `40`, `40%`, `0,4` of a percent-formatted cell already read as 40. */
export function parsePercent(cell: CellValue): Parsed<number> {
  const text = cellText(cell).trim().replace(/%$/, '').trim();
  const n = parseNumber(typeof cell === 'number' ? cell : text);
  if (!n.ok) return n;
  if (n.value < 0 || n.value > 100) return bad('interchange.tabular.bad_percent', { value: cellText(cell) });
  return n;
}

const TYPE_WORDS: [RegExp, IxActivityType][] = [
  [/^(task|work|задача|работа|draft|черновик)$/i, 'task'],
  [/^(milestone|milestone_start|start milestone|веха|начальная веха|веха начала)$/i, 'start_milestone'],
  [
    /^(milestone_finish|finish milestone|конечная веха|веха окончания|завершающая веха)$/i,
    'finish_milestone',
  ],
  [/^(sum|summary|wbs|суммарная|суммарная работа|группа|этап)$/i, 'summary'],
];

export function parseType(cell: CellValue): Parsed<IxActivityType> {
  const text = cellText(cell).trim().replace(/\s+/g, ' ');
  const hit = TYPE_WORDS.find(([re]) => re.test(text));
  return hit ? ok(hit[1]) : bad('interchange.tabular.bad_type', { value: text });
}

export interface PredecessorRef {
  code: string;
  type: IxRelationType;
  lagMinutes: number;
  elapsed: boolean;
}

const LINK_TYPES: Record<string, IxRelationType> = {
  FS: 'fs',
  SS: 'ss',
  FF: 'ff',
  SF: 'sf',
  ОН: 'fs',
  НН: 'ss',
  ОО: 'ff',
  НО: 'sf',
};

/**
 * `A10FS+2d;A20SS;A30` (MS Project's notation, also with Russian ОН/НН/ОО/НО) → references. A token that
 * is itself a known code is that code with FS and no lag (so a code ending in `SS` is not cut).
 */
export function parsePredecessors(
  cell: CellValue,
  isCode: (code: string) => boolean,
  minutesPerDay: number,
): Parsed<PredecessorRef[]> {
  const text = cellText(cell).trim();
  if (!text) return ok([]);
  const out: PredecessorRef[] = [];
  for (const raw of text.split(/[;\n]|,(?!\d)/)) {
    const token = raw.trim();
    if (!token) continue;
    if (isCode(token)) {
      out.push({ code: token, type: 'fs', lagMinutes: 0, elapsed: false });
      continue;
    }
    const m =
      /^(.+?)\s*(FS|SS|FF|SF|ОН|НН|ОО|НО)?\s*(?:([+-])\s*(\d+(?:[.,]\d+)?)\s*(e?[^\d\s.,]*)\.?)?$/iu.exec(
        token,
      );
    if (!m?.[1]) return bad('interchange.tabular.bad_predecessor', { value: token });
    const [, code, type, sign, amount, unitText = ''] = m;
    let lag = 0;
    let elapsed = false;
    if (amount) {
      let unit = unitText;
      if (/^(e|э)/i.test(unit) && unit.length > 1) {
        elapsed = true;
        unit = unit.slice(1);
      }
      if (unit.includes('%')) return bad('interchange.tabular.bad_predecessor', { value: token });
      // elapsed lags (`2ed`, `12eh`) run round the clock
      if (elapsed && !/^(d|д|дн|h|ч|m|мин|min)$/i.test(unit))
        return bad('interchange.tabular.bad_predecessor', { value: token });
      const d = parseDuration(`${amount}${unit}`, elapsed ? 1440 : minutesPerDay);
      if (!d.ok) return bad('interchange.tabular.bad_predecessor', { value: token });
      lag = sign === '-' ? -d.value : d.value;
    }
    out.push({
      code: code.trim(),
      type: type ? LINK_TYPES[type.toUpperCase()]! : 'fs',
      lagMinutes: lag,
      elapsed,
    });
  }
  return ok(out);
}

/**
 * Import of a spreadsheet (xlsx) or CSV file through an upload rule. `previewTabular` shows the header,
 * the first rows as read and mapped, and every row's problems; `readTabular` turns the file into the
 * interchange model the other readers produce (so the server imports it like an XER) plus a report of
 * the rows read and skipped with the reason.
 *
 * A row is one work. Hierarchy comes from a level column (1 = top), a parent-code column, or — in xlsx
 * without either — Excel's row grouping; a work with children is a summary. Dates go by the rule's format
 * (Excel date cells as they are); a date without a time is the start or end of that day's working time on
 * the work's calendar. A start of a work without predecessors becomes a "start on or after" constraint
 * (so it starts where the file says); the file's start and finish are kept as recorded dates, so the
 * server can tell the planner when recalculation moves them. Empty rows and rows without a name are
 * skipped with the reason; a value that cannot be read fails the import naming row and column (or, with
 * `invalidRows: 'skip'`, skips the row). Everything is checked before a model is returned.
 */
import {
  type Calendar,
  calendarCompile,
  calendarFinishInstant,
  calendarMinutesFromDays,
  calendarNextWorkingInstant,
  calendarWorkingMinutesBetween,
  calendarWorkingTime,
  timeFromIso,
  timeToIso,
} from '@takt/engine';
import { InterchangeError } from '../common/errors.js';
import type { ByteSource, Encoding } from '../common/input.js';
import { englishText, type LocalizedText, localized } from '../common/messages.js';
import {
  emptyProject,
  type IxActivity,
  type IxCalendar,
  type IxProject,
  type IxRelation,
  STANDARD_WEEK,
} from '../common/model.js';
import { validateProject } from '../common/validate.js';
import { type CsvDelimiter, readCsvRows } from './csv-read.js';
import {
  type CellProblem,
  type Parsed,
  type PredecessorRef,
  parseDate,
  parseDuration,
  parseNumber,
  parsePercent,
  parsePredecessors,
  parseType,
  TABULAR_FIELDS,
  type TabularField,
  type TabularRule,
} from './rule.js';
import { type CellValue, cellText, columnIndex, columnLetter, type SheetRow } from './sheet.js';
import { readXlsxRows, xlsxSheetNames } from './xlsx-read.js';

export type TabularFormat = 'csv' | 'xlsx';

export interface TabularOptions {
  /** Told from the bytes (a zip is xlsx) when absent. */
  format?: TabularFormat;
  /** The space's calendars the calendar column names (by name); default: one standard calendar. */
  calendars?: IxCalendar[];
  defaultCalendarId?: string;
  /** The project start when the file has no start dates (e.g. the version's). */
  projectStart?: string;
  /** The data date (progress is reported up to it); default: the latest actual date of the file. */
  dataDate?: string;
  projectName?: string;
  projectCode?: string;
}

export interface TabularProblem extends LocalizedText {
  row: number;
  /** Column letter. */
  column?: string;
  field?: TabularField;
}

export interface TabularSkip extends LocalizedText {
  row: number;
}

export interface TabularColumn {
  /** 0-based. */
  index: number;
  letter: string;
  /** Header text ('' without a header row). */
  header: string;
  field?: TabularField;
}

export interface TabularPreviewRow {
  row: number;
  level: number;
  /** Cells as shown, from column A. */
  cells: string[];
  /** The mapped fields' cells as shown. */
  values: Partial<Record<TabularField, string>>;
  problems: TabularProblem[];
  /** Why the import leaves the row out. */
  skip?: LocalizedText;
}

export interface TabularPreview {
  format: TabularFormat;
  delimiter?: CsvDelimiter;
  encoding?: Encoding;
  sheets?: string[];
  columns: TabularColumn[];
  rows: TabularPreviewRow[];
  /** Rows after the header. */
  totalRows: number;
  /** Rows that would become works. */
  importableRows: number;
  problemCount: number;
  /** Problems of the rule itself (a column the file does not have…): nothing can be imported. */
  ruleProblems: LocalizedText[];
}

export interface TabularReport {
  format: TabularFormat;
  delimiter?: CsvDelimiter;
  encoding?: Encoding;
  rowsRead: number;
  works: number;
  relations: number;
  skipped: TabularSkip[];
  /** Rows left out for unreadable values (`invalidRows: 'skip'`). */
  problems: TabularProblem[];
}

/** A data row, read and parsed. */
interface RowData {
  row: number;
  outline: number;
  raw: Partial<Record<TabularField, CellValue>>;
  code: string;
  name: string;
  level?: number;
  parentCode?: string;
  type?: IxActivity['type'];
  start?: { iso: string; dateOnly: boolean };
  finish?: { iso: string; dateOnly: boolean };
  duration?: number;
  volume?: number;
  unit?: string;
  calendarId?: string;
  predecessors: CellValue;
  progress?: number;
  actualStart?: { iso: string; dateOnly: boolean };
  actualFinish?: { iso: string; dateOnly: boolean };
  problems: TabularProblem[];
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];

async function toBytes(source: ByteSource): Promise<Uint8Array> {
  if (source instanceof Uint8Array) return source;
  if (typeof source === 'string') return new TextEncoder().encode(source);
  const parts: Uint8Array[] = [];
  for await (const c of source as AsyncIterable<Uint8Array | string>)
    parts.push(typeof c === 'string' ? new TextEncoder().encode(c) : c);
  return new Uint8Array(Buffer.concat(parts));
}

function formatOf(bytes: Uint8Array, given?: TabularFormat): TabularFormat {
  if (given) return given;
  return ZIP.every((b, k) => bytes[k] === b) ? 'xlsx' : 'csv';
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** The columns the rule names, resolved against the header row. */
function resolveColumns(
  rule: TabularRule,
  header: CellValue[],
): { columns: Map<TabularField, number>; problems: LocalizedText[] } {
  const columns = new Map<TabularField, number>();
  const problems: LocalizedText[] = [];
  const headerTexts = header.map((c) => norm(cellText(c)));
  for (const [ref, field] of Object.entries(rule.mapping)) {
    if (!TABULAR_FIELDS.includes(field)) continue;
    const r = ref.trim();
    let index = -1;
    if (/^\d+$/.test(r)) index = Number(r) - 1;
    else {
      index = rule.header === false ? -1 : headerTexts.indexOf(norm(r));
      if (index < 0 && /^[A-Za-z]{1,3}$/.test(r)) index = columnIndex(r);
    }
    if (index < 0 || index > 16383)
      problems.push(localized('interchange.tabular.unknown_column', { column: r }));
    else columns.set(field, index);
  }
  if (!columns.has('name') && problems.length === 0)
    problems.push(localized('interchange.tabular.no_name_column'));
  return { columns, problems };
}

async function* sheetRows(
  bytes: Uint8Array,
  format: TabularFormat,
  rule: TabularRule,
  found: { delimiter?: CsvDelimiter; encoding?: Encoding },
): AsyncGenerator<SheetRow> {
  if (format === 'xlsx') yield* readXlsxRows(bytes, rule.sheet);
  else
    yield* readCsvRows(bytes, {
      delimiter: rule.delimiter ?? null,
      encoding: rule.encoding ?? 'auto',
      onDetected: (d) => Object.assign(found, d),
    });
}

interface Analysis {
  format: TabularFormat;
  found: { delimiter?: CsvDelimiter; encoding?: Encoding };
  columns: TabularColumn[];
  ruleProblems: LocalizedText[];
  rows: RowData[];
  skipped: TabularSkip[];
  preview: TabularPreviewRow[];
  totalRows: number;
  calendars: IxCalendar[];
  defaultCalendarId: string;
  compiled: Map<string, Calendar>;
  parentOf: Map<RowData, RowData>;
  preds: Map<RowData, PredecessorRef[]>;
}

function problem(
  row: number,
  field: TabularField | undefined,
  column: number | undefined,
  p: CellProblem,
): TabularProblem {
  const letter = column === undefined ? undefined : columnLetter(column);
  const text = englishText(p.id, p.values);
  return {
    id: p.id,
    values: p.values,
    message: letter
      ? englishText('interchange.tabular.problem_at', { row, column: letter, problem: text })
      : `Row ${row}: ${text}`,
    row,
    ...(letter ? { column: letter } : {}),
    ...(field ? { field } : {}),
  };
}

async function analyze(
  source: ByteSource,
  rule: TabularRule,
  options: TabularOptions,
  previewLimit: number,
): Promise<Analysis> {
  const bytes = await toBytes(source);
  const format = formatOf(bytes, options.format);
  const found: Analysis['found'] = {};
  const calendars = options.calendars?.length
    ? options.calendars
    : [{ id: 'standard', name: 'Standard', week: STANDARD_WEEK, exceptions: [], hoursPerDay: 8 }];
  const defaultCalendarId =
    options.defaultCalendarId && calendars.some((c) => c.id === options.defaultCalendarId)
      ? options.defaultCalendarId
      : calendars[0]!.id;
  const compiled = new Map(
    calendars.map((c) => [
      c.id,
      calendarCompile({
        id: c.id,
        name: c.name,
        allDay: c.allDay,
        week: c.week,
        exceptions: c.exceptions,
        ...(c.hoursPerDay ? { hoursPerDay: c.hoursPerDay } : {}),
      }),
    ]),
  );
  const calendarByName = new Map(calendars.map((c) => [norm(c.name || c.id), c.id]));
  const a: Analysis = {
    format,
    found,
    columns: [],
    ruleProblems: [],
    rows: [],
    skipped: [],
    preview: [],
    totalRows: 0,
    calendars,
    defaultCalendarId,
    compiled,
    parentOf: new Map(),
    preds: new Map(),
  };
  let columns: Map<TabularField, number> | null = null;
  const hasHeader = rule.header !== false;
  for await (const sr of sheetRows(bytes, format, rule, found)) {
    if (sr.row <= rule.rowsToSkip) continue;
    if (!columns) {
      const header = hasHeader ? sr.cells : [];
      const resolved = resolveColumns(rule, header);
      columns = resolved.columns;
      a.ruleProblems = resolved.problems;
      const fieldOf = new Map([...columns].map(([f, i]) => [i, f]));
      const width = Math.max(
        header.length,
        ...[...columns.values()].map((i) => i + 1),
        hasHeader ? 0 : sr.cells.length,
      );
      a.columns = Array.from({ length: width }, (_, i) => ({
        index: i,
        letter: columnLetter(i),
        header: cellText(header[i]),
        ...(fieldOf.has(i) ? { field: fieldOf.get(i)! } : {}),
      }));
      if (a.ruleProblems.length) return a;
      if (hasHeader) continue;
    }
    a.totalRows++;
    const raw: Partial<Record<TabularField, CellValue>> = {};
    for (const [f, i] of columns) {
      const v = sr.cells[i];
      if (v !== null && v !== undefined && cellText(v).trim() !== '') raw[f] = v;
    }
    const p = parseRow(sr, raw, columns, rule, calendarByName, compiled, defaultCalendarId);
    let skip: LocalizedText | undefined;
    if (Object.keys(raw).length === 0) skip = localized('interchange.tabular.empty_row');
    else if (!p.name) skip = localized('interchange.tabular.no_name');
    if (skip) a.skipped.push({ ...skip, row: sr.row });
    else a.rows.push(p);
    if (a.preview.length < previewLimit)
      a.preview.push({
        row: sr.row,
        level: sr.level,
        cells: sr.cells.map(cellText),
        values: Object.fromEntries(Object.entries(raw).map(([f, v]) => [f, cellText(v)])),
        problems: p.problems,
        ...(skip ? { skip } : {}),
      });
  }
  if (!columns) {
    a.ruleProblems = [localized('interchange.tabular.no_header', { count: rule.rowsToSkip })];
    return a;
  }
  resolveRows(a, columns);
  const byRow = new Map(a.rows.map((r) => [r.row, r]));
  for (const pr of a.preview) {
    const r = byRow.get(pr.row);
    if (r) pr.problems = r.problems;
  }
  return a;
}

function parseRow(
  sr: SheetRow,
  raw: Partial<Record<TabularField, CellValue>>,
  columns: Map<TabularField, number>,
  rule: TabularRule,
  calendarByName: Map<string, string>,
  compiled: Map<string, Calendar>,
  defaultCalendarId: string,
): RowData {
  const problems: TabularProblem[] = [];
  const take = <T>(field: TabularField, parsed: Parsed<T>): T | undefined => {
    if (parsed.ok) return parsed.value;
    problems.push(problem(sr.row, field, columns.get(field), parsed.problem));
    return undefined;
  };
  const text = (f: TabularField) => (raw[f] === undefined ? '' : cellText(raw[f]).trim());
  const p: RowData = {
    row: sr.row,
    outline: sr.level,
    raw,
    code: text('code'),
    name: text('name').replace(/\s+/g, ' '),
    predecessors: raw.predecessors ?? null,
    problems,
  };
  if (p.code.length > 64)
    problems.push(
      problem(sr.row, 'code', columns.get('code'), {
        id: 'interchange.tabular.too_long',
        values: { value: p.code.length, max: 64 },
      }),
    );
  if (raw.calendar !== undefined) {
    const id = calendarByName.get(norm(text('calendar')));
    if (id) p.calendarId = id;
    else
      problems.push(
        problem(sr.row, 'calendar', columns.get('calendar'), {
          id: 'interchange.tabular.unknown_calendar',
          values: { value: text('calendar') },
        }),
      );
  }
  const cal = compiled.get(p.calendarId ?? defaultCalendarId)!;
  const minutesPerDay = calendarMinutesFromDays(cal, 1);
  const date = (f: TabularField) => {
    if (raw[f] === undefined) return undefined;
    const iso = take(f, parseDate(raw[f]!, rule.dateFormat));
    return iso ? { iso, dateOnly: iso.endsWith('T00:00') } : undefined;
  };
  if (raw.level !== undefined) {
    const n = take('level', parseNumber(raw.level));
    if (n !== undefined) {
      if (Number.isInteger(n) && n >= 1 && n <= 100) p.level = n;
      else
        problems.push(
          problem(sr.row, 'level', columns.get('level'), {
            id: 'interchange.tabular.bad_level',
            values: { value: text('level') },
          }),
        );
    }
  }
  if (raw.parentCode !== undefined) p.parentCode = text('parentCode');
  if (raw.type !== undefined) p.type = take('type', parseType(raw.type));
  p.start = date('start');
  p.finish = date('finish');
  p.actualStart = date('actualStart');
  p.actualFinish = date('actualFinish');
  if (raw.duration !== undefined)
    p.duration = take('duration', parseDuration(raw.duration, minutesPerDay, rule.durationUnit));
  if (raw.volume !== undefined) {
    const v = take('volume', parseNumber(raw.volume));
    if (v !== undefined && v < 0)
      problems.push(
        problem(sr.row, 'volume', columns.get('volume'), {
          id: 'interchange.tabular.negative',
          values: { value: text('volume') },
        }),
      );
    else if (v !== undefined) p.volume = v;
  }
  if (raw.unit !== undefined) p.unit = text('unit').slice(0, 16);
  if (raw.progress !== undefined) p.progress = take('progress', parsePercent(raw.progress));
  return p;
}

/** Start of the working time of a date-only start; end of the working time of a date-only finish. */
function startInstant(cal: Calendar, d: { iso: string; dateOnly: boolean }): string {
  return timeToIso(calendarNextWorkingInstant(cal, timeFromIso(d.iso)));
}
function finishInstant(cal: Calendar, d: { iso: string; dateOnly: boolean }): string {
  const t = timeFromIso(d.iso) + (d.dateOnly ? 1440 : 0);
  return timeToIso(calendarFinishInstant(cal, calendarWorkingTime(cal, t)));
}

/** Codes, hierarchy, predecessors, durations: what needs all rows. */
function resolveRows(a: Analysis, columns: Map<TabularField, number>): void {
  const byCode = new Map<string, RowData>();
  for (const r of a.rows) {
    if (!r.code) continue;
    const first = byCode.get(r.code);
    if (first)
      r.problems.push(
        problem(r.row, 'code', columns.get('code'), {
          id: 'interchange.tabular.duplicate_code',
          values: { value: r.code, row: first.row },
        }),
      );
    else byCode.set(r.code, r);
  }
  // hierarchy: level column, parent codes, or Excel's outline
  const useOutline = !columns.has('level') && !columns.has('parentCode') && a.rows.some((r) => r.outline > 0);
  const parentOf = a.parentOf;
  if (columns.has('level') || useOutline) {
    const stack: RowData[] = [];
    for (const r of a.rows) {
      const level = useOutline ? r.outline + 1 : r.level;
      if (level === undefined) {
        stack.length = 0;
        continue;
      }
      if (level > stack.length + 1) {
        r.problems.push(
          problem(r.row, 'level', columns.get('level'), {
            id: 'interchange.tabular.bad_level',
            values: { value: level },
          }),
        );
        continue;
      }
      stack.length = level - 1;
      const parent = stack[level - 2];
      if (parent) parentOf.set(r, parent);
      stack.push(r);
    }
  } else if (columns.has('parentCode')) {
    for (const r of a.rows) {
      if (!r.parentCode) continue;
      const parent = byCode.get(r.parentCode);
      if (!parent || parent === r)
        r.problems.push(
          problem(r.row, 'parentCode', columns.get('parentCode'), {
            id: 'interchange.tabular.unknown_parent',
            values: { value: r.parentCode },
          }),
        );
      else parentOf.set(r, parent);
    }
    for (const r of a.rows) {
      const seen = new Set<RowData>([r]);
      for (let p = parentOf.get(r); p; p = parentOf.get(p))
        if (seen.has(p)) {
          r.problems.push(
            problem(r.row, 'parentCode', columns.get('parentCode'), {
              id: 'interchange.tabular.parent_cycle',
              values: { value: r.code || r.name },
            }),
          );
          parentOf.delete(r);
          break;
        } else seen.add(p);
    }
  }
  // predecessors
  const preds = a.preds;
  for (const r of a.rows) {
    if (r.predecessors === null) continue;
    const cal = a.compiled.get(r.calendarId ?? a.defaultCalendarId)!;
    const parsed = parsePredecessors(r.predecessors, (c) => byCode.has(c), calendarMinutesFromDays(cal, 1));
    if (!parsed.ok) {
      r.problems.push(problem(r.row, 'predecessors', columns.get('predecessors'), parsed.problem));
      continue;
    }
    for (const ref of parsed.value) {
      const target = byCode.get(ref.code);
      if (!target)
        r.problems.push(
          problem(r.row, 'predecessors', columns.get('predecessors'), {
            id: 'interchange.tabular.unknown_predecessor',
            values: { value: ref.code },
          }),
        );
      else if (target === r)
        r.problems.push(
          problem(r.row, 'predecessors', columns.get('predecessors'), {
            id: 'interchange.tabular.self_predecessor',
            values: { value: ref.code },
          }),
        );
    }
    preds.set(r, parsed.value);
  }
  // dates in order
  for (const r of a.rows) {
    const cal = a.compiled.get(r.calendarId ?? a.defaultCalendarId)!;
    if (r.start && r.finish && finishInstant(cal, r.finish) < startInstant(cal, r.start))
      r.problems.push(
        problem(r.row, 'finish', columns.get('finish'), {
          id: 'interchange.tabular.finish_before_start',
          values: { value: cellText(r.raw.finish ?? null) },
        }),
      );
    if (r.actualFinish && !r.actualStart)
      r.problems.push(
        problem(r.row, 'actualFinish', columns.get('actualFinish'), {
          id: 'interchange.tabular.actual_finish_without_start',
          values: {},
        }),
      );
    else if (
      r.actualStart &&
      r.actualFinish &&
      finishInstant(cal, r.actualFinish) < startInstant(cal, r.actualStart)
    )
      r.problems.push(
        problem(r.row, 'actualFinish', columns.get('actualFinish'), {
          id: 'interchange.tabular.finish_before_start',
          values: { value: cellText(r.raw.actualFinish ?? null) },
        }),
      );
  }
}

function failOn(problems: TabularProblem[]): never {
  const first = problems[0]!;
  const more = problems.length - 1;
  throw new InterchangeError(
    'invalid_value',
    more > 0
      ? `${first.message} (${englishText('interchange.tabular.more_problems', { count: more })})`
      : first.message,
    {
      line: first.row,
      ...(first.column ? { element: `column ${first.column}` } : {}),
      ...(first.field ? { field: first.field } : {}),
    },
    // the first problem's own id and values, with where it is and how many more there are
    { id: first.id, values: { ...first.values, row: first.row, column: first.column ?? '', more } },
  );
}

export async function previewTabular(
  source: ByteSource,
  rule: TabularRule,
  limit = 20,
  options: TabularOptions = {},
): Promise<TabularPreview> {
  const a = await analyze(source, rule, options, limit);
  const bytes = source instanceof Uint8Array ? source : null;
  return {
    format: a.format,
    ...(a.found.delimiter ? { delimiter: a.found.delimiter } : {}),
    ...(a.found.encoding ? { encoding: a.found.encoding } : {}),
    ...(a.format === 'xlsx' && bytes ? { sheets: xlsxSheetNames(bytes) } : {}),
    columns: a.columns,
    rows: a.preview,
    totalRows: a.totalRows,
    importableRows: a.rows.filter((r) => r.problems.length === 0).length,
    problemCount: a.rows.reduce((n, r) => n + r.problems.length, 0),
    ruleProblems: a.ruleProblems,
  };
}

export async function readTabular(
  source: ByteSource,
  rule: TabularRule,
  options: TabularOptions = {},
): Promise<{ project: IxProject; report: TabularReport }> {
  const a = await analyze(source, rule, options, 0);
  if (a.ruleProblems.length) {
    const p = a.ruleProblems[0]!;
    throw new InterchangeError(
      'missing_value',
      p.message,
      { element: 'rule' },
      { id: p.id, values: p.values },
    );
  }
  const problems = a.rows.flatMap((r) => r.problems);
  const report: TabularReport = {
    format: a.format,
    ...(a.found.delimiter ? { delimiter: a.found.delimiter } : {}),
    ...(a.found.encoding ? { encoding: a.found.encoding } : {}),
    rowsRead: a.totalRows,
    works: 0,
    relations: 0,
    skipped: a.skipped,
    problems: [],
  };
  let rows = a.rows;
  if (problems.length) {
    if (rule.invalidRows !== 'skip') failOn(problems);
    // leave out the rows with problems, and whatever depends on them
    const bad = new Set(rows.filter((r) => r.problems.length));
    let changed = true;
    while (changed) {
      changed = false;
      for (const r of rows)
        if (!bad.has(r) && a.parentOf.get(r) && bad.has(a.parentOf.get(r)!)) {
          bad.add(r);
          changed = true;
        }
    }
    report.problems = problems;
    for (const r of rows)
      if (bad.has(r) && r.problems.length === 0)
        report.problems.push(
          problem(r.row, undefined, undefined, {
            id: 'interchange.tabular.unknown_parent',
            values: { value: a.parentOf.get(r)?.code ?? '' },
          }),
        );
    rows = rows.filter((r) => !bad.has(r));
  }
  if (rows.length === 0)
    throw new InterchangeError(
      'missing_value',
      englishText('interchange.tabular.no_rows'),
      {},
      { id: 'interchange.tabular.no_rows', values: {} },
    );

  const p = emptyProject('json', 'msproject');
  p.name = options.projectName ?? rule.name;
  p.code = options.projectCode ?? '';
  p.calendars = a.calendars.map((c) => ({
    ...c,
    week: c.week.map((d) => d.map((i) => ({ ...i }))),
    exceptions: c.exceptions.map((e) => ({ ...e })),
  }));
  p.defaultCalendarId = a.defaultCalendarId;
  p.options.raw = { source: `${a.format} via rule "${rule.name}"` };
  const idOf = new Map(rows.map((r) => [r, `row:${r.row}`]));
  const codeToRow = new Map(rows.filter((r) => r.code).map((r) => [r.code, r]));
  const hasChildren = new Set<RowData>();
  for (const r of rows) {
    const parent = a.parentOf.get(r);
    if (parent && idOf.has(parent)) hasChildren.add(parent);
  }
  let earliest: string | undefined;
  for (const r of rows) {
    const cal = a.compiled.get(r.calendarId ?? a.defaultCalendarId)!;
    const start = r.start ? startInstant(cal, r.start) : undefined;
    const finish = r.finish ? finishInstant(cal, r.finish) : undefined;
    const refs = a.preds.get(r) ?? [];
    const summary = hasChildren.has(r) || r.type === 'summary';
    let type: IxActivity['type'] = summary ? 'summary' : (r.type ?? 'task');
    let duration = typeof r.duration === 'number' ? r.duration : undefined;
    if (duration === undefined && start && finish)
      duration = Math.max(0, calendarWorkingMinutesBetween(cal, timeFromIso(start), timeFromIso(finish)));
    if (type.endsWith('milestone')) duration = 0;
    if (type === 'task' && duration === 0 && r.type === undefined && start && !finish)
      type = 'start_milestone';
    const act: IxActivity = {
      id: idOf.get(r)!,
      code: r.code,
      name: r.name.length > 255 ? [...r.name].slice(0, 255).join('') : r.name,
      wbsId: null,
      parentId: a.parentOf.get(r) && idOf.has(a.parentOf.get(r)!) ? idOf.get(a.parentOf.get(r)!)! : null,
      type,
      calendarId: r.calendarId ?? null,
      durationMinutes: summary ? 0 : (duration ?? 0),
      recorded: {
        ...(start ? { start } : {}),
        ...(finish ? { finish } : {}),
      },
      codes: {},
      udfs: {},
    };
    if (!summary && refs.length === 0) {
      if (start) act.constraint = { type: 'start_on_or_after', date: start };
      else if (finish) act.constraint = { type: 'finish_on_or_after', date: finish };
    }
    if (r.actualStart) act.actualStart = startInstant(cal, r.actualStart);
    if (r.actualFinish) act.actualFinish = finishInstant(cal, r.actualFinish);
    if (r.progress !== undefined) act.percentComplete = r.progress;
    act.status = act.actualFinish ? 'completed' : act.actualStart ? 'in_progress' : 'not_started';
    if (act.status === 'in_progress' && r.progress !== undefined && !summary)
      act.remainingMinutes = Math.round((act.durationMinutes * (100 - r.progress)) / 100);
    if (r.volume !== undefined) act.volume = r.volume;
    if (r.unit) act.unit = r.unit;
    for (const d of [start, act.actualStart, act.constraint?.date])
      if (d && (!earliest || d < earliest)) earliest = d;
    p.activities.push(act);
  }
  let rel = 0;
  for (const r of rows)
    for (const ref of a.preds.get(r) ?? []) {
      const pred = codeToRow.get(ref.code);
      if (!pred) continue;
      const relation: IxRelation = {
        id: `rel:${++rel}`,
        predecessorId: idOf.get(pred)!,
        successorId: idOf.get(r)!,
        type: ref.type,
        lagMinutes: ref.lagMinutes,
      };
      if (ref.elapsed) relation.lagCalendar = '24h';
      p.relations.push(relation);
    }
  const start = options.projectStart ?? earliest;
  if (!start)
    throw new InterchangeError(
      'missing_value',
      englishText('interchange.tabular.no_start'),
      { field: 'start' },
      { id: 'interchange.tabular.no_start', values: {} },
    );
  p.start = start;
  // the data date: the caller's, else the latest actual date (remaining work is scheduled from it)
  let latest = options.dataDate ?? '';
  for (const x of p.activities)
    for (const d of [x.actualStart, x.actualFinish]) if (!options.dataDate && d && d > latest) latest = d;
  if (latest) p.dataDate = latest;
  validateProject(p);
  report.works = p.activities.length;
  report.relations = p.relations.length;
  return { project: p, report };
}

/**
 * error catalogue: the message for volume codes that match no work — the first two codes and "and N more".
 */
export function missingVolumeCodesMessage(codes: readonly string[]): LocalizedText | null {
  if (codes.length === 0) return null;
  const shown = codes.slice(0, 2).join(', ');
  return codes.length > 2
    ? localized('interchange.missing_volume_codes_more', { codes: shown, count: codes.length - 2 })
    : localized('interchange.missing_volume_codes', { codes: shown });
}

/**
 * Volumes of a read file matched to the works of an existing version by code: the updates, and the codes
 * of the file no work has (with the error catalogue's message).
 */
export function matchVolumesByCode(
  project: IxProject,
  existingCodes: Iterable<string>,
): {
  updates: { code: string; volume: number; unit?: string }[];
  missing: string[];
  message: LocalizedText | null;
} {
  const existing = new Set(existingCodes);
  const updates: { code: string; volume: number; unit?: string }[] = [];
  const missing: string[] = [];
  for (const act of project.activities) {
    if (act.volume === undefined || !act.code) continue;
    if (existing.has(act.code))
      updates.push({ code: act.code, volume: act.volume, ...(act.unit ? { unit: act.unit } : {}) });
    else missing.push(act.code);
  }
  return { updates, missing, message: missingVolumeCodesMessage(missing) };
}

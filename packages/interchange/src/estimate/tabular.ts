/**
 * An estimate from an Excel (xlsx) or CSV sheet through an upload rule, as schedules are imported: the rule
 * names the rows to skip above the header and which column holds which field (by header text, letter or
 * 1-based number). A row is a line, unless it is a section:
 * - with a `level` column, a row with a level (1 = top) is a section at that level;
 * - with a `section` column (a marker), a row with a mark is a section: a number marks its level, a word
 *   starting with "под"/"sub" level 2, any other mark level 1;
 * - with neither, a row with a name and nothing else whose name starts with Раздел, Подраздел, Глава,
 *   Section or Chapter.
 * Rows whose name starts with Итого, Всего or Total are the sheet's totals and left out (counted); empty rows
 * are skipped. Unit costs by part go to their parts; a single `unitCost` column, when no part is mapped, goes
 * to materials (reported once).
 */
import { ESTIMATE_TABULAR_FIELDS, type EstimateTabularFieldId } from '@takt/contracts';
import type { Language } from '@takt/i18n';
import { InterchangeError } from '../common/errors.js';
import type { Encoding } from '../common/input.js';
import { type LocalizedText, localized, type MessageValues } from '../common/messages.js';
import type { CsvDelimiter } from '../tabular/csv-read.js';
import { readSheetRows, tabularFormatOf } from '../tabular/rows.js';
import { type CellValue, cellText, columnIndex, columnLetter } from '../tabular/sheet.js';
import { xlsxSheetNames } from '../tabular/xlsx-read.js';
import { EstimateBuilder } from './builder.js';
import type { EstimateDocument, EstimateKind, EstimateLine } from './model.js';
import {
  ESTIMATE_LIMITS,
  type EstimateFileReport,
  EstimateReadLog,
  estimateError,
  round2,
  round6,
} from './read-report.js';

/** The fields a column of an estimate sheet maps to (the contracts' list, shared with the upload rules). */
export type EstimateTabularField = EstimateTabularFieldId;

export interface EstimateTabularRule {
  rowsToSkip: number;
  /** column (header text, letter like `B`, or 1-based number) → field */
  mapping: Readonly<Record<string, EstimateTabularField>>;
  /** Whether the first row after the skipped ones names the columns (default true). */
  header?: boolean;
  /** xlsx: the sheet (default the first). */
  sheet?: string | null;
  /** CSV: detected when absent. */
  delimiter?: CsvDelimiter | null;
  encoding?: Encoding;
}

export interface EstimateTabularOptions {
  /** Told from the bytes (a zip is xlsx) when absent. */
  format?: 'xlsx' | 'csv';
  /** The estimate's name and kind: a sheet has none of its own. */
  name?: string;
  kind?: EstimateKind;
  language?: Language;
  /** Told what each row of the sheet became (the preview's classification). */
  onRow?: (row: number, kind: EstimateRowKind, level?: number) => void;
}

/** What a row of an estimate sheet became: above the header, the header, a section, a line, a total left out… */
export type EstimateRowKind = 'skipped' | 'header' | 'section' | 'line' | 'total' | 'empty' | 'ignored';

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
const SECTION_WORDS = /^(раздел|подраздел|глава|section|subsection|chapter)(?![\p{L}])/iu;
const SUB_WORDS = /^(под|sub)/i;
const TOTAL_WORDS = /^(итого|всего|total)(?![\p{L}])/iu;

/** Reads an estimate sheet; a rule that names a column the sheet lacks, or no name column, is refused. */
export async function readEstimateTabular(
  bytes: Uint8Array,
  rule: EstimateTabularRule,
  options: EstimateTabularOptions = {},
): Promise<{ document: EstimateDocument; report: EstimateFileReport }> {
  const format = options.format ?? tabularFormatOf(bytes);
  const log = new EstimateReadLog();
  const b = new EstimateBuilder(log, options.language);
  b.doc.name = options.name ?? '';
  b.doc.kind = options.kind ?? 'loc';
  let found: Encoding | undefined;
  let columns: Map<EstimateTabularField, number> | null = null;
  let headers: string[] = [];
  let unsplitReported = false;
  let totals = 0;
  const hasHeader = rule.header !== false;
  for await (const sr of readSheetRows(bytes, {
    format,
    sheet: rule.sheet ?? null,
    delimiter: rule.delimiter ?? null,
    encoding: rule.encoding ?? 'auto',
    onDetected: (d) => {
      found = d.encoding;
    },
  })) {
    const seen = options.onRow ?? (() => {});
    if (sr.row <= rule.rowsToSkip) {
      seen(sr.row, 'skipped');
      continue;
    }
    if (!columns) {
      const resolved = columnsOf(rule, hasHeader ? sr.cells : []);
      if (resolved.problems.length) {
        const p = resolved.problems[0]!;
        throw estimateError('missing_value', p.id, p.values);
      }
      columns = resolved.columns;
      headers = hasHeader ? sr.cells.map((c) => cellText(c).trim()) : [];
      if (hasHeader) {
        seen(sr.row, 'header');
        continue;
      }
    }
    const cell = (f: EstimateTabularField): CellValue | undefined => {
      const i = columns!.get(f);
      return i === undefined ? undefined : sr.cells[i];
    };
    const text = (f: EstimateTabularField) => cellText(cell(f) ?? null).trim();
    const at = (f?: EstimateTabularField) => {
      const i = f === undefined ? undefined : columns!.get(f);
      return { line: sr.row, where: i === undefined ? `${sr.row}` : `${columnLetter(i)}${sr.row}` };
    };
    /** A column as the report names it: its letter. */
    const col = (f: EstimateTabularField) => columnLetter(columns!.get(f) ?? 0);
    const num = (f: EstimateTabularField, opts: Parameters<EstimateReadLog['number']>[3] = {}) => {
      const v = cell(f);
      return log.number(typeof v === 'number' ? String(v) : text(f), col(f), at(f), opts);
    };
    if (sr.cells.every((c) => c === null || cellText(c).trim() === '')) {
      seen(sr.row, 'empty');
      continue;
    }
    const name = log.text(text('name'), col('name'), ESTIMATE_LIMITS.name, at('name'));
    const code = log.text(text('code'), col('code'), ESTIMATE_LIMITS.code, at('code'));
    if (TOTAL_WORDS.test(name) && !code) {
      totals++;
      seen(sr.row, 'total');
      continue;
    }
    // a section row?
    let level: number | undefined;
    if (columns.has('level') && text('level')) level = num('level', { min: 1, limit: 100, fallback: 1 });
    else if (columns.has('section') && text('section')) {
      const mark = text('section');
      const n = Number(mark);
      level = Number.isInteger(n) && n >= 1 ? n : SUB_WORDS.test(mark) ? 2 : 1;
    } else if (!columns.has('level') && !columns.has('section') && SECTION_WORDS.test(name) && !code) {
      const others = ['quantity', 'labour', 'machines', 'materials', 'unitCost', 'total'] as const;
      if (others.every((f) => !text(f))) level = SUB_WORDS.test(name) ? 2 : 1;
    }
    if (level !== undefined) {
      b.section(level, { ...(code ? { code } : {}), name: name || code }, at('name'));
      seen(sr.row, 'section', level);
      continue;
    }
    if (!name && !code) {
      // a row of numbers only (a sheet's own subtotal, a column numbering row): nothing to keep
      if (
        ['quantity', 'labour', 'machines', 'materials', 'unitCost'].some((f) =>
          text(f as EstimateTabularField),
        )
      )
        log.add('ignored', 'interchange.estimate.empty_line', {}, at());
      seen(sr.row, 'ignored');
      continue;
    }
    let lineName = name;
    if (!lineName) {
      log.add('kept', 'interchange.estimate.no_name', { code }, at('name'));
      lineName = code;
    }
    const money = (f: EstimateTabularField) => round2(num(f, { empty: 0 })!);
    const unitCost = { labour: money('labour'), machines: money('machines'), materials: money('materials') };
    if (
      columns.has('unitCost') &&
      !columns.has('labour') &&
      !columns.has('machines') &&
      !columns.has('materials')
    ) {
      unitCost.materials = money('unitCost');
      if (!unsplitReported && unitCost.materials !== 0) {
        unsplitReported = true;
        log.add('kept', 'interchange.estimate.unit_cost_unsplit', {}, at('unitCost'));
      }
    }
    const line: EstimateLine = {
      code,
      name: lineName,
      unit: log.text(text('unit'), col('unit'), ESTIMATE_LIMITS.unit, at('unit')),
      quantity: round6(num('quantity', { empty: 0 })!),
      unitCost,
      coefficients: [],
    };
    const number = log.text(text('number'), col('number'), ESTIMATE_LIMITS.code, at('number'));
    if (number) line.number = number;
    const lh = num('labourHours', { min: 0, limit: ESTIMATE_LIMITS.hours });
    if (lh !== undefined) line.labourHoursPerUnit = round6(lh);
    const mh = num('machineHours', { min: 0, limit: ESTIMATE_LIMITS.hours });
    if (mh !== undefined) line.machineHoursPerUnit = round6(mh);
    const total = num('total', { fallback: undefined });
    if (total !== undefined) line.statedTotal = round2(total);
    const volume = log.text(text('volumeCode'), col('volumeCode'), ESTIMATE_LIMITS.code, at('volumeCode'));
    if (volume) line.volumeCode = volume;
    const wbs = log.text(text('wbsCode'), col('wbsCode'), ESTIMATE_LIMITS.code, at('wbsCode'));
    if (wbs) line.wbsCode = wbs;
    if (text('coefficient')) {
      // named by its column's header (the letter without one)
      const name = headers[columns.get('coefficient')!] || col('coefficient');
      const v = log.coefficient(text('coefficient'), name, at('coefficient'));
      if (v !== undefined && v !== 1)
        line.coefficients.push({ name, kind: 'coefficient', target: 'all', value: round6(v) });
    }
    if (!b.line(line, at())) break;
    seen(sr.row, 'line');
  }
  if (!columns)
    throw estimateError('missing_value', 'interchange.tabular.no_header', { count: rule.rowsToSkip });
  if (totals > 0) log.tally('interchange.estimate.totals_ignored', totals);
  return {
    document: b.doc,
    report: log.finish(
      { lines: b.lines, sections: b.sections },
      format,
      format === 'csv' && found && found !== 'auto' ? found : undefined,
    ),
  };
}

/**
 * The columns the rule names, against the header row, and the rule's problems: a column the sheet lacks,
 * no name column. The reader refuses a rule with problems; the preview shows them.
 */
type RuleProblem = LocalizedText;

function columnsOf(
  rule: EstimateTabularRule,
  header: readonly CellValue[],
): { columns: Map<EstimateTabularField, number>; problems: RuleProblem[] } {
  const columns = new Map<EstimateTabularField, number>();
  const problems: RuleProblem[] = [];
  const headerTexts = header.map((c) => norm(cellText(c)));
  for (const [ref, field] of Object.entries(rule.mapping)) {
    if (!ESTIMATE_TABULAR_FIELDS.includes(field)) continue;
    const r = ref.trim();
    let index = -1;
    if (/^\d+$/.test(r)) index = Number(r) - 1;
    else {
      index = rule.header === false ? -1 : headerTexts.indexOf(norm(r));
      if (index < 0 && /^[A-Za-z]{1,3}$/.test(r)) index = columnIndex(r);
    }
    if (index < 0 || index > 16383) {
      const t = localized('interchange.tabular.unknown_column', { column: r.slice(0, 60) });
      problems.push(t);
    } else columns.set(field, index);
  }
  if (!Object.values(rule.mapping).includes('name'))
    problems.push(localized('interchange.estimate.no_name_column'));
  return { columns, problems };
}

/** What an upload rule makes of an estimate sheet: its columns, its first rows with what each became, the read report. */
export interface EstimateTabularPreview {
  format: 'xlsx' | 'csv';
  /** xlsx: the workbook's sheets. */
  sheets?: string[];
  /** CSV: the delimiter and encoding found. */
  delimiter?: CsvDelimiter;
  encoding?: Exclude<Encoding, 'auto'>;
  /** Every column of the rows shown, with the field the rule maps to it. */
  columns: { index: number; letter: string; header: string; field: EstimateTabularField | null }[];
  rows: { row: number; cells: string[]; kind: EstimateRowKind | null; level?: number }[];
  /** The rule's problems (a column the sheet lacks, no name column); the sheet is not read then. */
  ruleProblems: { id: string; values: MessageValues }[];
  /** What the whole sheet gives, as an import would: counts and warnings. Absent when the rule is refused. */
  report: EstimateFileReport | null;
}

/** Reads the sheet as the import would, writing nothing: the first `limit` rows after the skipped ones and the report. */
export async function previewEstimateTabular(
  bytes: Uint8Array,
  rule: EstimateTabularRule,
  limit = 20,
  options: Omit<EstimateTabularOptions, 'onRow'> = {},
): Promise<EstimateTabularPreview> {
  const format = options.format ?? tabularFormatOf(bytes);
  let found: { delimiter: CsvDelimiter; encoding: Encoding } | undefined;
  const raw: { row: number; cells: CellValue[] }[] = [];
  let header: CellValue[] = [];
  for await (const sr of readSheetRows(bytes, {
    format,
    sheet: rule.sheet ?? null,
    delimiter: rule.delimiter ?? null,
    encoding: rule.encoding ?? 'auto',
    onDetected: (d) => {
      found = d;
    },
  })) {
    if (sr.row === rule.rowsToSkip + 1 && rule.header !== false) header = sr.cells;
    // the last skipped rows, for orientation, then the rows the rule reads
    if (sr.row > rule.rowsToSkip - 3) raw.push({ row: sr.row, cells: sr.cells });
    if (raw.length >= limit + Math.min(3, rule.rowsToSkip)) break;
  }
  const { columns, problems } = columnsOf(rule, header);
  const kinds = new Map<number, { kind: EstimateRowKind; level?: number }>();
  const last = raw.at(-1)?.row ?? 0;
  let report: EstimateFileReport | null = null;
  if (problems.length === 0) {
    try {
      report = (
        await readEstimateTabular(bytes, rule, {
          ...options,
          format,
          onRow: (row, kind, level) => {
            if (row <= last) kinds.set(row, { kind, ...(level !== undefined ? { level } : {}) });
          },
        })
      ).report;
    } catch (error) {
      if (!(error instanceof InterchangeError) || !error.messageId) throw error;
      problems.push({
        id: error.messageId as LocalizedText['id'],
        values: error.messageValues ?? {},
        message: error.message,
      });
    }
  } else for (const r of raw) if (r.row <= rule.rowsToSkip) kinds.set(r.row, { kind: 'skipped' });
  const width = Math.max(0, ...raw.map((r) => r.cells.length), ...[...columns.values()].map((i) => i + 1));
  const fieldAt = new Map([...columns].map(([field, index]) => [index, field]));
  return {
    format,
    ...(format === 'xlsx' ? { sheets: xlsxSheetNames(bytes) } : {}),
    ...(format === 'csv' && found ? { delimiter: found.delimiter } : {}),
    ...(format === 'csv' && found && found.encoding !== 'auto' ? { encoding: found.encoding } : {}),
    columns: Array.from({ length: Math.min(width, 200) }, (_, index) => ({
      index,
      letter: columnLetter(index),
      header: cellText(header[index] ?? null).trim(),
      field: fieldAt.get(index) ?? null,
    })),
    rows: raw.map((r) => ({
      row: r.row,
      cells: r.cells.slice(0, 200).map((c) => cellText(c ?? null)),
      kind: kinds.get(r.row)?.kind ?? null,
      ...(kinds.get(r.row)?.level !== undefined ? { level: kinds.get(r.row)!.level } : {}),
    })),
    ruleProblems: problems.map((p) => ({ id: p.id, values: p.values })),
    report,
  };
}

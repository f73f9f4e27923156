/**
 * Reads the rows of an xlsx worksheet without loading the workbook: the small parts (workbook, its
 * relations, styles, shared strings) are unzipped whole, the worksheet itself is inflated and parsed
 * with saxes a slice at a time — both within the zip limits (entries, size, ratio) that refuse a zip bomb —, so a sheet of 100,000 rows never exists as one string. Cells come out
 * typed: shared, inline and formula strings, numbers, booleans, and dates (numbers whose number format
 * is a date format, in the workbook's 1900 or 1904 date system). Row outline levels are kept.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { InterchangeError } from '../common/errors.js';
import { extractEntries, unzipGuardedSlices } from '../common/zip-guard.js';
import { type CellValue, columnIndex, type SheetRow } from './sheet.js';

const BUILTIN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

/** Whether an Excel number format shows a date or time (elapsed `[h]:mm` durations do not count). */
export function isDateFormat(code: string): boolean {
  if (/\[(h|m|s)+\]/i.test(code)) return false;
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\\./g, '')
    .replace(/_.|\*./g, '');
  if (/^general$/i.test(bare.trim())) return false;
  return /[dmyhs]/i.test(bare);
}

/** Excel day serial → `YYYY-MM-DDTHH:mm` (to the nearest minute). */
export function dateFromExcelSerial(serial: number, date1904 = false): string {
  const ms = Math.round(((date1904 ? serial + 1462 : serial) - 25569) * 1440) * 60_000;
  return new Date(ms).toISOString().slice(0, 16);
}

function parseXml(
  text: string,
  on: { open?(tag: SaxesTagPlain): void; text?(t: string): void; close?(name: string): void },
) {
  const p = new SaxesParser();
  if (on.open) p.on('opentag', (t) => on.open!(t as SaxesTagPlain));
  if (on.text) p.on('text', (t) => on.text!(t));
  if (on.close) p.on('closetag', (t) => on.close!(t.name));
  p.on('error', (e) => {
    throw new InterchangeError('syntax', `broken workbook part: ${e.message}`);
  });
  p.write(text).close();
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);
const decoder = new TextDecoder();

interface Parts {
  sheets: { name: string; path: string }[];
  date1904: boolean;
  shared: string[];
  dateStyles: Set<number>;
  /** Percent formats: the value shown is the stored fraction × 100. */
  percentStyles: Set<number>;
}

/** The workbook parts read whole; shared strings of a very large workbook reach tens of megabytes. */
const PART_NAMES = [
  'xl/workbook.xml',
  'xl/_rels/workbook.xml.rels',
  'xl/styles.xml',
  'xl/sharedStrings.xml',
  '[Content_Types].xml',
] as const;
const PART_MAX_BYTES = 256 * 1024 * 1024;

function readParts(bytes: Uint8Array): Parts {
  let files: Partial<Record<(typeof PART_NAMES)[number], Uint8Array>>;
  try {
    files = Object.fromEntries(extractEntries(bytes, PART_NAMES, PART_MAX_BYTES));
  } catch (e) {
    if (e instanceof InterchangeError && e.code === 'invalid_value') throw e;
    throw new InterchangeError('syntax', `not an xlsx workbook (${(e as Error).message})`);
  }
  const workbook = files['xl/workbook.xml'];
  if (!workbook)
    throw new InterchangeError('unsupported_format', 'not an xlsx workbook: it has no xl/workbook.xml');
  const rels = new Map<string, string>();
  const relsPart = files['xl/_rels/workbook.xml.rels'];
  if (relsPart)
    parseXml(decoder.decode(relsPart), {
      open: (t) => {
        if (local(t.name) === 'Relationship') rels.set(t.attributes.Id ?? '', t.attributes.Target ?? '');
      },
    });
  const sheets: Parts['sheets'] = [];
  let date1904 = false;
  parseXml(decoder.decode(workbook), {
    open: (t) => {
      const n = local(t.name);
      if (n === 'workbookPr') date1904 = ['1', 'true'].includes(t.attributes.date1904 ?? '');
      if (n === 'sheet') {
        const rid = Object.entries(t.attributes).find(([k]) => local(k) === 'id')?.[1] ?? '';
        const target = rels.get(rid) ?? `worksheets/sheet${sheets.length + 1}.xml`;
        const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
        sheets.push({ name: t.attributes.name ?? `Sheet${sheets.length + 1}`, path });
      }
    },
  });
  const shared: string[] = [];
  const sst = files['xl/sharedStrings.xml'];
  if (sst) {
    let inSi = false;
    let inT = false;
    let inPhonetic = false;
    let current = '';
    parseXml(decoder.decode(sst), {
      open: (t) => {
        const n = local(t.name);
        if (n === 'si') {
          inSi = true;
          current = '';
        } else if (n === 'rPh') inPhonetic = true;
        else if (n === 't' && inSi && !inPhonetic) inT = true;
      },
      text: (x) => {
        if (inT) current += x;
      },
      close: (name) => {
        const n = local(name);
        if (n === 't') inT = false;
        else if (n === 'rPh') inPhonetic = false;
        else if (n === 'si') {
          shared.push(current);
          inSi = false;
        }
      },
    });
  }
  const dateStyles = new Set<number>();
  const percentStyles = new Set<number>();
  const styles = files['xl/styles.xml'];
  if (styles) {
    const custom = new Map<number, string>();
    let inXfs = false;
    let xf = 0;
    parseXml(decoder.decode(styles), {
      open: (t) => {
        const n = local(t.name);
        if (n === 'numFmt') custom.set(Number(t.attributes.numFmtId), t.attributes.formatCode ?? '');
        else if (n === 'cellXfs') inXfs = true;
        else if (n === 'xf' && inXfs) {
          const id = Number(t.attributes.numFmtId ?? 0);
          const code = custom.get(id);
          if (code !== undefined ? isDateFormat(code) : BUILTIN_DATE_FORMATS.has(id)) dateStyles.add(xf);
          else if (code !== undefined ? /%/.test(code.replace(/"[^"]*"/g, '')) : id === 9 || id === 10)
            percentStyles.add(xf);
          xf++;
        }
      },
      close: (name) => {
        if (local(name) === 'cellXfs') inXfs = false;
      },
    });
  }
  return { sheets, date1904, shared, dateStyles, percentStyles };
}

export function xlsxSheetNames(bytes: Uint8Array): string[] {
  return readParts(bytes).sheets.map((s) => s.name);
}

/**
 * The rows of one worksheet (by name; the first one by default). Rows missing from the file (all-empty
 * rows Excel does not store) are not produced; `row` numbers are Excel's.
 */
export async function* readXlsxRows(bytes: Uint8Array, sheetName?: string | null): AsyncGenerator<SheetRow> {
  const parts = readParts(bytes);
  const sheet = sheetName ? parts.sheets.find((s) => s.name === sheetName) : parts.sheets[0];
  if (!sheet)
    throw new InterchangeError(
      'missing_value',
      sheetName
        ? `the workbook has no sheet "${sheetName}" (it has ${parts.sheets.map((s) => s.name).join(', ')})`
        : 'the workbook has no sheets',
      { element: 'sheet' },
    );
  const out: SheetRow[] = [];
  const parser = new SaxesParser();
  let row: SheetRow | null = null;
  let nextRow = 1;
  let cell: { col: number; type: string; style: number; text: string; inValue: boolean } | null = null;
  let failure: Error | null = null;
  parser.on('opentag', (t) => {
    const n = local(t.name);
    const a = t.attributes as Record<string, string>;
    if (n === 'row') {
      const r = a.r ? Number(a.r) : nextRow;
      nextRow = r + 1;
      row = { row: r, level: Number(a.outlineLevel ?? 0) || 0, cells: [] };
    } else if (n === 'c' && row) {
      const ref = a.r ? /^([A-Z]+)/i.exec(a.r)?.[1] : undefined;
      cell = {
        col: ref ? columnIndex(ref) : row.cells.length,
        type: a.t ?? 'n',
        style: Number(a.s ?? 0),
        text: '',
        inValue: false,
      };
    } else if (cell && (n === 'v' || n === 't')) cell.inValue = true;
  });
  parser.on('text', (x) => {
    if (cell?.inValue) cell.text += x;
  });
  parser.on('closetag', (t) => {
    const n = local(t.name);
    if ((n === 'v' || n === 't') && cell) cell.inValue = false;
    else if (n === 'c' && cell && row) {
      let value: CellValue = null;
      const text = cell.text;
      if (cell.type === 's') value = parts.shared[Number(text)] ?? null;
      else if (cell.type === 'inlineStr' || cell.type === 'str' || cell.type === 'e') value = text;
      else if (cell.type === 'b') value = text === '1' || text === 'true';
      else if (cell.type === 'd')
        value = text ? { date: text.length >= 16 ? text.slice(0, 16) : `${text.slice(0, 10)}T00:00` } : null;
      else if (text !== '') {
        const num = Number(text);
        if (!Number.isFinite(num)) value = text;
        else if (parts.dateStyles.has(cell.style)) value = { date: dateFromExcelSerial(num, parts.date1904) };
        else value = parts.percentStyles.has(cell.style) ? Math.round(num * 100 * 1e9) / 1e9 : num;
      }
      while (row.cells.length < cell.col) row.cells.push(null);
      row.cells[cell.col] = value === '' ? null : value;
      cell = null;
    } else if (n === 'row' && row) {
      out.push(row);
      row = null;
    }
  });
  parser.on('error', (e) => {
    failure ??= new InterchangeError('syntax', `broken worksheet: ${e.message}`, {
      line: parser.line,
      element: sheet.name,
    });
  });
  const text = new TextDecoder('utf-8');
  let found = false;
  let finished = false;
  const slices = unzipGuardedSlices(bytes, (file) => {
    if (file.name !== sheet.path) return;
    found = true;
    file.ondata = (err, chunk, final) => {
      if (err) {
        failure ??= new InterchangeError('truncated', `the worksheet cannot be unpacked: ${err.message}`);
        return;
      }
      if (failure) return;
      parser.write(text.decode(chunk, { stream: !final }));
      if (final) {
        parser.close();
        finished = true;
      }
    };
    file.start();
  });
  try {
    for (const _ of slices) {
      if (failure) throw failure;
      yield* out;
      out.length = 0;
    }
  } catch (e) {
    if (e instanceof InterchangeError) throw e;
    throw new InterchangeError('truncated', `the workbook is damaged: ${(e as Error).message}`);
  }
  if (failure) throw failure;
  if (!found)
    throw new InterchangeError('missing_value', `the workbook has no part ${sheet.path}`, {
      element: sheet.name,
    });
  if (!finished)
    throw new InterchangeError('truncated', 'the worksheet ends early (damaged file?)', {
      element: sheet.name,
    });
  yield* out;
}

/**
 * ARPS 1.10 (АРПС), the text exchange block Russian estimating programs (Grand-Smeta, RIK, Smeta.RU and
 * others) write and read, and public-sector systems import. As the programs write it: DOS Cyrillic text
 * (code page 866; Windows-1251 and UTF-8 are read too, told by the bytes of the header), CRLF line ends, one
 * record a line, fields separated by `#`, the record's kind a number in its first field, numbers with a
 * decimal comma (a point is read too). Fields are counted from that kind, which is field 0:
 *
 *   1#АРПС 1.10#program                         the header: the format and its version, the program
 *   0#normative base                            the rate books the estimate is priced by ("ТСН-2001 ; 2000")
 *   3#…                                         the document: 2 its number, 3 its name, 13 its total
 *   10#level#code#name                          a section; level 0 is a section, 1 and more its sub-sections
 *   20#…                                        a line (a rate or a price) of 29 fields:
 *        1 number, 2 code (the rate's or price's justification), 3 unit, 4 name;
 *        5 cost of one unit at the base price level, 6 labour (ОЗП), 7 machines (ЭМ), 8 of which machine
 *        operators' wages (ЗПМ), 9 materials; 13 labour hours of workers and 14 of machine operators per unit;
 *        15–19 the same five costs at current prices, with every coefficient of the line applied;
 *        23 and 24 the hours per unit with coefficients; 26 the quantity
 *   25#kind#…#…#value                           a coefficient of the line before; kind 2 overheads, 3 profit
 *   30#code#unit#name#…                         a resource inside the line before (worker, machine, material)
 *   50#text#…                                   a total line ("Итого по разделу", "Всего")
 *
 * Takt keeps the estimate's number and name, sections by level, and lines with their number, code, unit,
 * name and quantity; the unit cost by part is the current prices' when the line has them, else the base
 * level's (machine operators' wages are part of the machines), the hours likewise, and the current cost of
 * one unit times the quantity is the line's stated total. The current prices already hold the line's
 * coefficients, so records 25 are not applied again: overheads and profits (kinds 2 and 3) and the other
 * coefficients are counted and left out, as are resources and total lines; any other kind is reported.
 * Missing fields are empty (programs leave trailing ones out); spaces around fields do not matter.
 *
 * `writeEstimateArps` writes the records the same way: base prices are the lines' unit costs, current ones
 * those after every coefficient Takt applies (line, section and estimate; see `figure.ts`), so another
 * program prices the estimate as Takt does, and reading the file back gives the same totals.
 */

import type { Language } from '@takt/i18n';
import iconv from 'iconv-lite';
import {
  type ByteSource,
  chunksOf,
  decoderFor,
  type Encoding,
  encodingUsed,
  textOf,
} from '../common/input.js';
import { EstimateBuilder } from './builder.js';
import { figureEstimate, type LineFigures, type SectionFigures } from './figure.js';
import type { EstimateDocument, EstimateLine, EstimateSection } from './model.js';
import {
  ESTIMATE_LIMITS,
  type EstimateFileReport,
  EstimateReadLog,
  estimateError,
  round2,
  round6,
} from './read-report.js';

export interface EstimateReadOptions {
  encoding?: Encoding;
  /** The language of names Takt gives (the section of lines before any section). */
  language?: Language;
}

/** Record kinds by their number. */
const RECORD = {
  base: 0,
  header: 1,
  document: 3,
  section: 10,
  line: 20,
  coefficient: 25,
  resource: 30,
  totals: 50,
} as const;

/** Kinds of a coefficient record (25) that are overheads and profits. */
const OVERHEAD_KINDS = new Set(['2', '3']);

/** The longest line read (a real record is well under a kilobyte). */
const MAX_LINE = 1 << 20;
/** Bytes looked at for the header when the encoding is to be told. */
const HEAD_BYTES = 4096;

/** "АРПС" in the code pages the programs write. */
const HEADER_BYTES: [Exclude<Encoding, 'auto'>, Uint8Array][] = [
  ['ibm866', new Uint8Array([0x80, 0x90, 0x8f, 0x91])],
  ['windows-1251', new Uint8Array([0xc0, 0xd0, 0xcf, 0xd1])],
];

/** Where `needle` first occurs in `bytes`, or -1. */
function indexOfBytes(bytes: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let k = 0; k < needle.length; k++) if (bytes[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

/** The code page whose "АРПС" the first bytes hold, if any. */
export function arpsEncodingOf(head: Uint8Array): Exclude<Encoding, 'auto'> | undefined {
  return HEADER_BYTES.find(([, bytes]) => indexOfBytes(head, bytes) >= 0)?.[0];
}

/**
 * The source as a stream, and the encoding to read it in: the one asked for, else the code page of the
 * header's bytes (866 or 1251; a header in UTF-8 or Latin letters leaves it to detection).
 */
async function withEncoding(
  source: ByteSource,
  asked: Encoding,
): Promise<{ stream: ByteSource; encoding: Encoding }> {
  if (asked !== 'auto' || typeof source === 'string') return { stream: source, encoding: asked };
  const it = chunksOf(source)[Symbol.asyncIterator]();
  const head: (Uint8Array | string)[] = [];
  let bytes = 0;
  let ended = false;
  while (bytes < HEAD_BYTES) {
    const next = await it.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    bytes += next.value.length;
  }
  const first = Buffer.concat(head.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)));
  async function* stream(): AsyncGenerator<Uint8Array | string> {
    yield* head;
    if (ended) return;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { stream: stream(), encoding: arpsEncodingOf(first.subarray(0, HEAD_BYTES)) ?? 'auto' };
}

/** Decoded lines, each at most `MAX_LINE` characters. */
async function* lines(
  source: ByteSource,
  encoding: Encoding,
): AsyncGenerator<{ line: number; text: string }> {
  let rest = '';
  let n = 0;
  for await (const piece of textOf(source, decoderFor(source, encoding))) {
    rest += piece;
    let start = 0;
    for (let i = rest.indexOf('\n'); i >= 0; i = rest.indexOf('\n', start)) {
      yield { line: ++n, text: rest.slice(start, i).replace(/\r$/, '') };
      start = i + 1;
    }
    rest = rest.slice(start);
    if (rest.length > MAX_LINE)
      throw estimateError(
        'syntax',
        'interchange.estimate.line_too_long',
        { maxKb: MAX_LINE / 1024 },
        { line: n + 1 },
      );
  }
  if (rest.length > 0) yield { line: ++n, text: rest.replace(/\r$/, '') };
}

/** Whether a record is the header: `1#АРПС 1.10#…` (or a line starting `АРПС`, as some programs write). */
function isHeader(fields: string[]): boolean {
  const first = fields[0]!.replace(/^\uFEFF/, '').toUpperCase();
  const word = first === '1' ? (fields[1] ?? '').toUpperCase() : first;
  return /^(АРПС|ARPS)(\s|$)/.test(word);
}

/** Reads an ARPS 1.10 estimate; a file without the header, or undecodable, is an `InterchangeError`. */
export async function readEstimateArps(
  source: ByteSource,
  options: EstimateReadOptions = {},
): Promise<{ document: EstimateDocument; report: EstimateFileReport }> {
  const log = new EstimateReadLog();
  const b = new EstimateBuilder(log, options.language);
  const doc = b.doc;
  const { stream, encoding } = await withEncoding(source, options.encoding ?? 'auto');
  let header = false;
  /** The line the coefficient and resource records that follow belong to (each counted once per line). */
  let lastLine: EstimateLine | null = null;
  const counted = { resources: false, overheads: false, coefficients: false };
  let nonEmpty = 0;
  for await (const { line, text } of lines(stream, encoding)) {
    if (text.trim() === '') continue;
    const at = { line };
    const fields = text.split('#').map((f) => f.trim());
    if (!header) {
      if (isHeader(fields)) header = true;
      // programs may put a line or two of their own before the header
      else if (++nonEmpty >= 5) break;
      continue;
    }
    const tag = fields[0]!;
    const f = (i: number) => fields[i] ?? '';
    const once = (what: keyof typeof counted, id: Parameters<EstimateReadLog['tally']>[0]) => {
      if (!lastLine || counted[what]) return;
      counted[what] = true;
      log.tally(id);
    };
    switch (/^\d{1,3}$/.test(tag) ? Number(tag) : -1) {
      case RECORD.base:
      case RECORD.header:
        break;
      case RECORD.document: {
        const name = log.text(f(3), '3:3', ESTIMATE_LIMITS.name, at);
        const number = log.text(f(2), '3:2', ESTIMATE_LIMITS.code, at);
        if (name) {
          doc.name = name;
          if (number) doc.code = number;
        } else if (number) doc.name = number;
        lastLine = null;
        break;
      }
      case RECORD.section: {
        const level = log.number(f(1), '10:1', at, { min: 0, limit: 99, fallback: 0, empty: 0 })!;
        const code = log.text(f(2), '10:2', ESTIMATE_LIMITS.code, at);
        const name = log.text(f(3), '10:3', ESTIMATE_LIMITS.name, at) || code;
        b.section(Math.trunc(level) + 1, { ...(code ? { code } : {}), name }, at);
        lastLine = null;
        break;
      }
      case RECORD.line: {
        const l = readLine(fields, log, at);
        lastLine = l && b.line(l, at) ? l : null;
        counted.resources = counted.overheads = counted.coefficients = false;
        break;
      }
      case RECORD.coefficient:
        if (OVERHEAD_KINDS.has(f(1))) once('overheads', 'interchange.estimate.overheads_ignored');
        else once('coefficients', 'interchange.estimate.coefficients_in_prices');
        break;
      case RECORD.resource:
        once('resources', 'interchange.estimate.resources_ignored');
        break;
      case RECORD.totals:
        log.tally('interchange.estimate.totals_ignored');
        break;
      default:
        log.add('ignored', 'interchange.estimate.unknown_record', { value: tag.slice(0, 40) }, at);
    }
  }
  if (!header) throw estimateError('syntax', 'interchange.estimate.not_arps', {}, { line: 1 });
  if (!doc.name) doc.name = doc.code ?? '';
  return {
    document: doc,
    report: log.finish({ lines: b.lines, sections: b.sections }, 'arps', encodingUsed(stream)),
  };
}

/** The fields of a line record (20) as programs write it: kind, 28 fields. */
const LINE_FIELDS = 29;

/** The cost of one unit by part and its total, at one price level; undefined when all are empty or 0. */
function pricesAt(
  log: EstimateReadLog,
  fields: string[],
  at: { line: number },
  first: number,
): { total: number; labour: number; machines: number; materials: number } | undefined {
  const money = (i: number) => round2(log.number(fields[i], `20:${i}`, at, { empty: 0 })!);
  const [total, labour, machines, materials] = [
    money(first),
    money(first + 1),
    money(first + 2),
    money(first + 4),
  ];
  if (total === 0 && labour === 0 && machines === 0 && materials === 0) return undefined;
  return { total, labour, machines, materials };
}

function readLine(fields: string[], log: EstimateReadLog, at: { line: number }): EstimateLine | null {
  const f = (i: number) => fields[i] ?? '';
  if (fields.length < 5) {
    log.add('ignored', 'interchange.estimate.bad_record', { value: fields[0]! }, at);
    return null;
  }
  const code = log.text(f(2), '20:2', ESTIMATE_LIMITS.code, at);
  let name = log.text(f(4), '20:4', ESTIMATE_LIMITS.name, at);
  if (!name && !code) {
    log.add('ignored', 'interchange.estimate.empty_line', {}, at);
    return null;
  }
  if (!name) {
    log.add('kept', 'interchange.estimate.no_name', { code }, at);
    name = code;
  }
  const quantity = round6(log.number(f(26), '20:26', at, { empty: 0 })!);
  // current prices (with the line's coefficients) when the line has them, else the base level's
  const current = pricesAt(log, fields, at, 15);
  const prices = current ?? pricesAt(log, fields, at, 5);
  const unitCost = prices
    ? { labour: prices.labour, machines: prices.machines, materials: prices.materials }
    : { labour: 0, machines: 0, materials: 0 };
  if (prices && unitCost.labour === 0 && unitCost.machines === 0 && unitCost.materials === 0) {
    // a price with no split (a material's or equipment's price) is a cost of materials
    unitCost.materials = prices.total;
    log.tally('interchange.estimate.unit_cost_unsplit');
  }
  const line: EstimateLine = {
    code,
    name,
    unit: log.text(f(3), '20:3', ESTIMATE_LIMITS.unit, at),
    quantity,
    unitCost,
    coefficients: [],
  };
  const number = log.text(f(1), '20:1', ESTIMATE_LIMITS.code, at);
  if (number) line.number = number;
  const hours = (i: number) => log.number(f(i), `20:${i}`, at, { min: 0, limit: ESTIMATE_LIMITS.hours });
  const [lh, mh] = current ? [hours(23) ?? hours(13), hours(24) ?? hours(14)] : [hours(13), hours(14)];
  if (lh !== undefined) line.labourHoursPerUnit = round6(lh);
  if (mh !== undefined) line.machineHoursPerUnit = round6(mh);
  if (prices) line.statedTotal = round2(prices.total * quantity);
  return line;
}

/** Code pages Takt writes ARPS in. */
export type ArpsEncoding = 'ibm866' | 'windows-1251' | 'utf-8';

export interface ArpsWriteOptions {
  /** Code page 866 (default, as the programs write and read it), Windows-1251 or UTF-8. */
  encoding?: ArpsEncoding;
  /** The program named in the header. */
  program?: string;
}

/** A number as the programs write it: a decimal comma, no thousands separators; 0 as `0`. */
const num = (n: number | undefined) => (n === undefined ? '' : String(n).replace('.', ','));

/** A text as a field: one line, no `#` (the field separator becomes `№`). */
const field = (t: string | undefined) => (t ?? '').replace(/[\r\n]+/g, ' ').replaceAll('#', '№');

/** The product of the coefficients a line's figuring applied to one target (`all` counts for the cost parts). */
function factor(f: LineFigures, target: 'labour' | 'machines' | 'materials' | 'labourHours'): number {
  let x = 1;
  for (const c of f.applied)
    if (c.target === target || (c.target === 'all' && target !== 'labourHours')) x *= c.value;
  return x;
}

/** The estimate as ARPS 1.10 records (see the module's comment), one line each, CRLF line ends. */
export function writeEstimateArps(doc: EstimateDocument, options: ArpsWriteOptions = {}): Uint8Array {
  const out: string[] = [];
  const rec = (fields: (string | number | undefined)[]) =>
    out.push(fields.map((x) => (typeof x === 'number' ? num(x) : field(x))).join('#'));
  const figures = figureEstimate(doc);
  rec([RECORD.header, 'АРПС 1.10', options.program ?? 'Takt']);
  const document: (string | number | undefined)[] = new Array(20).fill('');
  document[0] = RECORD.document;
  document[2] = doc.code;
  document[3] = doc.name;
  document[13] = figures.totals.total;
  rec(document);
  // a bill of quantities has no prices: its lines are written with quantities only
  const priced = doc.kind !== 'vor';
  const lineRecord = (l: EstimateLine, f: LineFigures) => {
    const u = l.unitCost;
    const cur = {
      labour: round2(u.labour * factor(f, 'labour')),
      machines: round2(u.machines * factor(f, 'machines')),
      materials: round2(u.materials * factor(f, 'materials')),
    };
    const r: (string | number | undefined)[] = new Array(LINE_FIELDS).fill('');
    r[0] = RECORD.line;
    r[1] = l.number;
    r[2] = l.code;
    r[3] = l.unit;
    r[4] = l.name;
    if (priced) {
      r[5] = round2(u.labour + u.machines + u.materials);
      r[6] = u.labour;
      r[7] = u.machines;
      r[9] = u.materials;
      r[15] = round2(cur.labour + cur.machines + cur.materials);
      r[16] = cur.labour;
      r[17] = cur.machines;
      r[19] = cur.materials;
    }
    r[13] = l.labourHoursPerUnit;
    r[14] = l.machineHoursPerUnit;
    if (l.labourHoursPerUnit !== undefined) r[23] = round6(l.labourHoursPerUnit * factor(f, 'labourHours'));
    r[24] = l.machineHoursPerUnit;
    r[26] = l.quantity;
    rec(r);
  };
  const section = (s: EstimateSection, f: SectionFigures, level: number) => {
    rec([RECORD.section, level, s.code, s.name]);
    for (const [i, l] of s.lines.entries()) lineRecord(l, f.lines[i]!);
    for (const [i, sub] of s.sections.entries()) section(sub, f.sections[i]!, level + 1);
  };
  for (const [i, s] of doc.sections.entries()) section(s, figures.sections[i]!, 0);
  const text = `${out.join('\r\n')}\r\n`;
  if (options.encoding === 'utf-8') return new TextEncoder().encode(text);
  // what the code page lacks becomes its nearest (м² → м2) or `?`
  const plain = text.replaceAll('²', '2').replaceAll('³', '3');
  return new Uint8Array(iconv.encode(plain, options.encoding === 'windows-1251' ? 'win1251' : 'cp866'));
}

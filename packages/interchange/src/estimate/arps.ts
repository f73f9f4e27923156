/**
 * ARPS 1.10 (АРПС), the text exchange block Russian estimating programs write and read: Windows-1251 text
 * (UTF-8 read too), one record a line, fields separated by `#`, the record's kind in its first field. Takt
 * reads these records (spaces around fields and the case of the kind do not matter; short forms as written):
 *
 *   АРПС#1.10#program#version                     the header, among the first lines
 *   СМ#number#name#kind#price level#currency       the estimate (kind ЛС, ССР, ПИР, ВОР)
 *   РЗ#level#code#name#chapter                     a section (РАЗДЕЛ, ГЛ); level 1 is the top
 *   ПЗ#№#code#name#unit#quantity#labour#machines#materials#labour h#machine h#total#volume code#WBS code
 *                                                  a line (ПОЗ, ПОЗИЦИЯ): costs and hours per unit
 *   КФ#code#name#target#value                      a coefficient (КОЭФ); ИН (ИНД, ИНДЕКС) an index, alike
 *
 * A coefficient belongs to the record it follows: the estimate (after the header or СМ), a section (after
 * РЗ) or a line (after ПЗ); its target is ОЗП (labour), ЭМ (machines), МАТ (materials), ЗТ (labour hours) or
 * ВСЕ (the whole cost). Resource lines (РС, РЕС, МАТ, МАШ), totals (ИТ, ИТОГ) and overheads and profits (НР,
 * СП) are counted and left out; comments (КМ, ТЕКСТ) are skipped; any other kind is reported and left out.
 * `writeEstimateArps` writes the same records, so what it writes reads back unchanged.
 */

import type { Language } from '@takt/i18n';
import iconv from 'iconv-lite';
import { type ByteSource, decoderFor, type Encoding, encodingUsed, textOf } from '../common/input.js';
import { EstimateBuilder } from './builder.js';
import type {
  CoefficientTarget,
  EstimateCoefficient,
  EstimateDocument,
  EstimateKind,
  EstimateLine,
  EstimateSection,
} from './model.js';
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

const KINDS: Record<string, readonly string[]> = {
  header: ['АРПС', 'ARPS'],
  estimate: ['СМ', 'СМЕТА', 'ЛС'],
  section: ['РЗ', 'РАЗД', 'РАЗДЕЛ', 'ГЛ', 'ГЛАВА'],
  line: ['ПЗ', 'ПОЗ', 'ПОЗИЦИЯ'],
  coefficient: ['КФ', 'КОЭФ', 'КОЭФФИЦИЕНТ'],
  index: ['ИН', 'ИНД', 'ИНДЕКС'],
  resource: ['РС', 'РЕС', 'РЕСУРС', 'МАТ', 'МАШ', 'ТР', 'ОБ'],
  totals: ['ИТ', 'ИТОГ', 'ИТОГО'],
  overheads: ['НР', 'СП'],
  comment: ['КМ', 'ТЕКСТ', 'ПРИМ', 'ПРИМЕЧАНИЕ'],
  end: ['КОНЕЦ', 'END'],
};
const KIND_OF = new Map(Object.entries(KINDS).flatMap(([kind, tags]) => tags.map((t) => [t, kind])));

const ESTIMATE_KIND_WORDS: [RegExp, EstimateKind][] = [
  [/^(лс|лср|лок|локальная|loc)/i, 'loc'],
  [/^(сср|сводный|ssr)/i, 'ssr'],
  [/^(пир|pir)/i, 'pir'],
  [/^(вор|vor)/i, 'vor'],
];

const TARGET_WORDS: [RegExp, CoefficientTarget | null][] = [
  [/^(озп|от|зп|labour|labor)$/i, 'labour'],
  [/^(эм|маш|machines)$/i, 'machines'],
  [/^(мат|м|materials)$/i, 'materials'],
  [/^(зт|тз|hours|labourhours)$/i, 'labourHours'],
  [/^(все|всё|пз|смр|all|)$/i, 'all'],
  [/^(зпм|отм)$/i, null],
];

/** Words the writer uses for each target. */
const TARGET_WORD: Record<CoefficientTarget, string> = {
  all: 'ВСЕ',
  labour: 'ОЗП',
  machines: 'ЭМ',
  materials: 'МАТ',
  labourHours: 'ЗТ',
};
const KIND_WORD: Record<EstimateKind, string> = {
  loc: 'ЛС',
  ssr: 'ССР',
  pir: 'ПИР',
  vor: 'ВОР',
  other: 'ПР',
};

/** The longest line read (a real record is well under a kilobyte). */
const MAX_LINE = 1 << 20;

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

/** `01.01.2001`, `2001-01-01` → ISO date; anything else undefined. */
function isoDate(text: string): string | undefined {
  const t = text.trim();
  const ru = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const [y, mo, d] = ru ? [ru[3]!, ru[2]!, ru[1]!] : iso ? [iso[1]!, iso[2]!, iso[3]!] : [];
  if (!y) return undefined;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCDate() !== Number(d) || Number(y) < 1900 || Number(y) > 2100) return undefined;
  return date.toISOString().slice(0, 10);
}

/** Reads an ARPS 1.10 estimate; a file without the header, or undecodable, is an `InterchangeError`. */
export async function readEstimateArps(
  source: ByteSource,
  options: EstimateReadOptions = {},
): Promise<{ document: EstimateDocument; report: EstimateFileReport }> {
  const log = new EstimateReadLog();
  const b = new EstimateBuilder(log, options.language);
  const doc = b.doc;
  let header = false;
  /** What a coefficient record applies to: the record it follows. */
  let owner: EstimateCoefficient[] | null = null;
  /** The line the resource records that follow belong to (counted once per line). */
  let lastLine: EstimateLine | null = null;
  let resourcesCounted = false;
  let nonEmpty = 0;
  for await (const { line, text } of lines(source, options.encoding ?? 'auto')) {
    if (text.trim() === '') continue;
    const at = { line };
    const fields = text.split('#').map((f) => f.trim());
    const tag = fields[0]!.replace(/^\uFEFF/, '').toUpperCase();
    const kind = KIND_OF.get(tag);
    if (!header) {
      if (kind === 'header') {
        header = true;
        owner = doc.coefficients;
        continue;
      }
      // programs may put a line or two of their own before the header
      if (++nonEmpty >= 5) break;
      continue;
    }
    const f = (i: number) => fields[i] ?? '';
    switch (kind) {
      case 'estimate': {
        const number = log.text(f(1), `${tag}:2`, ESTIMATE_LIMITS.code, at);
        if (number) doc.code = number;
        doc.name = log.text(f(2), `${tag}:3`, ESTIMATE_LIMITS.name, at) || doc.name;
        const k = f(3);
        if (k) doc.kind = ESTIMATE_KIND_WORDS.find(([re]) => re.test(k))?.[1] ?? 'other';
        const level = isoDate(f(4));
        if (level) doc.priceLevel = level;
        if (/^[A-Z]{3}$/.test(f(5))) doc.currency = f(5);
        owner = doc.coefficients;
        lastLine = null;
        break;
      }
      case 'section': {
        const level = log.number(f(1), `${tag}:2`, at, { min: 1, limit: 100, fallback: 1, empty: 1 })!;
        const chapter = log.number(f(4), `${tag}:5`, at, { min: 1, limit: 99, fallback: undefined });
        const code = log.text(f(2), `${tag}:3`, ESTIMATE_LIMITS.code, at);
        const section: EstimateSection = b.section(
          level,
          {
            ...(code ? { code } : {}),
            name: log.text(f(3), `${tag}:4`, ESTIMATE_LIMITS.name, at) || code,
            ...(chapter !== undefined ? { chapter: Math.round(chapter) } : {}),
          },
          at,
        );
        owner = section.coefficients;
        lastLine = null;
        break;
      }
      case 'line': {
        const l = readLine(fields, log, at);
        if (l && b.line(l, at)) {
          owner = l.coefficients;
          lastLine = l;
          resourcesCounted = false;
        } else {
          owner = null;
          lastLine = null;
        }
        break;
      }
      case 'coefficient':
      case 'index': {
        const c = readCoefficient(fields, kind === 'index' ? 'index' : 'coefficient', log, at);
        if (c && owner) owner.push(c);
        break;
      }
      case 'resource':
        if (lastLine && !resourcesCounted) {
          resourcesCounted = true;
          log.tally('interchange.estimate.resources_ignored');
        }
        break;
      case 'totals':
        log.tally('interchange.estimate.totals_ignored');
        break;
      case 'overheads':
        log.tally('interchange.estimate.overheads_ignored');
        break;
      case 'comment':
        break;
      case 'end':
        return finish();
      default:
        log.add('ignored', 'interchange.estimate.unknown_record', { value: tag.slice(0, 40) }, at);
    }
  }
  if (!header) throw estimateError('syntax', 'interchange.estimate.not_arps', {}, { line: 1 });
  return finish();

  function finish() {
    if (!doc.name) doc.name = doc.code ?? '';
    return {
      document: doc,
      report: log.finish({ lines: b.lines, sections: b.sections }, 'arps', encodingUsed(source)),
    };
  }
}

/** A field as the report names it: the record's kind and the field's number (`ПЗ:6`). */
const fieldName = (fields: string[], i: number) => `${fields[0]!.toUpperCase()}:${i + 1}`;

function readLine(fields: string[], log: EstimateReadLog, at: { line: number }): EstimateLine | null {
  const f = (i: number) => fields[i] ?? '';
  const n = (i: number) => fieldName(fields, i);
  if (fields.length < 4) {
    log.add('ignored', 'interchange.estimate.bad_record', { value: fields[0]! }, at);
    return null;
  }
  const code = log.text(f(2), n(2), ESTIMATE_LIMITS.code, at);
  let name = log.text(f(3), n(3), ESTIMATE_LIMITS.name, at);
  if (!name && !code) {
    log.add('ignored', 'interchange.estimate.empty_line', {}, at);
    return null;
  }
  if (!name) {
    log.add('kept', 'interchange.estimate.no_name', { code }, at);
    name = code;
  }
  const money = (i: number) => round2(log.number(f(i), n(i), at, { empty: 0 })!);
  const hours = (i: number) => log.number(f(i), n(i), at, { min: 0, limit: ESTIMATE_LIMITS.hours });
  const line: EstimateLine = {
    code,
    name,
    unit: log.text(f(4), n(4), ESTIMATE_LIMITS.unit, at),
    quantity: round6(log.number(f(5), n(5), at, { empty: 0 })!),
    unitCost: {
      labour: money(6),
      machines: money(7),
      materials: money(8),
    },
    coefficients: [],
  };
  const number = log.text(f(1), n(1), ESTIMATE_LIMITS.code, at);
  if (number) line.number = number;
  const lh = hours(9);
  if (lh !== undefined) line.labourHoursPerUnit = round6(lh);
  const mh = hours(10);
  if (mh !== undefined) line.machineHoursPerUnit = round6(mh);
  const total = log.number(f(11), n(11), at, { fallback: undefined });
  if (total !== undefined) line.statedTotal = round2(total);
  const volume = log.text(f(12), n(12), ESTIMATE_LIMITS.code, at);
  if (volume) line.volumeCode = volume;
  const wbs = log.text(f(13), n(13), ESTIMATE_LIMITS.code, at);
  if (wbs) line.wbsCode = wbs;
  return line;
}

function readCoefficient(
  fields: string[],
  kind: EstimateCoefficient['kind'],
  log: EstimateReadLog,
  at: { line: number },
): EstimateCoefficient | null {
  const f = (i: number) => fields[i] ?? '';
  const code = log.text(f(1), fieldName(fields, 1), ESTIMATE_LIMITS.code, at);
  const name = log.text(f(2), fieldName(fields, 2), ESTIMATE_LIMITS.name, at) || code;
  const word = f(3).replace(/[.\s]/g, '');
  const hit = TARGET_WORDS.find(([re]) => re.test(word));
  if (!hit || hit[1] === null) {
    log.add(
      'ignored',
      'interchange.estimate.index_ignored',
      { target: word.slice(0, 20), value: f(4).slice(0, 20) },
      at,
    );
    return null;
  }
  const value = log.coefficient(f(4), name, at);
  if (value === undefined) return null;
  return { ...(code ? { code } : {}), name, kind, target: hit[1], value: round6(value) };
}

export interface ArpsWriteOptions {
  /** Windows-1251 (default, as the programs read it) or UTF-8. */
  encoding?: 'windows-1251' | 'utf-8';
  /** The program named in the header. */
  program?: string;
}

/** A number as the programs write it: a decimal comma, no thousands separators. */
const num = (n: number | undefined) =>
  n === undefined || n === 0 ? (n === 0 ? '0' : '') : String(n).replace('.', ',');

/** A text as a field: one line, no `#` (the field separator becomes `№`). */
const field = (t: string | undefined) => (t ?? '').replace(/[\r\n]+/g, ' ').replaceAll('#', '№');

/** The estimate as ARPS 1.10 records (see the module's comment), one line each, CRLF line ends. */
export function writeEstimateArps(doc: EstimateDocument, options: ArpsWriteOptions = {}): Uint8Array {
  const out: string[] = [];
  const rec = (...fields: (string | number | undefined)[]) =>
    out.push(fields.map((x) => (typeof x === 'number' ? num(x) : field(x))).join('#'));
  const coefficients = (list: readonly EstimateCoefficient[]) => {
    for (const c of list)
      rec(c.kind === 'index' ? 'ИН' : 'КФ', c.code, c.name, TARGET_WORD[c.target], c.value);
  };
  rec('АРПС', '1.10', options.program ?? 'Takt', '1');
  rec(
    'СМ',
    doc.code,
    doc.name,
    KIND_WORD[doc.kind],
    doc.priceLevel ? doc.priceLevel.split('-').reverse().join('.') : '',
    doc.currency,
  );
  coefficients(doc.coefficients);
  const section = (s: EstimateSection, level: number) => {
    rec('РЗ', level, s.code, s.name, s.chapter);
    coefficients(s.coefficients);
    for (const l of s.lines) {
      rec(
        'ПЗ',
        l.number,
        l.code,
        l.name,
        l.unit,
        l.quantity,
        l.unitCost.labour,
        l.unitCost.machines,
        l.unitCost.materials,
        l.labourHoursPerUnit,
        l.machineHoursPerUnit,
        l.statedTotal,
        l.volumeCode,
        l.wbsCode,
      );
      coefficients(l.coefficients);
    }
    for (const sub of s.sections) section(sub, level + 1);
  };
  for (const s of doc.sections) section(s, 1);
  rec('КОНЕЦ');
  const text = `${out.join('\r\n')}\r\n`;
  if (options.encoding === 'utf-8') return new TextEncoder().encode(text);
  // what Windows-1251 lacks becomes its nearest (м² → м2) or `?`
  return new Uint8Array(iconv.encode(text.replaceAll('²', '2').replaceAll('³', '3'), 'win1251'));
}

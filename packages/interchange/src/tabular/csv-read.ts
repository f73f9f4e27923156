/**
 * CSV rows, streaming: the encoding is UTF-8 (with or without BOM) else the single-byte code page that fits (see `TextDecoderAuto`), or the one chosen;
 * the delimiter (`;`, `,` or tab) is the one that splits the first lines most consistently, unless
 * given; fields follow RFC 4180 (quotes, doubled quotes, line breaks inside quotes).
 */
import { InterchangeError } from '../common/errors.js';
import { type ByteSource, chunksOf, type Encoding, TextDecoderAuto } from '../common/input.js';
import { restoreFormulaText } from './formula-guard.js';
import type { SheetRow } from './sheet.js';

export type CsvDelimiter = ';' | ',' | '\t';
export const CSV_DELIMITER_CANDIDATES: readonly CsvDelimiter[] = [';', ',', '\t'];

/** Counts of each candidate outside quotes, per line of a sample. */
export function detectDelimiter(sample: string): CsvDelimiter {
  const lines = sample
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 30);
  let best: CsvDelimiter = ';';
  let bestScore = -1;
  for (const d of CSV_DELIMITER_CANDIDATES) {
    const counts = lines.map((l) => {
      let n = 0;
      let quoted = false;
      for (const ch of l) {
        if (ch === '"') quoted = !quoted;
        else if (ch === d && !quoted) n++;
      }
      return n;
    });
    const freq = new Map<number, number>();
    for (const c of counts) if (c > 0) freq.set(c, (freq.get(c) ?? 0) + 1);
    // the most common non-zero count, weighted by how many lines agree on it
    let score = 0;
    for (const [count, lines] of freq) score = Math.max(score, lines * 1000 + count);
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

export interface CsvReadOptions {
  delimiter?: CsvDelimiter | null;
  encoding?: Encoding;
  /** Called once with what was found. */
  onDetected?(found: { delimiter: CsvDelimiter; encoding: Encoding }): void;
}

/** The rows of a CSV file; every cell is text (empty cells are null). */
export async function* readCsvRows(
  source: ByteSource,
  options: CsvReadOptions = {},
): AsyncGenerator<SheetRow> {
  const decoder = new TextDecoderAuto(options.encoding ?? 'auto');
  let delimiter = options.delimiter ?? null;
  let pending = '';
  let record = 0;
  let cells: (string | null)[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let fieldStarted = false;
  let physicalLine = 1;
  let recordLine = 1;
  const endField = () => {
    // A `'` our exports put before text a spreadsheet could take for a formula comes off again.
    cells.push(field === '' && !fieldStarted ? null : restoreFormulaText(field));
    field = '';
    fieldStarted = false;
    afterQuote = false;
  };
  const endRecord = (): SheetRow | null => {
    endField();
    record++;
    const row = { row: record, level: 0, cells: cells.every((c) => c === null) ? [] : cells };
    cells = [];
    recordLine = physicalLine;
    return row;
  };

  function* consume(text: string): Generator<SheetRow> {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (quoted) {
        if (ch === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i++;
          } else if (i + 1 === text.length) {
            // a quote at the end of the chunk: decide with the next chunk
            pending = '"';
            return;
          } else {
            quoted = false;
            afterQuote = true;
          }
        } else {
          if (ch === '\n') physicalLine++;
          field += ch;
        }
        continue;
      }
      if (ch === '"' && !fieldStarted && field === '') {
        quoted = true;
        fieldStarted = true;
      } else if (ch === delimiter) endField();
      else if (ch === '\n') {
        physicalLine++;
        const r = endRecord();
        if (r) yield r;
      } else if (ch === '\r') {
        if (text[i + 1] === undefined) {
          pending = '\r';
          return;
        }
        if (text[i + 1] !== '\n') {
          const r = endRecord();
          if (r) yield r;
        }
      } else if (afterQuote) {
        throw new InterchangeError('syntax', `text after a closing quote ("…"${ch})`, { line: physicalLine });
      } else {
        field += ch;
        fieldStarted = true;
      }
    }
  }

  let head = '';
  let started = false;
  const start = (text: string) => {
    started = true;
    delimiter ??= detectDelimiter(text);
    options.onDetected?.({ delimiter, encoding: decoder.encoding === 'auto' ? 'utf-8' : decoder.encoding });
  };
  for await (const chunk of chunksOf(source)) {
    let text = decoder.decode(chunk);
    if (!started) {
      head += text;
      if (head.length < 64 * 1024) continue;
      text = head;
      start(head);
    }
    text = pending + text.replace(/^\uFEFF/, '');
    pending = '';
    yield* consume(text);
  }
  let rest = decoder.decode(new Uint8Array(0), true);
  if (!started) {
    rest = head + rest;
    start(rest);
  }
  rest = (pending + rest).replace(/^\uFEFF/, '');
  pending = '';
  yield* consume(rest);
  if (pending === '"') {
    quoted = false;
    afterQuote = true;
    pending = '';
  } else if (pending === '\r') pending = '';
  if (quoted) throw new InterchangeError('truncated', 'a quoted field is not closed', { line: recordLine });
  if (field !== '' || fieldStarted || cells.length > 0) {
    const r = endRecord();
    if (r) yield r;
  }
}

/**
 * Inputs as streams of bytes: a Node Readable, any async iterable of chunks, or a whole buffer/string.
 * Text decoding is incremental: UTF-8 (with or without BOM) or Windows-1251, detected from the bytes
 * (see `TextDecoderAuto`), so no reader needs the whole file in memory.
 */
import iconv from 'iconv-lite';
import { InterchangeError } from './errors.js';

export type ByteSource =
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>
  | Uint8Array
  | string;
/** Text encodings of input files; `auto` detects from the content. */
export const ENCODINGS = ['auto', 'utf-8', 'windows-1252', 'windows-1250', 'windows-1251'] as const;
export type Encoding = (typeof ENCODINGS)[number];

export async function* chunksOf(source: ByteSource): AsyncGenerator<Uint8Array | string> {
  if (typeof source === 'string' || source instanceof Uint8Array) {
    yield source;
    return;
  }
  for await (const chunk of source as AsyncIterable<Uint8Array | string>) yield chunk;
}

/**
 * Decodes chunk by chunk. `auto`: a UTF-8 BOM means UTF-8; otherwise bytes are read as strict UTF-8 and,
 * if invalid UTF-8 turns up while everything before was plain ASCII, the rest is Windows-1251 (the
 * encoding of Russian P6 and MS Project installations). Invalid UTF-8 after valid non-ASCII UTF-8 is a
 * mis-encoded file: an `encoding` error naming the line.
 */
export class TextDecoderAuto {
  private mode: Encoding;
  private utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  private win = iconv.getDecoder('win1251');
  private sawNonAscii = false;
  private first = true;
  line = 1;

  constructor(encoding: Encoding = 'auto') {
    this.mode = encoding;
  }

  get encoding(): Encoding {
    return this.mode;
  }

  decode(chunk: Uint8Array | string, final = false): string {
    if (typeof chunk === 'string') return this.count(chunk);
    let bytes = chunk;
    if (this.first && bytes.length > 0) {
      this.first = false;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
        this.mode = 'utf-8';
        bytes = bytes.subarray(3);
      } else if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
        throw new InterchangeError('encoding', 'UTF-16 files are not supported; save as UTF-8', { line: 1 });
      }
    }
    if (this.mode === 'windows-1251') return this.count(this.win.write(Buffer.from(bytes)));
    try {
      const text = this.utf8.decode(bytes, { stream: !final });
      if (!this.sawNonAscii && bytes.some((b) => b >= 0x80)) this.sawNonAscii = true;
      return this.count(text);
    } catch {
      if (this.mode === 'auto' && !this.sawNonAscii && !startsWithUtf8Sequence(bytes)) {
        this.mode = 'windows-1251';
        return this.count(this.win.write(Buffer.from(bytes)));
      }
      // find the line of the bad byte: decode the valid prefix
      let lineOfBad = this.line;
      for (const b of bytes) {
        if (b === 0x0a) lineOfBad++;
        if (b >= 0x80) break;
      }
      throw new InterchangeError('encoding', 'invalid UTF-8 byte sequence (mis-encoded file?)', {
        line: lineOfBad,
      });
    }
  }

  private count(text: string): string {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.line++;
    return text;
  }
}

/** Whether the first non-ASCII byte of the chunk starts a well-formed UTF-8 sequence (then the file is UTF-8). */
function startsWithUtf8Sequence(bytes: Uint8Array): boolean {
  const i = bytes.findIndex((b) => b >= 0x80);
  if (i < 0) return false;
  const lead = bytes[i]!;
  const n =
    lead >= 0xc2 && lead <= 0xdf
      ? 1
      : lead >= 0xe0 && lead <= 0xef
        ? 2
        : lead >= 0xf0 && lead <= 0xf4
          ? 3
          : -1;
  if (n < 0) return false;
  for (let k = 1; k <= n; k++) {
    const b = bytes[i + k];
    if (b === undefined || b < 0x80 || b > 0xbf) return false;
  }
  return true;
}

/** Decoded lines (without `\r\n`), one at a time, with 1-based line numbers. */
export async function* linesOf(
  source: ByteSource,
  encoding: Encoding = 'auto',
): AsyncGenerator<{ line: number; text: string }> {
  const decoder = new TextDecoderAuto(encoding);
  let rest = '';
  let line = 0;
  for await (const chunk of chunksOf(source)) {
    rest += decoder.decode(chunk);
    let start = 0;
    for (let i = rest.indexOf('\n'); i >= 0; i = rest.indexOf('\n', start)) {
      const text = rest.charCodeAt(i - 1) === 13 ? rest.slice(start, i - 1) : rest.slice(start, i);
      start = i + 1;
      yield { line: ++line, text };
    }
    rest = rest.slice(start);
  }
  rest += decoder.decode(new Uint8Array(0), true);
  if (rest.length > 0) yield { line: ++line, text: rest.endsWith('\r') ? rest.slice(0, -1) : rest };
}

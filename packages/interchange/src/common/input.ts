/**
 * Inputs as streams of bytes: a Node Readable, any async iterable of chunks, or a whole buffer/string.
 * Text decoding is incremental: UTF-8 (with or without BOM) or a single-byte Windows code page detected
 * from the bytes (see `TextDecoderAuto`), so no reader needs the whole file in memory.
 */
import iconv from 'iconv-lite';
import jschardet from 'jschardet';
import { InterchangeError } from './errors.js';

export type ByteSource =
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>
  | Uint8Array
  | string;
/** Text encodings of input files; `auto` detects from the content. */
export const ENCODINGS = ['auto', 'utf-8', 'windows-1252', 'windows-1250', 'windows-1251', 'ibm866'] as const;
export type Encoding = (typeof ENCODINGS)[number];

export async function* chunksOf(source: ByteSource): AsyncGenerator<Uint8Array | string> {
  if (typeof source === 'string' || source instanceof Uint8Array) {
    yield source;
    return;
  }
  for await (const chunk of source as AsyncIterable<Uint8Array | string>) yield chunk;
}

/** The single-byte code pages a file may be in, as iconv-lite names them. */
const CODE_PAGES = {
  'windows-1252': 'win1252',
  'windows-1250': 'win1250',
  'windows-1251': 'win1251',
  /** DOS Cyrillic: ARPS estimates and other files of DOS-era programs; named, never detected. */
  ibm866: 'cp866',
} as const;
type CodePage = keyof typeof CODE_PAGES;

/** What the detector may answer, by the code page whose letters it stands for (lower case). */
const DETECTED: Record<string, CodePage> = {
  'windows-1252': 'windows-1252',
  'iso-8859-1': 'windows-1252',
  'iso8859-15': 'windows-1252',
  'iso-8859-15': 'windows-1252',
  macroman: 'windows-1252',
  'windows-1250': 'windows-1250',
  'iso-8859-2': 'windows-1250',
  'iso8859-16': 'windows-1250',
  'windows-1251': 'windows-1251',
  maccyrillic: 'windows-1251',
  'iso-8859-5': 'windows-1251',
  'koi8-r': 'windows-1251',
  ibm866: 'windows-1251',
  ptcp154: 'windows-1251',
};

/** Bytes of the sample the code page is detected from (held back until there are as many, or the end). */
const SAMPLE_BYTES = 64 * 1024;

/**
 * The code page that fits a sample of bytes that is not UTF-8: the detector's most likely answer among
 * Windows-1252 (Western), 1250 (Central European) and 1251 (Cyrillic); 1251 when it names none of them
 * (the encoding of Russian P6 and MS Project installations, Takt's first users).
 */
export function detectCodePage(sample: Uint8Array): CodePage {
  const buffer = wordsWithLetters(sample);
  for (const guess of jschardet.detectAll(buffer, { minimumThreshold: 0 })) {
    const page = DETECTED[(guess.encoding ?? '').toLowerCase()];
    if (page) return page;
  }
  return 'windows-1251';
}

/**
 * The words of a sample that have non-ASCII bytes, space-separated: a schedule is mostly ASCII (codes,
 * dates, numbers), which would drown the few names the code page shows in.
 */
function wordsWithLetters(sample: Uint8Array): Buffer {
  const words: Uint8Array[] = [];
  let start = 0;
  let high = false;
  for (let i = 0; i <= sample.length; i++) {
    const b = i < sample.length ? sample[i]! : 32;
    if (b === 9 || b === 10 || b === 13 || b === 32) {
      if (high) words.push(sample.subarray(start, i), SPACE);
      start = i + 1;
      high = false;
    } else if (b >= 0x80) high = true;
  }
  return Buffer.concat(words);
}
const SPACE = new Uint8Array([32]);

/**
 * Decodes chunk by chunk. `auto`: a UTF-8 BOM means UTF-8; otherwise bytes are read as strict UTF-8 and,
 * if invalid UTF-8 turns up while everything before was plain ASCII, the rest is read in the code page
 * `detectCodePage` finds in a bounded sample from that point (the bytes before were ASCII, the same in
 * every code page): the bytes are held back until the sample is full or the input ends, so that a stream
 * of small chunks is detected as surely as a whole file. Invalid UTF-8 after valid non-ASCII UTF-8 is a mis-encoded file: an `encoding` error
 * naming the line. A named encoding is used as it is (a BOM is still skipped).
 */
export class TextDecoderAuto {
  private mode: Encoding;
  private utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  private single: ReturnType<typeof iconv.getDecoder> | null = null;
  private sawNonAscii = false;
  private first = true;
  /** Bytes held back while the sample for `detectCodePage` fills. */
  private held: Uint8Array[] | null = null;
  private heldBytes = 0;
  line = 1;

  constructor(encoding: Encoding = 'auto') {
    this.mode = encoding;
    if (encoding !== 'auto' && encoding !== 'utf-8') this.single = iconv.getDecoder(CODE_PAGES[encoding]);
  }

  /** The encoding in use: `auto` until the bytes have told (plain ASCII so far). */
  get encoding(): Encoding {
    return this.mode;
  }

  decode(chunk: Uint8Array | string, final = false): string {
    if (typeof chunk === 'string') return this.count(chunk);
    let bytes = chunk;
    if (this.first && bytes.length > 0) {
      this.first = false;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
        if (this.mode === 'auto') this.mode = 'utf-8';
        bytes = bytes.subarray(3);
      } else if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
        throw new InterchangeError('encoding', 'UTF-16 files are not supported; save as UTF-8', { line: 1 });
      }
    }
    if (this.held) return this.hold(bytes, final);
    if (this.single) return this.count(this.single.write(Buffer.from(bytes)));
    try {
      const text = this.utf8.decode(bytes, { stream: !final });
      if (!this.sawNonAscii && bytes.some((b) => b >= 0x80)) {
        this.sawNonAscii = true;
        if (this.mode === 'auto') this.mode = 'utf-8';
      }
      return this.count(text);
    } catch {
      if (this.mode === 'auto' && !this.sawNonAscii && !startsWithUtf8Sequence(bytes)) {
        this.held = [];
        return this.hold(bytes, final);
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

  /** Holds bytes back until the sample is full (or the input ends), then detects and decodes them all. */
  private hold(bytes: Uint8Array, final: boolean): string {
    const held = this.held!;
    held.push(Uint8Array.from(bytes));
    this.heldBytes += bytes.length;
    if (this.heldBytes < SAMPLE_BYTES && !final) return '';
    const all = Buffer.concat(held);
    this.held = null;
    const from = Math.max(0, all.findIndex((b) => b >= 0x80) - 1024);
    const page = detectCodePage(all.subarray(from, from + SAMPLE_BYTES));
    this.mode = page;
    this.single = iconv.getDecoder(CODE_PAGES[page]);
    return this.count(this.single.write(all));
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

/** The decoder of each input object a reader is reading (a string input needs none). */
const decoders = new WeakMap<object, TextDecoderAuto>();

/** A decoder for `source`, remembered so that the reader can say which encoding it used (`encodingUsed`). */
export function decoderFor(source: ByteSource, encoding: Encoding = 'auto'): TextDecoderAuto {
  const decoder = new TextDecoderAuto(encoding);
  if (typeof source === 'object') decoders.set(source, decoder);
  return decoder;
}

/** The encoding `source` was decoded in; plain ASCII (nothing told) is UTF-8. Undefined for text input. */
export function encodingUsed(source: ByteSource): Exclude<Encoding, 'auto'> | undefined {
  const decoder = typeof source === 'object' ? decoders.get(source) : undefined;
  if (!decoder) return undefined;
  return decoder.encoding === 'auto' ? 'utf-8' : decoder.encoding;
}

/**
 * The text of `source` piece by piece as `decoder` reads it, ending with what the decoder held back (to
 * detect a code page it may hold many lines); a byte-order mark at the start is not part of the text.
 */
export async function* textOf(source: ByteSource, decoder: TextDecoderAuto): AsyncGenerator<string> {
  let first = true;
  for await (const chunk of chunksOf(source)) {
    let text = decoder.decode(chunk);
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    yield text;
  }
  yield decoder.decode(new Uint8Array(0), true);
}

/** Decoded lines (without `\r\n`), one at a time, with 1-based line numbers. */
export async function* linesOf(
  source: ByteSource,
  encoding: Encoding = 'auto',
): AsyncGenerator<{ line: number; text: string }> {
  let rest = '';
  let line = 0;
  for await (const piece of textOf(source, new TextDecoderAuto(encoding))) {
    rest += piece;
    let start = 0;
    for (let i = rest.indexOf('\n'); i >= 0; i = rest.indexOf('\n', start)) {
      const text = rest.charCodeAt(i - 1) === 13 ? rest.slice(start, i - 1) : rest.slice(start, i);
      start = i + 1;
      yield { line: ++line, text };
    }
    rest = rest.slice(start);
  }
  if (rest.length > 0) yield { line: ++line, text: rest.endsWith('\r') ? rest.slice(0, -1) : rest };
}

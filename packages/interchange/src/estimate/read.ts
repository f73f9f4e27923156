/**
 * One entry for any estimate file: the format from the content first (a zip is xlsx, `<` starts XML, an
 * `АРПС` line among the first is ARPS), then the file name's extension (`.arp`, `.xml`/`.gge`, `.xlsx`,
 * `.csv`). The bytes are counted as they stream in: past `maxBytes` the read stops with an error, so an
 * upload of any size costs at most that much.
 */
import type { Language } from '@takt/i18n';
import { type ByteSource, chunksOf, type Encoding } from '../common/input.js';
import { readEstimateArps } from './arps.js';
import { readEstimateMinstroyXml } from './minstroy-xml.js';
import type { EstimateDocument, EstimateKind } from './model.js';
import { type EstimateFileFormat, type EstimateFileReport, estimateError } from './read-report.js';
import { type EstimateTabularRule, readEstimateTabular } from './tabular.js';

export interface EstimateFileOptions {
  /** Text formats: the encoding (detected when absent or `auto`). */
  encoding?: Encoding;
  /** The language of names Takt gives (a section for lines outside any section). */
  language?: Language;
  /** The upload rule an xlsx or CSV estimate is read through (required for those). */
  rule?: EstimateTabularRule;
  /** xlsx and CSV: the estimate's name and kind (a sheet has none). */
  name?: string;
  kind?: EstimateKind;
  /** Default 200 MB. */
  maxBytes?: number;
}

const ESTIMATE_MAX_BYTES = 200 * 1024 * 1024;
const HEAD_BYTES = 8192;
const MB = 1024 * 1024;

/** The format by the file name's extension, if it names one. */
function formatFromName(fileName: string): EstimateFileFormat | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'arp' || ext === 'arps') return 'arps';
  if (ext === 'xml' || ext === 'gge') return 'minstroy-xml';
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'csv') return 'csv';
  return null;
}

const ARPS_HEADS = [
  new Uint8Array([0x80, 0x90, 0x8f, 0x91]), // АРПС in code page 866, as the programs write it
  new Uint8Array([0xc0, 0xd0, 0xcf, 0xd1]), // АРПС in Windows-1251
  new TextEncoder().encode('АРПС'),
  new TextEncoder().encode('ARPS'),
];

/** Past the record kind `1#` of an ARPS header (and spaces), if the line starts with it. */
function pastHeaderKind(head: Uint8Array, at: number): number {
  let i = at;
  if (head[i] !== 0x31) return at;
  i++;
  while (head[i] === 0x20) i++;
  if (head[i] !== 0x23) return at;
  i++;
  while (head[i] === 0x20) i++;
  return i;
}

/** The format by the first bytes, if they tell it. */
export function estimateFormatFromContent(head: Uint8Array): EstimateFileFormat | null {
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'xlsx';
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d))
    i++;
  if (head[i] === 0x3c) return 'minstroy-xml';
  // an ARPS header starting one of the first lines
  let lineStart = i;
  for (let n = 0; n < 5 && lineStart < head.length; n++) {
    while (head[lineStart] === 0x20 || head[lineStart] === 0x09) lineStart++;
    const word = pastHeaderKind(head, lineStart);
    if (
      ARPS_HEADS.some((h) =>
        h.every((b, k) => head[word + k] === b || (b >= 0x41 && b <= 0x5a && head[word + k] === b + 32)),
      )
    )
      return 'arps';
    const next = head.indexOf(0x0a, lineStart);
    if (next < 0) break;
    lineStart = next + 1;
  }
  return null;
}

/**
 * Reads an estimate file of any supported format. A file Takt cannot tell, a sheet without a rule, a file
 * over the size limit, or one it cannot read at all is an `InterchangeError` with a translated message.
 */
export async function readEstimateFile(
  source: ByteSource,
  fileName: string,
  options: EstimateFileOptions = {},
): Promise<{ document: EstimateDocument; report: EstimateFileReport }> {
  const maxBytes = options.maxBytes ?? ESTIMATE_MAX_BYTES;
  const it = chunksOf(source)[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let ended = false;
  let seen = 0;
  const count = (chunk: Uint8Array | string): Uint8Array => {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    seen += bytes.length;
    if (seen > maxBytes)
      throw estimateError('invalid_value', 'interchange.estimate.too_large', {
        maxMb: Math.round(maxBytes / MB),
      });
    return bytes;
  };
  while (headBytes < HEAD_BYTES) {
    const next = await it.next();
    if (next.done) {
      ended = true;
      break;
    }
    const bytes = count(next.value);
    head.push(bytes);
    headBytes += bytes.length;
  }
  const first = Buffer.concat(head);
  const format = estimateFormatFromContent(first.subarray(0, HEAD_BYTES)) ?? formatFromName(fileName);
  if (!format) throw estimateError('unsupported_format', 'interchange.estimate.unsupported');
  async function* rest(): AsyncGenerator<Uint8Array> {
    for (const h of head) yield h;
    if (ended) return;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield count(next.value);
    }
  }
  const language = options.language ? { language: options.language } : {};
  const encoding = options.encoding ? { encoding: options.encoding } : {};
  if (format === 'arps') return readEstimateArps(rest(), { ...encoding, ...language });
  if (format === 'minstroy-xml') return readEstimateMinstroyXml(rest(), { ...encoding, ...language });
  if (!options.rule) throw estimateError('missing_value', 'interchange.estimate.rule_needed');
  const parts: Uint8Array[] = [];
  for await (const c of rest()) parts.push(c);
  return readEstimateTabular(
    new Uint8Array(Buffer.concat(parts)),
    {
      ...options.rule,
      ...(options.encoding && !options.rule.encoding ? { encoding: options.encoding } : {}),
    },
    {
      format,
      ...language,
      ...(options.name !== undefined ? { name: options.name } : {}),
      ...(options.kind ? { kind: options.kind } : {}),
    },
  );
}

/** Reads any supported file: the format comes from the name's extension or, failing that, the content. */
import { createReadStream } from 'node:fs';
import { InterchangeError } from './common/errors.js';
import type { Encoding } from './common/input.js';
import type { IxProject, SourceFormat } from './common/model.js';
import { readJson } from './json/format.js';
import { readMspdi } from './mspdi/read.js';
import { readPmxml } from './pmxml/read.js';
import { readXer } from './xer/read.js';

export function formatFromName(path: string): SourceFormat | 'csv' | null {
  const ext = path.toLowerCase().split('.').pop();
  if (ext === 'xer') return 'xer';
  if (ext === 'json') return 'json';
  if (ext === 'csv') return 'csv';
  if (ext === 'pmxml') return 'pmxml';
  if (ext === 'mspdi') return 'mspdi';
  return null;
}

/**
 * Sniffs the first bytes: `ERMHDR` → XER, `<APIBusinessObjects` → PMXML, `<Project` → MSPDI, `{` → JSON.
 * An XER is one whose header or first table starts a line anywhere in the head (P6 exports may start with
 * a BOM, blank lines or a line of another program, or have no header at all).
 */
export function formatFromContent(head: string): SourceFormat | null {
  const text = head.replace(/^(\uFEFF|\xEF\xBB\xBF)/, '').trimStart();
  if (text.startsWith('ERMHDR') || /^(ERMHDR\t|%T\t)/m.test(text)) return 'xer';
  if (text.startsWith('{')) return 'json';
  if (/<APIBusinessObjects[\s>]/.test(text)) return 'pmxml';
  if (/<Project[\s>]/.test(text)) return 'mspdi';
  return null;
}

export async function readProjectFile(
  path: string,
  options: { encoding?: Encoding } = {},
): Promise<IxProject> {
  const { open } = await import('node:fs/promises');
  const handle = await open(path, 'r');
  const buf = Buffer.alloc(4096);
  const { bytesRead } = await handle.read(buf, 0, 4096, 0);
  await handle.close();
  const byName = formatFromName(path);
  const format =
    (byName === 'csv' ? null : byName) ?? formatFromContent(buf.subarray(0, bytesRead).toString('latin1'));
  if (!format) throw new InterchangeError('unsupported_format', `cannot tell the format of ${path}`);
  const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
  if (format === 'xer') return readXer(stream, options);
  if (format === 'pmxml') return readPmxml(stream, options);
  if (format === 'mspdi') return readMspdi(stream, options);
  return readJson(stream);
}

/**
 * The Takt archive (`.zip`): a version with everything it holds, to move between Takt installations or
 * keep as a backup, without loss.
 *
 * ```
 * manifest.json          format id "takt.archive", format version "MAJOR.MINOR", counts, files with size and sha256
 * project.json           the project: header, dates, options, calendars, WBS, resources, warnings
 * works.jsonl            one work (IxActivity) per line
 * relations.jsonl        one relation per line
 * assignments.jsonl      one resource assignment per line
 * attributes.json        attribute definitions (custom columns)
 * attribute-values.jsonl one attribute value per line
 * extra.json             whatever else the writer carries (JSON), returned as written
 * files/NNNN-name        attached files, bytes as they were; their names and owners are in the manifest
 * ```
 *
 * The large parts are JSON Lines so a 350,000-work archive is written and read a line at a time (fflate's
 * streaming zip), never as one string. A reader takes archives of its major version and any minor
 * version (newer minor versions only add fields); a newer major version is refused with a clear message.
 */
import { createHash } from 'node:crypto';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { InterchangeError } from '../common/errors.js';
import { englishText, type InterchangeMessageId, type MessageValues } from '../common/messages.js';
import type { IxActivity, IxAssignment, IxProject, IxRelation } from '../common/model.js';
import { validateProject } from '../common/validate.js';
import { extractEntries, unzipGuarded, ZIP_LIMITS, type ZipLimits } from '../common/zip-guard.js';

export const TAKT_ARCHIVE_FORMAT = 'takt.archive';
export const TAKT_ARCHIVE_VERSION = '1.0';
const MAJOR = 1;

export interface TaktAttribute {
  id: string;
  name: string;
  /** date, number, string, money, boolean, percentage, indicator, through */
  valueType: string;
  /** The directory of a `through` attribute. */
  directoryId?: string | null;
}

export interface TaktAttributeValue {
  workId: string;
  attributeId: string;
  value: string | number | boolean | null;
}

export interface TaktArchiveFile {
  name: string;
  bytes: Uint8Array;
  /** The work the file is attached to (null: the version's). */
  workId?: string | null;
  mediaType?: string;
}

export interface TaktArchive {
  project: IxProject;
  attributes?: TaktAttribute[];
  values?: TaktAttributeValue[];
  files?: TaktArchiveFile[];
  extra?: Record<string, unknown>;
}

export interface TaktManifest {
  format: typeof TAKT_ARCHIVE_FORMAT;
  version: string;
  createdAt: string;
  generator: string;
  counts: {
    works: number;
    relations: number;
    assignments: number;
    attributes: number;
    values: number;
    files: number;
  };
  files: {
    path: string;
    name: string;
    workId?: string | null;
    mediaType?: string;
    size: number;
    sha256: string;
  }[];
}

function fail(
  id: InterchangeMessageId,
  values: MessageValues,
  code: 'syntax' | 'unsupported_format' | 'missing_value' | 'truncated' = 'syntax',
  where: { element?: string; line?: number } = {},
): never {
  throw new InterchangeError(code, englishText(id, values), where, { id, values });
}

/** JSON that refuses what JSON would silently change (NaN, Infinity, undefined in arrays). */
function strict(value: unknown, where: string): string {
  return JSON.stringify(value, (k, v) => {
    if (typeof v === 'number' && !Number.isFinite(v))
      throw new InterchangeError('invalid_value', `${where}: ${k} is ${v}, which an archive cannot keep`, {
        element: where,
        field: k,
      });
    return v;
  });
}

const COMPRESSED =
  /\.(zip|xlsx|docx|pptx|odt|ods|jpe?g|png|gif|webp|avif|mp4|mov|mp3|gz|7z|rar|pdf|ifc[zx]?)$/i;

function safeName(name: string): string {
  const printable = [...name].filter((ch) => ch.charCodeAt(0) >= 32).join('');
  const base = printable
    .split(/[\\/]+/)
    .filter((seg) => seg !== '' && seg !== '.' && seg !== '..')
    .join('_')
    .replace(/[:*?"<>|]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-120);
  return base || 'file';
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** The archive's zip bytes in chunks, produced as the parts are written. */
export async function* taktArchiveChunks(
  archive: TaktArchive,
  options: { now?: Date } = {},
): AsyncGenerator<Uint8Array> {
  const queue: Uint8Array[] = [];
  let error: Error | null = null;
  let done = false;
  const zip = new Zip((err, data, final) => {
    if (err) error = err;
    else queue.push(data);
    if (final) done = true;
  });
  const flush = function* () {
    if (error) throw error;
    while (queue.length) yield queue.shift()!;
  };
  const mtime = options.now ?? new Date();
  const entry = (path: string, compress = true) => {
    const f = compress ? new ZipDeflate(path, { level: 6 }) : new ZipPassThrough(path);
    f.mtime = mtime;
    zip.add(f);
    return f;
  };
  const enc = new TextEncoder();
  const whole = function* (path: string, text: string) {
    entry(path).push(enc.encode(text), true);
    yield* flush();
  };
  const lines = function* <T>(path: string, items: readonly T[], what: string) {
    const f = entry(path);
    let batch = '';
    for (const [k, item] of items.entries()) {
      batch += `${strict(item, `${what} ${k + 1}`)}\n`;
      if (batch.length > 256 * 1024) {
        f.push(enc.encode(batch));
        batch = '';
        yield* flush();
      }
    }
    f.push(enc.encode(batch), true);
    yield* flush();
  };

  const { activities, relations, assignments, ...header } = archive.project;
  const files = archive.files ?? [];
  const fileEntries = files.map((f, k) => ({
    path: `files/${String(k + 1).padStart(4, '0')}-${safeName(f.name)}`,
    name: f.name,
    ...(f.workId !== undefined ? { workId: f.workId } : {}),
    ...(f.mediaType !== undefined ? { mediaType: f.mediaType } : {}),
    size: f.bytes.byteLength,
    sha256: sha256(f.bytes),
  }));
  const manifest: TaktManifest = {
    format: TAKT_ARCHIVE_FORMAT,
    version: TAKT_ARCHIVE_VERSION,
    createdAt: mtime.toISOString(),
    generator: 'Takt',
    counts: {
      works: activities.length,
      relations: relations.length,
      assignments: assignments.length,
      attributes: archive.attributes?.length ?? 0,
      values: archive.values?.length ?? 0,
      files: files.length,
    },
    files: fileEntries,
  };
  yield* whole('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
  yield* whole('project.json', strict(header, 'project'));
  yield* lines('works.jsonl', activities, 'work');
  yield* lines('relations.jsonl', relations, 'relation');
  yield* lines('assignments.jsonl', assignments, 'assignment');
  yield* whole('attributes.json', strict(archive.attributes ?? [], 'attributes'));
  yield* lines('attribute-values.jsonl', archive.values ?? [], 'attribute value');
  yield* whole('extra.json', strict(archive.extra ?? {}, 'extra'));
  for (const [k, f] of files.entries()) {
    const e = fileEntries[k]!;
    const file = entry(e.path, !COMPRESSED.test(f.name));
    for (let at = 0; at < f.bytes.length || at === 0; at += 1 << 20) {
      const end = Math.min(f.bytes.length, at + (1 << 20));
      file.push(f.bytes.subarray(at, end), end >= f.bytes.length);
      yield* flush();
      if (end >= f.bytes.length) break;
    }
  }
  zip.end();
  yield* flush();
  if (!done) throw new InterchangeError('truncated', 'the archive could not be finished');
}

export async function writeTaktArchive(
  archive: TaktArchive,
  options: { now?: Date } = {},
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const c of taktArchiveChunks(archive, options)) parts.push(c);
  return new Uint8Array(Buffer.concat(parts));
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** Whether the bytes are a zip holding a Takt manifest (an xlsx is a zip too). */
export function isTaktArchive(bytes: Uint8Array): boolean {
  if (!ZIP.every((b, k) => bytes[k] === b)) return false;
  try {
    const m = extractEntries(bytes, ['manifest.json'], MANIFEST_MAX_BYTES).get('manifest.json');
    return (
      !!m && (JSON.parse(new TextDecoder().decode(m)) as { format?: unknown }).format === TAKT_ARCHIVE_FORMAT
    );
  } catch {
    return false;
  }
}

/** The manifest lists every part and attached file: a few megabytes even for a large version. */
const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;
/** One work, relation or value per line: no real line comes near this. */
const LINE_MAX_CHARS = 16 * 1024 * 1024;

function readManifest(bytes: Uint8Array, limits: ZipLimits): TaktManifest {
  if (!ZIP.every((b, k) => bytes[k] === b)) fail('interchange.archive.not_archive', {}, 'unsupported_format');
  let raw: Uint8Array | undefined;
  try {
    raw = extractEntries(bytes, ['manifest.json'], MANIFEST_MAX_BYTES, limits).get('manifest.json');
  } catch (e) {
    if (e instanceof InterchangeError) throw e;
    fail('interchange.archive.broken_entry', { entry: 'zip', reason: (e as Error).message }, 'truncated');
  }
  if (!raw) fail('interchange.archive.not_archive', {}, 'unsupported_format');
  let m: Partial<TaktManifest>;
  try {
    m = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw)) as Partial<TaktManifest>;
  } catch (e) {
    fail(
      'interchange.archive.broken_entry',
      { entry: 'manifest.json', reason: (e as Error).message },
      'syntax',
      { element: 'manifest.json' },
    );
  }
  if (!m || typeof m !== 'object' || m.format !== TAKT_ARCHIVE_FORMAT)
    fail('interchange.archive.not_archive', {}, 'unsupported_format');
  const version = /^(\d+)\.(\d+)$/.exec(String(m.version ?? ''));
  if (!version || Number(version[1]) !== MAJOR)
    fail(
      'interchange.archive.newer_version',
      { version: String(m.version ?? '?'), supported: TAKT_ARCHIVE_VERSION },
      'unsupported_format',
      {
        element: 'manifest.json',
      },
    );
  if (!Array.isArray(m.files))
    fail('interchange.archive.broken_entry', { entry: 'manifest.json', reason: 'files is not a list' });
  return m as TaktManifest;
}

/**
 * Reads an archive written by `writeTaktArchive` (any 1.x): the large parts line by line, within zip
 * limits (entries, inflated size, compression ratio) so a zip bomb is refused as soon as it shows.
 */
export async function readTaktArchive(
  bytes: Uint8Array,
  options: { limits?: ZipLimits } = {},
): Promise<TaktArchive & { manifest: TaktManifest }> {
  const limits = options.limits ?? ZIP_LIMITS;
  const manifest = readManifest(bytes, limits);
  const fileByPath = new Map(manifest.files.map((f) => [f.path, f]));
  const jsonl = new Map<string, unknown[]>([
    ['works.jsonl', []],
    ['relations.jsonl', []],
    ['assignments.jsonl', []],
    ['attribute-values.jsonl', []],
  ]);
  const whole = new Map<string, Uint8Array[]>([
    ['project.json', []],
    ['attributes.json', []],
    ['extra.json', []],
  ]);
  const fileBytes = new Map<string, Uint8Array[]>();
  const seen = new Set<string>();
  let failure: Error | null = null;
  unzipGuarded(
    bytes,
    (file, control) => {
      const name = file.name;
      const lines = jsonl.get(name);
      const parts =
        whole.get(name) ??
        (fileByPath.has(name) ? (fileBytes.set(name, []).get(name) as Uint8Array[]) : undefined);
      if (!lines && !parts) return; // manifest, or parts a newer minor version added
      seen.add(name);
      const decoder = new TextDecoder('utf-8', { fatal: true });
      let rest = '';
      let line = 0;
      const stop = (error: Error) => {
        failure ??= error;
        control.fail(error);
      };
      file.ondata = (err, chunk, final) => {
        if (failure) return;
        if (err) {
          stop(
            new InterchangeError(
              'truncated',
              englishText('interchange.archive.broken_entry', { entry: name, reason: err.message }),
              { element: name },
              {
                id: 'interchange.archive.broken_entry',
                values: { entry: name, reason: err.message },
              },
            ),
          );
          return;
        }
        if (parts) {
          parts.push(chunk);
          return;
        }
        try {
          rest += decoder.decode(chunk, { stream: !final });
          let start = 0;
          for (let i = rest.indexOf('\n'); i >= 0; i = rest.indexOf('\n', start)) {
            line++;
            const text = rest.slice(start, i);
            start = i + 1;
            if (text.trim()) lines!.push(JSON.parse(text));
          }
          rest = rest.slice(start);
          if (rest.length > LINE_MAX_CHARS) {
            const values = { entry: name, maxMb: LINE_MAX_CHARS / 1024 / 1024 };
            stop(
              new InterchangeError(
                'invalid_value',
                englishText('interchange.archive.line_too_long', values),
                { element: name, line: line + 1 },
                { id: 'interchange.archive.line_too_long', values },
              ),
            );
            return;
          }
          if (final && rest.trim()) {
            line++;
            lines!.push(JSON.parse(rest));
          }
        } catch (e) {
          stop(
            new InterchangeError(
              'syntax',
              englishText('interchange.archive.broken_entry', { entry: name, reason: (e as Error).message }),
              { element: name, line: line || 1 },
              {
                id: 'interchange.archive.broken_entry',
                values: { entry: name, reason: (e as Error).message },
              },
            ),
          );
        }
      };
      file.start();
    },
    limits,
  );
  if (failure) throw failure;
  for (const required of ['project.json', 'works.jsonl', 'relations.jsonl'])
    if (!seen.has(required))
      fail('interchange.archive.missing_entry', { entry: required }, 'missing_value', { element: required });
  const json = (name: string, fallback: unknown) => {
    if (!seen.has(name)) return fallback;
    try {
      return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(whole.get(name)!)));
    } catch (e) {
      return fail(
        'interchange.archive.broken_entry',
        { entry: name, reason: (e as Error).message },
        'syntax',
        { element: name },
      );
    }
  };
  const header = json('project.json', null) as Omit<
    IxProject,
    'activities' | 'relations' | 'assignments'
  > | null;
  if (!header || typeof header !== 'object' || Array.isArray(header))
    fail('interchange.archive.broken_entry', { entry: 'project.json', reason: 'not an object' }, 'syntax', {
      element: 'project.json',
    });
  const project = {
    ...header,
    activities: jsonl.get('works.jsonl') as IxActivity[],
    relations: jsonl.get('relations.jsonl') as IxRelation[],
    assignments: jsonl.get('assignments.jsonl') as IxAssignment[],
  } as IxProject;
  const counts = manifest.counts;
  if (counts && (project.activities.length !== counts.works || project.relations.length !== counts.relations))
    fail('interchange.archive.broken_entry', {
      entry: 'works.jsonl',
      reason: `${project.activities.length} works and ${project.relations.length} relations, the manifest lists ${counts.works} and ${counts.relations}`,
    });
  for (const key of ['calendars', 'wbs', 'resources', 'warnings'] as const)
    if (!Array.isArray(project[key]))
      fail('interchange.archive.broken_entry', { entry: 'project.json', reason: `${key} is not a list` });
  for (const [k, a] of project.activities.entries())
    if (!a || typeof a !== 'object' || typeof a.id !== 'string' || !a.recorded || !a.codes || !a.udfs)
      fail(
        'interchange.archive.broken_entry',
        { entry: 'works.jsonl', reason: `line ${k + 1} is not a work` },
        'syntax',
        { element: 'works.jsonl', line: k + 1 },
      );
  validateProject(project);
  const files: TaktArchiveFile[] = manifest.files.map((f) => {
    const parts = fileBytes.get(f.path);
    if (!parts)
      return fail('interchange.archive.missing_entry', { entry: f.path }, 'missing_value', {
        element: f.path,
      });
    const b = new Uint8Array(Buffer.concat(parts));
    if (b.byteLength !== f.size || sha256(b) !== f.sha256)
      fail(
        'interchange.archive.broken_entry',
        { entry: f.path, reason: 'its size or checksum differs from the manifest' },
        'truncated',
        { element: f.path },
      );
    return {
      name: f.name,
      bytes: b,
      ...(f.workId !== undefined ? { workId: f.workId } : {}),
      ...(f.mediaType !== undefined ? { mediaType: f.mediaType } : {}),
    };
  });
  const attributes = json('attributes.json', []) as TaktAttribute[];
  const values = (jsonl.get('attribute-values.jsonl') ?? []) as TaktAttributeValue[];
  const workIds = new Set(project.activities.map((a) => a.id));
  const attributeIds = new Set(attributes.map((a) => a.id));
  for (const [k, v] of values.entries())
    if (!workIds.has(v.workId) || !attributeIds.has(v.attributeId))
      throw new InterchangeError(
        'dangling_relation',
        `attribute value ${k + 1} refers to an unknown work or attribute`,
        {
          element: 'attribute-values.jsonl',
          line: k + 1,
        },
      );
  return {
    manifest,
    project,
    attributes,
    values,
    files,
    extra: json('extra.json', {}) as Record<string, unknown>,
  };
}

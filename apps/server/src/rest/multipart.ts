import { randomUUID } from 'node:crypto';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import { AppError } from '../errors';
import type { FileStorage } from '../files/storage';
import { UPLOAD_SPOOL_PREFIX } from '../files/storage';
import { BodyRefused, megabytes, requestTooLarge } from '../http/body-limit';

/** Files and text fields one multipart request may carry. */
const MAX_FILES = 4;
const MAX_FIELDS = 50;
/** A text field (JSON of an import rule, a name) is small. */
const FIELD_BYTES = 256 * 1024;
/** Part headers and boundaries on top of the files and fields. */
const OVERHEAD_BYTES = 64 * 1024;

/** An uploaded file as procedures receive it. */
export interface UploadedFile {
  name: string;
  type: string;
  data: Uint8Array;
}

/** A text field arrives JSON-parsed when it is JSON (objects, numbers), as text otherwise. */
function fieldValue(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function fileTooLarge(maxBytes: number): BodyRefused {
  return new BodyRefused(new AppError('FileTooLarge', { maxMb: megabytes(maxBytes) }));
}

const badRequest = () => new BodyRefused(new AppError('BadRequest'));

function parserFor(request: Request, maxFileBytes: number): BusboyInstance {
  try {
    return Busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      limits: {
        fileSize: maxFileBytes,
        files: MAX_FILES,
        fields: MAX_FIELDS,
        fieldSize: FIELD_BYTES,
        parts: MAX_FILES + MAX_FIELDS,
        headerPairs: 20,
      },
    });
  } catch {
    // No boundary, or not multipart at all.
    throw badRequest();
  }
}

/**
 * Reads a multipart body as it streams: each file goes to storage under a spool key, cut as soon as it
 * passes `maxFileBytes` (413) — never held whole in memory while it arrives. A malformed body is a 400.
 * Only a file that arrived whole within its limit is then read back for the procedure; the spool is
 * removed in every case.
 */
export async function readMultipart(
  request: Request,
  storage: FileStorage,
  maxFileBytes: number,
): Promise<Record<string, unknown>> {
  const declared = request.headers.get('content-length');
  const maxTotal = maxFileBytes * MAX_FILES + FIELD_BYTES * 4 + OVERHEAD_BYTES;
  if (declared !== null && Number(declared) > maxTotal) throw fileTooLarge(maxFileBytes);
  if (!request.body) throw badRequest();
  const parser = parserFor(request, maxFileBytes);

  const fields: Record<string, unknown> = {};
  const files = new Map<string, { name: string; type: string; key: string }>();
  const keys: string[] = [];
  const streams: BusboyFileStream[] = [];
  const spools: Promise<unknown>[] = [];
  let failure: BodyRefused | null = null;
  let rejectFailed: (error: BodyRefused) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    rejectFailed = reject;
  });
  failed.catch(() => {});
  const fail = (error: BodyRefused) => {
    if (failure) return;
    failure = error;
    rejectFailed(error);
  };

  parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
    if (valueTruncated) fail(new BodyRefused(requestTooLarge(FIELD_BYTES)));
    else fields[name] = fieldValue(value);
  });
  parser.on('file', (name, stream, fileName, _encoding, mimeType) => {
    if (failure) {
      stream.resume();
      return;
    }
    const key = `${UPLOAD_SPOOL_PREFIX}/${randomUUID()}`;
    keys.push(key);
    streams.push(stream);
    stream.on('limit', () => fail(fileTooLarge(maxFileBytes)));
    // A part cut short (a truncated body) errors on its own stream, possibly before the spool reads it.
    stream.on('error', () => fail(badRequest()));
    spools.push(
      storage.putChunks(key, stream).then(
        () => {
          if (!stream.truncated) files.set(name, { name: fileName, type: mimeType, key });
        },
        () => fail(badRequest()),
      ),
    );
  });
  for (const event of ['filesLimit', 'fieldsLimit', 'partsLimit'] as const)
    parser.on(event, () => fail(badRequest()));
  parser.on('error', () => fail(badRequest()));
  const finished = new Promise<void>((resolve) => parser.on('finish', () => resolve()));

  try {
    const reader = request.body.getReader();
    let total = 0;
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), failed]);
      if (done) break;
      total += value.byteLength;
      if (total > maxTotal) fail(fileTooLarge(maxFileBytes));
      if (failure) throw failure;
      if (!parser.write(value))
        await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), failed]);
    }
    parser.end();
    await Promise.race([finished, failed]);
    await Promise.race([Promise.all(spools), failed]);
    if (failure) throw failure;
    const out: Record<string, unknown> = { ...fields };
    for (const [name, file] of files) {
      const data = await storage.get(file.key);
      if (!data) throw badRequest();
      const upload: UploadedFile = {
        name: file.name,
        type: file.type,
        data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      };
      out[name] = upload;
    }
    return out;
  } finally {
    if (failure) {
      for (const stream of streams) stream.destroy();
      parser.destroy();
    }
    await Promise.allSettled(spools);
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
  }
}

/**
 * Unzipping with limits, for every zip this package reads (Takt archives, xlsx workbooks). The bytes go
 * through fflate's streaming Unzip in small slices; entries and inflated bytes are counted as they come
 * out, and the first limit crossed stops inflation at once with an InterchangeError — a zip bomb is
 * refused after a few megabytes of output, never inflated in memory.
 */
import { Unzip, UnzipInflate } from 'fflate';
import { InterchangeError } from './errors.js';
import { englishText, type InterchangeMessageId, type MessageValues } from './messages.js';

export interface ZipLimits {
  /** Entries (files and folders) a zip may hold. */
  maxEntries: number;
  /** Bytes all entries together may inflate to. */
  maxTotalBytes: number;
  /** Inflated bytes per byte of the zip read so far, checked once `ratioFloorBytes` have come out. */
  maxRatio: number;
  ratioFloorBytes: number;
}

/**
 * Real files stay far inside these: a 350,000-work archive holds a handful of parts and inflates to a
 * few hundred megabytes; JSON lines and worksheet XML compress 5–50 times. Deflate cannot exceed about
 * 1,030 times, which is what a bomb of zeros reaches.
 */
export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 100_000,
  maxTotalBytes: 2 * 1024 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 4 * 1024 * 1024,
};

/**
 * Input slice pushed at a time: deflate inflates at most ~1,030 times, so one slice yields at most
 * ~16 MB before the counts are checked again.
 */
const SLICE = 16 * 1024;

/** An entry as the callback sees it: set `ondata`, then call `start()` to inflate it, or ignore it. */
export interface GuardedEntry {
  name: string;
  ondata: ((error: Error | null, chunk: Uint8Array, final: boolean) => void) | undefined;
  start(): void;
}

function refuse(id: InterchangeMessageId, values: MessageValues, element?: string): InterchangeError {
  return new InterchangeError('invalid_value', englishText(id, values), element ? { element } : {}, {
    id,
    values,
  });
}

const MB = 1024 * 1024;

export type EntryHandler = (entry: GuardedEntry, control: { stop(): void; fail(error: Error): void }) => void;

/**
 * Reads a zip entry by entry within `limits`, calling `onEntry` for each; `onEntry` may call `stop` to
 * end reading early (e.g. once the one entry wanted has been read) or `fail` to end it with an error.
 * Throws the InterchangeError of the first limit crossed, or the error given to `fail`.
 */
export function unzipGuarded(bytes: Uint8Array, onEntry: EntryHandler, limits: ZipLimits = ZIP_LIMITS): void {
  for (const _ of unzipGuardedSlices(bytes, onEntry, limits));
}

/**
 * `unzipGuarded` a slice at a time: yields after each slice of the zip is pushed, so a caller that
 * streams what the entries produce (worksheet rows) can hand it on between slices.
 */
export function* unzipGuardedSlices(
  bytes: Uint8Array,
  onEntry: EntryHandler,
  limits: ZipLimits = ZIP_LIMITS,
): Generator<void> {
  let entries = 0;
  let inflated = 0;
  let pushed = 0;
  let failure: Error | null = null;
  let stopped = false;
  const active = new Set<{ terminate(): void }>();
  const control = {
    stop() {
      stopped = true;
    },
    fail(error: Error) {
      failure ??= error;
    },
  };
  const halt = () => {
    for (const file of active) file.terminate();
    active.clear();
  };

  const unzip = new Unzip((file) => {
    if (failure || stopped) return;
    entries++;
    if (entries > limits.maxEntries) {
      failure = refuse('interchange.archive.too_many_entries', { max: limits.maxEntries });
      return;
    }
    const entry: GuardedEntry = {
      name: file.name,
      ondata: undefined,
      start() {
        const deliver = entry.ondata;
        if (!deliver) throw new Error(`no data handler for ${file.name}`);
        active.add(file);
        file.ondata = (error, chunk, final) => {
          if (failure || stopped) return;
          if (error) {
            deliver(error, new Uint8Array(0), final);
            return;
          }
          inflated += chunk.byteLength;
          if (inflated > limits.maxTotalBytes) {
            failure = refuse('interchange.archive.too_large', {
              maxMb: Math.round(limits.maxTotalBytes / MB),
            });
            return;
          }
          if (inflated > limits.ratioFloorBytes && inflated > limits.maxRatio * Math.max(pushed, 1)) {
            failure = refuse(
              'interchange.archive.ratio',
              { entry: file.name, ratio: limits.maxRatio },
              file.name,
            );
            return;
          }
          if (final) active.delete(file);
          deliver(null, chunk, final);
        };
        file.start();
      },
    };
    onEntry(entry, control);
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failure && !stopped; at += SLICE) {
      const end = Math.min(bytes.length, at + SLICE);
      pushed = end;
      try {
        unzip.push(bytes.subarray(at, end), end >= bytes.length);
      } catch (error) {
        failure ??= brokenZip(error);
      }
      if (failure) break;
      yield;
    }
  } finally {
    halt();
  }
  if (failure) throw failure;
}

function brokenZip(error: unknown): InterchangeError {
  if (error instanceof InterchangeError) return error;
  const reason = (error as Error).message;
  return new InterchangeError(
    'truncated',
    englishText('interchange.archive.broken_entry', { entry: 'zip', reason }),
    {},
    { id: 'interchange.archive.broken_entry', values: { entry: 'zip', reason } },
  );
}

/**
 * The named entries of a zip, each inflated whole but within `maxEntryBytes` (and the zip limits);
 * reading stops once all are found. Entries missing from the zip are absent from the result.
 */
export function extractEntries(
  bytes: Uint8Array,
  names: readonly string[],
  maxEntryBytes: number,
  limits: ZipLimits = ZIP_LIMITS,
): Map<string, Uint8Array> {
  const wanted = new Set(names);
  const found = new Map<string, Uint8Array>();
  unzipGuarded(
    bytes,
    (entry, control) => {
      if (!wanted.has(entry.name)) return;
      const parts: Uint8Array[] = [];
      let size = 0;
      entry.ondata = (error, chunk, final) => {
        if (error) {
          control.fail(
            new InterchangeError(
              'truncated',
              englishText('interchange.archive.broken_entry', { entry: entry.name, reason: error.message }),
              { element: entry.name },
              {
                id: 'interchange.archive.broken_entry',
                values: { entry: entry.name, reason: error.message },
              },
            ),
          );
          return;
        }
        size += chunk.byteLength;
        if (size > maxEntryBytes) {
          control.fail(
            refuse(
              'interchange.archive.entry_too_large',
              { entry: entry.name, maxMb: Math.round(maxEntryBytes / MB) },
              entry.name,
            ),
          );
          return;
        }
        parts.push(chunk);
        if (!final) return;
        found.set(entry.name, parts.length === 1 ? parts[0]! : new Uint8Array(Buffer.concat(parts)));
        wanted.delete(entry.name);
        if (wanted.size === 0) control.stop();
      };
      entry.start();
    },
    limits,
  );
  return found;
}

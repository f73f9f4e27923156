import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Where uploads are spooled while they stream in; the cleanup job removes what a crash leaves. */
export const UPLOAD_SPOOL_PREFIX = 'uploads';

/**
 * Where uploaded files go. The interface is what S3-compatible storage offers (put/get/delete by
 * key); the local-folder implementation is the default for one machine.
 */
export interface FileStorage {
  put(key: string, data: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream of chunks with its size, or null: large files (a 350k-activity XER) are never held whole. */
  open(key: string): Promise<{ size: number; chunks: AsyncIterable<Uint8Array> } | null>;
  /** Writes chunks as they are produced (large exports); returns the number of bytes written. */
  putChunks(
    key: string,
    chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  ): Promise<number>;
  delete(key: string): Promise<void>;
  /** Removes every file under a prefix, e.g. all files of a deleted space. */
  deletePrefix(prefix: string): Promise<void>;
  /** Every file under a prefix ('' for all), with when it was last written — what the cleanup job walks. */
  list(prefix: string): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** Folders and files of the store are the server's own: no other local user may list or read them. */
export const FOLDER_MODE = 0o700;
export const FILE_MODE = 0o600;

/**
 * The local-folder store, its root made private first (also one left world-readable by an older
 * version: without access to the root, nothing under it can be reached).
 */
export async function openLocalFileStorage(root: string): Promise<FileStorage> {
  await mkdir(root, { recursive: true, mode: FOLDER_MODE });
  await chmod(root, FOLDER_MODE);
  return localFileStorage(root);
}

/** The files under a folder, depth first, keys relative to `base` with `/` separators. */
async function* walk(folder: string, base: string): AsyncGenerator<StoredObject> {
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(path, base);
    else if (entry.isFile()) {
      const info = await stat(path).catch(() => null);
      if (!info) continue;
      yield { key: relative(base, path).split(sep).join('/'), size: info.size, modifiedAt: info.mtime };
    }
  }
}

export function localFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    const path = normalize(join(root, key));
    if (!path.startsWith(normalize(root) + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: FOLDER_MODE });
      // Write then rename: a reader never sees half a file.
      const temp = `${path}.${process.pid}.tmp`;
      await writeFile(temp, data, { mode: FILE_MODE });
      await rename(temp, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async open(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { size, chunks: createReadStream(path, { highWaterMark: 1024 * 1024 }) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async putChunks(key, chunks) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: FOLDER_MODE });
      const temp = `${path}.${process.pid}.tmp`;
      let bytes = 0;
      const encoder = new TextEncoder();
      async function* counted() {
        for await (const chunk of chunks) {
          const data = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
          bytes += data.byteLength;
          yield data;
        }
      }
      const out = createWriteStream(temp, { mode: FILE_MODE });
      try {
        await pipeline(counted(), out);
      } catch (error) {
        // A stream destroyed while its file is still being opened creates the file afterwards: remove
        // it only once the stream has closed, or an aborted upload leaves its temporary file behind.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(temp, { force: true });
        throw error;
      }
      await rename(temp, path);
      return bytes;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
    async *list(prefix) {
      const start = prefix ? pathOf(prefix) : normalize(root);
      const base = normalize(root);
      yield* walk(start, base);
    },
  };
}

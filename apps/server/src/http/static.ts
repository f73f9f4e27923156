import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { compressBytes, type Encoding, preferredEncoding } from './compress';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESS = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.wasm', '.txt']);

interface CachedFile {
  mtimeMs: number;
  raw: Buffer;
  /** The file compressed its strongest, once that is done. */
  encoded: Map<Encoding, Buffer>;
  /** Until then, the file compressed as a response is, which requests meanwhile get. */
  quick: Map<Encoding, Promise<Buffer>>;
}

/** The strongest compressions wait this long after a file's first request, so that a page's burst of
 * requests is served first; then they run one at a time, leaving the other threads of zlib's pool free. */
const STRONGEST_DELAY_MS = 5_000;
let strongest: Promise<unknown> = Promise.resolve();

/**
 * The file as sent to a client that accepts `encoding`. The first request of a file does not wait for the
 * strongest compression (brotli 11 of the app's 600 KB script takes seconds on a small server, and every
 * start of a process would make its first visitor wait for each script in turn): it gets the file
 * compressed as a dynamic response is, in milliseconds, and the strongest replaces that once it is ready.
 */
function encodedOf(file: CachedFile, encoding: Encoding): Promise<Buffer> {
  const best = file.encoded.get(encoding);
  if (best) return Promise.resolve(best);
  let quick = file.quick.get(encoding);
  if (!quick) {
    quick = compressBytes(file.raw, encoding, 'dynamic');
    file.quick.set(encoding, quick);
    // A compression that failed is tried again by the next request, not answered failed from then on.
    quick.catch(() => file.quick.delete(encoding));
    setTimeout(() => {
      strongest = strongest
        .then(() => compressBytes(file.raw, encoding, 'static'))
        .then((bytes) => file.encoded.set(encoding, bytes))
        .catch(() => file.quick.delete(encoding));
    }, STRONGEST_DELAY_MS).unref();
  }
  return quick;
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, brotli or
 * gzip compressed and kept in memory (see `encodedOf`). Unknown paths that want HTML get index.html (SPA fallback).
 */
export function serveWebApp(root: string): MiddlewareHandler {
  const cache = new Map<string, CachedFile>();
  const base = normalize(root);

  async function load(path: string): Promise<CachedFile | null> {
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      const hit = cache.get(path);
      if (hit && hit.mtimeMs === info.mtimeMs) return hit;
      const file = { mtimeMs: info.mtimeMs, raw: await readFile(path), encoded: new Map(), quick: new Map() };
      cache.set(path, file);
      return file;
    } catch {
      return null;
    }
  }

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const requested = normalize(join(base, decodeURIComponent(new URL(c.req.url).pathname)));
    if (!requested.startsWith(base + sep) && requested !== base) return next();
    let path = requested;
    let file = await load(path);
    if (!file) {
      const wantsHtml = (c.req.header('accept') ?? '').includes('text/html') || !extname(path);
      if (!wantsHtml) return next();
      path = join(base, 'index.html');
      file = await load(path);
      if (!file) return next();
    }
    const ext = extname(path);
    const headers: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': path.includes(`${sep}assets${sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      vary: 'accept-encoding',
    };
    let body: Buffer = file.raw;
    const encoding = COMPRESS.has(ext) ? preferredEncoding(c.req.header('accept-encoding')) : null;
    if (encoding && file.raw.byteLength > 512) {
      body = await encodedOf(file, encoding);
      headers['content-encoding'] = encoding;
    }
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(new Uint8Array(body), 200, headers);
  };
}

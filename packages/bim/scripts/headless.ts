// What the browser scripts (the viewer preview and the benchmark) share: the page they build, a local
// server for it and Debian's headless Chromium with software WebGL.
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const TYPES: Record<string, string> = {
  js: 'text/javascript',
  html: 'text/html',
  json: 'application/json',
  wasm: 'application/wasm',
};

/**
 * Bundles a page's script, written inline (`contents`, its imports resolved from the package folder `root`),
 * into `<out>/<name>.js` and writes `<out>/<name>.html`, which runs it beside an empty `#v` box of the given
 * size for the viewer.
 */
export async function buildPage(
  root: string,
  out: string,
  name: string,
  contents: string,
  box: { width: number; height: number },
): Promise<void> {
  await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'esm',
    outfile: join(out, `${name}.js`),
    logLevel: 'warning',
  });
  writeFileSync(
    join(out, `${name}.html`),
    `<html><body style="margin:0"><div id="v" style="width:${box.width}px;height:${box.height}px"></div><script type="module" src="${name}.js"></script></body></html>`,
  );
}

/**
 * Serves the files of `folder` on a free port of this machine, `index` at `/`; a name in `extra` is
 * served from the path it maps to instead (files that live outside the folder).
 */
export async function serveFolder(
  folder: string,
  index: string,
  extra: Record<string, string> = {},
): Promise<{ port: number; close: () => void }> {
  const server = createServer(async (req, res) => {
    const name = decodeURIComponent((req.url ?? '/').split('?')[0]!.slice(1)) || index;
    try {
      res.setHeader('content-type', TYPES[name.split('.').pop()!] ?? 'application/octet-stream');
      res.end(await readFile(extra[name] ?? join(folder, name)));
    } catch {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, close: () => server.close() };
}

/** Debian's Chromium without a GPU (WebGL in software); `args` adds switches of one script. */
export function launchChromium(args: string[] = []) {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', ...args],
  });
}

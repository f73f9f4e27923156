// BIM benchmark: for the shared IFC files and a generated model of 50,000 elements it measures, in Node,
// web-ifc's own streaming of every mesh (the baseline) and Takt's full parse; then in Debian's headless
// Chromium (software WebGL, no GPU), beside web-ifc's streaming of the same file in a worker:
// - the first frame of the IFC opened fresh (geometry chunks drawn while the worker still streams), with
//   web-ifc started when the file dialog opened (firstFrameMs, what the app does) and with the worker
//   started only when the file came (firstFrameColdMs); the brief's target is 2 × streaming + 300 ms;
// - the whole model drawn, the cached reopen (geometry cache → viewer → frame drawn);
// - 4D playback (every element linked, recoloured each frame): the page's work per frame until it is
//   handed to the GPU (playbackFrameMs) and until it is drawn in software (playbackDrawnMs).
// Every "drawn" waits for a pixel read back: SwiftShader returns from gl.finish() before drawing.
// Prints a table; the last line is one JSON object: the generated model's figures, and per file the
// first frames against streaming.
// Usage: npm run bench -w @takt/bim   (the generated IFC is kept in .bench/ between runs)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bimGeometryEncode } from '../src/geometry';
import { bimIfcApiCreate } from '../src/ifc/api';
import { bimDemoIfc } from '../src/ifc/demo';
import { bimIfcParse } from '../src/ifc/parse';
import { buildPage, launchChromium, serveFolder } from './headless';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.bench');
const shared = join(root, '../../../shared/testdata/ifc');
mkdirSync(out, { recursive: true });

const api = await bimIfcApiCreate();
const generatedPath = join(out, 'generated-50k.ifc');
if (!existsSync(generatedPath)) {
  console.log('generating the 50,000-element model (once)…');
  const demo = bimDemoIfc(api, { sections: 14, floors: 24, columnsX: 12, columnsY: 8, windowsPerSide: 20 });
  writeFileSync(generatedPath, demo.bytes);
}
const inputs = [
  { name: 'IfcOpenHouse_IFC4.ifc', path: join(shared, 'IfcOpenHouse_IFC4.ifc') },
  { name: 'example.ifc', path: join(shared, 'example.ifc') },
  { name: 'AC20-FZK-Haus.ifc', path: join(shared, 'AC20-FZK-Haus.ifc') },
  { name: 'generated-50k.ifc', path: generatedPath },
];

function nodeStream(bytes: Uint8Array) {
  const started = performance.now();
  const model = api.OpenModel(bytes, { COORDINATE_TO_ORIGIN: false, CIRCLE_SEGMENTS: 16 });
  api.StreamAllMeshes(model, (mesh) => {
    const placed = mesh.geometries;
    for (let i = 0; i < placed.size(); i++) {
      const g = api.GetGeometry(model, placed.get(i).geometryExpressID);
      api.GetVertexArray(g.GetVertexData(), g.GetVertexDataSize()).slice();
      api.GetIndexArray(g.GetIndexData(), g.GetIndexDataSize()).slice();
      g.delete();
    }
  });
  api.CloseModel(model);
  return performance.now() - started;
}

// Warm-up: JIT and wasm tiers, so the first file is not charged for them.
bimIfcParse(api, new Uint8Array(readFileSync(inputs[0]!.path)));

const node: Record<
  string,
  { mb: number; elements: number; streamMs: number; parseMs: number; cacheMb: number }
> = {};
for (const input of inputs) {
  const bytes = new Uint8Array(readFileSync(input.path));
  const streamMs = nodeStream(bytes);
  const started = performance.now();
  const model = bimIfcParse(api, bytes);
  const parseMs = performance.now() - started;
  const cache = bimGeometryEncode(model.geometry);
  writeFileSync(join(out, `${input.name}.cache`), cache);
  writeFileSync(join(out, `${input.name}.count`), String(model.elements.length));
  node[input.name] = {
    mb: bytes.length / 1e6,
    elements: model.elements.length,
    streamMs,
    parseMs,
    cacheMb: cache.length / 1e6,
  };
}

const page = `
import { BimTimeline, bimAppearanceAt, bimLooksCreate, BIM_PROFILE_DEFAULTS, bimGeometryDecode, bimParseInWorker, bimWarmWorker } from './src/index.ts';
import { BimViewer } from './src/viewer/index.ts';
const WASM = location.origin + '/web-ifc.wasm';
const pixel = new Uint8Array(4);
// Software GL (SwiftShader) returns from gl.finish() before it has drawn; reading a pixel back waits
// until the frame is really drawn. Without it, frames pile up and are drawn later, inside whatever is
// timed next.
const drawn = (viewer) => {
  viewer.renderNow();
  const gl = viewer.renderer.getContext();
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
};
const submitted = (viewer) => {
  viewer.renderNow();
  viewer.renderer.getContext().finish();
};
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
// The first frame of a fresh IFC: geometry chunks are drawn while the worker streams. The viewer is on
// the page already (the BIM screen is open) and the user takes a moment to pick the file. Warm: the
// worker and web-ifc are started when the file dialog opens (what the app does); cold: the worker
// starts with the file (what it did before).
async function firstFrame(host, ifc, warm) {
  const viewer = new BimViewer(host, { antialias: false });
  let worker = warm ? new Worker('/bench-worker.js', { type: 'module' }) : null;
  if (worker) await bimWarmWorker(worker, WASM);
  await pause(500);
  const t0 = performance.now();
  worker ??= new Worker('/bench-worker.js', { type: 'module' });
  let firstFrameMs = 0;
  let chunks = 0;
  const parsed = await bimParseInWorker(worker, ifc.slice(), WASM, undefined, (chunk) => {
    viewer.addModel('preview-' + chunks++, bimGeometryDecode(chunk), []);
    if (!firstFrameMs) {
      viewer.fit();
      drawn(viewer);
      firstFrameMs = performance.now() - t0;
    }
  });
  for (let i = 0; i < chunks; i++) viewer.removeModel('preview-' + i);
  viewer.addModel('m', bimGeometryDecode(parsed.geometry), parsed.elements.map((e) => e.globalId));
  viewer.fit();
  drawn(viewer);
  const fullModelMs = performance.now() - t0;
  viewer.dispose();
  worker.terminate();
  return { firstFrameMs: firstFrameMs || fullModelMs, fullModelMs, chunks };
}
window.bench = async (name) => {
  const host = document.getElementById('v');
  const ifc = new Uint8Array(await (await fetch('/' + name)).arrayBuffer());
  const cache = new Uint8Array(await (await fetch('/' + name + '.cache')).arrayBuffer());
  // The baseline: web-ifc streaming every mesh, nothing else. The first run warms the worker's wasm
  // and JIT; the second is measured.
  const streamer = new Worker('/bench-worker.js', { type: 'module' });
  const stream = () => new Promise((resolve) => {
    streamer.onmessage = (e) => resolve(e.data.ms);
    streamer.postMessage({ type: 'stream', bytes: ifc.slice(), wasmUrl: WASM });
  });
  await stream();
  const streamMs = await stream();
  streamer.terminate();
  // Let the collector take each run's garbage before timing the next.
  await pause(500);
  const cold = await firstFrame(host, ifc, false);
  await pause(500);
  const warm = await firstFrame(host, ifc, true);
  await pause(1000);
  // Cached reopen: the stored geometry cache straight into the viewer.
  const viewer = new BimViewer(host, { antialias: false });
  let t0 = performance.now();
  const geometry = bimGeometryDecode(cache.slice());
  const ids = Array.from({ length: geometry.elementCount }, (_, i) => String(i));
  viewer.addModel('m', geometry, ids);
  viewer.fit();
  const addModelMs = performance.now() - t0;
  drawn(viewer);
  const cachedReopenMs = performance.now() - t0;
  // 4D playback: every element linked to its own work, one frame per schedule day. Timed twice: until
  // the frame is handed to the GPU (the page's own work) and until it is drawn (here in software).
  const n = geometry.elementCount;
  const start = Float64Array.from({ length: n }, (_, i) => (i * 400) / n);
  const timeline = new BimTimeline(n, Array.from({ length: n }, (_, i) => ({ element: i, work: i, profile: 0 })), { start, finish: start.map((s) => s + 20) }, 'plan');
  const looks = bimLooksCreate(n);
  const play = (frame, days) => {
    const times = [];
    for (let day = 0; day < days; day++) {
      const s = performance.now();
      bimAppearanceAt(timeline, [BIM_PROFILE_DEFAULTS.install], day * 7, looks);
      viewer.setLooks('m', looks);
      frame(viewer);
      times.push(performance.now() - s);
    }
    drawn(viewer);
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
  };
  const submit = play(submitted, 60);
  const draw = play(drawn, 20);
  viewer.dispose();
  return { streamMs, cold, warm, cachedReopenMs, addModelMs, playbackFrameMs: submit.median, playbackP95Ms: submit.p95, playbackDrawnMs: draw.median };
};
document.title = 'ready';
`;
await buildPage(root, out, 'bench', page, { width: 1280, height: 720 });
await build({
  entryPoints: [join(root, 'scripts/bench-worker.ts')],
  bundle: true,
  format: 'esm',
  outfile: join(out, 'bench-worker.js'),
  logLevel: 'warning',
  // web-ifc's browser build mentions Node modules it never loads in a worker.
  external: ['fs', 'path', 'url', 'worker_threads', 'crypto', 'module', 'os', 'child_process', 'perf_hooks'],
});
const files: Record<string, string> = {
  'web-ifc.wasm': join(root, '../../node_modules/web-ifc/web-ifc.wasm'),
};
for (const input of inputs) files[input.name] = input.path;
const server = await serveFolder(out, 'bench.html', files);
const browser = await launchChromium(['--enable-unsafe-swiftshader']);
interface FirstFrame {
  firstFrameMs: number;
  fullModelMs: number;
  chunks: number;
}
interface BrowserFigures {
  streamMs: number;
  cold: FirstFrame;
  warm: FirstFrame;
  cachedReopenMs: number;
  addModelMs: number;
  playbackFrameMs: number;
  playbackP95Ms: number;
  playbackDrawnMs: number;
}
const rows: Record<string, unknown>[] = [];
const perFile: Record<string, unknown> = {};
let last: Record<string, unknown> = {};
try {
  const tab = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  tab.on('pageerror', (e) => console.error('page error:', e.message));
  await tab.goto(`http://127.0.0.1:${server.port}/bench.html`);
  await tab.waitForFunction(() => document.title === 'ready');
  for (const input of inputs) {
    const browserFigures = (await tab.evaluate(
      (name) => (window as unknown as { bench: (n: string) => Promise<unknown> }).bench(name),
      input.name,
    )) as BrowserFigures;
    const n = node[input.name]!;
    const stream = browserFigures.streamMs as number;
    const row = {
      file: input.name,
      mb: +n.mb.toFixed(1),
      elements: n.elements,
      nodeStreamMs: Math.round(n.streamMs),
      nodeParseMs: Math.round(n.parseMs),
      cacheMb: +n.cacheMb.toFixed(1),
      webIfcStreamMs: Math.round(stream),
      targetMs: Math.round(2 * stream + 300),
      firstFrameColdMs: Math.round(browserFigures.cold.firstFrameMs),
      firstFrameMs: Math.round(browserFigures.warm.firstFrameMs),
      fullModelMs: Math.round(browserFigures.warm.fullModelMs),
      chunks: browserFigures.warm.chunks,
      cachedReopenMs: Math.round(browserFigures.cachedReopenMs),
      reopenViewerMs: Math.round(browserFigures.addModelMs),
      playbackFrameMs: +browserFigures.playbackFrameMs.toFixed(1),
      playbackP95Ms: +browserFigures.playbackP95Ms.toFixed(1),
      playbackDrawnMs: +browserFigures.playbackDrawnMs.toFixed(1),
    };
    rows.push(row);
    perFile[input.name] = {
      webIfcStreamMs: row.webIfcStreamMs,
      firstFrameColdMs: row.firstFrameColdMs,
      firstFrameMs: row.firstFrameMs,
      targetMs: row.targetMs,
      met: row.firstFrameMs <= row.targetMs,
    };
    last = {
      elements: n.elements,
      parseMs: Math.round(n.parseMs),
      firstFrameMs: row.firstFrameMs,
      firstFrameColdMs: row.firstFrameColdMs,
      webIfcStreamMs: row.webIfcStreamMs,
      fullModelMs: row.fullModelMs,
      cachedReopenMs: row.cachedReopenMs,
      playbackFrameMs: row.playbackFrameMs,
      playbackDrawnMs: row.playbackDrawnMs,
      files: perFile,
    };
  }
} finally {
  await browser.close();
  server.close();
}
console.table(rows);
console.log(JSON.stringify(last));

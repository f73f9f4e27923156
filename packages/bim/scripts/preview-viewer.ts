// Draws the generated demo building with the three.js viewer in Debian's headless Chromium (software
// WebGL) at three playback dates, with x-ray and a section plane, and saves PNGs under .preview/.
// A visual check of the viewer; its state logic is unit-tested in Node. Usage: npx tsx scripts/preview-viewer.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bimGeometryEncode } from '../src/geometry';
import { bimIfcApiCreate } from '../src/ifc/api';
import { bimDemoIfc } from '../src/ifc/demo';
import { bimIfcParse } from '../src/ifc/parse';
import { buildPage, launchChromium, serveFolder } from './headless';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.preview');
mkdirSync(out, { recursive: true });

const api = await bimIfcApiCreate();
const model = bimIfcParse(api, bimDemoIfc(api, { sections: 4, floors: 19 }).bytes);
writeFileSync(join(out, 'demo.bin'), bimGeometryEncode(model.geometry));
// Works: floor f of section s is built in days [s*10 + f*5, s*10 + f*5 + 5); facades and roof later.
const day = (e: (typeof model.elements)[number]) => {
  const s = Number(e.building?.match(/\d+/)?.[0] ?? 1);
  const f =
    e.storey === 'Подземная часть'
      ? 0
      : e.storey === 'Кровля'
        ? 20
        : Number(e.storey?.match(/\d+/)?.[0] ?? 0);
  const late = e.ifcClass === 'IfcCovering' || e.ifcClass === 'IfcWindow' ? 40 : 0;
  return s * 10 + f * 5 + late;
};
writeFileSync(
  join(out, 'demo.json'),
  JSON.stringify({ ids: model.elements.map((e) => e.globalId), starts: model.elements.map(day) }),
);

const entry = `
import { BimTimeline, bimAppearanceAt, bimLooksCreate, BIM_PROFILE_DEFAULTS, bimGeometryDecode } from './src/index.ts';
import { BimViewer } from './src/viewer/index.ts';
async function main() {
  const bytes = new Uint8Array(await (await fetch('demo.bin')).arrayBuffer());
  const { ids, starts } = await (await fetch('demo.json')).json();
  const geometry = bimGeometryDecode(bytes);
  const viewer = new BimViewer(document.getElementById('v'), { theme: 'dark', preserveDrawingBuffer: true });
  const t0 = performance.now();
  viewer.addModel('demo', geometry, ids);
  viewer.camera.position.set(-60, 50, 90);
  viewer.fit();
  const firstFrame = viewer.renderNow();
  const links = ids.map((_, i) => ({ element: i, work: i, profile: 0 }));
  const timeline = new BimTimeline(ids.length, links, { start: starts, finish: starts.map((s) => s + 5) }, 'plan');
  const looks = bimLooksCreate(ids.length);
  window.at = (t) => {
    const s = performance.now();
    bimAppearanceAt(timeline, [BIM_PROFILE_DEFAULTS.install], t, looks);
    viewer.setLooks('demo', looks);
    const ms = viewer.renderNow();
    return { looksMs: performance.now() - s - ms, frameMs: ms };
  };
  window.viewer = viewer;
  window.pickCenter = () => {
    const r = viewer.renderer.domElement.getBoundingClientRect();
    const p = viewer.pick(r.left + r.width / 2, r.top + r.height / 2);
    return p && { kind: p.kind, element: p.element, globalId: p.globalId };
  };
  document.title = 'ready ' + JSON.stringify({ loadMs: performance.now() - t0, firstFrame });
}
main().catch((e) => { document.title = 'error ' + e.message + e.stack; });
`;
await buildPage(root, out, 'preview', entry, { width: 1000, height: 640 });
const server = await serveFolder(out, 'preview.html');
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 640 } });
  page.on('console', (m) => console.log('console:', m.text()));
  await page.goto(`http://127.0.0.1:${server.port}/preview.html`);
  await page.waitForFunction(
    () => document.title.startsWith('ready') || document.title.startsWith('error'),
    null,
    {
      timeout: 60_000,
    },
  );
  console.log(await page.title());
  for (const t of [0, 60, 200]) {
    console.log(
      `t=${t}`,
      await page.evaluate((t) => (window as never as { at: (t: number) => unknown }).at(t), t),
    );
    await page.screenshot({ path: join(out, `viewer-t${t}.png`) });
  }
  console.log(
    'pick',
    await page.evaluate(() => (window as never as { pickCenter: () => unknown }).pickCenter()),
  );
  await page.evaluate(() => {
    const v = (window as never as { viewer: import('../src/viewer/viewer').BimViewer }).viewer;
    v.setLooks('demo', null);
    v.setSection({ axis: 'x', position: 0.6 });
    v.renderNow();
  });
  await page.screenshot({ path: join(out, 'viewer-section.png') });
  await page.evaluate(() => {
    const v = (window as never as { viewer: import('../src/viewer/viewer').BimViewer }).viewer;
    v.setSection(null);
    const r = v.renderer.domElement.getBoundingClientRect();
    const p = v.pick(r.left + r.width / 2, r.top + r.height / 2);
    if (p?.kind === 'element') v.setSelection([p.globalId]);
    v.setXray(true);
    v.setTheme('light');
    v.renderNow();
  });
  await page.screenshot({ path: join(out, 'viewer-xray.png') });
} finally {
  await browser.close();
  server.close();
}

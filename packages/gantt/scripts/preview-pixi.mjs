// Renders the sample schedule and a cyclogram with the Pixi renderers in Debian's headless Chromium and
// saves screenshots under .preview/ (a visual check; the layout itself is unit-tested in Node).
// Usage: node scripts/preview-pixi.mjs [webgl|canvas]
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.preview');
const preference = process.argv[2] === 'webgl' ? 'webgl' : 'canvas';
mkdirSync(out, { recursive: true });

const entry = `
import { calendarCompile } from '@takt/engine';
import { scaleAtLevel, MINUTES_PER_DAY } from './src/index.ts';
import { GanttPixiRenderer, CyclogramPixiRenderer } from './src/pixi/index.ts';
import { sampleSchedule, SAMPLE_START, SAMPLE_DATA_DATE } from './src/testing/sample-schedule.ts';

const D = MINUTES_PER_DAY;
async function main() {
  const { snapshot } = sampleSchedule(2000);
  const canvas = document.getElementById('gantt');
  const gantt = await GanttPixiRenderer.create({ canvas, width: 1000, height: 480, preference: '${preference}', resolution: 1 });
  gantt.setScene({
    snapshot,
    scale: scaleAtLevel(SAMPLE_START - 3 * D, 'week'),
    viewport: { width: 1000, height: 440, scrollTop: 24 * 10, rowHeight: 24 },
    language: 'ru',
    options: { dataDate: SAMPLE_DATA_DATE, today: SAMPLE_DATA_DATE + 2 * D },
    calendar: calendarCompile({ id: 'std' }),
  });
  gantt.renderNow();
  const hit = gantt.hitTest(150, 40 + 24 * 3 + 8);
  gantt.setInteraction({ hoverWork: -1, selection: new Set(hit && hit.work >= 0 ? [hit.work] : []), drag: null,
    link: { x0: 500, y0: 200, x1: 620, y1: 260 } });
  gantt.renderNow();

  const floors = ['Этаж 1', 'Этаж 2', 'Этаж 3', 'Этаж 4', 'Этаж 5', 'Этаж 6'];
  const trade = (name, first, days, color) => {
    const start = new Int32Array(floors.length), finish = new Int32Array(floors.length);
    for (let i = 0; i < floors.length; i++) { start[i] = SAMPLE_START + (first + i * days) * D; finish[i] = start[i] + days * D; }
    return { id: name, name, color, plan: { start, finish } };
  };
  const fast = trade('Отделка', 14, 2, 0x3ecf8e);
  const cyclogram = await CyclogramPixiRenderer.create({ canvas: document.getElementById('cyclogram'), width: 1000, height: 300, preference: '${preference}', resolution: 1 });
  cyclogram.setScene({
    input: { locations: floors, trades: [trade('Каркас', 0, 5, 0x4c8dff), trade('Кладка', 6, 4, 0xf28e2b), fast] },
    scale: scaleAtLevel(SAMPLE_START - 2 * D, 'week'),
    viewport: { width: 860, height: 260, scrollTop: 0, locationHeight: 260 / floors.length },
    language: 'ru', version: 1, options: { today: SAMPLE_DATA_DATE },
  });
  cyclogram.renderNow();
  document.title = 'done ' + gantt.rendererName + ' ' + JSON.stringify(hit);
}
main().catch((error) => { document.title = 'error ' + error.message; });
`;
await build({
  stdin: { contents: entry, resolveDir: root, loader: 'ts' },
  bundle: true,
  format: 'esm',
  outfile: join(out, 'preview.js'),
  logLevel: 'warning',
});
writeFileSync(
  join(out, 'preview.html'),
  '<html><body style="margin:0;background:#111"><canvas id="gantt"></canvas><canvas id="cyclogram"></canvas>' +
    '<script type="module" src="preview.js"></script></body></html>',
);
const dump = execFileSync(
  '/usr/bin/chromium',
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--allow-file-access-from-files',
    '--window-size=1000,800',
    '--virtual-time-budget=8000',
    `--screenshot=${join(out, `pixi-${preference}.png`)}`,
    `file://${join(out, 'preview.html')}`,
  ],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
);
process.stdout.write(dump);
console.log(`wrote .preview/pixi-${preference}.png`);

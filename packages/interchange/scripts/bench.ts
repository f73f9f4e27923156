/**
 * `npm run bench -w @takt/interchange`: generates XER, PMXML and MSPDI schedules of 10k, 100k and 350k
 * activities (a WBS, chains of works with FS/SS/FF links and lags, two calendars with holidays,
 * constraints, progress), then for each file, in a fresh process: imports it streaming from disk,
 * calculates it with the engine, exports it again, and reports the times, the process's peak memory (after
 * the import, after the calculation, at the end) and the heap the imported model retains (after a full
 * GC) as JSON lines, then a summary. Each step runs in its own process so the peak RSS is that step's. No
 * timed assertions.
 *
 *   tsx scripts/bench.ts                 XER 10k/100k/350k, PMXML and MSPDI 10k/100k
 *   tsx scripts/bench.ts --sizes 10000   only these sizes
 *   tsx scripts/bench.ts --formats xer,pmxml   only these formats, every size
 *   tsx scripts/bench.ts --mspdi-350k    also a 350k MSPDI (≈ 600 MB); --pmxml-350k a 350k PMXML
 *   tsx scripts/bench.ts --recorded      files carry the calculated dates and floats, as P6 and MS
 *                                        Project export them (early/late dates, floats per activity)
 *   tsx scripts/bench.ts --before <rev>  also imports each file with the package's code as of git
 *                                        revision <rev> (rows with `code: <rev>`), to compare readers
 *
 * First, the `takt` command as a user starts it: `takt schedule FILE --format json` on a one-activity
 * and on a 4,000-activity XER, each a new process through bin/takt.mjs (the built CLI, so the npm
 * script builds it first), interleaved with a bare `node -e ''` in the same run; medians of the wall
 * times, the difference and the ratio, and the CPU time per process (on a busy machine the wall time
 * includes waiting for a core).
 *   tsx scripts/bench.ts --cli-only      only this; --cli-runs N processes per file (default 9)
 *
 * Estimates, alone: a generated local estimate of 50,000 lines (`--estimate-lines N` for another size)
 * written as ARPS 1.10 and read back streaming from disk, figured, written as xlsx and that xlsx read
 * through an upload rule, and the same estimate as the ministry's XML read streaming; times, file sizes
 * and the process's peak memory as one JSON line.
 *   tsx scripts/bench.ts --estimate
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as schedule from '../src/calculation/schedule.js';
import {
  defaultOptions,
  type IxActivity,
  type IxProject,
  type IxRelation,
  STANDARD_WEEK,
} from '../src/common/model.js';
import { writeEstimateArps } from '../src/estimate/arps.js';
import { figureEstimate } from '../src/estimate/figure.js';
import { readEstimateFile } from '../src/estimate/read.js';
import { sampleEstimate, sampleMinstroyXml } from '../src/estimate/sample.js';
import { writeEstimateXlsx } from '../src/estimate/xlsx.js';
import { writeMspdi } from '../src/mspdi/write.js';
import { writePmxml } from '../src/pmxml/write.js';
import * as read from '../src/read.js';
import { sample24HourCalendar, sampleActivity } from '../src/sample-project.js';
import { writeXer } from '../src/xer/write.js';

type Format = 'xer' | 'pmxml' | 'mspdi';
const FORMATS: Format[] = ['xer', 'pmxml', 'mspdi'];

interface Figures {
  step: 'generate' | 'import';
  format: Format;
  activities: number;
  fileMB: number;
  [k: string]: string | number;
}

const MB = 1024 * 1024;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** A synthetic construction schedule of `n` activities, deterministic. */
export function syntheticProject(n: number): IxProject {
  const perWbs = 50;
  const wbsCount = Math.ceil(n / perWbs);
  const sections = Math.max(1, Math.ceil(wbsCount / 20));
  const wbs: IxProject['wbs'] = [];
  for (let s = 0; s < sections; s++)
    wbs.push({ id: `s${s}`, parentId: null, code: `S${s + 1}`, name: `Секция ${s + 1}` });
  for (let w = 0; w < wbsCount; w++)
    wbs.push({
      id: `w${w}`,
      parentId: `s${w % sections}`,
      code: `S${(w % sections) + 1}.${w + 1}`,
      name: `Захватка ${w + 1}`,
    });
  const activities: IxActivity[] = [];
  const relations: IxRelation[] = [];
  let rel = 0;
  for (let i = 0; i < n; i++) {
    const w = Math.floor(i / perWbs);
    const k = i % perWbs;
    const a = sampleActivity(String(i + 1), {
      name: `Работа ${i + 1}: монтаж конструкций, этаж ${(k % 25) + 1}`,
      wbsId: `w${w}`,
      type: k === perWbs - 1 ? 'finish_milestone' : 'task',
      calendarId: i % 10 === 7 ? 'h24' : null,
      durationMinutes: k === perWbs - 1 ? 0 : 480 * (1 + ((i * 7) % 9)),
    });
    if (k === 0 && w % 4 === 0)
      a.constraint = { type: 'start_on_or_after', date: `2024-0${1 + (w % 8)}-0${1 + (w % 9)}T08:00` };
    if (w === 0 && k < 10) {
      a.actualStart = '2024-01-02T08:00';
      if (k < 5) a.actualFinish = '2024-01-05T17:00';
      a.percentComplete = k < 5 ? 100 : 50;
    }
    activities.push(a);
    if (k > 0)
      relations.push({
        id: `r${++rel}`,
        predecessorId: String(i),
        successorId: String(i + 1),
        type: k % 7 === 3 ? 'ss' : k % 11 === 5 ? 'ff' : 'fs',
        lagMinutes: k % 5 === 0 ? 480 : k % 13 === 0 ? -240 : 0,
      });
    // a section's zones follow one another: a zone starts when the previous zone of its section is 10 works in
    if (w >= sections && k === 0)
      relations.push({
        id: `r${++rel}`,
        predecessorId: String((w - sections) * perWbs + 10),
        successorId: String(i + 1),
        type: 'fs',
        lagMinutes: 0,
      });
  }
  return {
    format: 'json',
    convention: 'p6',
    code: `BENCH-${n}`,
    name: `Benchmark ${n}`,
    start: '2024-01-02T08:00',
    dataDate: '2024-01-08T08:00',
    defaultCalendarId: 'std',
    calendars: [
      {
        id: 'std',
        name: 'Standard',
        week: STANDARD_WEEK,
        exceptions: [
          '2024-01-01',
          '2024-01-08',
          '2024-02-23',
          '2024-03-08',
          '2024-05-01',
          '2024-05-09',
          '2024-06-12',
          '2024-11-04',
        ].map((date) => ({ date, intervals: [] })),
        hoursPerDay: 8,
      },
      sample24HourCalendar(),
    ],
    wbs,
    activities,
    relations,
    resources: [],
    assignments: [],
    options: defaultOptions(),
    warnings: [],
    problems: [],
  };
}

/** Writes chunks to a file honouring back-pressure. */
async function writeFile(path: string, chunks: Iterable<string>): Promise<void> {
  const out = createWriteStream(path, { highWaterMark: 1 << 20 });
  for (const c of chunks) if (!out.write(c)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((resolve, reject) => {
    out.on('error', reject);
    out.end(resolve);
  });
}

type Writer = (project: IxProject, rows?: schedule.ScheduleRow[]) => Iterable<string>;
const WRITE: Record<Format, Writer> = { xer: writeXer, pmxml: writePmxml, mspdi: writeMspdi };

/**
 * Where a revision keeps each module the import step runs, newest layout first: the formats moved into
 * folders of their own (one writer per format), older revisions have them side by side in `src/`.
 */
const MODULES = {
  read: ['read.ts'],
  schedule: ['calculation/schedule.ts', 'schedule.ts'],
  xer: ['xer/write.ts', 'writers.ts'],
  pmxml: ['pmxml/write.ts', 'writers.ts'],
  mspdi: ['mspdi/write.ts', 'writers.ts'],
} as const;
const WRITER_NAME = { xer: 'writeXer', pmxml: 'writePmxml', mspdi: 'writeMspdi' } as const;

/** A module of another revision's extracted sources: the first of its paths that revision has. */
function revisionModule(dir: string, paths: readonly string[]): Promise<Record<string, unknown>> {
  const path = paths.map((p) => join(dir, 'src', p)).find((p) => existsSync(p));
  if (!path) throw new Error(`none of ${paths.join(', ')} in ${dir}/src`);
  return import(pathToFileURL(path).href);
}

/** The heap in use after a full GC (the child runs with --expose-gc). */
function heapAfterGc(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

function peak() {
  const usage = process.resourceUsage();
  return { peakRssMB: round(usage.maxRSS / 1024), heapUsedMB: round(process.memoryUsage().heapUsed / MB) };
}

/** The package's sources as of another revision, extracted under `dir`. */
function extractRevision(rev: string, dir: string): void {
  execFileSync(
    'sh',
    ['-c', 'git archive --format=tar "$1:packages/interchange" src | tar -x -C "$2"', 'sh', rev, dir],
    {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

async function child(
  step: string,
  format: Format,
  n: number,
  path: string,
  code?: { rev: string; dir: string },
): Promise<Figures> {
  if (step === 'generate' || step === 'generate-recorded') {
    let t = performance.now();
    const p = syntheticProject(n);
    const rows = step === 'generate-recorded' ? schedule.scheduleProject(p).rows : undefined;
    const buildMs = performance.now() - t;
    t = performance.now();
    await writeFile(path, WRITE[format](p, rows));
    return {
      step: 'generate',
      format,
      activities: n,
      relations: p.relations.length,
      fileMB: round(statSync(path).size / MB),
      buildMs: Math.round(buildMs),
      writeMs: Math.round(performance.now() - t),
      ...peak(),
    };
  }
  // the code under test: this checkout's, or another revision's extracted sources
  const { readProjectFile } = code
    ? ((await revisionModule(code.dir, MODULES.read)) as unknown as typeof read)
    : read;
  const { scheduleProject } = code
    ? ((await revisionModule(code.dir, MODULES.schedule)) as unknown as typeof schedule)
    : schedule;
  const writeFormat = code
    ? ((await revisionModule(code.dir, MODULES[format]))[WRITER_NAME[format]] as Writer)
    : WRITE[format];
  const heapBefore = heapAfterGc();
  let t = performance.now();
  const project = await readProjectFile(path);
  const importMs = performance.now() - t;
  const afterImport = peak();
  const retainedMB = round((heapAfterGc() - heapBefore) / MB);
  t = performance.now();
  const { rows } = scheduleProject(project);
  const calculateMs = performance.now() - t;
  const afterCalculate = peak();
  t = performance.now();
  let bytes = 0;
  for (const c of writeFormat(project, rows)) bytes += c.length;
  const exportMs = performance.now() - t;
  return {
    step: 'import',
    format,
    // the code that imported: this checkout's, or the git revision of `--before`
    code: code?.rev ?? 'current',
    activities: project.activities.length,
    relations: project.relations.length,
    fileMB: round(statSync(path).size / MB),
    importMs: Math.round(importMs),
    calculateMs: Math.round(calculateMs),
    importAndCalculateMs: Math.round(importMs + calculateMs),
    exportMs: Math.round(exportMs),
    exportMB: round(bytes / MB),
    retainedMB,
    rssAfterImportMB: afterImport.peakRssMB,
    rssAfterCalculateMB: afterCalculate.peakRssMB,
    ...peak(),
  };
}

/** Wall time of one process, in ms; it must succeed. */
function processMs(args: string[]): number {
  const t = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
  const ms = performance.now() - t;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${run.stderr}`);
  return ms;
}

/**
 * CPU time (user + system) of one process, in ms: the mean over `runs` processes started by bash, whose
 * `times` reports its children's total. On a shared machine it shows the start-up cost that the wall
 * time mixes with waiting for a core.
 */
function processCpuMs(args: string[], runs: number): number {
  const quoted = [process.execPath, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  const script = `for i in $(seq ${runs}); do ${quoted} >/dev/null || exit 1; done; times`;
  const out = execFileSync('bash', ['-c', script], { encoding: 'utf8' });
  const seconds = (text: string) => {
    const [, m, s] = /(\d+)m([\d.]+)s/.exec(text)!;
    return Number(m) * 60 + Number(s);
  };
  const [user, system] = out.trim().split('\n').pop()!.split(' ') as [string, string];
  return ((seconds(user) + seconds(system)) * 1000) / runs;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * `takt schedule FILE --format json` as processes on a one-activity and a 4,000-activity XER, beside a
 * bare `node -e ''`: one unmeasured round warms the file cache, then `runs` rounds of the three.
 */
async function cliStartup(runs: number) {
  const bin = fileURLToPath(new URL('../bin/takt.mjs', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'takt-bench-cli-'));
  try {
    const files = [1, 4000].map((n) => ({ n, path: join(dir, `cli-${n}.xer`) }));
    for (const { n, path } of files) await writeFile(path, writeXer(syntheticProject(n)));
    const commands = [['-e', ''], ...files.map(({ path }) => [bin, 'schedule', path, '--format', 'json'])];
    const times: number[][] = commands.map(() => []);
    for (let round = 0; round <= runs; round++)
      commands.forEach((command, k) => {
        const ms = processMs(command);
        if (round > 0) times[k]!.push(ms);
      });
    const bareMs = median(times[0]!);
    const cpuMs = commands.map((command) => processCpuMs(command, runs));
    return {
      benchmark: 'takt-cli',
      node: process.version,
      loadAverage: loadavg().map((l) => round(l, 2)),
      runs,
      bareNodeMs: Math.round(bareMs),
      bareNodeCpuMs: Math.round(cpuMs[0]!),
      schedule: files.map(({ n, path }, k) => {
        const ms = median(times[k + 1]!);
        return {
          file: `XER, ${n.toLocaleString('en')} ${n === 1 ? 'activity' : 'activities'}`,
          fileKB: round(statSync(path).size / 1024),
          medianMs: Math.round(ms),
          minMs: Math.round(Math.min(...times[k + 1]!)),
          overBareMs: Math.round(ms - bareMs),
          ratioToBare: round(ms / bareMs, 2),
          cpuMs: Math.round(cpuMs[k + 1]!),
          cpuOverBareMs: Math.round(cpuMs[k + 1]! - cpuMs[0]!),
        };
      }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An estimate of `n` lines through ARPS and xlsx, both ways, with its figuring between. */
async function estimateBench(n: number) {
  const dir = mkdtempSync(join(tmpdir(), 'takt-bench-estimate-'));
  const ms = (t: number) => Math.round(performance.now() - t);
  try {
    let t = performance.now();
    const doc = sampleEstimate(n);
    const generateMs = ms(t);
    t = performance.now();
    const arpsPath = join(dir, 'bench.arp');
    writeFileSync(arpsPath, writeEstimateArps(doc));
    const writeArpsMs = ms(t);
    t = performance.now();
    const arps = await readEstimateFile(createReadStream(arpsPath, { highWaterMark: 256 * 1024 }), arpsPath);
    const readArpsMs = ms(t);
    t = performance.now();
    const figures = figureEstimate(arps.document);
    const figureMs = ms(t);
    t = performance.now();
    const xlsxPath = join(dir, 'bench.xlsx');
    const out = createWriteStream(xlsxPath);
    await writeEstimateXlsx(arps.document, figures, { out });
    const writeXlsxMs = ms(t);
    t = performance.now();
    const xlsx = await readEstimateFile(createReadStream(xlsxPath), xlsxPath, {
      rule: {
        rowsToSkip: 3,
        mapping: {
          A: 'number',
          B: 'code',
          C: 'name',
          D: 'unit',
          E: 'quantity',
          F: 'labour',
          G: 'machines',
          H: 'materials',
        },
      },
    });
    const readXlsxMs = ms(t);
    const xmlPath = join(dir, 'bench.xml');
    await writeFile(xmlPath, sampleMinstroyXml(n));
    t = performance.now();
    const xml = await readEstimateFile(createReadStream(xmlPath, { highWaterMark: 256 * 1024 }), xmlPath);
    const readXmlMs = ms(t);
    return {
      benchmark: 'estimate',
      node: process.version,
      lines: arps.report.lines,
      sections: arps.report.sections,
      total: figures.totals.total,
      arpsMB: round(statSync(arpsPath).size / MB, 2),
      xlsxMB: round(statSync(xlsxPath).size / MB, 2),
      generateMs,
      writeArpsMs,
      readArpsMs,
      figureMs,
      writeXlsxMs,
      readXlsxMs,
      xlsxRowsReadAsLines: xlsx.report.lines,
      xmlMB: round(statSync(xmlPath).size / MB, 2),
      readXmlMs,
      xmlLines: xml.report.lines,
      ...peak(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    const [, step, format, n, path, rev, revDir] = args as [
      string,
      string,
      Format,
      string,
      string,
      string?,
      string?,
    ];
    const code = rev && revDir ? { rev, dir: revDir } : undefined;
    process.stdout.write(`${JSON.stringify(await child(step, format, Number(n), path, code))}\n`);
    return;
  }
  if (args.includes('--estimate')) {
    const at = args.indexOf('--estimate-lines');
    process.stdout.write(`${JSON.stringify(await estimateBench(at >= 0 ? Number(args[at + 1]) : 50_000))}\n`);
    return;
  }
  const runsAt = args.indexOf('--cli-runs');
  const cli = await cliStartup(runsAt >= 0 ? Number(args[runsAt + 1]) : 9);
  process.stdout.write(`${JSON.stringify(cli)}\n`);
  if (args.includes('--cli-only')) return;
  const beforeAt = args.indexOf('--before');
  const before = beforeAt >= 0 ? args[beforeAt + 1] : undefined;
  const sizesAt = args.indexOf('--sizes');
  const sizes = sizesAt >= 0 ? args[sizesAt + 1]!.split(',').map(Number) : [10_000, 100_000, 350_000];
  const formatsAt = args.indexOf('--formats');
  const formats = formatsAt >= 0 ? (args[formatsAt + 1]!.split(',') as Format[]) : FORMATS;
  for (const f of formats) if (!FORMATS.includes(f)) throw new Error(`unknown format ${f}`);
  // without --formats, XML files of 350k only when asked for (≈ 200–600 MB each)
  const large = (f: Format) => formatsAt >= 0 || f === 'xer' || args.includes(`--${f}-350k`);
  const cases: [Format, number][] = formats.flatMap((f) =>
    sizes.filter((n) => n <= 100_000 || large(f)).map((n) => [f, n] as [Format, number]),
  );
  const generate = args.includes('--recorded') ? 'generate-recorded' : 'generate';
  const dir = mkdtempSync(join(tmpdir(), 'takt-bench-'));
  const script = fileURLToPath(import.meta.url);
  // inside the package (git-ignored) so that the revision's imports resolve to the workspace's modules
  const benchDir = fileURLToPath(new URL('../.bench/', import.meta.url));
  if (before) mkdirSync(benchDir, { recursive: true });
  const revDir = before ? mkdtempSync(join(benchDir, 'before-')) : '';
  const results: Figures[] = [];
  try {
    if (before) extractRevision(before, revDir);
    for (const [format, n] of cases) {
      const path = join(dir, `bench-${n}.${format}`);
      const steps: string[][] = [[generate], ['import']];
      if (before) steps.push(['import', before, revDir]);
      for (const [step, ...code] of steps) {
        const out = execFileSync(
          process.execPath,
          [
            '--import',
            'tsx',
            '--max-old-space-size=4096',
            '--expose-gc',
            script,
            '--child',
            step!,
            format,
            String(n),
            path,
            ...code,
          ],
          {
            encoding: 'utf8',
            maxBuffer: 1 << 20,
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        const figures = JSON.parse(out.trim().split('\n').pop()!) as Figures;
        results.push(figures);
        process.stdout.write(`${JSON.stringify(figures)}\n`);
      }
      rmSync(path, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (revDir) {
      rmSync(revDir, { recursive: true, force: true });
      // the folder too, unless another run is using it
      if (readdirSync(benchDir).length === 0) rmSync(benchDir, { recursive: true, force: true });
    }
  }
  const summary = results
    .filter((r) => r.step === 'import')
    .map((r) => ({
      format: r.format,
      code: r.code,
      activities: r.activities,
      fileMB: r.fileMB,
      importS: round(Number(r.importMs) / 1000, 2),
      calculateS: round(Number(r.calculateMs) / 1000, 2),
      importAndCalculateS: round(Number(r.importAndCalculateMs) / 1000, 2),
      exportS: round(Number(r.exportMs) / 1000, 2),
      retainedMB: r.retainedMB,
      importPeakRssMB: r.rssAfterImportMB,
      importAndCalculatePeakRssMB: r.rssAfterCalculateMB,
      peakRssMB: r.peakRssMB,
    }));
  process.stdout.write(
    `${JSON.stringify({ benchmark: 'interchange', node: process.version, cli: cli.schedule, summary }, null, 2)}\n`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

/**
 * `takt schedule FILE [--format table|json|csv]`, `takt convert IN OUT` and `takt check FILE`. Formats come
 * from the file extension (.xer, .xml → sniffed PMXML/MSPDI, .pmxml, .mspdi, .json, .zip Takt archive) or
 * the content; `convert` also writes .xlsx (the calculated schedule as an outlined workbook).
 * `code` is the activity id planners see: XER task_code, PMXML Id, MSPDI ID (the row number MS Project
 * shows; UID stays internal).
 */
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { readTaktArchive, writeTaktArchive } from './archive/archive.js';
import { checkMspdi, checkPmxml, checkXer, formatIssues } from './conformance/index.js';
import { InterchangeError } from './errors.js';
import { writeJson } from './json-format.js';
import type { IxProject } from './model.js';
import { formatFromContent, readProjectFile } from './read.js';
import { type ScheduleRow, scheduleProject } from './schedule.js';
import type { GridRow } from './tabular/grid.js';
import { writeGridXlsx } from './tabular/xlsx-write.js';
import { outline, writeMspdi, writePmxml, writeScheduleCsv, writeXer } from './writers.js';

const USAGE =
  'usage: takt schedule FILE [--format table|json|csv] | takt convert IN OUT(.xer|.pmxml.xml|.mspdi.xml|.json|.csv|.xlsx|.zip) | takt check FILE(.xer|.xml)';

/** Any supported file; a `.zip` is a Takt archive. */
async function readAny(path: string): Promise<IxProject> {
  if (path.toLowerCase().endsWith('.zip')) return (await readTaktArchive(await readFile(path))).project;
  return readProjectFile(path);
}

/** The calculated schedule as a workbook: WBS rows bold above their works, dates as Excel dates. */
async function scheduleWorkbook(p: IxProject, rows: ScheduleRow[]): Promise<Uint8Array> {
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const wbsById = new Map(p.wbs.map((w) => [w.id, w]));
  const summaries = new Set(
    p.activities.filter((a) => p.activities.some((c) => c.parentId === a.id)).map((a) => a.id),
  );
  const h = (m: number | null) => (m === null ? null : Math.round((m / 60) * 100) / 100);
  const grid: GridRow[] = outline(p).map((it) => {
    if (it.kind === 'wbs') {
      const w = wbsById.get(it.id)!;
      return { level: it.level - 1, summary: true, values: { code: w.code, name: w.name } };
    }
    const r = rowOf.get(it.id);
    return {
      level: it.level - 1,
      summary: summaries.has(it.id),
      values: {
        code: r?.code,
        name: r?.name,
        earlyStart: r?.earlyStart,
        earlyFinish: r?.earlyFinish,
        lateStart: r?.lateStart,
        lateFinish: r?.lateFinish,
        totalFloat: h(r?.totalFloatMinutes ?? null),
        freeFloat: h(r?.freeFloatMinutes ?? null),
        critical: r?.critical,
      },
    };
  });
  return writeGridXlsx({
    sheetName: p.code || p.name,
    rows: grid,
    columns: [
      { id: 'code', header: 'Code', kind: 'text', width: 14 },
      { id: 'name', header: 'Name', kind: 'text', indent: true, width: 48 },
      { id: 'earlyStart', header: 'Early start', kind: 'datetime' },
      { id: 'earlyFinish', header: 'Early finish', kind: 'datetime' },
      { id: 'lateStart', header: 'Late start', kind: 'datetime' },
      { id: 'lateFinish', header: 'Late finish', kind: 'datetime' },
      { id: 'totalFloat', header: 'Total float, h', kind: 'number' },
      { id: 'freeFloat', header: 'Free float, h', kind: 'number' },
      { id: 'critical', header: 'Critical', kind: 'boolean' },
    ],
  });
}

export async function main(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const [command, ...rest] = argv;
  const formatAt = rest.indexOf('--format');
  const format = formatAt >= 0 ? rest[formatAt + 1] : 'table';
  const files = rest.filter((_, k) => formatAt < 0 || (k !== formatAt && k !== formatAt + 1));
  try {
    if (command === 'schedule' && files.length === 1 && ['table', 'json', 'csv'].includes(format ?? '')) {
      const project = await readAny(files[0]!);
      const { rows, warnings } = scheduleProject(project);
      for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
      const h = (m: number | null) => (m === null ? null : Math.round((m / 60) * 100) / 100);
      if (format === 'json') {
        const json = rows.map((r) => ({
          code: r.code,
          name: r.name,
          earlyStart: r.earlyStart,
          earlyFinish: r.earlyFinish,
          lateStart: r.lateStart,
          lateFinish: r.lateFinish,
          totalFloatHours: h(r.totalFloatMinutes),
          freeFloatHours: h(r.freeFloatMinutes),
          critical: r.critical,
        }));
        out.write(`${JSON.stringify(json, null, 2)}\n`);
      } else if (format === 'csv') {
        for (const chunk of writeScheduleCsv(rows)) out.write(chunk);
      } else {
        const head = [
          'code',
          'name',
          'early start',
          'early finish',
          'late start',
          'late finish',
          'TF h',
          'FF h',
          'crit',
        ];
        const body = rows.map((r) => [
          r.code,
          r.name,
          r.earlyStart ?? '',
          r.earlyFinish ?? '',
          r.lateStart ?? '',
          r.lateFinish ?? '',
          String(h(r.totalFloatMinutes) ?? ''),
          String(h(r.freeFloatMinutes) ?? ''),
          r.critical ? 'yes' : '',
        ]);
        const widths = head.map((t, k) => Math.max(t.length, ...body.map((b) => b[k]!.length)));
        for (const line of [head, ...body])
          out.write(
            `${line
              .map((c, k) => c.padEnd(widths[k]!))
              .join('  ')
              .trimEnd()}\n`,
          );
      }
      return 0;
    }
    if (command === 'check' && files.length === 1) {
      const bytes = await readFile(files[0]!);
      const kind = formatFromContent(bytes.subarray(0, 4096).toString('latin1'));
      const report =
        kind === 'xer'
          ? await checkXer(bytes)
          : kind === 'pmxml'
            ? await checkPmxml(bytes)
            : kind === 'mspdi'
              ? await checkMspdi(bytes)
              : null;
      if (!report)
        throw new InterchangeError('unsupported_format', `${files[0]} is not XER, P6 XML or MS Project XML`);
      out.write(
        report.ok ? `${report.format}: conforms (${report.checked} checked)\n` : `${formatIssues(report)}\n`,
      );
      return report.ok ? 0 : 1;
    }
    if (command === 'convert' && files.length === 2) {
      const [input, output] = files as [string, string];
      const project = await readAny(input);
      const { rows } = scheduleProject(project);
      const lower = output.toLowerCase();
      if (lower.endsWith('.zip') || lower.endsWith('.xlsx')) {
        const bytes = lower.endsWith('.zip')
          ? await writeTaktArchive({ project })
          : await scheduleWorkbook(project, rows);
        const { writeFile } = await import('node:fs/promises');
        await writeFile(output, bytes);
        return 0;
      }
      const chunks = lower.endsWith('.xer')
        ? writeXer(project, rows)
        : lower.endsWith('.json')
          ? [writeJson(project)]
          : lower.endsWith('.csv')
            ? writeScheduleCsv(rows)
            : lower.endsWith('.pmxml') || lower.endsWith('.pmxml.xml') || lower.endsWith('.p6.xml')
              ? writePmxml(project, rows)
              : lower.endsWith('.xml') || lower.endsWith('.mspdi')
                ? writeMspdi(project, rows)
                : null;
      if (!chunks)
        throw new InterchangeError('unsupported_format', `cannot tell the output format of ${output}`);
      // everything is produced before the file is opened: a failing conversion writes nothing
      const all = [...chunks];
      await new Promise<void>((resolve, reject) => {
        const stream = createWriteStream(output);
        stream.on('error', reject);
        for (const c of all) stream.write(c);
        stream.end(resolve);
      });
      return 0;
    }
    process.stderr.write(`${USAGE}\n`);
    return 2;
  } catch (e) {
    if (e instanceof InterchangeError) {
      process.stderr.write(`error (${e.code}): ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

/**
 * `takt schedule FILE [--format table|json|csv]`, `takt convert IN OUT` and `takt check FILE`, each with
 * `--encoding auto|utf-8|windows-1252|windows-1250|windows-1251|ibm866` for files that are not UTF-8 and whose
 * code page the detection gets wrong. Formats come from the file extension (.xer, .xml → sniffed
 * PMXML/MSPDI, .pmxml, .mspdi, .json, .zip Takt archive) or the content; `convert` also writes .xlsx (the
 * calculated schedule as an outlined workbook).
 * `code` is the activity id planners see: XER task_code, PMXML Id, MSPDI ID (the row number MS Project
 * shows; UID stays internal).
 * Writers, the archive, the workbook and the conformance checks are imported by the commands that use
 * them, so that reading and calculating a file starts without loading them.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { type ScheduleRow, scheduleProject } from './calculation/schedule.js';
import { InterchangeError } from './common/errors.js';
import { ENCODINGS, type Encoding } from './common/input.js';
import type { IxProject } from './common/model.js';
import { formatFromContent, readProjectFile } from './read.js';

const USAGE = [
  'usage: takt schedule FILE [--format table|json|csv] [--encoding E]',
  '       takt convert IN OUT(.xer|.pmxml.xml|.mspdi.xml|.json|.csv|.xlsx|.zip) [--encoding E]',
  '       takt check FILE(.xer|.xml) [--encoding E]',
  `       E is how a file that is not UTF-8 is read: ${ENCODINGS.join(', ')} (default auto: detected)`,
].join('\n');

const FORMATS = ['table', 'json', 'csv'] as const;
type Format = (typeof FORMATS)[number];

/** The command line as the commands read it, or why it is not one. */
type Parsed =
  | { ok: true; command: string; files: string[]; format: Format; encoding: Encoding; formatGiven: boolean }
  | { ok: false; message: string | null };

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

const OPTIONS = {
  format: { type: 'string' },
  encoding: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const parseOptions = (argv: string[]) =>
  parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });

/** The command, its files and options; unknown options and values outside their lists are refused. */
export function parseCommandLine(argv: string[]): Parsed {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  const [command = '', ...files] = parsed.positionals;
  const { format = 'table', encoding = 'auto', help } = parsed.values;
  if (help) return { ok: false, message: null };
  if (!isOneOf(FORMATS, format))
    return { ok: false, message: `--format must be one of ${FORMATS.join(', ')} (got "${format}")` };
  if (!isOneOf(ENCODINGS, encoding))
    return { ok: false, message: `--encoding must be one of ${ENCODINGS.join(', ')} (got "${encoding}")` };
  return { ok: true, command, files, format, encoding, formatGiven: parsed.values.format !== undefined };
}

/** Any supported file; a `.zip` is a Takt archive. */
async function readAny(path: string, encoding: Encoding): Promise<IxProject> {
  if (path.toLowerCase().endsWith('.zip')) {
    const { readTaktArchive } = await import('./takt-archive/archive.js');
    return (await readTaktArchive(await readFile(path))).project;
  }
  return readProjectFile(path, { encoding });
}

const hoursOf = (m: number | null) => (m === null ? null : Math.round((m / 60) * 100) / 100);

/** The calculated schedule as a workbook: WBS rows bold above their works, dates as Excel dates. */
async function scheduleWorkbook(p: IxProject, rows: ScheduleRow[]): Promise<Uint8Array> {
  const [{ outline }, { writeGridXlsx }] = await Promise.all([
    import('./common/outline.js'),
    import('./tabular/xlsx-write.js'),
  ]);
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const wbsById = new Map(p.wbs.map((w) => [w.id, w]));
  const summaries = new Set(
    p.activities.filter((a) => p.activities.some((c) => c.parentId === a.id)).map((a) => a.id),
  );
  const grid = outline(p).map((it) => {
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
        totalFloat: hoursOf(r?.totalFloatMinutes ?? null),
        freeFloat: hoursOf(r?.freeFloatMinutes ?? null),
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

/** The schedule as an aligned text table. */
function scheduleTable(rows: ScheduleRow[]): string {
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
    String(hoursOf(r.totalFloatMinutes) ?? ''),
    String(hoursOf(r.freeFloatMinutes) ?? ''),
    r.critical ? 'yes' : '',
  ]);
  const widths = head.map((t, k) => Math.max(t.length, ...body.map((b) => b[k]!.length)));
  return [head, ...body]
    .map(
      (line) =>
        `${line
          .map((c, k) => c.padEnd(widths[k]!))
          .join('  ')
          .trimEnd()}\n`,
    )
    .join('');
}

async function schedule(path: string, format: Format, encoding: Encoding, out: NodeJS.WritableStream) {
  const { rows, warnings } = scheduleProject(await readAny(path, encoding));
  for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
  if (format === 'json') {
    const json = rows.map((r) => ({
      code: r.code,
      name: r.name,
      earlyStart: r.earlyStart,
      earlyFinish: r.earlyFinish,
      lateStart: r.lateStart,
      lateFinish: r.lateFinish,
      totalFloatHours: hoursOf(r.totalFloatMinutes),
      freeFloatHours: hoursOf(r.freeFloatMinutes),
      critical: r.critical,
    }));
    out.write(`${JSON.stringify(json, null, 2)}\n`);
  } else if (format === 'csv') {
    const { writeScheduleCsv } = await import('./tabular/schedule-csv.js');
    for (const chunk of writeScheduleCsv(rows)) out.write(chunk);
  } else out.write(scheduleTable(rows));
}

/** Exit code 0 when the file conforms, 1 with its issues listed. */
async function check(path: string, encoding: Encoding, out: NodeJS.WritableStream): Promise<number> {
  const bytes = await readFile(path);
  const kind = formatFromContent(bytes.subarray(0, 4096).toString('latin1'));
  if (kind !== 'xer' && kind !== 'pmxml' && kind !== 'mspdi')
    throw new InterchangeError('unsupported_format', `${path} is not XER, P6 XML or MS Project XML`);
  if (kind !== 'xer' && encoding !== 'auto')
    throw new InterchangeError(
      'unsupported_format',
      `${path} is XML: it is checked in the encoding its declaration names, --encoding is for XER files`,
    );
  const { formatIssues } = await import('./common/check-report.js');
  const report =
    kind === 'xer'
      ? await (await import('./xer/check.js')).checkXer(bytes, { encoding })
      : kind === 'pmxml'
        ? await (await import('./pmxml/check.js')).checkPmxml(bytes)
        : await (await import('./mspdi/check.js')).checkMspdi(bytes);
  out.write(
    report.ok ? `${report.format}: conforms (${report.checked} checked)\n` : `${formatIssues(report)}\n`,
  );
  return report.ok ? 0 : 1;
}

/** Writes the calculated schedule in the format of the output's extension. */
async function convert(input: string, output: string, encoding: Encoding): Promise<void> {
  const project = await readAny(input, encoding);
  const { rows } = scheduleProject(project);
  const lower = output.toLowerCase();
  const { writeFile } = await import('node:fs/promises');
  if (lower.endsWith('.zip') || lower.endsWith('.xlsx')) {
    const bytes = lower.endsWith('.zip')
      ? await (await import('./takt-archive/archive.js')).writeTaktArchive({ project })
      : await scheduleWorkbook(project, rows);
    await writeFile(output, bytes);
    return;
  }
  const chunks = lower.endsWith('.xer')
    ? (await import('./xer/write.js')).writeXer(project, rows)
    : lower.endsWith('.json')
      ? [(await import('./json/format.js')).writeJson(project)]
      : lower.endsWith('.csv')
        ? (await import('./tabular/schedule-csv.js')).writeScheduleCsv(rows)
        : lower.endsWith('.pmxml') || lower.endsWith('.pmxml.xml') || lower.endsWith('.p6.xml')
          ? (await import('./pmxml/write.js')).writePmxml(project, rows)
          : lower.endsWith('.xml') || lower.endsWith('.mspdi')
            ? (await import('./mspdi/write.js')).writeMspdi(project, rows)
            : null;
  if (!chunks) throw new InterchangeError('unsupported_format', `cannot tell the output format of ${output}`);
  // everything is produced before the file is opened: a failing conversion writes nothing
  const all = [...chunks];
  await writeFile(output, all);
}

/** A file that cannot be read or written (missing, a folder, no permission): Node's error has a code. */
function isSystemError(e: unknown): e is Error & { code: string } {
  return e instanceof Error && typeof (e as { code?: unknown }).code === 'string' && 'syscall' in e;
}

export async function main(
  argv: string[],
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  const parsed = parseCommandLine(argv);
  if (!parsed.ok) {
    if (parsed.message === null) {
      out.write(`${USAGE}\n`);
      return 0;
    }
    err.write(`error: ${parsed.message}\n${USAGE}\n`);
    return 2;
  }
  const { command, files, format, encoding, formatGiven } = parsed;
  try {
    if (command === 'schedule' && files.length === 1) {
      await schedule(files[0]!, format, encoding, out);
      return 0;
    }
    if (command === 'check' && files.length === 1 && !formatGiven)
      return await check(files[0]!, encoding, out);
    if (command === 'convert' && files.length === 2 && !formatGiven) {
      await convert(files[0]!, files[1]!, encoding);
      return 0;
    }
    err.write(`${USAGE}\n`);
    return 2;
  } catch (e) {
    if (e instanceof InterchangeError || isSystemError(e)) {
      err.write(`error (${e.code}): ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

/**
 * `takt schedule FILE [--format table|json|csv]` and `takt convert IN OUT`. Formats come from the file
 * extension (.xer, .xml → sniffed PMXML/MSPDI, .pmxml, .mspdi, .json) or the content.
 * `code` is the activity id planners see: XER task_code, PMXML Id, MSPDI ID (the row number MS Project
 * shows; UID stays internal).
 */
import { createWriteStream } from 'node:fs';
import { InterchangeError } from './errors.js';
import { writeJson } from './json-format.js';
import { readProjectFile } from './read.js';
import { scheduleProject } from './schedule.js';
import { writeMspdi, writePmxml, writeScheduleCsv, writeXer } from './writers.js';

const USAGE =
  'usage: takt schedule FILE [--format table|json|csv] | takt convert IN OUT(.xer|.pmxml.xml|.mspdi.xml|.json)';

export async function main(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const [command, ...rest] = argv;
  const formatAt = rest.indexOf('--format');
  const format = formatAt >= 0 ? rest[formatAt + 1] : 'table';
  const files = rest.filter((_, k) => formatAt < 0 || (k !== formatAt && k !== formatAt + 1));
  try {
    if (command === 'schedule' && files.length === 1 && ['table', 'json', 'csv'].includes(format ?? '')) {
      const project = await readProjectFile(files[0]!);
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
    if (command === 'convert' && files.length === 2) {
      const [input, output] = files as [string, string];
      const project = await readProjectFile(input);
      const { rows } = scheduleProject(project);
      const lower = output.toLowerCase();
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

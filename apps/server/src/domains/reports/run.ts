/**
 * Running a report (API POST versions/{id}/report/{x} and report/master/{x}): a form's template — or the
 * master report's built-in one — filled with the version's figures and written as xlsx or PDF. A version of
 * more than `REPORT_LIMITS.inlineMaxWorks` works is written by a background job (progress, stop, the file kept
 * for download like an export's); a smaller one is answered at once.
 */
import { PassThrough, type Writable } from 'node:stream';
import { type Language, REPORT_LIMITS, type ReportFormat, type RunReportInput } from '@takt/contracts';
import { type PdfTableCell, type PdfTableRow, writeTablePdf } from '@takt/gantt/pdf';
import { translate } from '@takt/i18n';
import {
  type FilledRow,
  filledText,
  fillReport,
  loadReportTemplate,
  MASTER_COLUMNS,
  MASTER_INDICATORS,
  type MasterLabels,
  masterReportTemplate,
  type ReportTemplate,
  ReportTemplateError,
  type TemplateData,
  writeReportXlsx,
} from '@takt/interchange';
import type { Services, SpaceContext } from '../../context';
import { AppError } from '../../errors';
import type { FileResult } from '../../files/result';
import { claimRun, finishThrown, queueJob, storeFile } from '../interchange';
import { type ReportSource, type ReportVersion, reportData, reportVersion } from './data';
import { formForSchedule, XLSX_TYPE } from './forms';

export const REPORT_JOB = 'reports.run';

const CONTENT_TYPE: Record<ReportFormat, string> = { xlsx: XLSX_TYPE, pdf: 'application/pdf' };

function masterLabels(lang: Language): MasterLabels {
  const t = (key: string) => translate(lang, key);
  return {
    sheet: t('reports.master.sheet'),
    title: t('reports.master.title'),
    project: t('reports.master.project'),
    version: t('reports.master.version'),
    dataDate: t('reports.master.data_date'),
    printed: t('reports.master.printed'),
    indicators: Object.fromEntries(
      MASTER_INDICATORS.map((k) => [
        k,
        k === 'planFinish' ? t('reports.master.plan_finish') : t(`analytics.indicator.${k}`),
      ]),
    ) as MasterLabels['indicators'],
    columns: Object.fromEntries(
      MASTER_COLUMNS.map((c) => [
        c.key,
        t(
          c.key === 'planStart'
            ? 'grid.col.start'
            : c.key === 'planFinish'
              ? 'grid.col.finish'
              : `grid.col.${c.key}`,
        ),
      ]),
    ) as MasterLabels['columns'],
  };
}

/** A report ready to be written: the template, what fills it, and the file's name. */
interface PreparedReport {
  version: ReportVersion;
  template: ReportTemplate;
  source: ReportSource;
  fileName: string;
  title: string;
}

/** Characters file systems refuse in a name. */
const fileSafe = (text: string) => text.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').trim();

async function prepare(
  ctx: SpaceContext,
  input: { versionId: string; formId?: string | undefined; format: ReportFormat },
): Promise<PreparedReport> {
  const version = await reportVersion(ctx, input.versionId);
  let template: ReportTemplate;
  let source: ReportSource;
  let title: string;
  if (input.formId) {
    const { form, node, bytes } = await formForSchedule(ctx, input.formId, version.scheduleId);
    try {
      template = await loadReportTemplate(bytes);
    } catch (error) {
      if (error instanceof ReportTemplateError) throw new AppError('UnsupportedFileType');
      throw error;
    }
    source = {
      version,
      lang: ctx.lang,
      summaries: form.showSummaries,
      year: form.year,
      node,
      form: form.name,
    };
    title = form.name;
  } else {
    template = await masterReportTemplate(masterLabels(ctx.lang));
    source = { version, lang: ctx.lang, summaries: true, year: null, node: version.schedule, form: null };
    title = translate(ctx.lang, 'reports.master.title');
  }
  const fileName = `${fileSafe(`${version.schedule} — ${title} (${version.name})`)}.${input.format}`;
  return { version, template, source, fileName, title };
}

/**
 * Prepares and writes a report into `out` (which it ends), at once whatever the version's size: what the
 * job runs, and what the benchmark times.
 */
export async function writeReportTo(
  ctx: SpaceContext,
  input: { versionId: string; formId?: string | undefined; format: ReportFormat },
  out: Writable,
  onRow?: TemplateData['onRow'],
): Promise<{ fileName: string; works: number }> {
  const report = await prepare(ctx, input);
  await writeReport(ctx, report, input.format, out, onRow);
  return { fileName: report.fileName, works: report.version.works };
}

/** Writes the report into `out` (which it ends); `onRow` sees each table row written. */
async function writeReport(
  ctx: SpaceContext,
  report: PreparedReport,
  format: ReportFormat,
  out: Writable,
  onRow?: TemplateData['onRow'],
): Promise<void> {
  const data: TemplateData = {
    ...(await reportData(ctx, report.source, report.template.tables)),
    ...(onRow ? { onRow } : {}),
  };
  if (format === 'xlsx') await writeReportXlsx(report.template, data, out);
  else await writeReportPdf(report, data, out);
}

const hex = (argb: string | undefined) =>
  argb && /^[0-9a-f]{8}$/i.test(argb) ? `#${argb.slice(2).toLowerCase()}` : undefined;

/** A filled row as the PDF table draws it: texts, bold, sizes, alignment, indents, fills. */
function pdfRow(row: FilledRow, columns: number, lang: Language): PdfTableRow {
  const cells: (PdfTableCell | null)[] = new Array(columns).fill(null);
  let rule = false;
  for (const c of row.cells) {
    if (c.col > columns) continue;
    const s = c.style;
    if (s.border?.bottom?.style) rule = true;
    const fill =
      s.fill?.type === 'pattern' && s.fill.pattern === 'solid' ? hex(s.fill.fgColor?.argb) : undefined;
    const text = filledText(c, lang);
    if (!text && !fill) continue;
    const numeric = typeof c.value === 'number' || c.value instanceof Date;
    const horizontal = s.alignment?.horizontal;
    const cell: PdfTableCell = {
      text,
      size: Math.max(6, Math.min(14, (s.font?.size ?? 11) * 0.7)),
      align:
        horizontal === 'center' || horizontal === 'centerContinuous'
          ? 'center'
          : horizontal === 'right' || (!horizontal && numeric)
            ? 'right'
            : 'left',
    };
    if (s.font?.bold) cell.bold = true;
    // a table's rows stay one line each; a wrapped cell elsewhere (a header) wraps in the PDF too
    if (s.alignment?.wrapText && !row.table) cell.wrap = true;
    if (s.alignment?.indent) cell.indent = s.alignment.indent;
    if (fill) cell.fill = fill;
    const color = hex(s.font?.color?.argb);
    if (color) cell.color = color;
    cells[c.col - 1] = cell;
  }
  return { cells, rule, ...(row.table ? { table: true } : {}) };
}

/** The report's first visible sheet as a paginated PDF table, the template's column widths scaled to the page. */
async function writeReportPdf(report: PreparedReport, data: TemplateData, out: Writable): Promise<void> {
  let sheet = null;
  for (const s of fillReport(report.template, data)) {
    sheet = s;
    if (s.state === 'visible' || !s.state) break;
  }
  if (!sheet) throw new AppError('UnsupportedFileType');
  const count = sheet.columnCount;
  const widths = Array.from({ length: count }, (_, i) => sheet.columns[i]?.width ?? 9);
  const hidden = new Set(sheet.columns.flatMap((c, i) => (c.hidden ? [i] : [])));
  const columns = widths.map((w, i) => (hidden.has(i) ? 0 : w));
  const lang = report.source.lang;
  const rows = sheet.rows;
  async function* pdfRows(): AsyncGenerator<PdfTableRow> {
    let last = 0;
    for await (const row of rows) {
      // blank rows of the template keep their space (a few at most)
      for (let gap = Math.min(3, row.number - last - 1); gap > 0; gap--) yield { cells: [] };
      last = row.number;
      if (!row.hidden) yield pdfRow(row, count, lang);
    }
  }
  const wide = columns.reduce((a, b) => a + b, 0) > 100;
  await writeTablePdf(
    {
      title: report.title,
      columns,
      rows: pdfRows(),
      landscape: wide || sheet.pageSetup.orientation === 'landscape',
      footer: `${report.version.schedule} · ${report.version.name} · ${report.title}`,
    },
    out,
  );
}

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream) parts.push(chunk);
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * API POST versions/{id}/report/master/{x} and versions/{id}/report/{x} (with the form): the file at once
 * for a version of up to `REPORT_LIMITS.inlineMaxWorks` works, else (or when asked) a background job whose
 * file is downloaded from storage when it completes.
 */
export async function runReport(ctx: SpaceContext, input: RunReportInput) {
  const report = await prepare(ctx, input);
  if (input.background || report.version.works > REPORT_LIMITS.inlineMaxWorks)
    return { job: await startReportJob(ctx, input, report) };
  const pass = new PassThrough();
  const [, data] = await Promise.all([
    writeReport(ctx, report, input.format, pass).catch((error) => {
      pass.destroy(error);
      throw error;
    }),
    collect(pass),
  ]);
  const file: FileResult = {
    file: true,
    contentType: CONTENT_TYPE[input.format],
    data,
    fileName: report.fileName,
  };
  return file;
}

async function startReportJob(ctx: SpaceContext, input: RunReportInput, report: PreparedReport) {
  return queueJob(ctx, REPORT_JOB, {
    kind: 'report',
    format: input.format,
    scheduleId: report.version.scheduleId,
    versionId: report.version.id,
    options: { lang: ctx.lang, fileName: report.fileName, ...(input.formId ? { formId: input.formId } : {}) },
  });
}

/** A report job (from the queue): writes the file into storage, reporting progress by the rows written. */
export async function runReportJob(services: Services, jobId: string): Promise<void> {
  const run = await claimRun(services, jobId);
  if (!run) return;
  const { job, progress, ctx } = run;
  const pass = new PassThrough();
  try {
    await progress.report('loading', 2, undefined, true);
    const format = job.format as ReportFormat;
    const report = await prepare(ctx, {
      versionId: job.versionId!,
      formId: job.options.formId,
      format,
    });
    const total = Math.max(1, report.version.works);
    await progress.report('writing', 5, undefined, true);
    let rows = 0;
    const [, stored] = await Promise.all([
      writeReport(ctx, report, format, pass, (n) => {
        rows = n;
        return progress.report('writing', 5 + 90 * Math.min(1, n / total));
      }).catch((error) => {
        pass.destroy(error);
        throw error;
      }),
      storeFile(ctx, {
        spaceId: job.spaceId,
        scheduleId: job.scheduleId,
        kind: 'temp',
        name: report.fileName,
        contentType: CONTENT_TYPE[format],
        userId: job.userId,
        data: pass,
      }),
    ]);
    await progress.finish('completed', {
      fileId: stored.id,
      report: { fileName: report.fileName, size: stored.size, rows },
    });
  } catch (error) {
    pass.destroy();
    await finishThrown(services, progress, error, 'report');
  }
}

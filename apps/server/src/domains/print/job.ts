import {
  type Language,
  type PlanKindFlags,
  type PrintColumn,
  type PrintScalingInput,
  printedColumns,
} from '@takt/contracts';
import { NO_TIME, timeFromIso } from '@takt/engine';
import { dateFormat, MINUTES_PER_DAY, type PrintScaling, printSheetLayout } from '@takt/gantt';
import { type GanttPdfInput, ganttPdf } from '@takt/gantt/pdf';
import { formatNumber, translate } from '@takt/i18n';
import { VARIANCE_COLUMNS } from '@takt/schedule';
import type { SpaceContext } from '../../context';
import { AppError } from '../../errors';
import { workResourceFigures } from '../resources';
import { DEFAULT_PRINT_PRESET, type PrintPresetDto, presetOf } from './presets';
import { getPrintSettings } from './settings';
import { versionCalendar, versionSnapshot, versionSource, wbsDepths } from './source';

export interface PrintJobInput {
  versionId: string;
  presetId?: string | null;
  scaling?: PrintScalingInput;
  columns?: PrintColumn[];
  kinds?: PlanKindFlags;
  language?: Language;
  /** How the reader's weeks start and are numbered (ISO 8601 when not given). */
  week?: { firstDay: number; minimalDays: number };
}

/** Numbers as the grid shows them: grouped, up to two decimals, no trailing zeros. */
function numberText(value: number, lang: Language): string {
  const rounded = Math.round(value * 100) / 100;
  const digits = Number.isInteger(rounded) ? 0 : Number.isInteger(rounded * 10) ? 1 : 2;
  return formatNumber(rounded, lang, digits);
}

/** The job as it will print: given fields, else the user's saved settings, else the defaults. */
async function resolveJob(ctx: SpaceContext, input: PrintJobInput) {
  const saved = await getPrintSettings(ctx, input.versionId);
  const presetId = input.presetId === undefined ? saved.presetId : input.presetId;
  let preset: Omit<PrintPresetDto, 'id' | 'revision'> = DEFAULT_PRINT_PRESET;
  if (presetId) {
    try {
      preset = await presetOf(ctx, presetId);
    } catch (error) {
      // A saved preset deleted since falls back to the default format; one named in the call must exist.
      if (input.presetId !== undefined) throw error;
    }
  }
  return {
    preset,
    scaling: input.scaling ?? saved.scaling,
    columns: input.columns ?? saved.columns,
    kinds: input.kinds ?? saved.kinds,
    language: input.language ?? ctx.lang,
    week: input.week,
  };
}

function scalingMinutes(scaling: PrintScalingInput): PrintScaling {
  if (scaling.kind === 'fit') return { kind: 'fit' };
  // The finish day is printed whole.
  return {
    kind: 'range',
    start: timeFromIso(scaling.start),
    finish: timeFromIso(scaling.finish) + MINUTES_PER_DAY,
  };
}

/**
 * The labour and cost of each row (`workResourceFigures`: a summary's summed from the works under it), read
 * only for a print that shows them.
 */
async function resourceColumns(ctx: SpaceContext, versionId: string, ids: readonly string[]) {
  const labour = new Float64Array(ids.length);
  const cost = new Float64Array(ids.length);
  const rowOf = new Map(ids.map((id, row) => [id, row]));
  for (const figures of await workResourceFigures(ctx.db.pool, ctx.space.spaceId, versionId)) {
    const row = rowOf.get(figures.workId);
    if (row === undefined) continue;
    labour[row] = figures.labour;
    cost[row] = figures.cost;
  }
  return { labour, cost };
}

/** Builds the PDF writer's input for a version: the same layout as the screen, in print units. */
export async function printJob(ctx: SpaceContext, input: PrintJobInput): Promise<GanttPdfInput> {
  const job = await resolveJob(ctx, input);
  const { info, columns: data, extras, variances } = await versionSource(ctx, input.versionId);
  const { calendar, hoursPerDay } = await versionCalendar(ctx, info.calendarId);
  const lang = job.language;
  const source = {
    works: data.works,
    strings: data.strings,
    approvedStart: extras.approvedStart,
    approvedFinish: extras.approvedFinish,
    depth: wbsDepths(data.works.parent),
    ...(job.columns.some((c) => (VARIANCE_COLUMNS as readonly string[]).includes(c))
      ? { variances: variances() }
      : {}),
    ...(job.columns.includes('labour') || job.columns.includes('cost')
      ? { resources: await resourceColumns(ctx, input.versionId, data.ids) }
      : {}),
  };
  const format = {
    hoursPerDay,
    translate: (id: string) => translate(lang, id),
    number: (value: number) => numberText(value, lang),
    date: dateFormat,
  };
  const columns = printedColumns(job.columns, source, format);
  const now = new Date();
  const printedAt = timeFromIso(
    new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16),
  );
  return {
    snapshot: versionSnapshot(data, extras),
    preset: {
      name: job.preset.name,
      sheetHeightMm: job.preset.sheetHeightMm,
      sheetWidthMm: job.preset.sheetWidthMm,
      marginMm: job.preset.marginMm,
      titles: job.preset.titles,
    },
    dynamicTitles: job.preset.titles.dynamicValues,
    scaling: scalingMinutes(job.scaling),
    columns,
    language: lang === 'ru' ? 'ru' : 'en',
    ...(job.week ? { week: job.week } : {}),
    scheduleName: info.scheduleName,
    versionName: info.versionName,
    projectName: info.projectName,
    printedAt,
    today: printedAt,
    dataDate: info.dataDate !== NO_TIME ? info.dataDate : undefined,
    calendar,
    kinds: job.kinds,
  };
}

/** print/count: the number of pages the print will have. */
export async function printCount(ctx: SpaceContext, input: PrintJobInput) {
  const job = await printJob(ctx, input);
  return { pages: printSheetLayout(job).pages.length };
}

const safeFileName = (name: string) => name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'schedule';

async function pdfFile(ctx: SpaceContext, input: PrintJobInput, maxPages?: number) {
  const job = await printJob(ctx, input);
  const pages = printSheetLayout(job).pages.length;
  const data = await ganttPdf({ ...job, maxPages });
  if (!data.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new AppError('UnknownException');
  return {
    file: true as const,
    contentType: 'application/pdf',
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    fileName: `${safeFileName(`${job.scheduleName} - ${job.versionName ?? ''}`)}.pdf`,
    pages,
  };
}

/** print: the whole schedule as a vector PDF. */
export function printPdf(ctx: SpaceContext, input: PrintJobInput) {
  return pdfFile(ctx, input);
}

/** preview: the first pages of the same PDF. */
export function printPreview(ctx: SpaceContext, input: PrintJobInput & { pages: number }) {
  return pdfFile(ctx, input, input.pages);
}

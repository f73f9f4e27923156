import { z } from 'zod';
import { id } from './api';
import type { WorkColumnArrays } from './columnar';
import { LIMITS } from './constants';
import { VALIDATION } from './messages';
import { dayDate, versionInput, WORK_STATUSES, WORK_TYPES } from './schedule';
import { requiredText } from './validation';

/**
 * Printing and the cyclogram (entities "Print format preset", "Titles", "Print scaling", validation rules sheet
 * limits and the unique preset name, API versions print, preview, print/count, print presets and settings,
 * cyclogram and cyclogram/color).
 */
export const PRINT_LIMITS = {
  sheetMaxMm: 5000,
  marginMaxMm: 50,
  titleMaxLength: 200,
  textSizeMin: 6,
  textSizeMax: 24,
  previewMaxPages: 5,
} as const;

/** Dynamic values a title may hold, written `{name}` in its text. */
export const PRINT_TITLE_VALUES = ['date', 'page', 'pages', 'schedule', 'version', 'project'] as const;
export type PrintTitleValue = (typeof PRINT_TITLE_VALUES)[number];

/** The printed columns of the approved-plan comparison (working days; `approvedVariances` of @takt/schedule). */
const PRINT_VARIANCE_COLUMNS = [
  'approvedDuration',
  'startVariance',
  'finishVariance',
  'durationVariance',
] as const;
export type PrintVarianceColumn = (typeof PRINT_VARIANCE_COLUMNS)[number];

/** Columns of the WBS grid that a print can carry beside the timeline (titles are the grid's `grid.col.*`). */
export const PRINT_COLUMNS = [
  'code',
  'name',
  'type',
  'start',
  'finish',
  'duration',
  'progress',
  'volume',
  'unit',
  'approvedStart',
  'approvedFinish',
  'factStart',
  'factFinish',
  'status',
  'earlyStart',
  'earlyFinish',
  'lateStart',
  'lateFinish',
  'totalFloat',
  'freeFloat',
  'critical',
  ...PRINT_VARIANCE_COLUMNS,
  'labour',
  'cost',
] as const;
export type PrintColumn = (typeof PRINT_COLUMNS)[number];
export const DEFAULT_PRINT_COLUMNS: PrintColumn[] = ['code', 'name', 'duration', 'start', 'finish'];

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters and markup are what titles may not hold
const TITLE_PROHIBITED = /[<>\\^`|~$;\u0000-\u001f\u007f]/u;

/** A title text: up to 200 characters; braces are allowed because `{date}` and the like are dynamic values. */
export const titleText = z
  .string()
  .trim()
  .max(PRINT_LIMITS.titleMaxLength, { message: VALIDATION.maxLength })
  .refine((v) => !TITLE_PROHIBITED.test(v), { message: VALIDATION.prohibitedCharacters });

export const titleSlots = z.object({
  left: titleText.default(''),
  center: titleText.default(''),
  right: titleText.default(''),
});
export type TitleSlotsInput = z.infer<typeof titleSlots>;

const emptySlots = { left: '', center: '', right: '' };

/** Spec entities "Titles": special first-page header, default header and footer, special last-page footer. */
export const printTitles = z.object({
  firstHeader: titleSlots.default(emptySlots),
  header: titleSlots.default(emptySlots),
  footer: titleSlots.default(emptySlots),
  lastFooter: titleSlots.default(emptySlots),
  textSize: z
    .number({ message: VALIDATION.notANumber })
    .finite({ message: VALIDATION.notANumber })
    .min(PRINT_LIMITS.textSizeMin, { message: VALIDATION.outOfRange })
    .max(PRINT_LIMITS.textSizeMax, { message: VALIDATION.outOfRange })
    .default(9),
  /** Off: `{date}` and the like print as written. */
  dynamicValues: z.boolean().default(true),
});
export type PrintTitlesInput = z.infer<typeof printTitles>;

const millimetres = z.number({ message: VALIDATION.notANumber }).finite({ message: VALIDATION.notANumber });

const presetSheet = {
  name: requiredText,
  sheetHeightMm: millimetres
    .min(LIMITS.sheetMinHeightMm, { message: VALIDATION.sheetHeightMin })
    .max(PRINT_LIMITS.sheetMaxMm, { message: VALIDATION.outOfRange }),
  sheetWidthMm: millimetres
    .min(LIMITS.sheetMinWidthMm, { message: VALIDATION.sheetWidthMin })
    .max(PRINT_LIMITS.sheetMaxMm, { message: VALIDATION.outOfRange }),
  marginMm: millimetres
    .min(LIMITS.marginMinMm, { message: VALIDATION.marginMin })
    .max(PRINT_LIMITS.marginMaxMm, { message: VALIDATION.outOfRange }),
};
/** entities "Print format preset" with the validation rules limits: height ≥ 210 mm, width ≥ 297 mm, margin ≥ 0. */
export const printPresetFields = z.object({
  ...presetSheet,
  titles: printTitles.default(printTitles.parse({})),
});
export type PrintPresetFields = z.infer<typeof printPresetFields>;

/** Presets belong to the user and the space; the spec's paths reach them under a version, which is optional here. */
const presetScope = z.object({ spaceId: id, versionId: id.optional() });
export const printPresetsInput = presetScope;
export const createPrintPresetInput = printPresetFields.extend(presetScope.shape);
/** Fields left out keep their values (no defaults here, unlike creation). */
export const updatePrintPresetInput = z
  .object({ ...presetSheet, titles: printTitles })
  .partial()
  .extend({ ...presetScope.shape, presetId: id, revision: z.number().int() });
export const printPresetInput = presetScope.extend({ presetId: id });

export const PLAN_KIND_FLAGS = z.object({
  plan: z.boolean(),
  approved_plan: z.boolean(),
  fact: z.boolean(),
});
export type PlanKindFlags = z.infer<typeof PLAN_KIND_FLAGS>;
export const DEFAULT_PRINT_KINDS: PlanKindFlags = { plan: true, approved_plan: false, fact: false };

/** entities "Print scaling": fit time on sheet, or a start and a finish date. */
export const printScaling = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('fit') }),
    z.object({ kind: z.literal('range'), start: dayDate, finish: dayDate }),
  ])
  .refine((s) => s.kind === 'fit' || s.finish >= s.start, {
    message: VALIDATION.outOfRange,
    path: ['finish'],
  });
export type PrintScalingInput = z.infer<typeof printScaling>;

const printColumns = z.array(z.enum(PRINT_COLUMNS)).max(PRINT_COLUMNS.length);

/** The user's print settings of a schedule (print-settings get/create/update, reached under a version). */
export const printSettingsFields = z.object({
  presetId: id.nullable(),
  scaling: printScaling,
  columns: printColumns,
  kinds: PLAN_KIND_FLAGS,
});
export type PrintSettingsFields = z.infer<typeof printSettingsFields>;
export const printSettingsInput = versionInput;
export const createPrintSettingsInput = printSettingsFields.extend(versionInput.shape);
export const updatePrintSettingsInput = printSettingsFields
  .partial()
  .extend({ ...versionInput.shape, revision: z.number().int() });

/**
 * A print job (print, preview, print/count). Fields left out come from the user's saved print settings of
 * the schedule, then from the defaults; without a preset the built-in A3 landscape format is used.
 */
export const printJobInput = versionInput.extend({
  presetId: id.nullable().optional(),
  scaling: printScaling.optional(),
  columns: printColumns.optional(),
  kinds: PLAN_KIND_FLAGS.optional(),
  language: z.enum(['ru', 'en', 'fr']).optional(),
  /**
   * How the reader's locale starts (1 = Monday … 7 = Sunday) and numbers weeks (days of a new year its
   * first week holds): the week scale prints as the screen shows it. ISO 8601 when left out.
   */
  week: z
    .object({
      firstDay: z
        .number()
        .int()
        .min(1, { message: VALIDATION.outOfRange })
        .max(7, { message: VALIDATION.outOfRange }),
      minimalDays: z
        .number()
        .int()
        .min(1, { message: VALIDATION.outOfRange })
        .max(7, { message: VALIDATION.outOfRange }),
    })
    .optional(),
});
export const printPreviewInput = printJobInput.extend({
  pages: z
    .number()
    .int()
    .min(1, { message: VALIDATION.outOfRange })
    .max(PRINT_LIMITS.previewMaxPages, { message: VALIDATION.outOfRange })
    .default(1),
});

// ── cyclogram ─────────────────────────────────────────────────────────────────────────────────
export const CYCLOGRAM_LIMITS = {
  maxLevel: 20,
  maxBufferDays: 365,
  tradeMaxLength: 255,
  /** Clashes listed in a reply (the earliest first); the reply counts them all. */
  clashesListed: 500,
} as const;

/** Locations (sections, floors, grips) come from a WBS level (1 = the top) or from an attribute's values. */
export const cyclogramLocationSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('wbs'), level: z.number().int().min(1).max(CYCLOGRAM_LIMITS.maxLevel) }),
  z.object({ kind: z.literal('attribute'), attributeId: id }),
]);
export type CyclogramLocationSource = z.infer<typeof cyclogramLocationSource>;
/**
 * Trades are the works' names (the same work repeated per location), their WBS group at a level (e.g. "Frame"
 * under each storey; a work at that level is its own trade) or an attribute's values.
 */
export const cyclogramTradeSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('name') }),
  z.object({ kind: z.literal('wbs'), level: z.number().int().min(1).max(CYCLOGRAM_LIMITS.maxLevel) }),
  z.object({ kind: z.literal('attribute'), attributeId: id }),
]);
export type CyclogramTradeSource = z.infer<typeof cyclogramTradeSource>;

const bufferDays = z
  .number()
  .int()
  .min(0, { message: VALIDATION.outOfRange })
  .max(CYCLOGRAM_LIMITS.maxBufferDays, { message: VALIDATION.outOfRange });

/** GET cyclogram: the saved settings, or the ones given here for this read. */
export const cyclogramInput = versionInput.extend({
  locations: cyclogramLocationSource.optional(),
  trades: cyclogramTradeSource.optional(),
  bufferDays: bufferDays.optional(),
});
/** POST cyclogram: saves the user's settings of the schedule (`revision` null creates them). */
export const saveCyclogramInput = versionInput.extend({
  locations: cyclogramLocationSource,
  trades: cyclogramTradeSource,
  bufferDays: bufferDays.default(0),
  revision: z.number().int().nullable(),
});
export const cyclogramColorsInput = versionInput;
/** POST cyclogram/color: a trade's colour (0xRRGGBB); null returns it to the palette. */
export const setCyclogramColorInput = versionInput.extend({
  trade: z.string().trim().min(1, { message: VALIDATION.required }).max(CYCLOGRAM_LIMITS.tradeMaxLength),
  color: z.number().int().min(0).max(0xffffff).nullable(),
});

// ── printed cells ─────────────────────────────────────────────────────────────────────────────
/** Column widths on paper before the grid is fitted into at most half of the sheet. */
export const PRINT_COLUMN_WIDTH_MM: Record<PrintColumn, number> = {
  code: 18,
  name: 70,
  type: 24,
  start: 20,
  finish: 20,
  duration: 16,
  progress: 14,
  volume: 18,
  unit: 12,
  approvedStart: 20,
  approvedFinish: 20,
  factStart: 20,
  factFinish: 20,
  status: 22,
  earlyStart: 20,
  earlyFinish: 20,
  lateStart: 20,
  lateFinish: 20,
  totalFloat: 16,
  freeFloat: 16,
  critical: 16,
  approvedDuration: 22,
  startVariance: 22,
  finishVariance: 22,
  durationVariance: 22,
  labour: 22,
  cost: 26,
};
export const PRINT_RIGHT_ALIGNED: ReadonlySet<PrintColumn> = new Set([
  'duration',
  'progress',
  'volume',
  'totalFloat',
  'freeFloat',
  ...PRINT_VARIANCE_COLUMNS,
  'labour',
  'cost',
]);

/** What a printed cell is read from: the version's columns in WBS order, the approved plan beside them. */
export interface PrintCellSource {
  works: WorkColumnArrays;
  strings: readonly string[];
  approvedStart: Int32Array;
  approvedFinish: Int32Array;
  /** WBS depth of each row (names are indented by it). */
  depth: Int32Array;
  /** The approved-plan comparison in working days, NaN where a date is missing; absent: printed empty. */
  variances?: Readonly<Record<PrintVarianceColumn, ArrayLike<number>>>;
  /**
   * The planned labour and cost of each row's assignments, a summary's summed from the works under it
   * (docs/product-rules.md, "Summary roll-ups"); 0 where none. Absent: printed empty.
   */
  resources?: Readonly<Record<'labour' | 'cost', ArrayLike<number>>>;
}

export interface PrintCellFormat {
  /** Hours of a working day, for durations and floats in days. */
  hoursPerDay: number;
  /** A message id of the catalogs in the print's language (types, statuses, the critical mark). */
  translate: (id: string) => string;
  number: (value: number) => string;
  /** DD.MM.YYYY of engine minutes (>= 0). */
  date: (minutes: number) => string;
}

/** The columns that show a date of the works, by the works' column of that date. */
const DATE_COLUMNS = {
  start: 'planStart',
  finish: 'planFinish',
  factStart: 'factStart',
  factFinish: 'factFinish',
  earlyStart: 'earlyStart',
  earlyFinish: 'earlyFinish',
  lateStart: 'lateStart',
  lateFinish: 'lateFinish',
} as const satisfies Partial<Record<PrintColumn, keyof WorkColumnArrays>>;
const isDateColumn = (column: PrintColumn): column is keyof typeof DATE_COLUMNS => column in DATE_COLUMNS;

/**
 * The text of one printed cell — the same on paper (server PDF) and in the dialog's preview (browser),
 * as the WBS grid shows it: dates DD.MM.YYYY, durations and floats in working days, progress in percent.
 */
export function printCellText(
  column: PrintColumn,
  row: number,
  source: PrintCellSource,
  format: PrintCellFormat,
): string {
  const w = source.works;
  const text = (index: number) => (index >= 0 ? (source.strings[index] ?? '') : '');
  const date = (minutes: number) => (minutes >= 0 ? format.date(minutes) : '');
  const days = (minutes: number) => format.number(minutes / 60 / format.hoursPerDay);
  const calculated = w.earlyStart[row]! >= 0;
  if (isDateColumn(column)) return date(w[DATE_COLUMNS[column]][row]!);
  switch (column) {
    case 'code':
      return text(w.code[row]!);
    case 'name':
      return `${'   '.repeat(source.depth[row] ?? 0)}${text(w.name[row]!)}`;
    case 'type':
      return format.translate(`work_type.${WORK_TYPES[w.type[row]!] ?? 'task'}`);
    case 'duration':
      return days(w.durationMinutes[row]!);
    case 'progress':
      return `${format.number(w.progress[row]!)} %`;
    case 'volume':
      return Number.isNaN(w.planVolume[row]!) ? '' : format.number(w.planVolume[row]!);
    case 'unit':
      return text(w.unit[row]!);
    case 'approvedStart':
      return date(source.approvedStart[row]!);
    case 'approvedFinish':
      return date(source.approvedFinish[row]!);
    case 'status':
      return format.translate(`work_status.${WORK_STATUSES[w.status[row]!] ?? 'not_started'}`);
    case 'totalFloat':
      return calculated ? days(w.totalFloat[row]!) : '';
    case 'freeFloat':
      return calculated ? days(w.freeFloat[row]!) : '';
    case 'critical':
      return w.critical[row] ? format.translate('grid.critical_mark') : '';
    case 'approvedDuration': {
      const days = source.variances?.approvedDuration[row];
      return days === undefined || Number.isNaN(days) ? '' : format.number(days);
    }
    case 'startVariance':
    case 'finishVariance':
    case 'durationVariance': {
      // Signed as the grid shows it: a slip "+2", a gain "-1", on time "0".
      const days = source.variances?.[column][row];
      if (days === undefined || Number.isNaN(days)) return '';
      const rounded = Math.round(days * 100) / 100;
      return rounded > 0 ? `+${format.number(rounded)}` : format.number(rounded === 0 ? 0 : rounded);
    }
    case 'labour':
    case 'cost': {
      // As the grid shows them: nothing where a row has none.
      const amount = source.resources?.[column][row];
      return amount ? format.number(amount) : '';
    }
  }
}

/** The printed grid columns of a print job (titles in its language): the same on paper and in the preview. */
export function printedColumns(
  keys: readonly PrintColumn[],
  source: PrintCellSource,
  format: PrintCellFormat,
): { title: string; widthMm: number; value: (row: number) => string; align: 'left' | 'right' }[] {
  return keys.map((key) => ({
    title: format.translate(`grid.col.${key}`),
    widthMm: PRINT_COLUMN_WIDTH_MM[key],
    value: (row: number) => printCellText(key, row, source, format),
    align: PRINT_RIGHT_ALIGNED.has(key) ? 'right' : 'left',
  }));
}

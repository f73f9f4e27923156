import { dateFormat, MINUTES_PER_DAY } from './dates.js';
import type { TimeScale } from './scale.js';

/** Sheet limits of validation rules / limits (kept equal to `LIMITS` in @takt/contracts, which gantt may not import). */
export const SHEET_MIN_HEIGHT_MM = 210;
export const SHEET_MIN_WIDTH_MM = 297;
export const SHEET_MIN_MARGIN_MM = 0;

/** Message ids of the spec's validation texts (the i18n catalogs hold their wording). */
export const PRINT_MESSAGES = {
  sheetHeightMin: 'validation.sheet_height_min',
  sheetWidthMin: 'validation.sheet_width_min',
  marginMin: 'validation.margin_min',
  presetNameTaken: 'validation.preset_name_taken',
} as const;

export interface TitleSlots {
  readonly left?: string;
  readonly center?: string;
  readonly right?: string;
}

/** Spec entities "Titles": special first-page header, default header and footer, special last-page footer. */
export interface PrintTitles {
  readonly firstHeader?: TitleSlots;
  readonly header?: TitleSlots;
  readonly footer?: TitleSlots;
  readonly lastFooter?: TitleSlots;
  /** Text size in points (default 9). */
  readonly textSize?: number;
}

/** entities "Print format preset". The margin applies to all four sides of the sheet. */
export interface PrintPreset {
  readonly name: string;
  readonly sheetHeightMm: number;
  readonly sheetWidthMm: number;
  readonly marginMm: number;
  readonly titles?: PrintTitles;
}

/** entities "Print scaling": fit the whole time span on the sheet, or a chosen start/finish range. */
export type PrintScaling =
  | { readonly kind: 'fit' }
  | { readonly kind: 'range'; readonly start: number; readonly finish: number };

export interface PrintIssue {
  readonly field: 'name' | 'sheetHeightMm' | 'sheetWidthMm' | 'marginMm';
  readonly message: (typeof PRINT_MESSAGES)[keyof typeof PRINT_MESSAGES];
}

/** validation rules: height ≥ 210 mm, width ≥ 297 mm, margin ≥ 0, name unique among `existingNames`. */
export function printPresetValidate(
  preset: PrintPreset,
  existingNames: readonly string[] = [],
): PrintIssue[] {
  const issues: PrintIssue[] = [];
  const name = preset.name.trim().toLowerCase();
  if (existingNames.some((other) => other.trim().toLowerCase() === name)) {
    issues.push({ field: 'name', message: PRINT_MESSAGES.presetNameTaken });
  }
  if (!(preset.sheetHeightMm >= SHEET_MIN_HEIGHT_MM)) {
    issues.push({ field: 'sheetHeightMm', message: PRINT_MESSAGES.sheetHeightMin });
  }
  if (!(preset.sheetWidthMm >= SHEET_MIN_WIDTH_MM)) {
    issues.push({ field: 'sheetWidthMm', message: PRINT_MESSAGES.sheetWidthMin });
  }
  if (!(preset.marginMm >= SHEET_MIN_MARGIN_MM)) {
    issues.push({ field: 'marginMm', message: PRINT_MESSAGES.marginMin });
  }
  return issues;
}

export class PrintPresetError extends Error {
  constructor(readonly issues: readonly PrintIssue[]) {
    super(`Invalid print preset: ${issues.map((issue) => issue.message).join(', ')}`);
    this.name = 'PrintPresetError';
  }
}

export interface PrintColumnSpec {
  readonly title: string;
  readonly widthMm: number;
}

export interface PrintInput {
  readonly preset: PrintPreset;
  readonly scaling: PrintScaling;
  readonly rowCount: number;
  readonly columns: readonly PrintColumnSpec[];
  /** The schedule's span, used by "fit time on sheet". */
  readonly projectStart: number;
  readonly projectFinish: number;
  readonly rowHeightMm?: number;
  /** Height of the two-tier time scale header repeated on every page. */
  readonly scaleHeaderHeightMm?: number;
}

export interface PrintPage {
  /** 0-based. */
  readonly index: number;
  /** Rows [firstRow, lastRow]; lastRow < firstRow for an empty schedule. */
  readonly firstRow: number;
  readonly lastRow: number;
  readonly header: TitleSlots | null;
  readonly footer: TitleSlots | null;
  /** Top of the repeated table header (column titles + time scale), from the sheet top. */
  readonly tableTopMm: number;
  /** Top of the first row. */
  readonly rowsTopMm: number;
}

/** Geometry of a print job, in millimetres from the sheet's top-left corner. */
export interface PrintLayout {
  readonly sheetWidthMm: number;
  readonly sheetHeightMm: number;
  readonly marginMm: number;
  readonly rowHeightMm: number;
  readonly scaleHeaderHeightMm: number;
  readonly titleHeightMm: number;
  readonly textSize: number;
  /** Column widths after fitting the grid into at most half of the sheet. */
  readonly columnWidthsMm: readonly number[];
  /** Size in points of the grid's cell texts: smaller when the columns were narrowed to fit. */
  readonly cellTextSize: number;
  readonly timelineLeftMm: number;
  readonly timelineWidthMm: number;
  /** Time axis of the timeline in millimetres (pxPerMinute is mm per minute here). */
  readonly scale: TimeScale;
  readonly timeStart: number;
  readonly timeFinish: number;
  readonly pages: readonly PrintPage[];
}

const MM_PER_POINT = 25.4 / 72;

function hasText(slots: TitleSlots | undefined): slots is TitleSlots {
  return !!slots && !!(slots.left || slots.center || slots.right);
}

/** Splits the rows into pages and fixes the geometry; throws PrintPresetError for an invalid preset. */
export function printLayout(input: PrintInput): PrintLayout {
  const { preset } = input;
  const issues = printPresetValidate(preset);
  if (issues.length > 0) throw new PrintPresetError(issues);
  const margin = preset.marginMm;
  const titles = preset.titles ?? {};
  const textSize = titles.textSize ?? 9;
  const titleHeightMm = textSize * MM_PER_POINT * 1.8;
  const rowHeightMm = input.rowHeightMm ?? 6;
  const scaleHeaderHeightMm = input.scaleHeaderHeightMm ?? 12;
  const contentWidth = preset.sheetWidthMm - 2 * margin;
  const gridRequested = input.columns.reduce((sum, column) => sum + column.widthMm, 0);
  const gridScale = gridRequested > contentWidth / 2 ? contentWidth / 2 / gridRequested : 1;
  const columnWidthsMm = input.columns.map((column) => column.widthMm * gridScale);
  const gridWidth = gridRequested * gridScale;
  const timelineWidthMm = contentWidth - gridWidth;

  let timeStart: number;
  let timeFinish: number;
  if (input.scaling.kind === 'range') {
    timeStart = input.scaling.start;
    timeFinish = Math.max(input.scaling.finish, timeStart + MINUTES_PER_DAY);
  } else {
    // Fit: the project span plus a day on each side so the first and last bars do not touch the edges.
    timeStart = Math.floor(input.projectStart / MINUTES_PER_DAY - 1) * MINUTES_PER_DAY;
    timeFinish = Math.max(
      Math.ceil(input.projectFinish / MINUTES_PER_DAY + 1) * MINUTES_PER_DAY,
      timeStart + 2 * MINUTES_PER_DAY,
    );
  }
  const scale = { start: timeStart, pxPerMinute: timelineWidthMm / (timeFinish - timeStart) };

  const header = hasText(titles.header) ? titles.header : null;
  const firstHeader = hasText(titles.firstHeader) ? titles.firstHeader : header;
  const footer = hasText(titles.footer) ? titles.footer : null;
  const lastFooter = hasText(titles.lastFooter) ? titles.lastFooter : footer;
  const capacity = (top: TitleSlots | null, bottom: TitleSlots | null) => {
    const body =
      preset.sheetHeightMm -
      2 * margin -
      scaleHeaderHeightMm -
      (top ? titleHeightMm : 0) -
      (bottom ? titleHeightMm : 0);
    return Math.max(1, Math.floor(body / rowHeightMm + 1e-9));
  };

  const pages: PrintPage[] = [];
  let row = 0;
  for (;;) {
    const index = pages.length;
    const top = index === 0 ? firstHeader : header;
    const remaining = input.rowCount - row;
    const tableTopMm = margin + (top ? titleHeightMm : 0);
    const page = (rows: number, bottom: TitleSlots | null): PrintPage => ({
      index,
      firstRow: row,
      lastRow: row + rows - 1,
      header: top,
      footer: bottom,
      tableTopMm,
      rowsTopMm: tableTopMm + scaleHeaderHeightMm,
    });
    if (remaining <= capacity(top, lastFooter)) {
      pages.push(page(remaining, lastFooter));
      break;
    }
    // Not the last page: leave at least one row for the last page and its special footer.
    const rows = Math.min(capacity(top, footer), remaining - 1);
    pages.push(page(rows, footer));
    row += rows;
  }
  return {
    sheetWidthMm: preset.sheetWidthMm,
    sheetHeightMm: preset.sheetHeightMm,
    marginMm: margin,
    rowHeightMm,
    scaleHeaderHeightMm,
    titleHeightMm,
    textSize,
    columnWidthsMm,
    cellTextSize: Math.min(8, (rowHeightMm / MM_PER_POINT) * 0.45) * Math.max(0.7, gridScale),
    timelineLeftMm: margin + gridWidth,
    timelineWidthMm,
    scale,
    timeStart,
    timeFinish,
    pages,
  };
}

/** Page count before printing (spec: print/count). */
export function printPageCount(input: PrintInput): number {
  return printLayout(input).pages.length;
}

export interface TitleValues {
  /** "Now" of the print job, passed in (engine minutes). */
  readonly date: number;
  readonly page: number;
  readonly pages: number;
  readonly schedule: string;
  readonly version?: string;
  readonly project?: string;
}

/** Fills the dynamic values {date}, {page}, {pages}, {schedule}, {version} and {project} of a title text. */
export function printTitleText(template: string, values: TitleValues): string {
  return template.replace(/\{(date|page|pages|schedule|version|project)\}/g, (_, key: keyof TitleValues) =>
    key === 'date' ? dateFormat(values.date) : String(values[key] ?? ''),
  );
}

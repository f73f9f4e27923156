import type { Calendar } from '@takt/engine';
import type { WeekRule } from './dates.js';
import { type GanttLayout, ganttLayout, type PlanKinds } from './layout.js';
import { type GanttLinkRoute, ganttLinkRoutes } from './links.js';
import type { GanttLanguage } from './locale.js';
import {
  type PrintColumnSpec,
  type PrintInput,
  type PrintLayout,
  type PrintPage,
  type PrintPreset,
  type PrintScaling,
  printLayout,
  printTitleText,
  type TitleSlots,
} from './pages.js';
import { scaleHeader, scaleNonWorkingBands, type TimeScale } from './scale.js';
import { shapeArrow, shapeConstraint, shapeDiamond, shapeSummary } from './shapes.js';
import { type GanttSnapshot, snapshotTimeRange } from './snapshot.js';
import { GANTT_THEME_PRINT, type GanttTheme } from './theme.js';

/**
 * A printed sheet of the schedule — titles, grid columns, the time scale and the timeline of the rows of
 * one page — drawn in points onto a small drawing surface. The server's PDF writer (pdfkit) and the
 * browser's print preview (a 2D canvas) are two such surfaces, so the preview is the page the PDF prints.
 */
export const PT_PER_MM = 72 / 25.4;
/** Height of a grid row and of the two-tier time scale header on paper. */
const ROW_HEIGHT_MM = 6;
const SCALE_HEADER_MM = 10;

export interface PrintSheetColumn extends PrintColumnSpec {
  /** Cell text of a grid row. */
  readonly value: (row: number) => string;
  readonly align?: 'left' | 'right' | 'center';
}

export interface PrintSheetInput {
  readonly snapshot: GanttSnapshot;
  readonly preset: PrintPreset;
  readonly scaling: PrintScaling;
  readonly columns: readonly PrintSheetColumn[];
  readonly language: GanttLanguage;
  /** How weeks start and are numbered in the reader's locale (ISO 8601 when not given). */
  readonly week?: WeekRule;
  /** {schedule} in titles and the document title. */
  readonly scheduleName: string;
  /** {version} and {project} in titles. */
  readonly versionName?: string;
  readonly projectName?: string;
  /** False prints title texts as written, without filling {date} and the like (default true). */
  readonly dynamicTitles?: boolean;
  /** {date} in titles: the print job's "now", passed in (engine minutes). */
  readonly printedAt: number;
  readonly today?: number;
  readonly dataDate?: number;
  /** Shades non-working time when the printed scale is at day or week level. */
  readonly calendar?: Calendar;
  readonly kinds?: PlanKinds;
  readonly rowHeightMm?: number;
  readonly theme?: GanttTheme;
}

/** The page-splitting input of a print (the same numbers give the page count before printing). */
export function printSheetPageInput(input: PrintSheetInput): PrintInput {
  const range = snapshotTimeRange(input.snapshot) ?? { start: input.printedAt, finish: input.printedAt };
  return {
    preset: input.preset,
    scaling: input.scaling,
    rowCount: input.snapshot.rowCount,
    columns: input.columns,
    projectStart: range.start,
    projectFinish: range.finish,
    rowHeightMm: input.rowHeightMm ?? ROW_HEIGHT_MM,
    scaleHeaderHeightMm: SCALE_HEADER_MM,
  };
}

/** The sheets of a print: scale, column widths and the rows of each page. */
export function printSheetLayout(input: PrintSheetInput): PrintLayout {
  return printLayout(printSheetPageInput(input));
}

export interface PrintTextStyle {
  readonly size: number;
  readonly color: number;
  readonly bold?: boolean;
}

/** What the sheet painter draws with; coordinates in points from the sheet's top left. */
export interface PrintSurface {
  /** Width of a text in points. */
  measure(text: string, size: number, bold: boolean): number;
  /** A text on one line, its top at `y`. */
  text(text: string, x: number, y: number, style: PrintTextStyle): void;
  fillRect(x: number, y: number, width: number, height: number, color: number): void;
  /** A closed polygon of points x0, y0, x1, y1, … */
  fillPolygon(points: readonly number[], color: number): void;
  /** An open line through points x0, y0, x1, y1, …; `dash` is [on, off]. */
  stroke(points: readonly number[], width: number, color: number, dash?: readonly [number, number]): void;
  /** Clips to the rectangle and moves the origin to (originX, originY), until `restore`. */
  clip(x: number, y: number, width: number, height: number, originX: number, originY: number): void;
  restore(): void;
}

/** Draws the pages of one print onto a surface. */
export class PrintSheetPainter {
  private readonly theme: GanttTheme;
  private readonly scale: TimeScale;
  private readonly rowHeight: number;
  private readonly timelineLeft: number;
  private readonly timelineWidth: number;

  constructor(
    private readonly surface: PrintSurface,
    private readonly input: PrintSheetInput,
    private readonly print: PrintLayout,
  ) {
    this.theme = input.theme ?? GANTT_THEME_PRINT;
    this.scale = { start: print.scale.start, pxPerMinute: print.scale.pxPerMinute * PT_PER_MM };
    this.rowHeight = print.rowHeightMm * PT_PER_MM;
    this.timelineLeft = print.timelineLeftMm * PT_PER_MM;
    this.timelineWidth = print.timelineWidthMm * PT_PER_MM;
  }

  page(page: PrintPage): void {
    const { surface, print, theme } = this;
    const margin = print.marginMm * PT_PER_MM;
    const titleHeight = print.titleHeightMm * PT_PER_MM;
    if (page.header) this.titles(page, page.header, margin);
    if (page.footer) this.titles(page, page.footer, print.sheetHeightMm * PT_PER_MM - margin - titleHeight);
    const tableTop = page.tableTopMm * PT_PER_MM;
    const rowsTop = page.rowsTopMm * PT_PER_MM;
    const bodyHeight = Math.max(0, page.lastRow - page.firstRow + 1) * this.rowHeight;
    this.gridHeader(tableTop, rowsTop - tableTop);
    this.gridRows(page, rowsTop, bodyHeight);
    this.timeline(page, tableTop, rowsTop, bodyHeight);
    // Frame: outer border, the line between grid and timeline, the line under the headers.
    const right = margin + (print.sheetWidthMm - 2 * print.marginMm) * PT_PER_MM;
    const bottom = rowsTop + bodyHeight;
    surface.stroke(
      [margin, tableTop, right, tableTop, right, bottom, margin, bottom, margin, tableTop],
      0.6,
      theme.gridLine,
    );
    surface.stroke([this.timelineLeft, tableTop, this.timelineLeft, bottom], 0.6, theme.gridLine);
    surface.stroke([margin, rowsTop, right, rowsTop], 0.6, theme.gridLine);
  }

  /** The text, cut with an ellipsis to `width`, aligned inside [x, x + width]. */
  private text(
    text: string,
    x: number,
    y: number,
    width: number,
    style: PrintTextStyle & { align?: 'left' | 'right' | 'center' },
  ): void {
    const bold = style.bold ?? false;
    const measure = (value: string) => this.surface.measure(value, style.size, bold);
    let fitted = text;
    if (measure(text) > width) {
      let low = 0;
      let high = text.length;
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (measure(`${text.slice(0, middle)}…`) <= width) low = middle;
        else high = middle - 1;
      }
      fitted = low === 0 ? '' : `${text.slice(0, low)}…`;
    }
    if (fitted === '') return;
    const align = style.align ?? 'left';
    const left = align === 'left' ? x : x + (width - measure(fitted)) / (align === 'right' ? 1 : 2);
    this.surface.text(fitted, left, y, style);
  }

  private titles(page: PrintPage, slots: TitleSlots, y: number): void {
    const { print, input } = this;
    const margin = print.marginMm * PT_PER_MM;
    const width = (print.sheetWidthMm - 2 * print.marginMm) * PT_PER_MM;
    const values = {
      date: input.printedAt,
      page: page.index + 1,
      pages: print.pages.length,
      schedule: input.scheduleName,
      version: input.versionName,
      project: input.projectName,
    };
    const dynamic = input.dynamicTitles !== false;
    const size = print.textSize;
    const top = y + (print.titleHeightMm * PT_PER_MM - size * 1.2) / 2;
    for (const [align, text] of [
      ['left', slots.left],
      ['center', slots.center],
      ['right', slots.right],
    ] as const) {
      if (!text) continue;
      this.text(dynamic ? printTitleText(text, values) : text, margin, top, width, {
        size,
        color: this.theme.text,
        align,
      });
    }
  }

  private gridHeader(top: number, height: number): void {
    const { surface, print, theme } = this;
    let x = print.marginMm * PT_PER_MM;
    surface.fillRect(x, top, this.timelineLeft + this.timelineWidth - x, height, theme.headerBackground);
    this.input.columns.forEach((column, i) => {
      const width = print.columnWidthsMm[i]! * PT_PER_MM;
      // A narrow column's title gets a smaller type (down to 5 pt) before its longest word is cut.
      const longest = column.title.split(' ').reduce((a, b) => (b.length > a.length ? b : a), '');
      let size = 7;
      while (size > 5 && surface.measure(longest, size, true) > width - 6) size -= 0.5;
      const lines = this.wrapTwoLines(column.title, width - 6, size);
      const lineHeight = size * 1.2;
      lines.forEach((line, k) => {
        this.text(line, x + 3, top + (height - lines.length * lineHeight) / 2 + k * lineHeight, width - 6, {
          size,
          color: theme.headerText,
          bold: true,
          align: column.align ?? 'left',
        });
      });
      x += width;
      surface.stroke([x, top, x, top + height], 0.4, theme.gridLine);
    });
  }

  /** A column title on one line, or broken at a space onto two when it is too wide (the second may be cut). */
  private wrapTwoLines(text: string, width: number, size: number): string[] {
    const measure = (value: string) => this.surface.measure(value, size, true);
    if (measure(text) <= width) return [text];
    const words = text.split(' ');
    let first = words[0]!;
    let k = 1;
    while (k < words.length && measure(`${first} ${words[k]}`) <= width) first += ` ${words[k++]}`;
    return k < words.length ? [first, words.slice(k).join(' ')] : [text];
  }

  private gridRows(page: PrintPage, rowsTop: number, bodyHeight: number): void {
    const { surface, print, theme } = this;
    const size = print.cellTextSize;
    const left = print.marginMm * PT_PER_MM;
    const right = this.timelineLeft + this.timelineWidth;
    for (let row = page.firstRow; row <= page.lastRow; row++) {
      const y = rowsTop + (row - page.firstRow) * this.rowHeight;
      if (row % 2 === 1) surface.fillRect(left, y, right - left, this.rowHeight, theme.rowStripe);
      let x = left;
      this.input.columns.forEach((column, i) => {
        const width = print.columnWidthsMm[i]! * PT_PER_MM;
        this.text(column.value(row), x + 2, y + (this.rowHeight - size * 1.2) / 2, width - 4, {
          size,
          color: theme.text,
          align: column.align ?? 'left',
        });
        x += width;
      });
      surface.stroke([left, y + this.rowHeight, right, y + this.rowHeight], 0.3, theme.rowLine);
    }
    let x = left;
    for (const width of print.columnWidthsMm) {
      x += width * PT_PER_MM;
      surface.stroke([x, rowsTop, x, rowsTop + bodyHeight], 0.4, theme.gridLine);
    }
  }

  private timeline(page: PrintPage, tableTop: number, rowsTop: number, bodyHeight: number): void {
    const { surface, theme, scale, input } = this;
    const width = this.timelineWidth;
    const headerHeight = rowsTop - tableTop;
    const size = 6.5;
    const measureText = (text: string, fontSize: number) => surface.measure(text, fontSize, false);
    const header = scaleHeader(scale, width, {
      language: input.language,
      fontSize: size,
      measureText,
      ...(input.week ? { week: input.week } : {}),
    });
    surface.clip(this.timelineLeft, tableTop, width, headerHeight, this.timelineLeft, 0);
    const tierHeight = headerHeight / 2;
    for (const [ticks, top] of [
      [header.upper, tableTop],
      [header.lower, tableTop + tierHeight],
    ] as const) {
      for (const tick of ticks) {
        surface.stroke([tick.x0, top, tick.x0, top + tierHeight], 0.4, theme.gridLine);
        if (tick.label) {
          this.text(tick.label, tick.labelX, top + (tierHeight - size * 1.2) / 2, tick.x1 - tick.labelX, {
            size,
            color: theme.headerText,
          });
        }
      }
    }
    surface.stroke([0, tableTop + tierHeight, width, tableTop + tierHeight], 0.4, theme.gridLine);
    surface.restore();
    // The body is clipped on its own so links from rows on other pages stop at the header: non-working
    // time, vertical lines at the lower ticks, then the schedule.
    surface.clip(this.timelineLeft, rowsTop, width, bodyHeight, this.timelineLeft, rowsTop);
    if (input.calendar) {
      for (const band of scaleNonWorkingBands(scale, width, input.calendar))
        surface.fillRect(band.x0, 0, band.x1 - band.x0, bodyHeight, theme.nonWorking);
    }
    for (const tick of header.lower) surface.stroke([tick.x0, 0, tick.x0, bodyHeight], 0.3, theme.rowLine);
    const viewport = {
      width,
      height: bodyHeight,
      scrollTop: page.firstRow * this.rowHeight,
      rowHeight: this.rowHeight,
    };
    const layout = ganttLayout(input.snapshot, scale, viewport, {
      kinds: input.kinds,
      today: input.today,
      dataDate: input.dataDate,
      marginRows: 0,
      marginPx: 0,
      fontSize: 6,
      measureText,
    });
    this.schedule(layout, ganttLinkRoutes(input.snapshot, scale, layout, { marginPx: 0 }), bodyHeight);
    surface.restore();
  }

  private schedule(layout: GanttLayout, routes: GanttLinkRoute[], bodyHeight: number): void {
    const { surface, theme } = this;
    for (const tail of layout.floatTails) {
      surface.stroke([tail.x0, tail.y, tail.x1, tail.y], 0.6, theme.floatTail);
      surface.stroke([tail.x1, tail.y - 2, tail.x1, tail.y + 2], 0.6, theme.floatTail);
    }
    const kindColor = (kind: string, critical: boolean, plan: number) =>
      kind === 'approved_plan'
        ? theme.baseline
        : kind === 'fact'
          ? theme.fact
          : critical
            ? theme.critical
            : plan;
    for (const bar of layout.bars)
      surface.fillRect(bar.x, bar.y, bar.width, bar.height, kindColor(bar.kind, bar.critical, theme.plan));
    for (const progress of layout.progress) {
      const critical = layout.bars.some((bar) => bar.work === progress.work && bar.critical);
      surface.fillRect(
        progress.x,
        progress.y + progress.height * 0.3,
        progress.width,
        progress.height * 0.4,
        critical ? theme.criticalProgress : theme.planProgress,
      );
    }
    for (const summary of layout.summaries)
      surface.fillPolygon(shapeSummary(summary), summary.critical ? theme.critical : theme.summary);
    for (const milestone of layout.milestones)
      surface.fillPolygon(
        shapeDiamond(milestone),
        kindColor(milestone.kind, milestone.critical, theme.milestone),
      );
    for (const marker of layout.constraints)
      for (const polygon of shapeConstraint(marker)) surface.fillPolygon(polygon, theme.constraint);
    for (const route of routes) {
      const color = route.critical ? theme.linkDriving : theme.link;
      surface.stroke(route.points, route.driving ? 0.8 : 0.5, color);
      surface.fillPolygon(shapeArrow(route, 3), color);
    }
    for (const label of layout.labels)
      surface.text(label.text, label.x, label.y - label.fontSize * 0.6, {
        size: label.fontSize,
        color: theme.text,
      });
    for (const line of layout.lines) {
      const color =
        line.kind === 'today' ? theme.today : line.kind === 'cursor' ? theme.cursor : theme.dataDate;
      surface.stroke(
        [line.x, 0, line.x, bodyHeight],
        0.8,
        color,
        line.kind === 'data_date' ? [3, 2] : undefined,
      );
    }
  }
}

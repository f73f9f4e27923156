import { createRequire } from 'node:module';
import type { Calendar } from '@takt/engine';
import PDFDocument from 'pdfkit';
import { type GanttLayout, ganttLayout, type PlanKinds } from '../layout.js';
import { type GanttLinkRoute, ganttLinkRoutes } from '../links.js';
import type { GanttLanguage } from '../locale.js';
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
} from '../pages.js';
import { scaleHeader, scaleNonWorkingBands, type TimeScale } from '../scale.js';
import { shapeArrow, shapeConstraint, shapeDiamond, shapeSummary } from '../shapes.js';
import { type GanttSnapshot, snapshotTimeRange } from '../snapshot.js';
import { GANTT_THEME_PRINT, type GanttTheme, themeHex } from '../theme.js';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const PT_PER_MM = 72 / 25.4;

export interface GanttPdfColumn extends PrintColumnSpec {
  /** Cell text of a grid row. */
  readonly value: (row: number) => string;
  readonly align?: 'left' | 'right' | 'center';
}

export interface GanttPdfInput {
  readonly snapshot: GanttSnapshot;
  readonly preset: PrintPreset;
  readonly scaling: PrintScaling;
  readonly columns: readonly GanttPdfColumn[];
  readonly language: GanttLanguage;
  /** {schedule} in titles and the document title. */
  readonly scheduleName: string;
  /** {version} and {project} in titles. */
  readonly versionName?: string;
  readonly projectName?: string;
  /** False prints title texts as written, without filling {date} and the like (default true). */
  readonly dynamicTitles?: boolean;
  /** Writes only the first pages (a preview); {pages} still counts the whole job. */
  readonly maxPages?: number;
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

/** The page-splitting input of a PDF job (the same numbers give the page count before printing). */
export function ganttPdfPrintInput(input: GanttPdfInput): PrintInput {
  const range = snapshotTimeRange(input.snapshot) ?? { start: input.printedAt, finish: input.printedAt };
  return {
    preset: input.preset,
    scaling: input.scaling,
    rowCount: input.snapshot.rowCount,
    columns: input.columns,
    projectStart: range.start,
    projectFinish: range.finish,
    rowHeightMm: input.rowHeightMm ?? 6,
    scaleHeaderHeightMm: 10,
  };
}

export function ganttPdfPageCount(input: GanttPdfInput): number {
  return printLayout(ganttPdfPrintInput(input)).pages.length;
}

/** How long the writer may hold the event loop before it lets other work run (a big job takes seconds). */
const SLICE_MS = 25;

/**
 * Writes the schedule as a vector PDF: grid columns + timeline, repeated headers, titles, row page breaks.
 * Pages are written in slices of about 25 ms with the event loop free in between.
 */
export async function ganttPdf(input: GanttPdfInput): Promise<Buffer> {
  const print = printLayout(ganttPdfPrintInput(input));
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    compress: true,
    info: { Title: input.scheduleName, Producer: 'Takt' },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const writer = new PageWriter(doc, input, print);
  const pages = print.pages.slice(0, Math.max(1, input.maxPages ?? print.pages.length));
  let sliceStart = performance.now();
  for (const page of pages) {
    writer.page(page);
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  doc.end();
  return done;
}

class PageWriter {
  private readonly theme: GanttTheme;
  private readonly scale: TimeScale;
  private readonly rowHeight: number;
  private readonly timelineLeft: number;
  private readonly timelineWidth: number;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly input: GanttPdfInput,
    private readonly print: PrintLayout,
  ) {
    this.theme = input.theme ?? GANTT_THEME_PRINT;
    this.scale = { start: print.scale.start, pxPerMinute: print.scale.pxPerMinute * PT_PER_MM };
    this.rowHeight = print.rowHeightMm * PT_PER_MM;
    this.timelineLeft = print.timelineLeftMm * PT_PER_MM;
    this.timelineWidth = print.timelineWidthMm * PT_PER_MM;
  }

  page(page: PrintPage): void {
    const { doc, print } = this;
    doc.addPage({ size: [print.sheetWidthMm * PT_PER_MM, print.sheetHeightMm * PT_PER_MM], margin: 0 });
    const margin = print.marginMm * PT_PER_MM;
    const titleHeight = print.titleHeightMm * PT_PER_MM;
    if (page.header) this.titles(page, page.header, margin);
    if (page.footer) this.titles(page, page.footer, print.sheetHeightMm * PT_PER_MM - margin - titleHeight);
    const tableTop = page.tableTopMm * PT_PER_MM;
    const rowsTop = page.rowsTopMm * PT_PER_MM;
    const rows = Math.max(0, page.lastRow - page.firstRow + 1);
    const bodyHeight = rows * this.rowHeight;
    this.gridHeader(tableTop, rowsTop - tableTop);
    this.gridRows(page, rowsTop);
    this.timeline(page, tableTop, rowsTop, bodyHeight);
    // Frame: outer border and the line between grid and timeline.
    const left = margin;
    const width = (print.sheetWidthMm - 2 * print.marginMm) * PT_PER_MM;
    doc.lineWidth(0.6).strokeColor(themeHex(this.theme.gridLine));
    doc.rect(left, tableTop, width, rowsTop - tableTop + bodyHeight).stroke();
    doc
      .moveTo(this.timelineLeft, tableTop)
      .lineTo(this.timelineLeft, rowsTop + bodyHeight)
      .stroke();
    doc
      .moveTo(left, rowsTop)
      .lineTo(left + width, rowsTop)
      .stroke();
  }

  private text(
    text: string,
    x: number,
    y: number,
    width: number,
    options: { size: number; color: number; align?: 'left' | 'right' | 'center'; bold?: boolean },
  ): void {
    const { doc } = this;
    doc.font(options.bold ? 'bold' : 'regular').fontSize(options.size);
    const fitted = this.fit(text, width);
    if (fitted === '') return;
    doc.fillColor(themeHex(options.color)).text(fitted, x, y, {
      width,
      align: options.align ?? 'left',
      lineBreak: false,
    });
  }

  /** The text, cut with an ellipsis to `width` in the current font. */
  private fit(text: string, width: number): string {
    const { doc } = this;
    if (doc.widthOfString(text) <= width) return text;
    let low = 0;
    let high = text.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (doc.widthOfString(`${text.slice(0, middle)}…`) <= width) low = middle;
      else high = middle - 1;
    }
    return low === 0 ? '' : `${text.slice(0, low)}…`;
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
    const { doc, print, theme } = this;
    let x = print.marginMm * PT_PER_MM;
    const size = 7;
    doc
      .rect(x, top, this.timelineLeft + this.timelineWidth - x, height)
      .fill(themeHex(theme.headerBackground));
    this.input.columns.forEach((column, i) => {
      const width = print.columnWidthsMm[i]! * PT_PER_MM;
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
      doc.lineWidth(0.4).strokeColor(themeHex(theme.gridLine));
      doc
        .moveTo(x, top)
        .lineTo(x, top + height)
        .stroke();
    });
  }

  /** A column title on one line, or broken at a space onto two when it is too wide (the second may be cut). */
  private wrapTwoLines(text: string, width: number, size: number): string[] {
    const { doc } = this;
    doc.font('bold').fontSize(size);
    if (doc.widthOfString(text) <= width) return [text];
    const words = text.split(' ');
    let first = words[0]!;
    let k = 1;
    while (k < words.length && doc.widthOfString(`${first} ${words[k]}`) <= width) first += ` ${words[k++]}`;
    return k < words.length ? [first, words.slice(k).join(' ')] : [text];
  }

  private gridRows(page: PrintPage, rowsTop: number): void {
    const { doc, print, theme } = this;
    const size = print.cellTextSize;
    const left = print.marginMm * PT_PER_MM;
    const right = this.timelineLeft + this.timelineWidth;
    for (let row = page.firstRow; row <= page.lastRow; row++) {
      const y = rowsTop + (row - page.firstRow) * this.rowHeight;
      if (row % 2 === 1) doc.rect(left, y, right - left, this.rowHeight).fill(themeHex(theme.rowStripe));
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
      doc.lineWidth(0.3).strokeColor(themeHex(theme.rowLine));
      doc
        .moveTo(left, y + this.rowHeight)
        .lineTo(right, y + this.rowHeight)
        .stroke();
    }
    let x = left;
    doc.lineWidth(0.4).strokeColor(themeHex(theme.gridLine));
    for (const width of print.columnWidthsMm) {
      x += width * PT_PER_MM;
      doc
        .moveTo(x, rowsTop)
        .lineTo(x, rowsTop + (page.lastRow - page.firstRow + 1) * this.rowHeight)
        .stroke();
    }
  }

  private timeline(page: PrintPage, tableTop: number, rowsTop: number, bodyHeight: number): void {
    const { doc, theme, scale, input } = this;
    const width = this.timelineWidth;
    const headerHeight = rowsTop - tableTop;
    const size = 6.5;
    const header = scaleHeader(scale, width, {
      language: input.language,
      fontSize: size,
      measureText: (text, fontSize) => doc.font('regular').fontSize(fontSize).widthOfString(text),
    });
    doc.save();
    doc.rect(this.timelineLeft, tableTop, width, headerHeight).clip();
    doc.translate(this.timelineLeft, 0);
    const tierHeight = headerHeight / 2;
    for (const [ticks, top] of [
      [header.upper, tableTop],
      [header.lower, tableTop + tierHeight],
    ] as const) {
      for (const tick of ticks) {
        doc.lineWidth(0.4).strokeColor(themeHex(theme.gridLine));
        doc
          .moveTo(tick.x0, top)
          .lineTo(tick.x0, top + tierHeight)
          .stroke();
        if (tick.label) {
          this.text(tick.label, tick.labelX, top + (tierHeight - size * 1.2) / 2, tick.x1 - tick.labelX, {
            size,
            color: theme.headerText,
          });
        }
      }
    }
    doc
      .moveTo(0, tableTop + tierHeight)
      .lineTo(width, tableTop + tierHeight)
      .stroke();
    doc.restore();
    // The body is clipped on its own so links from rows on other pages stop at the header: non-working
    // time, vertical lines at the lower ticks, then the schedule.
    doc.save();
    doc.rect(this.timelineLeft, rowsTop, width, bodyHeight).clip();
    doc.translate(this.timelineLeft, rowsTop);
    if (input.calendar) {
      for (const band of scaleNonWorkingBands(scale, width, input.calendar)) {
        doc.rect(band.x0, 0, band.x1 - band.x0, bodyHeight).fill(themeHex(theme.nonWorking));
      }
    }
    doc.lineWidth(0.3).strokeColor(themeHex(theme.rowLine));
    for (const tick of header.lower) doc.moveTo(tick.x0, 0).lineTo(tick.x0, bodyHeight).stroke();
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
      measureText: (text, fontSize) => doc.font('regular').fontSize(fontSize).widthOfString(text),
    });
    this.schedule(layout, ganttLinkRoutes(input.snapshot, scale, layout, { marginPx: 0 }), bodyHeight);
    doc.restore();
  }

  private schedule(layout: GanttLayout, routes: GanttLinkRoute[], bodyHeight: number): void {
    const { doc, theme } = this;
    const fill = (points: number[], color: number) => {
      const pairs: number[][] = [];
      for (let i = 0; i < points.length; i += 2) pairs.push([points[i]!, points[i + 1]!]);
      doc.polygon(...pairs).fill(themeHex(color));
    };
    for (const tail of layout.floatTails) {
      doc.lineWidth(0.6).strokeColor(themeHex(theme.floatTail));
      doc.moveTo(tail.x0, tail.y).lineTo(tail.x1, tail.y).stroke();
      doc
        .moveTo(tail.x1, tail.y - 2)
        .lineTo(tail.x1, tail.y + 2)
        .stroke();
    }
    for (const bar of layout.bars) {
      const color =
        bar.kind === 'approved_plan'
          ? theme.baseline
          : bar.kind === 'fact'
            ? theme.fact
            : bar.critical
              ? theme.critical
              : theme.plan;
      doc.rect(bar.x, bar.y, bar.width, bar.height).fill(themeHex(color));
    }
    for (const progress of layout.progress) {
      const critical = layout.bars.some((bar) => bar.work === progress.work && bar.critical);
      doc
        .rect(progress.x, progress.y + progress.height * 0.3, progress.width, progress.height * 0.4)
        .fill(themeHex(critical ? theme.criticalProgress : theme.planProgress));
    }
    for (const summary of layout.summaries)
      fill(shapeSummary(summary), summary.critical ? theme.critical : theme.summary);
    for (const milestone of layout.milestones) {
      const color =
        milestone.kind === 'approved_plan'
          ? theme.baseline
          : milestone.kind === 'fact'
            ? theme.fact
            : milestone.critical
              ? theme.critical
              : theme.milestone;
      fill(shapeDiamond(milestone), color);
    }
    for (const marker of layout.constraints)
      for (const polygon of shapeConstraint(marker)) fill(polygon, theme.constraint);
    for (const route of routes) {
      const color = route.critical ? theme.linkDriving : theme.link;
      doc.lineWidth(route.driving ? 0.8 : 0.5).strokeColor(themeHex(color));
      doc.moveTo(route.points[0]!, route.points[1]!);
      for (let i = 2; i < route.points.length; i += 2) doc.lineTo(route.points[i]!, route.points[i + 1]!);
      doc.stroke();
      fill(shapeArrow(route, 3), color);
    }
    doc.font('regular');
    for (const label of layout.labels) {
      doc.fontSize(label.fontSize).fillColor(themeHex(theme.text));
      doc.text(label.text, label.x, label.y - label.fontSize * 0.6, { lineBreak: false });
    }
    for (const line of layout.lines) {
      const color =
        line.kind === 'today' ? theme.today : line.kind === 'cursor' ? theme.cursor : theme.dataDate;
      doc.lineWidth(0.8).strokeColor(themeHex(color));
      if (line.kind === 'data_date') doc.dash(3, { space: 2 });
      doc.moveTo(line.x, 0).lineTo(line.x, bodyHeight).stroke();
      doc.undash();
    }
  }
}

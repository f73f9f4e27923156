import {
  GANTT_THEME_PRINT,
  type GanttLanguage,
  type GanttSnapshot,
  ganttLayout,
  ganttLinkRoutes,
  type PlanKinds,
  type PrintInput,
  type PrintLayout,
  type PrintPage,
  type PrintPreset,
  type PrintScaling,
  printLayout,
  printTitleText,
  scaleHeader,
  shapeArrow,
  shapeConstraint,
  shapeDiamond,
  shapeSummary,
  snapshotTimeRange,
  type TimeScale,
  type TitleSlots,
  themeHex,
} from '@takt/gantt';

/**
 * The print preview in the browser: one page of the print drawn on a 2D canvas from the same layout the
 * server's PDF writer uses (`printLayout` for the sheet and page breaks, `ganttLayout` and
 * `ganttLinkRoutes` for the timeline), in points like the PDF, scaled to the canvas.
 */
export interface PreviewColumn {
  readonly title: string;
  readonly widthMm: number;
  readonly value: (row: number) => string;
  readonly align: 'left' | 'right';
}

export interface PreviewInput {
  readonly snapshot: GanttSnapshot;
  readonly preset: PrintPreset;
  readonly dynamicTitles: boolean;
  readonly scaling: PrintScaling;
  readonly columns: readonly PreviewColumn[];
  readonly language: GanttLanguage;
  readonly scheduleName: string;
  readonly versionName: string;
  readonly projectName: string;
  readonly printedAt: number;
  readonly today?: number;
  readonly dataDate?: number;
  readonly kinds: PlanKinds;
}

const PT_PER_MM = 72 / 25.4;
const FONT = '"DejaVu Sans", "Segoe UI", Roboto, sans-serif';
/** The PDF writer's row and header heights (gantt/pdf `ganttPdfPrintInput`), so the pages break alike. */
const ROW_HEIGHT_MM = 6;
const SCALE_HEADER_MM = 10;

/** The page-splitting input of the preview: equal to the server's for the same schedule and settings. */
export function previewPrintInput(input: PreviewInput): PrintInput {
  const range = snapshotTimeRange(input.snapshot) ?? { start: input.printedAt, finish: input.printedAt };
  return {
    preset: input.preset,
    scaling: input.scaling,
    rowCount: input.snapshot.rowCount,
    columns: input.columns,
    projectStart: range.start,
    projectFinish: range.finish,
    rowHeightMm: ROW_HEIGHT_MM,
    scaleHeaderHeightMm: SCALE_HEADER_MM,
  };
}

/** Draws page `index` of the print into the canvas (sized by the caller to the sheet's aspect). */
export function drawPreviewPage(canvas: HTMLCanvasElement, input: PreviewInput, index = 0): PrintLayout {
  const print = printLayout(previewPrintInput(input));
  const page = print.pages[Math.min(index, print.pages.length - 1)]!;
  const ctx = canvas.getContext('2d');
  if (!ctx) return print;
  const widthPt = print.sheetWidthMm * PT_PER_MM;
  const pxPerPt = canvas.width / widthPt;
  ctx.save();
  ctx.setTransform(pxPerPt, 0, 0, pxPerPt, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, widthPt, print.sheetHeightMm * PT_PER_MM);
  new PreviewWriter(ctx, input, print).page(page);
  ctx.restore();
  return print;
}

class PreviewWriter {
  private readonly theme = GANTT_THEME_PRINT;
  private readonly scale: TimeScale;
  private readonly rowHeight: number;
  private readonly timelineLeft: number;
  private readonly timelineWidth: number;

  constructor(
    private readonly ctx: CanvasRenderingContext2D,
    private readonly input: PreviewInput,
    private readonly print: PrintLayout,
  ) {
    this.scale = { start: print.scale.start, pxPerMinute: print.scale.pxPerMinute * PT_PER_MM };
    this.rowHeight = print.rowHeightMm * PT_PER_MM;
    this.timelineLeft = print.timelineLeftMm * PT_PER_MM;
    this.timelineWidth = print.timelineWidthMm * PT_PER_MM;
  }

  page(page: PrintPage): void {
    const { ctx, print, theme } = this;
    const margin = print.marginMm * PT_PER_MM;
    const titleHeight = print.titleHeightMm * PT_PER_MM;
    if (page.header) this.titles(page, page.header, margin);
    if (page.footer) this.titles(page, page.footer, print.sheetHeightMm * PT_PER_MM - margin - titleHeight);
    const tableTop = page.tableTopMm * PT_PER_MM;
    const rowsTop = page.rowsTopMm * PT_PER_MM;
    const bodyHeight = Math.max(0, page.lastRow - page.firstRow + 1) * this.rowHeight;
    this.gridHeader(tableTop, rowsTop - tableTop);
    this.gridRows(page, rowsTop);
    this.timeline(page, tableTop, rowsTop, bodyHeight);
    const width = (print.sheetWidthMm - 2 * print.marginMm) * PT_PER_MM;
    ctx.lineWidth = 0.6;
    ctx.strokeStyle = themeHex(theme.gridLine);
    ctx.strokeRect(margin, tableTop, width, rowsTop - tableTop + bodyHeight);
    this.line(this.timelineLeft, tableTop, this.timelineLeft, rowsTop + bodyHeight);
    this.line(margin, rowsTop, margin + width, rowsTop);
  }

  private line(x0: number, y0: number, x1: number, y1: number): void {
    const { ctx } = this;
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
  }

  private font(size: number, bold = false): void {
    this.ctx.font = `${bold ? 'bold ' : ''}${size}px ${FONT}`;
  }

  /** The text cut with an ellipsis to `width` in the current font. */
  private fit(text: string, width: number): string {
    const { ctx } = this;
    if (ctx.measureText(text).width <= width) return text;
    let low = 0;
    let high = text.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (ctx.measureText(`${text.slice(0, middle)}…`).width <= width) low = middle;
      else high = middle - 1;
    }
    return low === 0 ? '' : `${text.slice(0, low)}…`;
  }

  /** Text whose top is at `y` (as pdfkit places it), aligned inside [x, x + width]. */
  private text(
    text: string,
    x: number,
    y: number,
    width: number,
    options: { size: number; color: number; align?: 'left' | 'right' | 'center'; bold?: boolean },
  ): void {
    const { ctx } = this;
    this.font(options.size, options.bold);
    const fitted = this.fit(text, width);
    if (!fitted) return;
    const align = options.align ?? 'left';
    ctx.fillStyle = themeHex(options.color);
    ctx.textBaseline = 'top';
    ctx.textAlign = align;
    const at = align === 'left' ? x : align === 'right' ? x + width : x + width / 2;
    ctx.fillText(fitted, at, y + options.size * 0.1);
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
    const size = print.textSize;
    const top = y + (print.titleHeightMm * PT_PER_MM - size * 1.2) / 2;
    for (const [align, text] of [
      ['left', slots.left],
      ['center', slots.center],
      ['right', slots.right],
    ] as const) {
      if (!text) continue;
      this.text(input.dynamicTitles ? printTitleText(text, values) : text, margin, top, width, {
        size,
        color: this.theme.text,
        align,
      });
    }
  }

  private wrapTwoLines(text: string, width: number, size: number): string[] {
    const { ctx } = this;
    this.font(size, true);
    if (ctx.measureText(text).width <= width) return [text];
    const words = text.split(' ');
    let first = words[0]!;
    let k = 1;
    while (k < words.length && ctx.measureText(`${first} ${words[k]}`).width <= width)
      first += ` ${words[k++]}`;
    return k < words.length ? [first, words.slice(k).join(' ')] : [text];
  }

  private gridHeader(top: number, height: number): void {
    const { ctx, print, theme } = this;
    let x = print.marginMm * PT_PER_MM;
    const size = 7;
    ctx.fillStyle = themeHex(theme.headerBackground);
    ctx.fillRect(x, top, this.timelineLeft + this.timelineWidth - x, height);
    this.input.columns.forEach((column, i) => {
      const width = print.columnWidthsMm[i]! * PT_PER_MM;
      const lines = this.wrapTwoLines(column.title, width - 6, size);
      const lineHeight = size * 1.2;
      lines.forEach((line, k) => {
        this.text(line, x + 3, top + (height - lines.length * lineHeight) / 2 + k * lineHeight, width - 6, {
          size,
          color: theme.headerText,
          bold: true,
          align: column.align,
        });
      });
      x += width;
      ctx.lineWidth = 0.4;
      ctx.strokeStyle = themeHex(theme.gridLine);
      this.line(x, top, x, top + height);
    });
  }

  private gridRows(page: PrintPage, rowsTop: number): void {
    const { ctx, print, theme } = this;
    const size = print.cellTextSize;
    const left = print.marginMm * PT_PER_MM;
    const right = this.timelineLeft + this.timelineWidth;
    for (let row = page.firstRow; row <= page.lastRow; row++) {
      const y = rowsTop + (row - page.firstRow) * this.rowHeight;
      if (row % 2 === 1) {
        ctx.fillStyle = themeHex(theme.rowStripe);
        ctx.fillRect(left, y, right - left, this.rowHeight);
      }
      let x = left;
      this.input.columns.forEach((column, i) => {
        const width = print.columnWidthsMm[i]! * PT_PER_MM;
        this.text(column.value(row), x + 2, y + (this.rowHeight - size * 1.2) / 2, width - 4, {
          size,
          color: theme.text,
          align: column.align,
        });
        x += width;
      });
      ctx.lineWidth = 0.3;
      ctx.strokeStyle = themeHex(theme.rowLine);
      this.line(left, y + this.rowHeight, right, y + this.rowHeight);
    }
    let x = left;
    ctx.lineWidth = 0.4;
    ctx.strokeStyle = themeHex(theme.gridLine);
    for (const width of print.columnWidthsMm) {
      x += width * PT_PER_MM;
      this.line(x, rowsTop, x, rowsTop + (page.lastRow - page.firstRow + 1) * this.rowHeight);
    }
  }

  private timeline(page: PrintPage, tableTop: number, rowsTop: number, bodyHeight: number): void {
    const { ctx, theme, scale, input } = this;
    const width = this.timelineWidth;
    const headerHeight = rowsTop - tableTop;
    const size = 6.5;
    const measureText = (text: string, fontSize: number) => {
      this.font(fontSize);
      return ctx.measureText(text).width;
    };
    const header = scaleHeader(scale, width, { language: input.language, fontSize: size, measureText });
    ctx.save();
    ctx.beginPath();
    ctx.rect(this.timelineLeft, tableTop, width, headerHeight);
    ctx.clip();
    ctx.translate(this.timelineLeft, 0);
    const tierHeight = headerHeight / 2;
    for (const [ticks, top] of [
      [header.upper, tableTop],
      [header.lower, tableTop + tierHeight],
    ] as const) {
      for (const tick of ticks) {
        ctx.lineWidth = 0.4;
        ctx.strokeStyle = themeHex(theme.gridLine);
        this.line(tick.x0, top, tick.x0, top + tierHeight);
        if (tick.label) {
          this.text(tick.label, tick.labelX, top + (tierHeight - size * 1.2) / 2, tick.x1 - tick.labelX, {
            size,
            color: theme.headerText,
          });
        }
      }
    }
    this.line(0, tableTop + tierHeight, width, tableTop + tierHeight);
    ctx.restore();

    ctx.save();
    ctx.beginPath();
    ctx.rect(this.timelineLeft, rowsTop, width, bodyHeight);
    ctx.clip();
    ctx.translate(this.timelineLeft, rowsTop);
    ctx.lineWidth = 0.3;
    ctx.strokeStyle = themeHex(theme.rowLine);
    for (const tick of header.lower) this.line(tick.x0, 0, tick.x0, bodyHeight);
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
    const routes = ganttLinkRoutes(input.snapshot, scale, layout, { marginPx: 0 });
    this.schedule(layout, routes, bodyHeight);
    ctx.restore();
  }

  private schedule(
    layout: ReturnType<typeof ganttLayout>,
    routes: ReturnType<typeof ganttLinkRoutes>,
    bodyHeight: number,
  ): void {
    const { ctx, theme } = this;
    const fill = (points: number[], color: number) => {
      ctx.beginPath();
      ctx.moveTo(points[0]!, points[1]!);
      for (let i = 2; i < points.length; i += 2) ctx.lineTo(points[i]!, points[i + 1]!);
      ctx.closePath();
      ctx.fillStyle = themeHex(color);
      ctx.fill();
    };
    ctx.lineWidth = 0.6;
    ctx.strokeStyle = themeHex(theme.floatTail);
    for (const tail of layout.floatTails) {
      this.line(tail.x0, tail.y, tail.x1, tail.y);
      this.line(tail.x1, tail.y - 2, tail.x1, tail.y + 2);
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
      ctx.fillStyle = themeHex(color);
      ctx.fillRect(bar.x, bar.y, bar.width, bar.height);
    }
    for (const progress of layout.progress) {
      const critical = layout.bars.some((bar) => bar.work === progress.work && bar.critical);
      ctx.fillStyle = themeHex(critical ? theme.criticalProgress : theme.planProgress);
      ctx.fillRect(progress.x, progress.y + progress.height * 0.3, progress.width, progress.height * 0.4);
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
      ctx.lineWidth = route.driving ? 0.8 : 0.5;
      ctx.strokeStyle = themeHex(color);
      ctx.beginPath();
      ctx.moveTo(route.points[0]!, route.points[1]!);
      for (let i = 2; i < route.points.length; i += 2) ctx.lineTo(route.points[i]!, route.points[i + 1]!);
      ctx.stroke();
      fill(shapeArrow(route, 3), color);
    }
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = themeHex(theme.text);
    for (const label of layout.labels) {
      this.font(label.fontSize);
      ctx.fillText(label.text, label.x, label.y);
    }
    for (const line of layout.lines) {
      ctx.lineWidth = 0.8;
      ctx.strokeStyle = themeHex(line.kind === 'today' ? theme.today : theme.dataDate);
      ctx.setLineDash(line.kind === 'data_date' ? [3, 2] : []);
      this.line(line.x, 0, line.x, bodyHeight);
      ctx.setLineDash([]);
    }
  }
}

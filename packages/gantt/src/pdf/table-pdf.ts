import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** A cell of a table row: its text and how it looks. */
export interface PdfTableCell {
  text: string;
  bold?: boolean;
  /** Font size in points (default 8). */
  size?: number;
  align?: 'left' | 'center' | 'right';
  /** Indent steps (a WBS level), 8 pt each. */
  indent?: number;
  /** Background, `#rrggbb`. */
  fill?: string;
  /** Text colour, `#rrggbb`. */
  color?: string;
  /** Wraps onto up to three lines (a header), the row growing with it; otherwise one line, cut. */
  wrap?: boolean;
}

export interface PdfTableRow {
  /** Cells by column, from 0; a missing cell is empty. Text of a cell whose neighbours on the right are empty runs over them. */
  cells: (PdfTableCell | null | undefined)[];
  /** A row of a table: when a page breaks inside a run of such rows, the row above the run is repeated at the top. */
  table?: boolean;
  /** A line under the row. */
  rule?: boolean;
  /** Starts a new page (a new sheet). */
  newPage?: boolean;
  /** Points that must be left below this row on its page, or it starts the next (a heading kept with what follows). */
  keepWithNext?: number;
  /** This row's own column widths (a table of other columns under the first), else the input's. */
  columns?: readonly number[];
  /**
   * A picture across the page's width instead of cells: an SVG (a chart) scaled to fit `height` points,
   * under its `title` (kept on the same page).
   */
  picture?: { svg: string; height: number; title?: string };
}

export interface PdfTableInput {
  title?: string;
  /** Relative column widths, scaled to the page's width. */
  columns: readonly number[];
  rows: AsyncIterable<PdfTableRow>;
  landscape?: boolean;
  /** Text at the bottom left of every page; the page number is at the bottom right. */
  footer?: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 28;
const FOOTER = 14;
const PAD = 2.5;
/** How long the writer may hold the event loop before it lets other work run. */
const SLICE_MS = 25;

/**
 * Writes rows of cells as a paginated A4 PDF table into `out`: columns scaled to the page, one line per row
 * (longer text is cut with an ellipsis, or runs over empty cells to its right), the row above a table
 * repeated on each page the table continues on, page numbers at the foot. Streams: pages are written as the
 * rows arrive.
 */
export async function writeTablePdf(input: PdfTableInput, out: Writable): Promise<void> {
  const [w, h] = input.landscape === false ? A4 : [A4[1], A4[0]];
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    compress: true,
    size: [w, h],
    info: { Title: input.title ?? 'Report', Producer: 'Takt' },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
    doc.on('error', reject);
  });
  doc.pipe(out);

  const usable = w - 2 * MARGIN;
  /** The left edges of the columns (and the right edge of the last), per set of column widths. */
  const edges = new Map<readonly number[], number[]>();
  const edgesOf = (columns: readonly number[]) => {
    let xs = edges.get(columns);
    if (xs) return xs;
    const total = columns.reduce((s, c) => s + Math.max(0, c), 0) || 1;
    xs = [MARGIN];
    for (const c of columns) xs.push(xs.at(-1)! + (Math.max(0, c) / total) * usable);
    edges.set(columns, xs);
    return xs;
  };
  const bottom = h - MARGIN - FOOTER;

  let page = 0;
  let y = bottom + 1;
  /** The last row outside a table, and whether the rows since are a table run. */
  let above: PdfTableRow | null = null;
  let inTable = false;

  /**
   * pdfkit keeps the layout of every word it has drawn, per font, for the document's life, so it grows with
   * every new word (each work's code is one). Dropped every 50 pages (in the benchmark of 100,000 works the
   * peak memory fell by about 50 MB), the words repeated on a page (dates, statuses, names) still come from it.
   */
  const dropLayoutCaches = () => {
    const families = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })
      ._fontFamilies;
    for (const font of Object.values(families ?? {}))
      if (font.layoutCache) font.layoutCache = Object.create(null);
  };

  const newPage = () => {
    doc.addPage({ size: [w, h], margin: 0 });
    page++;
    if (page % 50 === 0) dropLayoutCaches();
    y = MARGIN;
    doc.font('regular').fontSize(7).fillColor('#6b7280');
    if (input.footer) doc.text(input.footer, MARGIN, h - MARGIN - 8, { lineBreak: false, width: usable / 2 });
    doc.text(String(page), MARGIN, h - MARGIN - 8, { width: usable, align: 'right', lineBreak: false });
  };

  /** The text as it fits the width (cut with an ellipsis), and its width, in the current font. */
  const fitted = (text: string, width: number): [string, number] => {
    const full = doc.widthOfString(text);
    if (full <= width) return [text, full];
    let lo = 0;
    let hi = text.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) lo = mid;
      else hi = mid - 1;
    }
    const cut = `${text.slice(0, lo).trimEnd()}…`;
    return [cut, doc.widthOfString(cut)];
  };

  /** Where each cell's text goes: its left edge and width (text runs over the empty cells to its right). */
  const spanOf = (row: PdfTableRow, i: number) => {
    const cell = row.cells[i]!;
    const xs = edgesOf(row.columns ?? input.columns);
    const n = xs.length - 1;
    let j = i + 1;
    if ((cell.align ?? 'left') === 'left' && !cell.wrap) while (j < n && !row.cells[j]?.text) j++;
    const indent = (cell.indent ?? 0) * 8;
    return { x: xs[i]! + PAD + indent, width: Math.max(1, xs[j]! - xs[i]! - 2 * PAD - indent) };
  };
  const LINE = 1.25;
  const heightOf = (row: PdfTableRow) => {
    if (row.picture) return row.picture.height + (row.picture.title ? 18 : 4);
    let height = 10;
    row.cells.forEach((c, i) => {
      if (!c?.text) return;
      const size = c.size ?? 8;
      let lines = 1;
      if (c.wrap) {
        doc.font(c.bold ? 'bold' : 'regular').fontSize(size);
        const { width } = spanOf(row, i);
        lines = Math.min(
          3,
          Math.ceil(doc.heightOfString(c.text, { width }) / doc.currentLineHeight(true) - 0.01),
        );
      }
      height = Math.max(height, size * (lines * LINE + 0.25));
    });
    return height;
  };

  const draw = (row: PdfTableRow) => {
    const height = heightOf(row);
    if (row.picture) {
      if (row.picture.title)
        doc
          .font('bold')
          .fontSize(10)
          .fillColor('#111827')
          .text(row.picture.title, MARGIN, y + 4, { lineBreak: false, width: usable });
      SVGtoPDF(doc, row.picture.svg, MARGIN, y + (row.picture.title ? 16 : 2), {
        width: usable,
        height: row.picture.height,
        preserveAspectRatio: 'xMidYMin meet',
        fontCallback: (_family: string, bold: boolean) => (bold ? 'bold' : 'regular'),
      });
      y += height;
      return;
    }
    const xs = edgesOf(row.columns ?? input.columns);
    const n = xs.length - 1;
    for (let i = 0; i < n; i++) {
      const cell = row.cells[i];
      if (!cell) continue;
      if (cell.fill) doc.rect(xs[i]!, y, xs[i + 1]! - xs[i]!, height).fill(cell.fill);
    }
    for (let i = 0; i < n; i++) {
      const cell = row.cells[i];
      if (!cell?.text) continue;
      const { x, width } = spanOf(row, i);
      const size = cell.size ?? 8;
      doc
        .font(cell.bold ? 'bold' : 'regular')
        .fontSize(size)
        .fillColor(cell.color ?? '#111827');
      if (cell.wrap) {
        const textHeight = Math.min(doc.heightOfString(cell.text, { width }), size * LINE * 3);
        doc.text(cell.text, x, y + (height - textHeight) / 2 + 0.5, {
          width,
          height: size * LINE * 3,
          align: cell.align ?? 'left',
          ellipsis: true,
          lineGap: size * (LINE - 1.15),
        });
        continue;
      }
      // measured and cut here: pdfkit's own wrapping (a text width) costs a line breaker per cell
      const [text, textWidth] = fitted(cell.text, width);
      const left =
        cell.align === 'right'
          ? x + width - textWidth
          : cell.align === 'center'
            ? x + (width - textWidth) / 2
            : x;
      doc.text(text, left, y + (height - size * 1.2) / 2 + 0.5, { lineBreak: false });
    }
    if (row.rule)
      doc
        .moveTo(MARGIN, y + height)
        .lineTo(w - MARGIN, y + height)
        .lineWidth(0.4)
        .strokeColor('#c9d0d8')
        .stroke();
    y += height;
  };

  let sliceStart = performance.now();
  for await (const row of input.rows) {
    if (row.newPage && page > 0) y = bottom + 1;
    const height = heightOf(row);
    if (y + height + (row.keepWithNext ?? 0) > bottom) {
      newPage();
      if (row.table && inTable && above) draw(above);
    }
    draw(row);
    if (row.table) inTable = true;
    else {
      above = row;
      inTable = false;
    }
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  if (page === 0) newPage();
  doc.end();
  await done;
}

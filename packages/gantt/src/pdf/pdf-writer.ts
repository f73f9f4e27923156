import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import {
  type PrintSheetInput,
  PrintSheetPainter,
  type PrintSurface,
  type PrintTextStyle,
  PT_PER_MM,
  printSheetLayout,
} from '../print-sheet.js';
import { themeHex } from '../theme.js';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export interface GanttPdfInput extends PrintSheetInput {
  /** Writes only the first pages (a preview); {pages} still counts the whole job. */
  readonly maxPages?: number;
}

/** How long the writer may hold the event loop before it lets other work run (a big job takes seconds). */
const SLICE_MS = 25;

/**
 * Writes the schedule as a vector PDF: grid columns + timeline, repeated headers, titles, row page breaks
 * (the sheets of `PrintSheetPainter`). Pages are written in slices of about 25 ms with the event loop
 * free in between.
 */
export async function ganttPdf(input: GanttPdfInput): Promise<Buffer> {
  const print = printSheetLayout(input);
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
  const painter = new PrintSheetPainter(new PdfSurface(doc), input, print);
  const size: [number, number] = [print.sheetWidthMm * PT_PER_MM, print.sheetHeightMm * PT_PER_MM];
  const pages = print.pages.slice(0, Math.max(1, input.maxPages ?? print.pages.length));
  let sliceStart = performance.now();
  for (const page of pages) {
    doc.addPage({ size, margin: 0 });
    painter.page(page);
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  doc.end();
  return done;
}

/** A pdfkit page as the sheet painter's surface (DejaVu Sans, so Cyrillic prints). */
class PdfSurface implements PrintSurface {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  measure(text: string, size: number, bold: boolean): number {
    return this.doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .widthOfString(text);
  }

  text(text: string, x: number, y: number, style: PrintTextStyle): void {
    this.doc
      .font(style.bold ? 'bold' : 'regular')
      .fontSize(style.size)
      .fillColor(themeHex(style.color))
      .text(text, x, y, { lineBreak: false });
  }

  fillRect(x: number, y: number, width: number, height: number, color: number): void {
    this.doc.rect(x, y, width, height).fill(themeHex(color));
  }

  fillPolygon(points: readonly number[], color: number): void {
    const pairs: [number, number][] = [];
    for (let i = 0; i < points.length; i += 2) pairs.push([points[i]!, points[i + 1]!]);
    this.doc.polygon(...pairs).fill(themeHex(color));
  }

  stroke(points: readonly number[], width: number, color: number, dash?: readonly [number, number]): void {
    const { doc } = this;
    doc.lineWidth(width).strokeColor(themeHex(color));
    if (dash) doc.dash(dash[0], { space: dash[1] });
    doc.moveTo(points[0]!, points[1]!);
    for (let i = 2; i < points.length; i += 2) doc.lineTo(points[i]!, points[i + 1]!);
    doc.stroke();
    if (dash) doc.undash();
  }

  clip(x: number, y: number, width: number, height: number, originX: number, originY: number): void {
    this.doc.save();
    this.doc.rect(x, y, width, height).clip();
    this.doc.translate(originX, originY);
  }

  restore(): void {
    this.doc.restore();
  }
}

import {
  type PrintLayout,
  type PrintSheetInput,
  PrintSheetPainter,
  type PrintSurface,
  type PrintTextStyle,
  PT_PER_MM,
  printSheetLayout,
  themeHex,
} from '@takt/gantt';

const FONT = '"DejaVu Sans", "Segoe UI", Roboto, sans-serif';

/**
 * The print preview in the browser: a page of the print drawn on a 2D canvas by the same sheet painter
 * the server's PDF writer uses, in points like the PDF, scaled to the canvas.
 */
export function drawPreviewPage(canvas: HTMLCanvasElement, input: PrintSheetInput, index = 0): PrintLayout {
  const print = printSheetLayout(input);
  const page = print.pages[Math.min(index, print.pages.length - 1)]!;
  const ctx = canvas.getContext('2d');
  if (!ctx) return print;
  const pxPerPt = canvas.width / (print.sheetWidthMm * PT_PER_MM);
  ctx.save();
  ctx.setTransform(pxPerPt, 0, 0, pxPerPt, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, print.sheetWidthMm * PT_PER_MM, print.sheetHeightMm * PT_PER_MM);
  new PrintSheetPainter(new CanvasSurface(ctx), input, print).page(page);
  ctx.restore();
  return print;
}

/** A 2D canvas as the sheet painter's surface. */
class CanvasSurface implements PrintSurface {
  constructor(private readonly ctx: CanvasRenderingContext2D) {
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
  }

  private font(size: number, bold: boolean): void {
    this.ctx.font = `${bold ? 'bold ' : ''}${size}px ${FONT}`;
  }

  measure(text: string, size: number, bold: boolean): number {
    this.font(size, bold);
    return this.ctx.measureText(text).width;
  }

  text(text: string, x: number, y: number, style: PrintTextStyle): void {
    this.font(style.size, style.bold ?? false);
    this.ctx.fillStyle = themeHex(style.color);
    // pdfkit puts the top of the line box at y; the em box of a canvas 'top' baseline sits a little lower.
    this.ctx.fillText(text, x, y + style.size * 0.1);
  }

  fillRect(x: number, y: number, width: number, height: number, color: number): void {
    this.ctx.fillStyle = themeHex(color);
    this.ctx.fillRect(x, y, width, height);
  }

  private path(points: readonly number[]): void {
    const { ctx } = this;
    ctx.beginPath();
    ctx.moveTo(points[0]!, points[1]!);
    for (let i = 2; i < points.length; i += 2) ctx.lineTo(points[i]!, points[i + 1]!);
  }

  fillPolygon(points: readonly number[], color: number): void {
    this.path(points);
    this.ctx.closePath();
    this.ctx.fillStyle = themeHex(color);
    this.ctx.fill();
  }

  stroke(points: readonly number[], width: number, color: number, dash?: readonly [number, number]): void {
    const { ctx } = this;
    this.path(points);
    ctx.lineWidth = width;
    ctx.strokeStyle = themeHex(color);
    ctx.setLineDash(dash ? [...dash] : []);
    ctx.stroke();
  }

  clip(x: number, y: number, width: number, height: number, originX: number, originY: number): void {
    const { ctx } = this;
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, width, height);
    ctx.clip();
    ctx.translate(originX, originY);
  }

  restore(): void {
    this.ctx.restore();
  }
}

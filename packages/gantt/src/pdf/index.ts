export { chartSvg } from '../charts/svg.js';
export { type EstimatePdfSheet, writeEstimatePdf } from './estimate-pdf.js';
export type { GanttPdfInput } from './pdf-writer.js';
export { ganttPdf } from './pdf-writer.js';
export { type PdfTableCell, type PdfTableInput, type PdfTableRow, writeTablePdf } from './table-pdf.js';

export type { GanttPdfColumn, GanttPdfInput } from './pdf-writer.js';
export { ganttPdf, ganttPdfPageCount, ganttPdfPrintInput } from './pdf-writer.js';

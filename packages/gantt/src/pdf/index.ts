export type { GanttPdfInput } from './pdf-writer.js';
export { ganttPdf } from './pdf-writer.js';

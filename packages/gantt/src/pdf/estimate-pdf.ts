/**
 * An estimate as a landscape A4 PDF, from the sheet `@takt/interchange` lays out (`estimateSheet`: title,
 * columns, rows of sections, lines, coefficients and totals — given here by its shape, so this package needs
 * no other): the title and price level on top, the header repeated on every page the table continues on,
 * sections bold on a tint and indented by depth, coefficients in grey, totals bold with a rule; numbers in
 * the sheet's language (`1 234,56` in Russian). Streams into `out` through `writeTablePdf`.
 */
import type { Writable } from 'node:stream';
import { type PdfTableCell, type PdfTableRow, writeTablePdf } from './table-pdf.js';

/** The sheet as `estimateSheet` of `@takt/interchange` builds it. */
export interface EstimatePdfSheet {
  language: string;
  title: string;
  subtitle: readonly string[];
  columns: readonly { header: string; kind: 'text' | 'quantity' | 'money' | 'hours'; width: number }[];
  rows: readonly {
    kind: 'section' | 'line' | 'coefficient' | 'sectionTotal' | 'chapterTotal' | 'heading' | 'grandTotal';
    level: number;
    cells: readonly (string | number | null)[];
  }[];
}

/** Column of the name, which is indented by depth. */
const NAME = 2;

export async function writeEstimatePdf(sheet: EstimatePdfSheet, out: Writable): Promise<void> {
  const locale = sheet.language === 'ru' ? 'ru-RU' : 'en-GB';
  const money = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const quantity = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  const show = (v: string | number | null, kind: EstimatePdfSheet['columns'][number]['kind']) =>
    v === null ? '' : typeof v === 'number' ? (kind === 'quantity' ? quantity : money).format(v) : v;
  async function* rows(): AsyncGenerator<PdfTableRow> {
    yield { cells: [{ text: sheet.title, bold: true, size: 12 }] };
    for (const line of sheet.subtitle) yield { cells: [{ text: line, color: '#4b5563' }] };
    yield { cells: [] };
    // the header: the row above the table, repeated on every page the table continues on
    yield {
      rule: true,
      cells: sheet.columns.map((c) => ({
        text: c.header,
        bold: true,
        wrap: true,
        size: 7,
        fill: '#e8ecf2',
        align: c.kind === 'text' ? 'left' : 'right',
      })),
    };
    for (const r of sheet.rows) {
      const cells: PdfTableCell[] = sheet.columns.map((c, k) => {
        const cell: PdfTableCell = { text: show(r.cells[k] ?? null, c.kind), size: 7 };
        if (c.kind !== 'text' || (r.kind === 'coefficient' && k === 4)) cell.align = 'right';
        if (k === NAME && r.level > 1) cell.indent = r.level - 1;
        if (r.kind === 'section') {
          cell.bold = true;
          cell.fill = '#f1f4f8';
        } else if (r.kind === 'coefficient') cell.color = '#6b7280';
        else if (r.kind !== 'line') cell.bold = true;
        return cell;
      });
      yield { table: true, cells, ...(r.kind.endsWith('Total') ? { rule: true } : {}) };
    }
  }
  await writeTablePdf(
    {
      title: sheet.title,
      columns: sheet.columns.map((c) => c.width),
      rows: rows(),
      footer: sheet.title,
    },
    out,
  );
}

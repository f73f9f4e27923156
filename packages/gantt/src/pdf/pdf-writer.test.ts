import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { calendarCompile } from '@takt/engine';
import { describe, expect, it } from 'vitest';
import { dateToMinutes } from '../dates.js';
import { printPageCount } from '../pages.js';
import { printSheetLayout, printSheetPageInput } from '../print-sheet.js';
import { a3Preset, SAMPLE_DATA_DATE, sampleSchedule } from '../testing/sample-schedule.js';
import { type GanttPdfInput, ganttPdf } from './index.js';

const previewDir = join(dirname(fileURLToPath(import.meta.url)), '../../.preview');

function hasPdftoppm(): boolean {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Writes a PDF to the preview folder, for a person to look at, and returns its path. */
function keepPdf(name: string, pdf: Uint8Array): string {
  mkdirSync(previewDir, { recursive: true });
  const file = join(previewDir, name);
  writeFileSync(file, pdf);
  return file;
}

/**
 * The first `pages` pages of a kept PDF as PNGs beside it (by poppler's pdftoppm); the path of the
 * first one, or null when poppler is not installed.
 */
function pngPages(file: string, pages: number): string | null {
  if (!hasPdftoppm()) return null;
  const prefix = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', String(pages), file, prefix]);
  return `${prefix}-1.png`;
}

/** Text of a PDF by poppler's pdftotext (one string per page), or null when poppler is not installed. */
function pdfText(file: string): string[] | null {
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
  } catch {
    return null;
  }
}

describe('PDF writer', () => {
  const { snapshot, names, codes } = sampleSchedule(300);
  const input: GanttPdfInput = {
    snapshot,
    preset: a3Preset({
      firstHeader: { left: '{schedule}', right: 'Печать: {date}' },
      header: { left: '{schedule}' },
      footer: { right: 'Стр. {page} из {pages}' },
      lastFooter: { left: 'Утверждаю: ____________', right: 'Стр. {page} из {pages}' },
    }),
    scaling: { kind: 'fit' },
    columns: [
      { title: 'Код', widthMm: 18, value: (row) => codes[row]! },
      { title: 'Наименование работы', widthMm: 70, value: (row) => names[row]! },
    ],
    language: 'ru',
    scheduleName: 'ЖК «Северный», корпус 2',
    printedAt: dateToMinutes(2024, 5, 6) + 10 * 60,
    today: dateToMinutes(2024, 5, 8),
    dataDate: SAMPLE_DATA_DATE,
    calendar: calendarCompile({ id: 'std' }),
  };

  it('writes every page of a 300-work schedule with the page count known before printing', async () => {
    const pages = printSheetLayout(input).pages.length;
    expect(pages).toBe(printPageCount(printSheetPageInput(input)));
    // (297 − 20 − 10 − 2 titles × 5.7) / 6 = 42 rows per page → 300 rows on 8 pages.
    expect(pages).toBe(8);
    const pdf = await ganttPdf(input);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pageObjects = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pageObjects).toHaveLength(pages);

    const file = keepPdf('sample-300.pdf', pdf);
    const text = pdfText(file);
    if (text) {
      expect(text[0]).toContain('ЖК «Северный», корпус 2');
      expect(text[0]).toContain('Печать: 06.05.2024');
      expect(text[0]).toContain('Наименование работы');
      expect(text[0]).toContain('Монтаж каркаса, захватка 2');
      expect(text[0]).toContain('Стр. 1 из 8');
      expect(text[1]).toContain('Наименование работы'); // repeated header
      expect(text[7]).toContain('Утверждаю');
      expect(text[7]).toContain('Стр. 8 из 8');
      expect(text[7]).toContain(names[299]!);
    }
    const png = pngPages(file, 2);
    if (png) expect(existsSync(png)).toBe(true);
  });

  it('prints a chosen date range at week scale with non-working days shaded', async () => {
    const ranged: GanttPdfInput = {
      ...input,
      scaling: { kind: 'range', start: dateToMinutes(2024, 3, 1), finish: dateToMinutes(2024, 4, 15) },
      preset: { name: 'A4', sheetHeightMm: 210, sheetWidthMm: 297, marginMm: 0 },
      snapshot: sampleSchedule(40).snapshot,
    };
    const pdf = await ganttPdf(ranged);
    const file = keepPdf('range-a4.pdf', pdf);
    expect(printSheetLayout(ranged).pages.length).toBe(2);
    pngPages(file, 1);
  });

  it('writes only the first pages of a preview, titles counting the whole job, and can keep titles literal', async () => {
    const preview = await ganttPdf({ ...input, maxPages: 2, versionName: 'Версия 3' });
    expect(preview.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
    const literal = await ganttPdf({ ...input, maxPages: 1, dynamicTitles: false });
    const text = pdfText(keepPdf('preview-2.pdf', preview));
    if (text) expect(text[1]).toContain('Стр. 2 из 8');
    const raw = pdfText(keepPdf('literal-1.pdf', literal));
    if (raw) expect(raw[0]).toContain('Печать: {date}');
  });

  it('rejects an invalid preset with the spec message ids', () => {
    expect(() => printSheetLayout({ ...input, preset: { ...input.preset, sheetHeightMm: 200 } })).toThrow(
      'validation.sheet_height_min',
    );
  });
});

/**
 * The estimate PDF: a sheet shaped as `estimateSheet` of `@takt/interchange` builds it (written here by hand),
 * printed on landscape A4 pages with the header repeated, numbers in the sheet's language, Cyrillic intact.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type EstimatePdfSheet, writeEstimatePdf } from './index.js';

const COLUMNS: EstimatePdfSheet['columns'] = [
  { header: '№ п/п', kind: 'text', width: 6 },
  { header: 'Обоснование', kind: 'text', width: 18 },
  { header: 'Наименование', kind: 'text', width: 48 },
  { header: 'Ед. изм.', kind: 'text', width: 9 },
  { header: 'Количество', kind: 'quantity', width: 11 },
  { header: 'Всего', kind: 'money', width: 15 },
];

function sheet(lines: number, language = 'ru'): EstimatePdfSheet {
  const rows: EstimatePdfSheet['rows'][number][] = [
    { kind: 'section', level: 1, cells: ['', '1', 'Раздел 1. Земляные работы', null, null, null] },
  ];
  for (let i = 0; i < lines; i++)
    rows.push({
      kind: 'line',
      level: 1,
      cells: [String(i + 1), `ГЭСН01-01-${i}`, `Разработка грунта ${i + 1}`, 'м3', 1.5, 12345.6],
    });
  rows.push({
    kind: 'coefficient',
    level: 1,
    cells: [null, null, 'Коэффициент: Зимние (оплата труда)', null, 1.15, null],
  });
  rows.push({ kind: 'grandTotal', level: 0, cells: [null, null, 'Всего по смете', null, null, 1234567.891] });
  return {
    language,
    title: 'Локальный сметный расчёт · ЛС-1 · Фундаменты',
    subtitle: ['Уровень цен: 01.01.2001'],
    columns: COLUMNS,
    rows,
  };
}

async function pdfOf(s: EstimatePdfSheet): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeEstimatePdf(s, out);
  return Buffer.concat(chunks);
}

/** The text of each page by poppler's pdftotext, or null without poppler. */
function pages(pdf: Buffer): string[] | null {
  const dir = mkdtempSync(join(tmpdir(), 'takt-estimate-pdf-'));
  try {
    const file = join(dir, 'e.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f');
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('estimate PDF', () => {
  it('prints the title, the header on every page, Russian numbers and the grand total', async () => {
    const pdf = await pdfOf(sheet(120));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pages(pdf);
    if (!text) return;
    const printed = text.filter((p) => p.trim() !== '');
    expect(printed.length).toBeGreaterThan(1);
    expect(printed[0]).toContain('Локальный сметный расчёт · ЛС-1 · Фундаменты');
    for (const page of printed) expect(page).toContain('Обоснование');
    expect(printed[0]).toContain('12 345,60');
    expect(printed.at(-1)).toContain('1 234 567,89');
    expect(printed.at(-1)).toContain('Всего по смете');
  });

  it('prints English numbers for an English sheet', async () => {
    const text = pages(await pdfOf(sheet(3, 'en')));
    if (!text) return;
    expect(text[0]).toContain('12,345.60');
  });
});

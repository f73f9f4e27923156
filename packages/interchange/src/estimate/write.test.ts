/**
 * The estimate writers: the sheet laid out as a local estimate (sections, lines with their coefficients,
 * section totals, chapters of a summary estimate, the estimate's coefficients, the grand total) in Russian
 * and English, the xlsx that prints it (read back cell by cell), and ARPS round trips of a generated estimate.
 */
import { describe, expect, it } from 'vitest';
import { readXlsxRows } from '../tabular/xlsx-read.js';
import { readEstimateArps, writeEstimateArps } from './arps.js';
import { figureEstimate } from './figure.js';
import type { EstimateDocument, EstimateSection } from './model.js';
import { sampleEstimate } from './sample.js';
import { estimateSheet } from './sheet.js';
import { writeEstimateXlsx } from './xlsx.js';

const SUMMARY: EstimateDocument = {
  kind: 'ssr',
  code: 'ССР-1',
  name: 'Жилой дом',
  currency: 'RUB',
  priceLevel: '2025-04-01',
  coefficients: [{ name: 'Непредвиденные затраты', kind: 'coefficient', target: 'all', value: 1.02 }],
  sections: [
    {
      name: 'Подготовка территории',
      chapter: 1,
      coefficients: [],
      sections: [],
      lines: [
        {
          number: '1',
          code: 'ЛС-01-01',
          name: '=Снос строений',
          unit: 'компл',
          quantity: 1,
          unitCost: { labour: 1000, machines: 2000, materials: 0 },
          labourHoursPerUnit: 10,
          coefficients: [{ name: 'Зимние', kind: 'coefficient', target: 'labour', value: 1.5 }],
        },
      ],
    },
    {
      code: '2',
      name: 'Основные объекты',
      chapter: 2,
      coefficients: [{ name: 'Индекс', kind: 'index', target: 'materials', value: 2 }],
      sections: [
        {
          name: 'Каркас',
          coefficients: [],
          sections: [],
          lines: [
            {
              code: 'ЛС-02-01',
              name: 'Каркас',
              unit: 'компл',
              quantity: 2,
              unitCost: { labour: 100, machines: 0, materials: 50.5 },
              coefficients: [],
            },
          ],
        },
      ],
      lines: [],
    },
  ],
};

describe('the estimate sheet', () => {
  it('lays out sections, lines, coefficients and totals, in Russian and English', () => {
    const figures = figureEstimate(SUMMARY);
    const ru = estimateSheet(SUMMARY, figures);
    expect(ru.title).toBe('Сводный сметный расчёт · ССР-1 · Жилой дом');
    expect(ru.subtitle).toEqual(['Уровень цен: 01.04.2025']);
    expect(ru.columns.map((c) => c.header)).toContain('Обоснование');
    expect(ru.rows.map((r) => [r.kind, r.level, r.cells[2]])).toEqual([
      ['section', 1, 'Глава 1. Подготовка территории'],
      ['line', 1, '=Снос строений'],
      ['coefficient', 1, 'Коэффициент: Зимние (оплата труда)'],
      ['sectionTotal', 1, 'Итого по разделу Глава 1. Подготовка территории'],
      ['section', 1, 'Глава 2. Основные объекты'],
      ['coefficient', 1, 'Индекс: Индекс (материалы)'],
      ['section', 2, 'Каркас'],
      ['line', 2, 'Каркас'],
      ['sectionTotal', 2, 'Итого по разделу Каркас'],
      ['sectionTotal', 1, 'Итого по разделу Глава 2. Основные объекты'],
      ['chapterTotal', 0, 'Глава 1. Подготовка территории'],
      ['chapterTotal', 0, 'Глава 2. Основные объекты'],
      ['heading', 0, 'Коэффициенты ко всей смете'],
      ['coefficient', 0, 'Коэффициент: Непредвиденные затраты (вся стоимость)'],
      ['grandTotal', 0, 'Всего по смете'],
    ]);
    // the line's own figures: 1000 × 1.5 × 1.02 labour, 2000 × 1.02 machines
    const line = ru.rows[1]!.cells;
    expect(line.slice(0, 8)).toEqual(['1', 'ЛС-01-01', '=Снос строений', 'компл', 1, 1000, 2000, 0]);
    expect(line.slice(8)).toEqual([1530, 2040, 0, 3570, 10]);
    const grand = ru.rows.at(-1)!.cells;
    expect(grand[11]).toBe(figures.totals.total);
    const en = estimateSheet(SUMMARY, figures, { language: 'en' });
    expect(en.title).toBe('Summary estimate · ССР-1 · Жилой дом');
    expect(en.rows.at(-1)!.cells[2]).toBe('Total for the estimate');
    expect(en.columns[4]!.header).toBe('Quantity');
  });

  it('writes it as xlsx: title, frozen header, numbers as numbers, formula-like text kept text', async () => {
    const figures = figureEstimate(SUMMARY);
    const bytes = await writeEstimateXlsx(SUMMARY, figures, { language: 'en' });
    const rows = [];
    for await (const r of readXlsxRows(bytes, null)) rows.push(r);
    expect(rows[0]!.cells[0]).toBe('Summary estimate · ССР-1 · Жилой дом');
    expect(rows[1]!.cells[0]).toBe('Price level: 2025-04-01');
    expect(rows.find((r) => r.row === 4)!.cells.slice(0, 3)).toEqual(['No.', 'Code', 'Name']);
    const line = rows.find((r) => r.cells[2] === '=Снос строений')!;
    expect(line.cells.slice(8)).toEqual([1530, 2040, 0, 3570, 10]);
    const frame = rows.find((r) => r.cells[2] === 'Каркас' && r.cells[1] === 'ЛС-02-01')!;
    expect(frame.level).toBe(2);
    expect(rows.at(-1)!.cells[11]).toBe(figures.totals.total);
  });
});

describe('ARPS round trips', () => {
  /** Sections as names and lines as code, name, unit and quantity: what ARPS carries as it is. */
  const outline = (sections: readonly EstimateSection[]): unknown[] =>
    sections.map((s) => [
      s.code,
      s.name,
      s.lines.map((l) => [l.number, l.code, l.name, l.unit, l.quantity]),
      outline(s.sections),
    ]);

  it('a generated estimate of 2,000 lines reads back with its tree, and its totals to the rounding of unit costs', async () => {
    const doc = sampleEstimate(2000);
    const back = await readEstimateArps(writeEstimateArps(doc));
    expect(back.report).toMatchObject({ lines: 2000, sections: 42, warnings: [] });
    expect(outline(back.document.sections)).toEqual(outline(doc.sections));
    const before = figureEstimate(doc).totals.total;
    const after = figureEstimate(back.document).totals.total;
    // each line's unit cost is written to the cent after its coefficients: a few roubles in 2,000 lines
    expect(Math.abs(after - before) / before).toBeLessThan(1e-5);
  });

  it('a summary estimate reads back as a local one with its sections and the same totals', async () => {
    const back = await readEstimateArps(writeEstimateArps(SUMMARY));
    expect(back.document.kind).toBe('loc');
    expect(outline(back.document.sections)).toEqual(outline(SUMMARY.sections));
    expect(figureEstimate(back.document).totals.total).toBe(figureEstimate(SUMMARY).totals.total);
  });
});

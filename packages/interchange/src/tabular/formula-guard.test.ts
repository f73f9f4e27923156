/** Exports guard text a spreadsheet could run as a formula (OWASP CSV injection); imports read it back. */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from './csv-read.js';
import { writeGridCsv } from './csv-write.js';
import { looksLikeFormula, neutralizeFormula, restoreFormulaText } from './formula-guard.js';
import type { Grid } from './grid.js';
import { writeScheduleCsv } from './schedule-csv.js';
import { readXlsxRows } from './xlsx-read.js';
import { writeGridXlsx } from './xlsx-write.js';

const DANGEROUS = [
  '=HYPERLINK("http://evil.example","click")',
  '+1+cmd|x',
  '-2+3',
  '@SUM(A1)',
  '\tTab',
  '\rCR',
];

function grid(): Grid {
  return {
    title: '=title',
    columns: [
      { id: 'name', header: 'Name', kind: 'text' },
      { id: 'qty', header: '=header', kind: 'number', decimals: 0 },
    ],
    rows: [
      ...DANGEROUS.map((name) => ({ level: 0, values: { name, qty: -5 } })),
      { level: 0, values: { name: '-5', qty: 3 } },
      { level: 0, values: { name: "'=already quoted", qty: 1 } },
      { level: 0, values: { name: 'Plain - name', qty: 1 } },
    ],
  };
}

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const c of chunks) out += c;
  return out;
}

describe('formula guard', () => {
  it('tells formula-like text from numbers and ordinary text', () => {
    for (const d of DANGEROUS) expect(looksLikeFormula(d)).toBe(true);
    for (const ok of ['-5', '+1.5', '-0,25', '1e-3', 'Name', 'a=b', ''])
      expect(looksLikeFormula(ok)).toBe(false);
    for (const d of [...DANGEROUS, "'=x", "''@y", 'plain', '-5'])
      expect(restoreFormulaText(neutralizeFormula(d))).toBe(d);
  });

  it('CSV: every formula-like cell, header and title gets a leading quote; negative numbers stay numbers', async () => {
    const csv = await text(writeGridCsv(grid(), { delimiter: ';', bom: false }));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe("'=title");
    expect(lines[2]).toBe("Name;'=header");
    expect(lines[3]).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")";-5`);
    expect(lines[4]).toBe("'+1+cmd|x;-5");
    expect(lines[5]).toBe("'-2+3;-5");
    expect(lines[6]).toBe("'@SUM(A1);-5");
    expect(lines[7]).toBe("'\tTab;-5");
    expect(lines[8]).toBe(`"'\rCR";-5`);
    expect(lines[9]).toBe('-5;3');
    expect(lines[10]).toBe("''=already quoted;1");
    expect(lines[11]).toBe('Plain - name;1');
    expect(lines.filter((l) => /^[=+@]/.test(l))).toEqual([]);
  });

  it('CSV read back gives the exported text exactly', async () => {
    const csv = await text(writeGridCsv(grid(), { delimiter: ';', bom: false }));
    const names: unknown[] = [];
    for await (const row of readCsvRows(new TextEncoder().encode(csv), { delimiter: ';' }))
      if (row.row > 3) names.push(row.cells[0] ?? null);
    expect(names).toEqual([...DANGEROUS, '-5', "'=already quoted", 'Plain - name']);
  });

  it('xlsx: formula-like text is a string cell in Text format, never a formula; numbers stay numbers', async () => {
    const bytes = await writeGridXlsx(grid());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const cell = ws.getRow(4).getCell(1);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(DANGEROUS[0]);
    expect(cell.numFmt).toBe('@');
    expect(ws.getRow(1).getCell(1).numFmt).toBe('@');
    expect(ws.getRow(3).getCell(2).numFmt).toBe('@');
    expect(ws.getRow(4).getCell(2).value).toBe(-5);
    expect(ws.getRow(4).getCell(2).type).toBe(ExcelJS.ValueType.Number);
    expect(ws.getRow(12).getCell(1).value).toBe('Plain - name');
    expect(ws.getRow(12).getCell(1).numFmt).not.toBe('@');
    const rows = [];
    for await (const r of readXlsxRows(bytes)) rows.push(r);
    // (XML reads a lone CR back as a line feed, so that one is left out here)
    expect(rows.slice(2, 7).map((r) => r.cells[0])).toEqual(DANGEROUS.slice(0, 5));
  });

  it('the schedule CSV guards codes and names, not dates or floats', () => {
    const csv = [
      ...writeScheduleCsv([
        {
          id: '1',
          code: '@A1',
          name: '=HYPERLINK("x")',
          earlyStart: '2024-01-01T08:00',
          earlyFinish: null,
          lateStart: null,
          lateFinish: null,
          totalFloatMinutes: -120,
          freeFloatMinutes: 0,
          critical: true,
        },
      ]),
    ].join('');
    expect(csv.split('\n')[1]).toBe(`'@A1,"'=HYPERLINK(""x"")",2024-01-01T08:00,,,,-2,0,true`);
  });
});

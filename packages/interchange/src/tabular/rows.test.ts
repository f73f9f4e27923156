import { describe, expect, it } from 'vitest';
import { InterchangeError } from '../common/errors.js';
import { readSheetRows, tabularFormatOf } from './rows.js';
import { cellText } from './sheet.js';
import { writeGridXlsx } from './xlsx-write.js';

async function all(bytes: Uint8Array) {
  const rows: { row: number; cells: string[] }[] = [];
  for await (const r of readSheetRows(bytes))
    rows.push({ row: r.row, cells: r.cells.map((c) => cellText(c)) });
  return rows;
}

describe('readSheetRows', () => {
  it('reads CSV rows as text, from row 1, with the delimiter detected', async () => {
    const csv = new TextEncoder().encode('Код;Наименование\nK1;"Бетон; М300"\n\nK2;Арматура\n');
    expect(tabularFormatOf(csv)).toBe('csv');
    expect(await all(csv)).toEqual([
      { row: 1, cells: ['Код', 'Наименование'] },
      { row: 2, cells: ['K1', 'Бетон; М300'] },
      { row: 3, cells: [] },
      { row: 4, cells: ['K2', 'Арматура'] },
    ]);
  });

  it('reads a workbook the same way', async () => {
    const xlsx = await writeGridXlsx({
      columns: [
        { id: 'code', header: 'Code', kind: 'text' },
        { id: 'name', header: 'Name', kind: 'text' },
        { id: 'qty', header: 'Qty', kind: 'number' },
      ],
      rows: [{ level: 0, values: { code: 'A', name: 'Alpha', qty: 2.5 } }],
    });
    expect(tabularFormatOf(xlsx)).toBe('xlsx');
    expect(await all(xlsx)).toEqual([
      { row: 1, cells: ['Code', 'Name', 'Qty'] },
      { row: 2, cells: ['A', 'Alpha', '2.5'] },
    ]);
  });

  it('a damaged workbook is an InterchangeError', async () => {
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]);
    await expect(all(broken)).rejects.toBeInstanceOf(InterchangeError);
  });
});

import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { templateXlsx } from '../testing.js';
import {
  loadReportTemplate,
  ReportTemplateError,
  type TemplateItem,
  writeReportXlsx,
} from './xlsx-template.js';

async function* items(n: number): AsyncGenerator<TemplateItem> {
  for (let i = 0; i < n; i++)
    yield {
      values: { code: `W${i}`, name: `Work ${i}`, start: new Date(Date.UTC(2026, 0, 5 + i, 8)) },
      level: i % 2,
      bold: i % 2 === 0,
    };
}

async function read(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as never);
  return wb.worksheets[0]!;
}

describe('report templates', () => {
  it('repeats the table row, keeps its style, moves what is below with its merges', async () => {
    const template = await loadReportTemplate(
      await templateXlsx(
        {
          A1: '{{title}} {{missing}}',
          A3: '{{#works}}{{code}}',
          B3: '{{name}}',
          C3: '{{start}}',
          A4: 'Total {{count}}',
        },
        { merges: ['A1:C1', 'A4:C4'], bold: ['B3'] },
      ),
    );
    expect([...template.tables]).toEqual(['works']);
    const bytes = await writeReportXlsx(template, {
      values: { title: 'Report', count: 3 },
      tables: { works: () => items(3) },
    });
    const ws = await read(bytes);
    expect(ws.getCell('A1').value).toBe('Report {{missing}}');
    expect([3, 4, 5].map((r) => ws.getCell(`A${r}`).value)).toEqual(['W0', 'W1', 'W2']);
    expect(ws.getCell('B4').font?.bold).toBe(true);
    expect(ws.getCell('B4').alignment?.indent).toBe(1);
    expect(ws.getCell('C3').value).toEqual(new Date(Date.UTC(2026, 0, 5, 8)));
    expect(ws.getCell('C3').numFmt).toBe('DD.MM.YYYY');
    expect(ws.getCell('A6').value).toBe('Total 3');
    expect((ws.model as { merges: string[] }).merges.sort()).toEqual(['A1:C1', 'A6:C6']);
  });

  it('refuses a zip that inflates far beyond a template', async () => {
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(80 * 1024 * 1024) }, { level: 9 });
    await expect(loadReportTemplate(bomb)).rejects.toBeInstanceOf(ReportTemplateError);
    await expect(loadReportTemplate(new Uint8Array([1, 2, 3]))).rejects.toBeInstanceOf(ReportTemplateError);
  });
});

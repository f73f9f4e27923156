/**
 * The estimate readers fuzzed like the schedule importers (seeded, bounded): good files cut, with bytes
 * flipped, lines doubled or dropped, separators removed, absurd numbers put in — every read ends in a whole
 * document or an InterchangeError, never another exception, and each in bounded time. Most mutations of a
 * good file still read (the readers are lenient).
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { InterchangeError } from '../common/errors.js';
import { rng } from '../test-support.js';
import { writeEstimateArps } from './arps.js';
import { figureEstimate } from './figure.js';
import type { EstimateDocument } from './model.js';
import { readEstimateFile } from './read.js';
import { sampleEstimate } from './sample.js';

const XML = `<?xml version="1.0" encoding="utf-8"?>
<Construction><Meta><File><Type>ЛС</Type></File></Meta><Num>1</Num><Name>Смета</Name><Object><Estimate>
<Num>ЛСР-1</Num><Name>Фундаменты</Name><PriceLevelCur><Year>2025</Year><Quarter>2</Quarter></PriceLevelCur>
<Sections><Section><Code>1</Code><Name>Раздел</Name><Items>
<Item><Cost><Num>1</Num><Prefix>ФЕР</Prefix><Code>08-01-001-01</Code><Name>Кладка</Name><Quantity>1,5</Quantity><Unit>м3</Unit>
<PerUnit><Base><Machines>10.46</Machines><WorkersSalary>32.74</WorkersSalary><Materials>215.19</Materials></Base>
<Natural><LaborCosts>3.94</LaborCosts></Natural></PerUnit>
<Coefficients><Coefficient><Name>К</Name><Values><Value><Target>ОТ</Target><CoefValue>1.15</CoefValue></Value></Values></Coefficient></Coefficients>
<Index><Values><Value><Final>52.21</Final><Target>ОТ</Target></Value></Values></Index></Cost><Totals><Base>320.11</Base></Totals></Item>
<Item><Material><Num>2</Num><Code>01.7</Code><Name>Вода</Name><Consumption>0.07</Consumption><Unit>м3</Unit><PricePerUnitBase>2.44</PricePerUnitBase></Material></Item>
</Items></Section></Sections></Estimate></Object></Construction>`;

const CSV = [
  '№;Шифр;Наименование;Ед.;Кол-во;ОЗП;ЭМ;МАТ',
  ';;Раздел 1. Земляные работы;;;;;',
  ...Array.from(
    { length: 30 },
    (_, i) => `${i + 1};ГЭСН01-${i};Работа ${i + 1};м3;"${i},5";"1 200,50";30;4000`,
  ),
  ';;Итого;;;;;',
].join('\r\n');
const RULE = {
  rowsToSkip: 0,
  mapping: {
    '№': 'number',
    Шифр: 'code',
    Наименование: 'name',
    'Ед.': 'unit',
    'Кол-во': 'quantity',
    ОЗП: 'labour',
    ЭМ: 'machines',
    МАТ: 'materials',
  },
} as const;

/** One mutation of the file, as the schedule importers' fuzz makes them. */
function mutate(bytes: Uint8Array, r: () => number, text: boolean): Uint8Array {
  const pick = (n: number) => Math.floor(r() * n);
  const b = Buffer.from(bytes);
  switch (pick(text ? 7 : 3)) {
    case 0:
      return b.subarray(0, pick(b.length));
    case 1: {
      const out = Buffer.from(b);
      for (let k = 0; k < 1 + pick(8); k++) out[pick(out.length)] = pick(256);
      return out;
    }
    case 2:
      return Buffer.concat([
        b.subarray(0, pick(b.length)),
        Buffer.from([pick(256), pick(256)]),
        b.subarray(pick(b.length)),
      ]);
    default: {
      const lines = b.toString('latin1').split('\n');
      const k = pick(lines.length);
      const kind = pick(4);
      if (kind === 0) lines.splice(k, 0, lines[k] ?? '');
      else if (kind === 1) lines.splice(k, 1);
      else if (kind === 2) lines[k] = (lines[k] ?? '').replace(/[#;<>]/, '');
      else
        lines[k] = (lines[k] ?? '').replace(
          /\d+([.,]\d+)?/,
          ['-1e308', '99999999999999999', 'NaN', '1,2,3', ''][pick(5)]!,
        );
      return Buffer.from(lines.join('\n'), 'latin1');
    }
  }
}

async function xlsxOf(csv: string): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Смета');
  for (const line of csv.split('\r\n')) ws.addRow(line.split(';').map((c) => c.replace(/"/g, '')));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** Reads, and checks the outcome: a document that figures, or an InterchangeError; false for the error. */
async function attempt(bytes: Uint8Array, name: string, label: string): Promise<boolean> {
  const t = performance.now();
  try {
    const { document, report } = await readEstimateFile(bytes, name, { rule: RULE, maxBytes: 1 << 20 });
    figureEstimate(document as EstimateDocument);
    expect(report.warnings.length).toBeLessThanOrEqual(1001);
    return true;
  } catch (e) {
    if (!(e instanceof InterchangeError)) throw new Error(`${label}: ${(e as Error).stack}`);
    expect(e.message.length).toBeGreaterThan(0);
    return false;
  } finally {
    expect(performance.now() - t, `${label} took too long`).toBeLessThan(3000);
  }
}

describe('estimate reader fuzz (seeded, bounded)', () => {
  // name, file name, the good file, whether it is text, how many of 120 mutations must still read (XML is
  // well-formed or refused, so fewer of its mutations read; a zip's byte flips break its checksums)
  const inputs: [string, string, () => Promise<Uint8Array>, boolean, number][] = [
    ['arps', 'смета.arp', async () => writeEstimateArps(sampleEstimate(60)), true, 60],
    ['xml', 'смета.xml', async () => Buffer.from(XML, 'utf8'), true, 15],
    ['csv', 'смета.csv', async () => iconv.encode(CSV, 'win1251'), true, 60],
    ['xlsx', 'смета.xlsx', () => xlsxOf(CSV), false, 0],
  ];
  for (const [name, fileName, make, text, least] of inputs)
    it(`${name}: 120 mutations each end in an estimate or an InterchangeError`, async () => {
      const bytes = await make();
      expect(await attempt(bytes, fileName, `${name} original`)).toBe(true);
      const r = rng(20261128 + name.length);
      let read = 0;
      for (let i = 0; i < 120; i++)
        if (await attempt(mutate(bytes, r, text), fileName, `${name} mutation ${i}`)) read++;
      // leniency: mutations of a good file still read
      expect(read).toBeGreaterThanOrEqual(least);
    }, 60_000);

  it('random bytes under any name end in an InterchangeError or an estimate', async () => {
    const r = rng(7);
    for (let i = 0; i < 60; i++) {
      const bytes = Uint8Array.from({ length: Math.floor(r() * 4000) }, () => Math.floor(r() * 256));
      await attempt(bytes, ['x.arp', 'x.xml', 'x.csv', 'x.xlsx', 'x'][i % 5]!, `random ${i}`);
    }
  }, 60_000);
});

/**
 * The estimate readers on small files written here: ARPS 1.10 in Windows-1251 and UTF-8 with odd spacing,
 * comma decimals, missing and broken fields; the ministry's XML of a local estimate (a rate on base prices
 * with coefficients and indices, a resource priced on its own); sheets through upload rules; the entry
 * choosing the format and refusing what it cannot read.
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { refusal } from '../test-support.js';
import { readEstimateArps, writeEstimateArps } from './arps.js';
import { figureEstimate } from './figure.js';
import { readEstimateMinstroyXml } from './minstroy-xml.js';
import type { EstimateLine, EstimateSection } from './model.js';
import { estimateFormatFromContent, readEstimateFile } from './read.js';
import { sampleEstimate, sampleMinstroyXml } from './sample.js';
import { previewEstimateTabular, readEstimateTabular } from './tabular.js';

/** A line record (20) of 29 fields, the given ones set. */
const rec20 = (given: Record<number, string>) =>
  Array.from({ length: 29 }, (_, i) => (i === 0 ? '20' : (given[i] ?? ''))).join('#');

/** An ARPS 1.10 file as the programs write it: code page 866, CRLF, records by number. */
const ARPS = [
  'Выгрузка из сметной программы',
  '1#АРПС 1.10#MNB.DLL#',
  '0#ТСН-2001 ; 2000',
  '3##ЛС-02-01-01#Локальная смета на общестроительные работы###ООО Заказчик#Иванов И.И.#ООО Подрядчик#Петров П.П.###',
  '10#0#1#Земляные работы',
  rec20({
    1: ' 1 ',
    2: 'ТЕР01-01-003-07',
    3: '1000 м3',
    4: '  Разработка   грунта экскаватором ',
    5: '13580,16',
    6: '1234,56',
    7: '12345,6',
    8: '1200',
    9: '0',
    13: '14,2',
    14: '9,5',
    15: '20 000,00',
    16: '1500',
    17: '15000',
    18: '1400',
    19: '3500',
    23: '16,33',
    24: '10,93',
    26: '0,125',
  }),
  '25#2#Накладные расходы##1,05',
  '25#3#Сметная прибыль##0,65',
  '25#1#Зимнее удорожание##1,02',
  '30#1-100-32#чел.-ч#Затраты труда рабочих##14,2',
  '30#91.01.01-035#маш.-ч#Экскаватор##9,5',
  rec20({
    1: '2',
    2: 'ФССЦ-01.7.15.06-0111',
    3: 'т',
    4: 'Гвозди строительные',
    5: '11500.00',
    9: '11500.00',
    26: '0.05',
  }),
  '50#Итого по разделу###',
  '10#1#1.1#Подраздел',
  rec20({ 1: '3', 3: 'шт', 4: 'Без шифра', 5: 'abc', 6: '10' }),
  rec20({ 1: '4', 2: 'ТЕР-XX', 3: 'шт', 5: '1e999', 26: '1' }),
  '20#5#',
  rec20({ 1: '6', 2: 'Прайс', 3: 'шт', 4: 'Кран башенный, аренда', 5: '5000', 26: '2' }),
  '99#то странное',
  '50#Всего###',
  '',
].join('\r\n');

describe('ARPS 1.10', () => {
  it('reads code page 866 as the programs write it: sections, lines at current prices, and reports the rest', async () => {
    const { document: d, report } = await readEstimateArps(iconv.encode(ARPS, 'cp866'));
    expect(report.encoding).toBe('ibm866');
    expect(d).toMatchObject({
      kind: 'loc',
      code: 'ЛС-02-01-01',
      name: 'Локальная смета на общестроительные работы',
      currency: 'RUB',
      coefficients: [],
    });
    const [earth] = d.sections;
    expect(earth).toMatchObject({ code: '1', name: 'Земляные работы' });
    // the current prices (with the line's coefficients) and their hours; the stated total 20,000 × 0.125
    expect(earth!.lines[0]).toEqual({
      number: '1',
      code: 'ТЕР01-01-003-07',
      name: 'Разработка грунта экскаватором',
      unit: '1000 м3',
      quantity: 0.125,
      unitCost: { labour: 1500, machines: 15000, materials: 3500 },
      labourHoursPerUnit: 16.33,
      machineHoursPerUnit: 10.93,
      statedTotal: 2500,
      coefficients: [],
    });
    // a line with base prices only keeps them
    expect(earth!.lines[1]).toMatchObject({
      unitCost: { labour: 0, machines: 0, materials: 11500 },
      statedTotal: 575,
    });
    const sub = earth!.sections[0]!;
    expect(sub).toMatchObject({ code: '1.1', name: 'Подраздел' });
    // a broken cost and an absurd one become 0; a line without a name takes its code; a price with no
    // split is a cost of materials
    expect(sub.lines.map((l) => [l.name, l.quantity, l.unitCost.labour, l.unitCost.materials])).toEqual([
      ['Без шифра', 0, 10, 0],
      ['ТЕР-XX', 1, 0, 0],
      ['Кран башенный, аренда', 2, 0, 5000],
    ]);
    expect(report).toMatchObject({ lines: 5, sections: 2, format: 'arps' });
    const ids = report.warnings.map((w) => [w.id, w.line]);
    expect(ids).toEqual([
      ['interchange.estimate.bad_number', 15],
      ['interchange.estimate.no_name', 16],
      ['interchange.estimate.bad_number', 16],
      ['interchange.estimate.bad_record', 17],
      ['interchange.estimate.unknown_record', 19],
      ['interchange.estimate.overheads_ignored', undefined],
      ['interchange.estimate.coefficients_in_prices', undefined],
      ['interchange.estimate.resources_ignored', undefined],
      ['interchange.estimate.totals_ignored', undefined],
      ['interchange.estimate.unit_cost_unsplit', undefined],
    ]);
    expect(report.warnings[0]!.message).toBe('20:5 "abc" is not a number; 0 is used');
    expect(report.warnings[5]!.values).toEqual({ count: 1 });
  });

  it('reads Windows-1251 and UTF-8, a header without its record number, and refuses a file without the header', async () => {
    const text = `АРПС 1.10\r\n10#0##Кровля\r\n${rec20({ 2: 'ГЭСН12-01-001-01', 3: '100 м2', 4: 'Устройство кровли', 6: '100', 7: '50', 9: '400', 26: '2,5' })}\r\n`;
    const utf8 = await readEstimateArps(Buffer.from(text, 'utf8'));
    expect(utf8.report.encoding).toBe('utf-8');
    expect(utf8.document.sections[0]!.name).toBe('Кровля');
    expect(utf8.document.sections[0]!.lines[0]!.unitCost).toEqual({
      labour: 100,
      machines: 50,
      materials: 400,
    });
    const cp1251 = await readEstimateArps(iconv.encode(`1#${text}`, 'win1251'));
    expect(cp1251.report.encoding).toBe('windows-1251');
    expect(cp1251.document).toEqual(utf8.document);
    const e = await refusal(readEstimateArps(`3##1#Смета\n${rec20({ 4: 'Б', 26: '1' })}\n`));
    expect(e.code).toBe('syntax');
    expect(e.messageId).toBe('interchange.estimate.not_arps');
  });

  it('refuses a file of one endless line', async () => {
    const e = await refusal(readEstimateArps(`1#АРПС 1.10\n${'x'.repeat(1_100_000)}`));
    expect(e.messageId).toBe('interchange.estimate.line_too_long');
    expect(e.line).toBe(2);
  });

  it('puts lines before any section in a section of their own, named in the language asked for', async () => {
    const { document: d, report } = await readEstimateArps(
      `1#АРПС 1.10#\n${rec20({ 2: 'А1', 3: 'шт', 4: 'Работа', 6: '1', 26: '2' })}\n`,
      { language: 'en' },
    );
    expect(d.sections[0]!.name).toBe('No section');
    expect(report.warnings[0]!.id).toBe('interchange.estimate.lines_outside');
  });

  it('writes the records in code page 866 with the fields where the programs read them', async () => {
    const { document } = await readEstimateArps(iconv.encode(ARPS, 'cp866'));
    const records = iconv.decode(Buffer.from(writeEstimateArps(document)), 'cp866').split('\r\n');
    expect(records[0]).toBe('1#АРПС 1.10#Takt');
    expect(records[1]!.split('#')).toHaveLength(20);
    expect(records[1]!.split('#')[3]).toBe('Локальная смета на общестроительные работы');
    const line = records.find((r) => r.startsWith('20#1#'))!.split('#');
    expect(line).toHaveLength(29);
    expect([line[2], line[3], line[4], line[16], line[17], line[19], line[26]]).toEqual([
      'ТЕР01-01-003-07',
      '1000 м3',
      'Разработка грунта экскаватором',
      '1500',
      '15000',
      '3500',
      '0,125',
    ]);
    expect(records.at(-1)).toBe('');
    // a "#" in a text cannot split the record
    document.sections[0]!.lines[0]!.name = 'Работа #5';
    expect(
      (await readEstimateArps(writeEstimateArps(document, { encoding: 'utf-8' }))).document.sections[0]!
        .lines[0]!.name,
    ).toBe('Работа №5');
  });

  it('writes what it reads: an estimate without coefficients reads back the same, one with them at the same totals', async () => {
    const plain = sampleEstimate(40);
    const strip = (s: EstimateSection): EstimateSection => ({
      ...s,
      coefficients: [],
      lines: s.lines.map((l) => ({ ...l, coefficients: [] })),
      sections: s.sections.map(strip),
    });
    plain.coefficients = [];
    plain.sections = plain.sections.map(strip);
    const back = await readEstimateArps(writeEstimateArps(plain));
    expect(back.report.warnings).toEqual([]);
    // the codes linking lines to works are Takt's own, and a read line states its total
    const carried = (x: EstimateSection): EstimateSection => ({
      ...x,
      lines: x.lines.map(({ statedTotal: _s, volumeCode: _v, wbsCode: _w, ...l }) => l),
      sections: x.sections.map(carried),
    });
    expect(back.document.sections.map(carried)).toEqual(plain.sections.map(carried));
    expect(figureEstimate(back.document).totals).toEqual(figureEstimate(plain).totals);

    // coefficients are in the current prices: each line's total within its unit cost's rounding to the cent
    const priced = sampleEstimate(120);
    const again = await readEstimateArps(writeEstimateArps(priced));
    const before = figureEstimate(priced).lines;
    const after = figureEstimate(again.document).lines;
    expect(after).toHaveLength(before.length);
    before.forEach((f, i) => {
      expect(Math.abs(after[i]!.totals.total - f.totals.total)).toBeLessThanOrEqual(
        f.quantity * 0.015 + 0.01,
      );
      expect(
        again.document.sections.flatMap(function all(s): EstimateLine[] {
          return [...s.lines, ...s.sections.flatMap(all)];
        })[i]!.statedTotal,
      ).toBeCloseTo(after[i]!.totals.total, 0);
    });
  });
});

const XML = `<?xml version="1.0" encoding="utf-8"?>
<Construction xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Meta><Soft><Name>Сметная программа</Name></Soft><File><Type>ЛС</Type><Version>3.01</Version></File></Meta>
  <Num>ЛСР 02-01-01</Num>
  <Name>Административное здание</Name>
  <Object>
    <Estimate>
      <Num>ЛСР 02-01-01</Num>
      <Name>Фундаменты</Name>
      <PriceLevelBase><Year>2000</Year><Month>1</Month><Quarter>1</Quarter></PriceLevelBase>
      <PriceLevelCur><Year>2025</Year><Quarter>2</Quarter></PriceLevelCur>
      <EstimatePrice><Total><PriceBase>1806575.55</PriceBase></Total></EstimatePrice>
      <Sections>
        <Section>
          <Code>1</Code>
          <Name>Кладка фундаментов</Name>
          <Items>
            <FreeString>Свободная строка</FreeString>
            <Item>
              <Overheads><Reason>Пр/812-008.0-1</Reason><Value>110</Value></Overheads>
              <Cost>
                <Num>2</Num><Prefix>ФЕР</Prefix><Code>08-01-001-01</Code>
                <Name>Устройство из бутового камня фундаментов: ленточных</Name>
                <Quantity>1</Quantity><QuantityTotal>1,5</QuantityTotal><Unit>м3</Unit>
                <PerUnit>
                  <Base><Direct>258.39</Direct><Machines>10.46</Machines><WorkersSalary>32.74</WorkersSalary>
                    <MachinistSalary>1.74</MachinistSalary><Materials>215.19</Materials></Base>
                  <Natural><LaborCosts>3.94</LaborCosts><MachinistLaborCosts>0.15</MachinistLaborCosts></Natural>
                </PerUnit>
                <Coefficients><Coefficient><Name>Стеснённые условия</Name><Values>
                  <Value><Target>ОТ</Target><CoefValue>1.15</CoefValue></Value>
                  <Value><Target>ЭМ</Target><CoefValue>1,25</CoefValue></Value>
                </Values></Coefficient></Coefficients>
                <Index><Name>Индексы 2025.2</Name><Values>
                  <Value><Final>52.21</Final><Target>ОТ</Target></Value>
                  <Value><Final>52.21</Final><Target>ОТМ</Target></Value>
                  <Value><Final>16.64</Final><Target>ЭМ</Target></Value>
                  <Value><Final>1</Final><Target>М</Target></Value>
                </Values></Index>
                <ResourcesInternal><Worker><Code>1-0027</Code><Name>Рабочий</Name></Worker></ResourcesInternal>
              </Cost>
              <Totals><Base>320.11</Base></Totals>
            </Item>
            <Item>
              <Machine><Num>3</Num><Code>ТЦ_47_01</Code><Name>Приём смешанных отходов</Name>
                <Consumption>8.825508</Consumption><Unit>тн</Unit><PricePerUnitCur>675</PricePerUnitCur></Machine>
              <Totals><Current>5957.22</Current></Totals>
            </Item>
            <Item><Cost><Num>4</Num><Name></Name><Quantity>x</Quantity></Cost></Item>
          </Items>
        </Section>
        <Section><Code>2</Code><Name>Прочее</Name><Items/></Section>
      </Sections>
    </Estimate>
  </Object>
</Construction>`;

describe("the ministry's XML of a local estimate", () => {
  it('reads rates, indices, coefficients and resources priced on their own', async () => {
    const { document: d, report } = await readEstimateMinstroyXml(XML);
    expect(d).toMatchObject({
      kind: 'loc',
      code: 'ЛСР 02-01-01',
      name: 'Фундаменты',
      priceLevel: '2025-04-01',
    });
    expect(d.sections.map((s) => [s.code, s.name, s.lines.length])).toEqual([
      ['1', 'Кладка фундаментов', 2],
      ['2', 'Прочее', 0],
    ]);
    const [rate, waste] = d.sections[0]!.lines;
    expect(rate).toEqual({
      number: '2',
      code: 'ФЕР08-01-001-01',
      name: 'Устройство из бутового камня фундаментов: ленточных',
      unit: 'м3',
      quantity: 1.5,
      unitCost: { labour: 32.74, machines: 10.46, materials: 215.19 },
      labourHoursPerUnit: 3.94,
      machineHoursPerUnit: 0.15,
      statedTotal: 320.11,
      coefficients: [
        { name: 'Стеснённые условия', kind: 'coefficient', target: 'labour', value: 1.15 },
        { name: 'Стеснённые условия', kind: 'coefficient', target: 'machines', value: 1.25 },
        { name: 'Индексы 2025.2', kind: 'index', target: 'labour', value: 52.21 },
        { name: 'Индексы 2025.2', kind: 'index', target: 'machines', value: 16.64 },
      ],
    });
    expect(waste).toMatchObject({
      code: 'ТЦ_47_01',
      quantity: 8.825508,
      unit: 'тн',
      unitCost: { labour: 0, machines: 675, materials: 0 },
      statedTotal: 5957.22,
    });
    expect(report.warnings.map((w) => w.id)).toEqual([
      'interchange.estimate.index_ignored',
      'interchange.estimate.empty_line',
      'interchange.estimate.overheads_ignored',
      'interchange.estimate.resources_ignored',
    ]);
  });

  it('reads Windows-1251 XML, and coefficients of the estimate and of a section', async () => {
    const xml = XML.replace('encoding="utf-8"', 'encoding="windows-1251"')
      .replace(
        '<Sections>',
        '<Coefficients><Coefficient><Name>Зимнее удорожание</Name><Values><Value><Target>ПЗ</Target><CoefValue>1,021</CoefValue></Value></Values></Coefficient></Coefficients><Sections>',
      )
      .replace(
        '<Name>Прочее</Name>',
        '<Name>Прочее</Name><Coefficients><Coefficient><Reason>МДС</Reason><Values><Value><Target>ЗТ</Target><CoefValue>1.1</CoefValue></Value></Values></Coefficient></Coefficients>',
      );
    const { document: d, report } = await readEstimateMinstroyXml(iconv.encode(xml, 'win1251'));
    expect(report.encoding).toBe('windows-1251');
    expect(d.name).toBe('Фундаменты');
    expect(d.coefficients).toEqual([
      { name: 'Зимнее удорожание', kind: 'coefficient', target: 'all', value: 1.021 },
    ]);
    expect(d.sections[1]!.coefficients).toEqual([
      { code: 'МДС', name: 'МДС', kind: 'coefficient', target: 'labourHours', value: 1.1 },
    ]);
  });

  it('refuses XML of another kind, and broken XML, naming the line', async () => {
    const other = await refusal(readEstimateMinstroyXml('<Project><Name>x</Name></Project>'));
    expect(other.code).toBe('unsupported_format');
    expect(other.messageValues).toEqual({ root: 'Project' });
    const cut = await refusal(readEstimateMinstroyXml(XML.slice(0, 2000)));
    expect(cut.code).toMatch(/truncated|syntax/);
    expect(cut.line).toBeGreaterThan(0);
  });

  it('streams a generated estimate of 2,000 rates: every line, its base prices and indices', async () => {
    const { document: d, report } = await readEstimateMinstroyXml(sampleMinstroyXml(2000));
    const doc = sampleEstimate(2000);
    expect(report.lines).toBe(2000);
    const lines = d.sections.flatMap((s) => s.lines);
    const expected = doc.sections.flatMap((p) => p.sections.flatMap((s) => s.lines));
    expect(lines.map((l) => [l.code, l.quantity, l.unitCost])).toEqual(
      expected.map((l) => [l.code, l.quantity, l.unitCost]),
    );
    expect(lines[3]!.coefficients.map((c) => [c.kind, c.target, c.value])).toEqual([
      ['coefficient', 'labour', 1.15],
      ['index', 'materials', 8.49],
    ]);
    expect(report.warnings.map((w) => [w.id, w.values.count])).toEqual([
      ['interchange.estimate.resources_ignored', 2000],
    ]);
  });

  it('holds an item to a bounded size', async () => {
    const many = '<Worker><Code>1</Code></Worker>'.repeat(3000);
    const xml = XML.replace('<ResourcesInternal>', `<ResourcesInternal>${many}`);
    const { document: d, report } = await readEstimateMinstroyXml(xml);
    expect(d.sections[0]!.lines).toHaveLength(2);
    expect(report.warnings.map((w) => w.id)).toContain('interchange.estimate.element_too_large');
  });
});

describe('sheets through upload rules', () => {
  const CSV = [
    'Смета на отделку;;;;;;;',
    '№;Шифр;Наименование;Ед. изм.;Кол-во;ОЗП;ЭМ;Материалы;Маркер',
    ';;Раздел 1. Стены;;;;;;1',
    '1;ГЭСН15-04-005-01;Окраска стен;100 м2;"2,5";"1 200,50";30;"4 000";',
    '2;;Грунтовка;м2;250;;;12,5;',
    ';;Подраздел 1.1;;;;;;2',
    '3;ФССЦ-14.4;Краска;т;0,1;;;oops;',
    ';;Итого по разделу;;;;;9999;',
    ';;;;;;;;',
  ].join('\r\n');
  const rule = {
    rowsToSkip: 1,
    mapping: {
      '№': 'number',
      Шифр: 'code',
      Наименование: 'name',
      'ед. изм.': 'unit',
      'Кол-во': 'quantity',
      F: 'labour',
      '7': 'machines',
      Материалы: 'materials',
      Маркер: 'section',
    },
  } as const;

  it('reads a Windows-1251 CSV: sections by the marker column, comma decimals, totals left out', async () => {
    const { document: d, report } = await readEstimateTabular(iconv.encode(CSV, 'win1251'), rule, {
      name: 'Отделка',
    });
    expect(report).toMatchObject({ format: 'csv', encoding: 'windows-1251', lines: 3, sections: 2 });
    expect(d.name).toBe('Отделка');
    const walls = d.sections[0]!;
    expect(walls.name).toBe('Раздел 1. Стены');
    expect(walls.lines.map((l) => [l.number, l.code, l.quantity, l.unitCost])).toEqual([
      ['1', 'ГЭСН15-04-005-01', 2.5, { labour: 1200.5, machines: 30, materials: 4000 }],
      ['2', '', 250, { labour: 0, machines: 0, materials: 12.5 }],
    ]);
    expect(walls.sections[0]!.lines[0]!.unitCost.materials).toBe(0);
    expect(report.warnings.map((w) => [w.id, w.where])).toEqual([
      ['interchange.estimate.bad_number', 'H7'],
      ['interchange.estimate.totals_ignored', undefined],
    ]);
  });

  it('reads xlsx with section rows told by their words, and a unit cost without a split', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Смета');
    ws.addRow(['Шифр', 'Наименование', 'Ед', 'Кол', 'Цена']);
    ws.addRow([null, 'Раздел 1. Кровля']);
    ws.addRow(['ГЭСН12-01', 'Кровля', 'м2', 120, 350.25]);
    ws.addRow([null, 'Подраздел 1.1 Водосток']);
    ws.addRow(['ФССЦ-1', 'Желоб', 'м', '12,5', '1 000']);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const { document: d, report } = await readEstimateTabular(bytes, {
      rowsToSkip: 0,
      mapping: { A: 'code', B: 'name', C: 'unit', D: 'quantity', E: 'unitCost' },
    });
    expect(report.format).toBe('xlsx');
    expect(d.sections[0]!.lines[0]).toMatchObject({ quantity: 120, unitCost: { materials: 350.25 } });
    expect(d.sections[0]!.sections[0]!.lines[0]).toMatchObject({
      quantity: 12.5,
      unitCost: { materials: 1000 },
    });
    expect(report.warnings.map((w) => w.id)).toEqual(['interchange.estimate.unit_cost_unsplit']);
  });

  it('takes sections from a level column, one level deeper at most, and a coefficient column', async () => {
    const csv = [
      'Ур;Наименование;Кол;Кзим',
      '1;Часть 1;',
      ';Работа А;1;1,2',
      '3;Глубже;',
      ';Работа Б;2',
      '1;Часть 2;',
      ';Работа В;3',
    ].join('\n');
    const { document: d } = await readEstimateTabular(Buffer.from(csv), {
      rowsToSkip: 0,
      mapping: { Ур: 'level', Наименование: 'name', Кол: 'quantity', Кзим: 'coefficient' },
    });
    expect(d.sections[0]!.lines[0]!.coefficients).toEqual([
      { name: 'Кзим', kind: 'coefficient', target: 'all', value: 1.2 },
    ]);
    expect(
      d.sections.map((s) => [s.name, s.lines.map((l) => l.name), s.sections.map((x) => x.name)]),
    ).toEqual([
      ['Часть 1', ['Работа А'], ['Глубже']],
      ['Часть 2', ['Работа В'], []],
    ]);
    expect(d.sections[0]!.sections[0]!.lines[0]!.quantity).toBe(2);
  });

  it('refuses a rule naming a column the sheet lacks, or mapping no name', async () => {
    const csv = Buffer.from('a;b\n1;2\n');
    expect(
      (await refusal(readEstimateTabular(csv, { rowsToSkip: 0, mapping: { Нет: 'name' } }))).messageId,
    ).toBe('interchange.tabular.unknown_column');
    expect(
      (await refusal(readEstimateTabular(csv, { rowsToSkip: 0, mapping: { a: 'code' } }))).messageId,
    ).toBe('interchange.estimate.no_name_column');
  });
});

describe('previewEstimateTabular', () => {
  const csv = Buffer.from(
    [
      'Смета на кровлю',
      'Код;Наименование;Ед;Кол;Цена',
      ';Раздел 1. Кровля;;;',
      'ГЭСН 12-01;Утепление;м2;10;150',
      ';Итого;;;1500',
    ].join('\n'),
  );

  it('shows each row as the rule reads it, the mapped columns and the report', async () => {
    const p = await previewEstimateTabular(csv, {
      rowsToSkip: 1,
      mapping: { Код: 'code', Наименование: 'name', D: 'quantity', 5: 'unitCost' },
    });
    expect(p.format).toBe('csv');
    expect(p.delimiter).toBe(';');
    expect(p.columns.map((c) => c.field)).toEqual(['code', 'name', null, 'quantity', 'unitCost']);
    expect(p.columns[1]!.header).toBe('Наименование');
    expect(p.rows.map((r) => [r.row, r.kind, r.level])).toEqual([
      [1, 'skipped', undefined],
      [2, 'header', undefined],
      [3, 'section', 1],
      [4, 'line', undefined],
      [5, 'total', undefined],
    ]);
    expect(p.rows[3]!.cells[1]).toBe('Утепление');
    expect(p.report).toMatchObject({ lines: 1, sections: 1 });
    expect(p.ruleProblems).toEqual([]);
  });

  it('shows the rule problems with the rows, reading nothing further', async () => {
    const p = await previewEstimateTabular(csv, { rowsToSkip: 1, mapping: { Нет: 'name' } }, 2);
    expect(p.ruleProblems.map((x) => x.id)).toEqual(['interchange.tabular.unknown_column']);
    expect(p.report).toBeNull();
    expect(p.rows.map((r) => r.kind)).toEqual(['skipped', null, null]);
  });
});

describe('readEstimateFile', () => {
  it('tells the format by content, then by name, and streams within the size limit', async () => {
    expect(estimateFormatFromContent(iconv.encode('\r\nАРПС#1.10', 'win1251'))).toBe('arps');
    expect(estimateFormatFromContent(iconv.encode('1#АРПС 1.10#MNB.DLL#\r\n', 'cp866'))).toBe('arps');
    expect(estimateFormatFromContent(iconv.encode('1 # АРПС 1.10', 'win1251'))).toBe('arps');
    expect(estimateFormatFromContent(Buffer.from('\uFEFF<?xml version="1.0"?><Construction/>'))).toBe(
      'minstroy-xml',
    );
    const chunks = function* () {
      const bytes = iconv.encode(ARPS, 'cp866');
      for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
    };
    const arps = await readEstimateFile(chunks(), 'смета.txt');
    expect(arps.report).toMatchObject({ format: 'arps', lines: 5, encoding: 'ibm866' });
    expect((await readEstimateFile(XML, 'смета.gge')).report.format).toBe('minstroy-xml');
    const tooBig = await refusal(readEstimateFile(chunks(), 'смета.arp', { maxBytes: 100 }));
    expect(tooBig.messageId).toBe('interchange.estimate.too_large');
    expect((await refusal(readEstimateFile('a;b\n', 'x.csv'))).messageId).toBe(
      'interchange.estimate.rule_needed',
    );
    expect((await refusal(readEstimateFile('just text', 'x.doc'))).messageId).toBe(
      'interchange.estimate.unsupported',
    );
    const csv = await readEstimateFile('Наименование;Кол\nРабота;2\n', 'x.csv', {
      rule: { rowsToSkip: 0, mapping: { Наименование: 'name', Кол: 'quantity' } },
      name: 'Из CSV',
    });
    expect(csv.document.name).toBe('Из CSV');
    expect(csv.document.sections[0]!.lines[0]!.quantity).toBe(2);
  });
});

/** Grid export to xlsx/CSV, and import of xlsx/CSV through upload rules. */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { scheduleProject } from '../calculation/schedule.js';
import { InterchangeError } from '../common/errors.js';
import { writeGridCsv } from './csv-write.js';
import type { Grid, GridColumn, GridRow } from './grid.js';
import { matchVolumesByCode, missingVolumeCodesMessage, previewTabular, readTabular } from './import.js';
import { parseDate, parseDuration, parsePredecessors, type TabularRule } from './rule.js';
import { readXlsxRows } from './xlsx-read.js';
import { writeGridXlsx } from './xlsx-write.js';

const COLUMNS: GridColumn[] = [
  { id: 'code', header: 'Код', kind: 'text' },
  { id: 'name', header: 'Наименование', kind: 'text', indent: true },
  { id: 'start', header: 'Начало', kind: 'date' },
  { id: 'finish', header: 'Окончание', kind: 'datetime' },
  { id: 'duration', header: 'Длительность, дн', kind: 'number', decimals: 1 },
  { id: 'volume', header: 'Объём', kind: 'number' },
  { id: 'unit', header: 'Ед.', kind: 'text' },
  { id: 'progress', header: 'Выполнено', kind: 'percent' },
  { id: 'critical', header: 'Критическая', kind: 'boolean' },
  { id: 'preds', header: 'Предшественники', kind: 'text' },
];

const ROWS: GridRow[] = [
  {
    level: 0,
    summary: true,
    values: { code: 'S1', name: 'Каркас', start: '2024-03-04', finish: '2024-03-08T17:00' },
  },
  {
    level: 1,
    values: {
      code: 'A10',
      name: 'Армирование; плиты "П1"',
      start: '2024-03-04',
      finish: '2024-03-05T17:00',
      duration: 2,
      volume: 1250.5,
      unit: 'т',
      progress: 40,
      critical: true,
    },
  },
  {
    level: 1,
    values: {
      code: 'A20',
      name: 'Бетонирование',
      start: '2024-03-06',
      finish: '2024-03-08T17:00',
      duration: 3,
      volume: 310,
      unit: 'м3',
      preds: 'A10FS',
    },
  },
  { level: 0, values: { code: 'M1', name: 'Готовность', duration: 0, preds: 'A20' } },
];

const grid = (extra: Partial<Grid> = {}): Grid => ({
  columns: COLUMNS,
  rows: ROWS,
  sheetName: 'График',
  ...extra,
});

/** A rule of the small test files: nothing skipped, dates DD.MM.YYYY, these columns. */
const ruleOf = (mapping: TabularRule['mapping']): TabularRule => ({
  name: 'r',
  rowsToSkip: 0,
  mapping,
  dateFormat: 'DD.MM.YYYY',
});

const RULE: TabularRule = {
  name: 'Выгрузка',
  rowsToSkip: 0,
  mapping: {
    Код: 'code',
    Наименование: 'name',
    Начало: 'start',
    Окончание: 'finish',
    'Длительность, дн': 'duration',
    Объём: 'volume',
    'Ед.': 'unit',
    Выполнено: 'progress',
    Предшественники: 'predecessors',
  },
  dateFormat: 'DD.MM.YYYY',
};

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let s = '';
  for await (const c of chunks) s += c;
  return s;
}

describe('grid export', () => {
  it('xlsx: frozen bold header, outline groups, bold summaries, real dates, numbers and percents', async () => {
    const bytes = await writeGridXlsx(grid());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('График')!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getRow(1).getCell(1).value).toBe('Код');
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getRow(2).getCell(2).font?.bold).toBe(true); // summary
    expect(ws.getRow(3).getCell(2).font?.bold).toBeFalsy();
    expect([2, 3, 4, 5].map((r) => ws.getRow(r).outlineLevel ?? 0)).toEqual([0, 1, 1, 0]);
    const start = ws.getRow(3).getCell(3);
    expect(start.value).toEqual(new Date(Date.UTC(2024, 2, 4)));
    expect(start.numFmt).toBe('DD.MM.YYYY');
    expect(ws.getRow(3).getCell(4).value).toEqual(new Date(Date.UTC(2024, 2, 5, 17, 0)));
    expect(ws.getRow(3).getCell(4).numFmt).toBe('DD.MM.YYYY HH:mm');
    expect(ws.getRow(3).getCell(6).value).toBe(1250.5);
    expect(ws.getRow(3).getCell(6).numFmt).toBe('#,##0.00');
    expect(ws.getRow(3).getCell(8).value).toBe(0.4);
    expect(ws.getRow(3).getCell(8).numFmt).toBe('0%');
    expect(ws.getRow(3).getCell(9).value).toBe(true);
    expect(ws.getRow(3).getCell(2).alignment?.indent).toBe(1);
  });

  it('xlsx read back: outline levels, typed cells, percents as shown', async () => {
    const rows = [];
    for await (const r of readXlsxRows(await writeGridXlsx(grid()))) rows.push(r);
    expect(rows.map((r) => r.level)).toEqual([0, 0, 1, 1, 0]);
    expect(rows[2]!.cells.slice(0, 9)).toEqual([
      'A10',
      'Армирование; плиты "П1"',
      { date: '2024-03-04T00:00' },
      { date: '2024-03-05T17:00' },
      2,
      1250.5,
      'т',
      40,
      true,
    ]);
  });

  it('CSV: BOM, semicolons with decimal commas, DD.MM.YYYY, quoting, a level column', async () => {
    const csv = await text(
      writeGridCsv(grid(), { levelColumn: 'Уровень', labels: { yes: 'да', no: 'нет' } }),
    );
    expect(csv.startsWith('\uFEFFУровень;Код;Наименование;Начало;')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[2]).toBe(
      '2;A10;"Армирование; плиты ""П1""";04.03.2024;05.03.2024 17:00;2,0;1250,5;т;40;да;',
    );
    expect(lines[1]).toBe('1;S1;Каркас;04.03.2024;08.03.2024 17:00;;;;;;');
  });

  it('CSV with commas writes decimal points and no BOM when asked', async () => {
    const csv = await text(writeGridCsv(grid(), { delimiter: ',', bom: false }));
    expect(csv.split('\r\n')[2]).toBe(
      'A10,"Армирование; плиты ""П1""",04.03.2024,05.03.2024 17:00,2.0,1250.5,т,40,yes,',
    );
  });
});

describe('import through an upload rule', () => {
  it('xlsx written by the export reads back: hierarchy from the grouping, dates, durations, volumes, links', async () => {
    const { project, report } = await readTabular(await writeGridXlsx(grid()), RULE);
    expect(report).toMatchObject({ format: 'xlsx', rowsRead: 4, works: 4, relations: 2, skipped: [] });
    const [s1, a10, a20, m1] = project.activities;
    expect(s1).toMatchObject({ code: 'S1', type: 'summary', parentId: null });
    expect(a10).toMatchObject({
      code: 'A10',
      parentId: s1!.id,
      durationMinutes: 960,
      volume: 1250.5,
      unit: 'т',
      percentComplete: 40,
    });
    expect(a10!.recorded).toEqual({ start: '2024-03-04T08:00', finish: '2024-03-05T17:00' });
    expect(a10!.constraint).toEqual({ type: 'start_on_or_after', date: '2024-03-04T08:00' });
    expect(a20!.constraint).toBeUndefined();
    expect(m1).toMatchObject({ code: 'M1', durationMinutes: 0, parentId: null });
    expect(project.relations.map((r) => [r.type, r.lagMinutes])).toEqual([
      ['fs', 0],
      ['fs', 0],
    ]);
    expect(project.start).toBe('2024-03-04T08:00');
    const { rows } = scheduleProject(project);
    const a20row = rows.find((r) => r.code === 'A20')!;
    expect([a20row.earlyStart, a20row.earlyFinish]).toEqual(['2024-03-06T08:00', '2024-03-08T17:00']);
  });

  it('CSV export → import with the level column keeps hierarchy; delimiter and encoding are detected', async () => {
    const csv = await text(writeGridCsv(grid(), { levelColumn: 'Уровень' }));
    const rule: TabularRule = { ...RULE, mapping: { ...RULE.mapping, Уровень: 'level' } };
    for (const bytes of [Buffer.from(csv), iconv.encode(csv.slice(1), 'win1251')]) {
      const { project, report } = await readTabular(new Uint8Array(bytes), rule);
      expect(report.delimiter).toBe(';');
      expect(project.activities.map((a) => [a.code, a.parentId ? 'child' : 'top'])).toEqual([
        ['S1', 'top'],
        ['A10', 'child'],
        ['A20', 'child'],
        ['M1', 'top'],
      ]);
      expect(project.activities[1]!.name).toBe('Армирование; плиты "П1"');
      expect(project.activities[1]!.volume).toBe(1250.5);
    }
    const back = await readTabular(iconv.encode(csv.slice(1), 'win1251'), rule);
    expect(back.report.encoding).toBe('windows-1251');
  });

  it('title rows are skipped; columns by letter and number; parent codes; comma CSV with quoted line breaks', async () => {
    const csv = [
      'Report of works,,,,',
      'generated 01.03.2024,,,,',
      'code,name,parent,dur,pred',
      'P,"Stage ""one""",,,',
      'A,"Dig,\nand level",P,2d,',
      'B,Pour,P,16h,"A FS+1d, A SS"',
      ',,,,',
      'C,,P,1,',
      'D,Cure,P,1w,B-2h',
    ].join('\n');
    const rule: TabularRule = {
      name: 'letters',
      rowsToSkip: 2,
      mapping: { A: 'code', '2': 'name', C: 'parentCode', dur: 'duration', E: 'predecessors' },
      dateFormat: 'DD.MM.YYYY',
    };
    const { project, report } = await readTabular(csv, rule, { projectStart: '2024-03-04T08:00' });
    expect(report.delimiter).toBe(',');
    expect(report.skipped.map((s) => [s.row, s.id])).toEqual([
      [7, 'interchange.tabular.empty_row'],
      [8, 'interchange.tabular.no_name'],
    ]);
    expect(project.activities.map((a) => [a.code, a.name, a.type, a.durationMinutes])).toEqual([
      ['P', 'Stage "one"', 'summary', 0],
      ['A', 'Dig, and level', 'task', 960],
      ['B', 'Pour', 'task', 960],
      ['D', 'Cure', 'task', 2400],
    ]);
    expect(project.relations.map((r) => `${r.type}${r.lagMinutes}`)).toEqual(['fs480', 'ss0', 'fs-120']);
  });

  it('a value that cannot be read fails naming row, column and field; with invalidRows skip the row is left out', async () => {
    const csv = 'code;name;start;pred\nA;One;04.03.2024;\nB;Two;31.02.2024;A\nC;Three;05.03.2024;B\n';
    const rule = ruleOf({ code: 'code', name: 'name', start: 'start', pred: 'predecessors' });
    const err = await readTabular(csv, rule).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InterchangeError);
    const e = err as InterchangeError;
    expect(e.code).toBe('invalid_value');
    expect(e.line).toBe(3);
    expect(e.element).toBe('column C');
    expect(e.field).toBe('start');
    expect(e.message).toContain('Row 3, column C: "31.02.2024" is not a date in the format DD.MM.YYYY');
    expect(e.messageId).toBe('interchange.tabular.bad_date');
    expect(e.messageValues).toMatchObject({ value: '31.02.2024', row: 3, column: 'C' });
    const { project, report } = await readTabular(csv, { ...rule, invalidRows: 'skip' });
    expect(project.activities.map((a) => a.code)).toEqual(['A', 'C']);
    expect(report.problems.map((p) => [p.row, p.column, p.id])).toEqual([
      [3, 'C', 'interchange.tabular.bad_date'],
    ]);
    // C's predecessor B was left out: C keeps no link to it
    expect(project.relations).toEqual([]);
  });

  it('rule and structure problems: unknown column, no name column, duplicate codes, level jumps, parent loops, unknown links', async () => {
    const base = ruleOf({ code: 'code', name: 'name' });
    await expect(
      readTabular('code;name\nA;x\n', { ...base, mapping: { ...base.mapping, Старт: 'start' } }),
    ).rejects.toThrow('The rule names column "Старт", which the file does not have');
    await expect(readTabular('code;name\nA;x\n', { ...base, mapping: { code: 'code' } })).rejects.toThrow(
      'maps no column to the work name',
    );
    await expect(readTabular('code;name\nA;x\nA;y\n', base)).rejects.toThrow(
      'Row 3, column A: Code A is already used in row 2',
    );
    // The structure is checked once a project start is known.
    const started = (text: string, mapping: TabularRule['mapping']) =>
      readTabular(text, { ...base, mapping }, { projectStart: '2024-03-04T08:00' });
    await expect(started('lvl;name\n1;x\n3;y\n', { lvl: 'level', name: 'name' })).rejects.toThrow(
      'Level 3 does not follow the row above',
    );
    await expect(
      started('code;name;parent\nA;x;B\nB;y;A\n', { ...base.mapping, parent: 'parentCode' }),
    ).rejects.toThrow('the parent codes form a loop');
    await expect(started('code;name;p\nA;x;Z9\n', { ...base.mapping, p: 'predecessors' })).rejects.toThrow(
      'There is no work with code Z9',
    );
    await expect(readTabular('code;name\nA;x\n', base)).rejects.toThrow('No start date');
    await expect(readTabular('title only\n', { ...base, rowsToSkip: 3 })).rejects.toThrow('no header row');
  });

  it('preview: header with mapped fields, first rows as shown with their problems and skip reasons', async () => {
    const csv = 'code;name;start\nA;One;04.03.2024\n;;\nB;Two;someday\nC;Three;06.03.2024\n';
    const rule = ruleOf({ code: 'code', name: 'name', C: 'start' });
    const p = await previewTabular(csv, rule, 3);
    expect(p.columns.map((c) => [c.letter, c.header, c.field])).toEqual([
      ['A', 'code', 'code'],
      ['B', 'name', 'name'],
      ['C', 'start', 'start'],
    ]);
    expect(p.rows.map((r) => r.row)).toEqual([2, 3, 4]);
    expect(p.rows[0]).toMatchObject({
      cells: ['A', 'One', '04.03.2024'],
      values: { code: 'A', name: 'One', start: '04.03.2024' },
      problems: [],
    });
    expect(p.rows[1]!.skip?.id).toBe('interchange.tabular.empty_row');
    expect(p.rows[2]!.problems.map((x) => x.message)).toEqual([
      'Row 4, column C: "someday" is not a date in the format DD.MM.YYYY',
    ]);
    expect(p).toMatchObject({
      totalRows: 4,
      importableRows: 2,
      problemCount: 1,
      ruleProblems: [],
      format: 'csv',
      delimiter: ';',
    });
  });

  it('a sheet is chosen by name; a missing sheet is a clear error', async () => {
    const bytes = await writeGridXlsx(grid({ sheetName: 'План' }));
    const p = await previewTabular(bytes, { ...RULE, sheet: 'План' });
    expect(p.sheets).toEqual(['План']);
    await expect(readTabular(bytes, { ...RULE, sheet: 'Факт' })).rejects.toThrow(
      'the workbook has no sheet "Факт" (it has План)',
    );
    await expect(readTabular(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), RULE)).rejects.toBeInstanceOf(
      InterchangeError,
    );
  });
});

describe('cell values', () => {
  it('dates in the spec formats, ISO, Excel serials; out of range', () => {
    expect(parseDate('04.03.2024', 'DD.MM.YYYY')).toEqual({ ok: true, value: '2024-03-04T00:00' });
    expect(parseDate('4.3.24', 'DD.MM.YY')).toEqual({ ok: true, value: '2024-03-04T00:00' });
    expect(parseDate('04.мар.2024 09:30', 'DD.MMM.YYYY')).toEqual({ ok: true, value: '2024-03-04T09:30' });
    expect(parseDate('2024-03-04', 'YYYY-MM-DD')).toEqual({ ok: true, value: '2024-03-04T00:00' });
    expect(parseDate(45355, 'DD.MM.YYYY')).toEqual({ ok: true, value: '2024-03-04T00:00' });
    expect(parseDate('04.03.1999', 'DD.MM.YYYY')).toMatchObject({
      ok: false,
      problem: { id: 'interchange.tabular.date_range' },
    });
    expect(parseDate('2024-03-04', 'DD.MM.YYYY')).toMatchObject({ ok: false });
  });

  it('durations with units', () => {
    const d = (s: string | number) => parseDuration(s, 480);
    expect(
      [d(2), d('2'), d('2d'), d('2 дн.'), d('1,5'), d('16h'), d('16 ч'), d('1w'), d('90 min')].map((x) =>
        x.ok ? x.value : null,
      ),
    ).toEqual([960, 960, 960, 960, 720, 960, 960, 2400, 90]);
    expect(parseDuration('3', 480, 'hours')).toEqual({ ok: true, value: 180 });
    expect(d('-1').ok).toBe(false);
    expect(d('two days').ok).toBe(false);
  });

  it('predecessors in MS Project notation, Russian link types, elapsed lags, codes that end like a link type', () => {
    const codes = new Set(['A10', 'CLASS', 'B']);
    const p = (s: string) => parsePredecessors(s, (c) => codes.has(c), 480);
    expect(p('A10FS+2d;A10SS; CLASS ; B ОО -1д; A10 НН+3ed')).toEqual({
      ok: true,
      value: [
        { code: 'A10', type: 'fs', lagMinutes: 960, elapsed: false },
        { code: 'A10', type: 'ss', lagMinutes: 0, elapsed: false },
        { code: 'CLASS', type: 'fs', lagMinutes: 0, elapsed: false },
        { code: 'B', type: 'ff', lagMinutes: -480, elapsed: false },
        { code: 'A10', type: 'ss', lagMinutes: 4320, elapsed: true },
      ],
    });
    expect(p('A10FS+50%')).toMatchObject({
      ok: false,
      problem: { id: 'interchange.tabular.bad_predecessor' },
    });
  });
});

describe('volume codes (error catalogue)', () => {
  it('names the first two missing codes and how many more', () => {
    expect(missingVolumeCodesMessage([])).toBeNull();
    expect(missingVolumeCodesMessage(['V1'])?.message).toBe(
      'No works with these codes, their volumes were not loaded: V1',
    );
    expect(missingVolumeCodesMessage(['V1', 'V2', 'V3', 'V4', 'V5'])).toMatchObject({
      id: 'interchange.missing_volume_codes_more',
      values: { codes: 'V1, V2', count: 3 },
      message: 'No works with these codes, their volumes were not loaded: V1, V2 and 3 more',
    });
  });

  it('matches volumes of a file to existing works by code', async () => {
    const csv = 'code;name;vol;unit\nA;a;10;м3\nB;b;2,5;т\nX;x;7;шт\nY;y;1;шт\nZ;z;3;шт\n';
    const rule = ruleOf({ code: 'code', name: 'name', vol: 'volume', unit: 'unit' });
    const { project } = await readTabular(csv, rule, { projectStart: '2024-03-04T08:00' });
    const m = matchVolumesByCode(project, ['A', 'B', 'C']);
    expect(m.updates).toEqual([
      { code: 'A', volume: 10, unit: 'м3' },
      { code: 'B', volume: 2.5, unit: 'т' },
    ]);
    expect(m.missing).toEqual(['X', 'Y', 'Z']);
    expect(m.message?.values).toEqual({ codes: 'X, Y', count: 1 });
  });
});

describe('messages', () => {
  it('English texts are the i18n catalog’s (area-interchange)', async () => {
    const { interchangeMessages } = await import('../../../i18n/src/locales/area-interchange');
    const { INTERCHANGE_MESSAGES } = await import('../common/messages.js');
    const en = interchangeMessages.en as Record<string, string>;
    const ru = interchangeMessages.ru as Record<string, string>;
    for (const [id, text] of Object.entries(INTERCHANGE_MESSAGES)) {
      expect(en[id], id).toBe(text);
      expect(ru[id], id).toBeTruthy();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { dateToMinutes, MINUTES_PER_DAY } from './dates.js';
import {
  PRINT_MESSAGES,
  type PrintInput,
  PrintPresetError,
  printLayout,
  printPageCount,
  printPresetValidate,
  printTitleText,
} from './pages.js';

const A4 = { name: 'A4 landscape', sheetHeightMm: 210, sheetWidthMm: 297, marginMm: 10 };
const start = dateToMinutes(2024, 1, 1);
const finish = dateToMinutes(2024, 12, 31);
const base = (rowCount: number, extra: Partial<PrintInput> = {}): PrintInput => ({
  preset: A4,
  scaling: { kind: 'fit' },
  rowCount,
  columns: [
    { title: 'Code', widthMm: 20 },
    { title: 'Name', widthMm: 60 },
  ],
  projectStart: start,
  projectFinish: finish,
  rowHeightMm: 5,
  scaleHeaderHeightMm: 10,
  ...extra,
});

describe('print preset validation', () => {
  it('accepts the minimum sheet and a zero margin', () => {
    expect(printPresetValidate({ ...A4, marginMm: 0 })).toEqual([]);
  });

  it('rejects sheets below 210 × 297 mm and negative margins with the spec message ids', () => {
    expect(printPresetValidate({ name: 'x', sheetHeightMm: 209, sheetWidthMm: 296.9, marginMm: -1 })).toEqual(
      [
        { field: 'sheetHeightMm', message: 'validation.sheet_height_min' },
        { field: 'sheetWidthMm', message: 'validation.sheet_width_min' },
        { field: 'marginMm', message: 'validation.margin_min' },
      ],
    );
    expect(printPresetValidate({ ...A4, sheetHeightMm: Number.NaN })[0]!.message).toBe(
      PRINT_MESSAGES.sheetHeightMin,
    );
  });

  it('rejects a name already used (trimmed, case-insensitive)', () => {
    expect(printPresetValidate(A4, [' a4 LANDSCAPE '])).toEqual([
      { field: 'name', message: 'validation.preset_name_taken' },
    ]);
  });

  it('printLayout throws for an invalid preset', () => {
    expect(() => printLayout(base(10, { preset: { ...A4, sheetWidthMm: 210 } }))).toThrow(PrintPresetError);
    try {
      printLayout(base(10, { preset: { ...A4, marginMm: -5 } }));
    } catch (error) {
      expect((error as PrintPresetError).issues).toEqual([
        { field: 'marginMm', message: 'validation.margin_min' },
      ]);
    }
  });
});

describe('page splitting', () => {
  it('breaks pages on rows: (210 − 2·10 − 10) / 5 = 36 rows per page without titles', () => {
    const layout = printLayout(base(100));
    expect(layout.pages.map((p) => [p.firstRow, p.lastRow])).toEqual([
      [0, 35],
      [36, 71],
      [72, 99],
    ]);
    expect(printPageCount(base(100))).toBe(3);
    expect(printPageCount(base(36))).toBe(1);
    expect(printPageCount(base(37))).toBe(2);
  });

  it('repeats the table header on every page at the same place', () => {
    const layout = printLayout(base(100));
    for (const page of layout.pages) {
      expect(page.tableTopMm).toBe(10);
      expect(page.rowsTopMm).toBe(20);
    }
  });

  it('an empty schedule still prints one page', () => {
    expect(printLayout(base(0)).pages).toEqual([expect.objectContaining({ firstRow: 0, lastRow: -1 })]);
  });

  it('titles take room: special first header, default header and footer, special last footer', () => {
    const titles = {
      firstHeader: { center: '{schedule}' },
      header: { left: 'Takt' },
      footer: { right: '{page} / {pages}' },
      lastFooter: { left: 'Approved by', right: '{page} / {pages}' },
      textSize: 10,
    };
    const layout = printLayout(base(100, { preset: { ...A4, titles } }));
    const title = layout.titleHeightMm;
    expect(title).toBeCloseTo(10 * (25.4 / 72) * 1.8);
    // (190 − 10 − 2 × 6.35) / 5 = 33.46 → 33 rows per page.
    expect(layout.pages.map((p) => p.lastRow - p.firstRow + 1)).toEqual([33, 33, 33, 1]);
    expect(layout.pages[0]!.header).toBe(titles.firstHeader);
    expect(layout.pages[1]!.header).toBe(titles.header);
    expect(layout.pages[0]!.footer).toBe(titles.footer);
    expect(layout.pages[3]!.footer).toBe(titles.lastFooter);
    expect(layout.pages[0]!.rowsTopMm).toBeCloseTo(10 + title + 10);
  });

  it('without a special first header, page 1 uses the default header; without any, no room is taken', () => {
    const layout = printLayout(base(40, { preset: { ...A4, titles: { header: { left: 'H' } } } }));
    expect(layout.pages[0]!.header).toEqual({ left: 'H' });
    expect(layout.pages[0]!.footer).toBeNull();
    expect(printLayout(base(40, { preset: { ...A4, titles: { header: {} } } })).pages[0]!.header).toBeNull();
  });

  it('keeps at least one row for the last page when its special footer does not fit', () => {
    const titles = { lastFooter: { center: 'Signature' } };
    // 36 rows fit a page without a footer, 34 with the last-page footer.
    const layout = printLayout(base(36, { preset: { ...A4, titles } }));
    expect(layout.pages.map((p) => [p.firstRow, p.lastRow, p.footer])).toEqual([
      [0, 34, null],
      [35, 35, titles.lastFooter],
    ]);
  });
});

describe('print scaling', () => {
  it('fit time on sheet: the project span plus a day each side fills the timeline', () => {
    const layout = printLayout(base(10));
    expect(layout.columnWidthsMm).toEqual([20, 60]);
    expect(layout.timelineLeftMm).toBe(90);
    expect(layout.timelineWidthMm).toBe(197);
    expect(layout.timeStart).toBe(start - MINUTES_PER_DAY);
    expect(layout.timeFinish).toBe(finish + MINUTES_PER_DAY);
    expect((layout.timeFinish - layout.timeStart) * layout.scale.pxPerMinute).toBeCloseTo(197);
  });

  it('a chosen start/finish range', () => {
    const from = dateToMinutes(2024, 3, 1);
    const to = dateToMinutes(2024, 4, 1);
    const layout = printLayout(base(10, { scaling: { kind: 'range', start: from, finish: to } }));
    expect([layout.timeStart, layout.timeFinish]).toEqual([from, to]);
    expect(layout.scale.pxPerMinute).toBeCloseTo(197 / (to - from));
  });

  it('a grid wider than half the sheet is scaled down to half', () => {
    const layout = printLayout(base(10, { columns: [{ title: 'Name', widthMm: 277 }] }));
    expect(layout.columnWidthsMm[0]).toBeCloseTo(138.5);
    expect(layout.timelineWidthMm).toBeCloseTo(138.5);
  });
});

describe('title texts', () => {
  it('fills date, page, pages and schedule', () => {
    const values = { date: dateToMinutes(2024, 3, 5), page: 2, pages: 7, schedule: 'Корпус 1' };
    expect(printTitleText('{schedule} — {date}, стр. {page} из {pages}', values)).toBe(
      'Корпус 1 — 05.03.2024, стр. 2 из 7',
    );
    expect(printTitleText('{unknown} {page}', values)).toBe('{unknown} 2');
  });

  it('fills version and project, and leaves them empty when not given', () => {
    const values = { date: 0, page: 1, pages: 1, schedule: 'ГПР', version: 'Версия 2', project: 'Корпус 1' };
    expect(printTitleText('{project} / {schedule} ({version})', values)).toBe('Корпус 1 / ГПР (Версия 2)');
    expect(printTitleText('[{version}]', { date: 0, page: 1, pages: 1, schedule: 'ГПР' })).toBe('[]');
  });
});

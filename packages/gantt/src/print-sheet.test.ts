import { calendarCompile } from '@takt/engine';
import { describe, expect, it } from 'vitest';
import { dateToMinutes } from './dates.js';
import {
  type PrintSheetInput,
  PrintSheetPainter,
  type PrintSurface,
  PT_PER_MM,
  printSheetLayout,
} from './print-sheet.js';
import { a3Preset, SAMPLE_DATA_DATE, sampleSchedule } from './testing/sample-schedule.js';
import { GANTT_THEME_PRINT } from './theme.js';

/** A surface that records what is drawn; every character is half its size wide. */
function recordingSurface() {
  const texts: { text: string; x: number; y: number; size: number }[] = [];
  const rects: { x: number; y: number; width: number; height: number; color: number }[] = [];
  const strokes: { points: readonly number[]; dash?: readonly [number, number] }[] = [];
  let depth = 0;
  let maxDepth = 0;
  const surface: PrintSurface = {
    measure: (text, size) => text.length * size * 0.5,
    text: (text, x, y, style) => texts.push({ text, x, y, size: style.size }),
    fillRect: (x, y, width, height, color) => rects.push({ x, y, width, height, color }),
    fillPolygon: () => {},
    stroke: (points, _width, _color, dash) => strokes.push({ points, dash }),
    clip: () => {
      depth += 1;
      maxDepth = Math.max(maxDepth, depth);
    },
    restore: () => {
      depth -= 1;
    },
  };
  return { surface, texts, rects, strokes, depth: () => depth, maxDepth: () => maxDepth };
}

describe('print sheet painter', () => {
  const { snapshot, names, codes } = sampleSchedule(120);
  const input: PrintSheetInput = {
    snapshot,
    preset: a3Preset({
      firstHeader: { left: '{schedule}', right: 'Page {page} of {pages}' },
    }),
    scaling: {
      kind: 'range',
      start: dateToMinutes(2024, 5, 1),
      finish: dateToMinutes(2024, 5, 29),
    },
    columns: [
      { title: 'Code', widthMm: 18, value: (row) => codes[row]! },
      { title: 'Name of the work', widthMm: 20, value: (row) => names[row]! },
      { title: 'Days', widthMm: 12, value: () => '12', align: 'right' },
    ],
    language: 'en',
    scheduleName: 'Block 2',
    printedAt: dateToMinutes(2024, 5, 6),
    dataDate: SAMPLE_DATA_DATE,
  };

  it('fills the titles, aligns right-hand texts to the margin and cuts long cells with an ellipsis', () => {
    const print = printSheetLayout(input);
    const drawn = recordingSurface();
    new PrintSheetPainter(drawn.surface, input, print).page(print.pages[0]!);
    const right = (420 - 10) * PT_PER_MM;
    const title = drawn.texts.find((t) => t.text === `Page 1 of ${print.pages.length}`)!;
    expect(title.x + title.text.length * title.size * 0.5).toBeCloseTo(right, 6);
    expect(drawn.texts.some((t) => t.text === 'Block 2')).toBe(true);
    const cut = drawn.texts.filter((t) => t.text.endsWith('…'));
    expect(cut.length).toBeGreaterThan(0);
    for (const t of cut)
      expect(t.text.length * t.size * 0.5).toBeLessThanOrEqual((20 - 4 / PT_PER_MM) * PT_PER_MM);
    const days = drawn.texts.filter((t) => t.text === '12');
    expect(days).toHaveLength(print.pages[0]!.lastRow - print.pages[0]!.firstRow + 1);
    // Every clip is restored.
    expect(drawn.depth()).toBe(0);
    expect(drawn.maxDepth()).toBe(1);
  });

  it('shades non-working days only when given the calendar, and dashes the data-date line', () => {
    const print = printSheetLayout(input);
    const plain = recordingSurface();
    new PrintSheetPainter(plain.surface, input, print).page(print.pages[0]!);
    const shaded = recordingSurface();
    new PrintSheetPainter(shaded.surface, { ...input, calendar: calendarCompile({ id: 'std' }) }, print).page(
      print.pages[0]!,
    );
    const bands = (drawn: ReturnType<typeof recordingSurface>) =>
      drawn.rects.filter((r) => r.color === GANTT_THEME_PRINT.nonWorking);
    expect(bands(plain)).toHaveLength(0);
    // Timeline x (its own origin) of a moment; the bands are drawn there.
    const x = (minute: number) => (minute - print.scale.start) * print.scale.pxPerMinute * PT_PER_MM;
    const covered = (minute: number) =>
      bands(shaded).some((b) => b.x <= x(minute) && x(minute) <= b.x + b.width);
    expect(covered(dateToMinutes(2024, 5, 4) + 12 * 60)).toBe(true); // Saturday
    expect(covered(dateToMinutes(2024, 5, 12) + 12 * 60)).toBe(true); // Sunday
    expect(covered(dateToMinutes(2024, 5, 8) + 10 * 60)).toBe(false); // Wednesday morning
    expect(plain.strokes.filter((s) => s.dash)).toHaveLength(1);
  });
});

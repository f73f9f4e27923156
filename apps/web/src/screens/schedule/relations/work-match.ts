import { type ScheduleModel, textOf } from '../../../lib/columnar';
import { parseNumberText } from '../../../lib/schedule-time';

/** At most this many works of the version are suggested for a new link. */
export const SUGGESTIONS = 30;

/** "Code Name" of a work found by the search of other schedules. */
export const workText = (w: { code: string | null; name: string }) => `${w.code ?? ''} ${w.name}`.trim();

/** "Code Name" of a row of the version. */
export const rowText = (model: ScheduleModel, row: number) =>
  `${textOf(model, model.code[row]!)} ${textOf(model, model.name[row]!)}`.trim();

/** Rows whose code starts with, or whose name contains, the lower-case `needle`; in WBS order. */
export function matchingRows(model: ScheduleModel, needle: string, max = SUGGESTIONS): number[] {
  if (needle.length < 1) return [];
  const out: number[] = [];
  for (let i = 0; i < model.count && out.length < max; i++) {
    if (
      textOf(model, model.code[i]!).toLowerCase().startsWith(needle) ||
      textOf(model, model.name[i]!).toLowerCase().includes(needle)
    )
      out.push(i);
  }
  return out;
}

/**
 * The row a typed text names among the suggestions: its exact "Code Name", else its exact code, else
 * the only suggestion there is; undefined when the text names none.
 */
export function typedRow(model: ScheduleModel, suggestions: readonly number[], needle: string) {
  return (
    suggestions.find((i) => rowText(model, i).toLowerCase() === needle) ??
    suggestions.find((i) => textOf(model, model.code[i]!).toLowerCase() === needle) ??
    (suggestions.length === 1 ? suggestions[0] : undefined)
  );
}

/** A typed lag in days; null when the text is empty or not a number. */
export function lagDaysOf(text: string): number | null {
  const days = parseNumberText(text);
  return days === null || Number.isNaN(days) ? null : days;
}

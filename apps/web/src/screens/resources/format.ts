import { appI18n } from '../../lib/i18n';
import { formatNumber, parseDateText, parseNumberText } from '../../lib/schedule-time';

/** A quantity as the screens show it: the language's decimal separator, up to 3 decimals; '' for none. */
export function quantityText(value: number | null | undefined, digits = 3): string {
  return value === null || value === undefined ? '' : formatNumber(value, appI18n.locale, digits);
}

/** A typed amount: null for empty, undefined for text that is not a number ≥ 0. */
export function parseAmount(text: string): number | null | undefined {
  const value = parseNumberText(text);
  if (value === null) return null;
  return Number.isNaN(value) || value < 0 ? undefined : value;
}

/** A typed day (DD.MM.YYYY and the other forms of validation rules) as `YYYY-MM-DD`: null for empty, undefined if bad. */
export function parseDay(text: string): string | null | undefined {
  const value = parseDateText(text);
  return value ? value.slice(0, 10) : value;
}

/** `YYYY-MM-DD` as DD.MM.YYYY. */
export function dayText(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}

/** `YYYY-MM-DD` of a local date. */
export function isoOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The dates a week's requests ask about: from its first day to its last (`YYYY-MM-DD`). */
export function weekRange(days: readonly string[]): { from: string; to: string } {
  return { from: days[0]!, to: days[days.length - 1]! };
}

/** The first day of the week holding `iso` (Monday unless `firstDay`, 1 = Monday … 7 = Sunday, says else), and the days from it. */
export function weekDays(iso: string, count = 7, firstDay = 1): string[] {
  const date = new Date(`${iso}T00:00:00`);
  const weekday = (date.getDay() - (firstDay % 7) + 7) % 7;
  date.setDate(date.getDate() - weekday);
  return Array.from({ length: count }, (_, k) => {
    const d = new Date(date);
    d.setDate(date.getDate() + k);
    return isoOf(d);
  });
}

/** `YYYY-MM-DD` moved by whole days. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00`);
  date.setDate(date.getDate() + days);
  return isoOf(date);
}

/** The short weekday and day of month of `YYYY-MM-DD` in the app's language. */
export function dayHeading(iso: string): { weekday: string; day: string } {
  const date = new Date(`${iso}T00:00:00`);
  return {
    weekday: new Intl.DateTimeFormat(appI18n.locale, { weekday: 'short' }).format(date),
    day: `${iso.slice(8, 10)}.${iso.slice(5, 7)}`,
  };
}

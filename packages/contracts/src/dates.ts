/**
 * Date input of validation rules: DD.M.YYYY, DD.MM.YYYY, DD.MMM.YYYY, DD.MMMM.YYYY, their two-digit-year
 * variants, and DD.MM.YYYY HH:mm. Two-digit years above 68 are 19xx, the others 20xx.
 */
export interface ParsedDate {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const MONTHS: Record<string, number> = {};
const MONTH_NAMES = [
  ['jan', 'january', 'янв', 'январь', 'января', 'janv', 'janvier'],
  ['feb', 'february', 'фев', 'февраль', 'февраля', 'févr', 'février'],
  ['mar', 'march', 'мар', 'март', 'марта', 'mars'],
  ['apr', 'april', 'апр', 'апрель', 'апреля', 'avr', 'avril'],
  ['may', 'май', 'мая', 'mai'],
  ['jun', 'june', 'июн', 'июнь', 'июня', 'juin'],
  ['jul', 'july', 'июл', 'июль', 'июля', 'juil', 'juillet'],
  ['aug', 'august', 'авг', 'август', 'августа', 'août'],
  ['sep', 'sept', 'september', 'сен', 'сент', 'сентябрь', 'сентября', 'septembre'],
  ['oct', 'october', 'окт', 'октябрь', 'октября', 'octobre'],
  ['nov', 'november', 'ноя', 'нояб', 'ноябрь', 'ноября', 'novembre'],
  ['dec', 'december', 'дек', 'декабрь', 'декабря', 'déc', 'décembre'],
];
MONTH_NAMES.forEach((names, index) => {
  for (const name of names) MONTHS[name] = index + 1;
});

export function expandTwoDigitYear(year: number): number {
  return year > 68 ? 1900 + year : 2000 + year;
}

const DATE_PATTERN = /^(\d{1,2})\.([^.\s]+)\.(\d{2}|\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/u;

function monthOf(text: string): number | null {
  if (/^\d{1,2}$/.test(text)) {
    const month = Number(text);
    return month >= 1 && month <= 12 ? month : null;
  }
  return MONTHS[text.toLowerCase().replace(/\.$/, '')] ?? null;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Parses a typed date; `null` when the text is not a valid date in an accepted format. */
export function parseDateInput(text: string): ParsedDate | null {
  const match = DATE_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, dayText, monthText, yearText, hourText, minuteText] = match;
  const month = monthOf(monthText!);
  if (month === null) return null;
  const year = yearText!.length === 2 ? expandTwoDigitYear(Number(yearText)) : Number(yearText);
  const day = Number(dayText);
  if (day < 1 || day > daysInMonth(year, month)) return null;
  const hour = hourText === undefined ? 0 : Number(hourText);
  const minute = minuteText === undefined ? 0 : Number(minuteText);
  if (hour > 23 || minute > 59) return null;
  return { year, month, day, hour, minute };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** DD.MM.YYYY, the default date format. */
export function formatDate(date: { year: number; month: number; day: number }): string {
  return `${pad(date.day)}.${pad(date.month)}.${pad(date.year, 4)}`;
}

/** DD.MM.YYYY HH:mm on a 24-hour clock. */
export function formatDateTime(date: ParsedDate): string {
  return `${formatDate(date)} ${pad(date.hour)}:${pad(date.minute)}`;
}

/** ISO `YYYY-MM-DDTHH:mm` of a parsed date. */
export function toIsoMinutes(date: ParsedDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}T${pad(date.hour)}:${pad(date.minute)}`;
}

/** Words of the time scale in the interface languages (capabilities: ru, en, fr; fr uses the English text). */
export type GanttLanguage = 'ru' | 'en' | 'fr';

export interface ScaleWords {
  readonly months: readonly string[];
  readonly monthsShort: readonly string[];
  readonly weekdaysShort: readonly string[]; // Monday first
  readonly week: (week: number, firstDay: string) => readonly string[];
  readonly quarter: (quarter: number, year: number) => readonly string[];
  readonly quarterShort: (quarter: number) => readonly string[];
  readonly half: (half: number) => readonly string[];
}

const ROMAN = ['I', 'II', 'III', 'IV'];

const RU: ScaleWords = {
  months: [
    'Январь',
    'Февраль',
    'Март',
    'Апрель',
    'Май',
    'Июнь',
    'Июль',
    'Август',
    'Сентябрь',
    'Октябрь',
    'Ноябрь',
    'Декабрь',
  ],
  monthsShort: ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'],
  weekdaysShort: ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'],
  week: (week, firstDay) => [`нед. ${week}, ${firstDay}`, `нед. ${week}`, String(week)],
  quarter: (quarter, year) => [`${ROMAN[quarter - 1]} кв. ${year}`, `${ROMAN[quarter - 1]} кв.`],
  quarterShort: (quarter) => [`${ROMAN[quarter - 1]} кв.`, ROMAN[quarter - 1]!],
  half: (half) => [`${half} полугодие`, `${half} пол.`, String(half)],
};

const EN: ScaleWords = {
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  weekdaysShort: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  week: (week, firstDay) => [`W${week}, ${firstDay}`, `W${week}`, String(week)],
  quarter: (quarter, year) => [`Q${quarter} ${year}`, `Q${quarter}`],
  quarterShort: (quarter) => [`Q${quarter}`, String(quarter)],
  half: (half) => [`H${half}`, String(half)],
};

export function scaleWords(language: GanttLanguage): ScaleWords {
  return language === 'ru' ? RU : EN;
}

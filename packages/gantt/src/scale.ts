import { type Calendar, calendarWorkingTime, TIME_MAX, TIME_MIN } from '@takt/engine';
import {
  dateFormatDayMonth,
  dateFromDay,
  dateToDay,
  dateWeekday,
  dateWeekOf,
  dateWeekStart,
  ISO_WEEK,
  MINUTES_PER_DAY,
  type WeekRule,
} from './dates.js';
import { type GanttLanguage, scaleWords } from './locale.js';
import { type TextMeasure, textMeasureEstimate } from './text.js';

/** Zoom levels of capabilities. */
export type ScaleLevel = 'day' | 'week' | 'month' | 'quarter' | 'year';
export const SCALE_LEVELS: readonly ScaleLevel[] = ['day', 'week', 'month', 'quarter', 'year'];

/** Pixels per day at each level; zoom is continuous between them. */
export const SCALE_PX_PER_DAY: Readonly<Record<ScaleLevel, number>> = {
  day: 32,
  week: 9,
  month: 2.6,
  quarter: 0.9,
  year: 0.3,
};

/** Zoom limits: four times finer than `day`, four times coarser than `year`. */
export const SCALE_MIN_PX_PER_MINUTE = SCALE_PX_PER_DAY.year / 4 / MINUTES_PER_DAY;
export const SCALE_MAX_PX_PER_MINUTE = (SCALE_PX_PER_DAY.day * 4) / MINUTES_PER_DAY;

/** A linear time axis: `start` (engine minutes) sits at x = 0, `pxPerMinute` wide per minute. */
export interface TimeScale {
  readonly start: number;
  readonly pxPerMinute: number;
}

/** Calendar units the header tiers are made of. */
export type ScaleUnit = 'day' | 'week' | 'month' | 'quarter' | 'half' | 'year';

/** Upper and lower tier of each level. */
export const SCALE_TIERS: Readonly<Record<ScaleLevel, { upper: ScaleUnit; lower: ScaleUnit }>> = {
  day: { upper: 'month', lower: 'day' },
  week: { upper: 'month', lower: 'week' },
  month: { upper: 'quarter', lower: 'month' },
  quarter: { upper: 'year', lower: 'quarter' },
  year: { upper: 'year', lower: 'half' },
};

export function scaleAtLevel(start: number, level: ScaleLevel): TimeScale {
  return { start, pxPerMinute: SCALE_PX_PER_DAY[level] / MINUTES_PER_DAY };
}

/** The level shown at a zoom: the nearest level on a logarithmic axis. */
export function scaleLevel(scale: TimeScale): ScaleLevel {
  const pxPerDay = scale.pxPerMinute * MINUTES_PER_DAY;
  let best: ScaleLevel = 'day';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const level of SCALE_LEVELS) {
    const distance = Math.abs(Math.log(pxPerDay / SCALE_PX_PER_DAY[level]));
    if (distance < bestDistance) {
      best = level;
      bestDistance = distance;
    }
  }
  return best;
}

export function scaleXFromMinute(scale: TimeScale, minute: number): number {
  return (minute - scale.start) * scale.pxPerMinute;
}

export function scaleMinuteFromX(scale: TimeScale, x: number): number {
  return scale.start + x / scale.pxPerMinute;
}

/** Pans by `dx` pixels (positive moves the view later in time). */
export function scalePan(scale: TimeScale, dx: number): TimeScale {
  return { start: scale.start + dx / scale.pxPerMinute, pxPerMinute: scale.pxPerMinute };
}

function clampZoom(pxPerMinute: number): number {
  return Math.min(SCALE_MAX_PX_PER_MINUTE, Math.max(SCALE_MIN_PX_PER_MINUTE, pxPerMinute));
}

/** Zooms by `factor` (> 1 zooms in) keeping the minute under `anchorX` where it is. */
export function scaleZoom(scale: TimeScale, factor: number, anchorX: number): TimeScale {
  const anchor = scaleMinuteFromX(scale, anchorX);
  const pxPerMinute = clampZoom(scale.pxPerMinute * factor);
  return { start: anchor - anchorX / pxPerMinute, pxPerMinute };
}

/** Jumps to a level keeping the minute under `anchorX` where it is. */
export function scaleZoomToLevel(scale: TimeScale, level: ScaleLevel, anchorX: number): TimeScale {
  const target = SCALE_PX_PER_DAY[level] / MINUTES_PER_DAY;
  return scaleZoom(scale, target / scale.pxPerMinute, anchorX);
}

/** Fits [start, finish] into `width` pixels with `paddingPx` on both sides (fit to project). */
export function scaleFit(start: number, finish: number, width: number, paddingPx = 0): TimeScale {
  const span = Math.max(finish - start, 60);
  const usable = Math.max(width - 2 * paddingPx, 1);
  const pxPerMinute = clampZoom(usable / span);
  return { start: start - paddingPx / pxPerMinute, pxPerMinute };
}

/** Pans so that `minute` sits at `x` (jump to today, to the data date, to a work). */
export function scaleCenterOn(scale: TimeScale, minute: number, x: number): TimeScale {
  return { start: minute - x / scale.pxPerMinute, pxPerMinute: scale.pxPerMinute };
}

/** First day (day number) of the unit holding `day`; weeks start as `week` says (Monday by default). */
export function scaleUnitFloor(unit: ScaleUnit, day: number, week: WeekRule = ISO_WEEK): number {
  if (unit === 'day') return day;
  if (unit === 'week') return dateWeekStart(day, week);
  const { year, month } = dateFromDay(day);
  if (unit === 'month') return dateToDay(year, month, 1);
  if (unit === 'quarter') return dateToDay(year, month - ((month - 1) % 3), 1);
  if (unit === 'half') return dateToDay(year, month <= 6 ? 1 : 7, 1);
  return dateToDay(year, 1, 1);
}

/** First day of the next unit after the one starting at `day`. */
export function scaleUnitNext(unit: ScaleUnit, day: number): number {
  if (unit === 'day') return day + 1;
  if (unit === 'week') return day + 7;
  const { year, month } = dateFromDay(day);
  const months = unit === 'month' ? 1 : unit === 'quarter' ? 3 : unit === 'half' ? 6 : 12;
  const next = month - 1 + months;
  return dateToDay(year + Math.floor(next / 12), (next % 12) + 1, 1);
}

/** Label candidates of one unit, longest first; a week is numbered as `week` counts weeks (ISO by default). */
export function scaleUnitLabels(
  unit: ScaleUnit,
  day: number,
  language: GanttLanguage,
  week: WeekRule = ISO_WEEK,
): readonly string[] {
  const words = scaleWords(language);
  const { year, month, day: dayOfMonth } = dateFromDay(day);
  switch (unit) {
    case 'day':
      return [`${words.weekdaysShort[dateWeekday(day)]} ${dayOfMonth}`, String(dayOfMonth)];
    case 'week':
      return words.week(dateWeekOf(day, week).week, dateFormatDayMonth(day * MINUTES_PER_DAY));
    case 'month':
      return [
        `${words.months[month - 1]} ${year}`,
        words.months[month - 1]!,
        words.monthsShort[month - 1]!,
        words.months[month - 1]!.charAt(0),
      ];
    case 'quarter':
      return words.quarter(Math.ceil(month / 3), year);
    case 'half':
      return words.half(month <= 6 ? 1 : 2);
    case 'year':
      return [String(year), String(year).slice(2)];
  }
}

export interface ScaleTick {
  readonly start: number; // minutes
  readonly finish: number;
  readonly x0: number;
  readonly x1: number;
  /** The longest label candidate that fits, or '' when none fits. */
  readonly label: string;
  /** Where the label starts: kept inside the visible part of the tick (sticky upper labels). */
  readonly labelX: number;
}

export interface ScaleHeader {
  readonly level: ScaleLevel;
  readonly upper: readonly ScaleTick[];
  readonly lower: readonly ScaleTick[];
}

export interface ScaleHeaderOptions {
  readonly language: GanttLanguage;
  /** How weeks start and are numbered in the user's locale; ISO 8601 (Monday) when not given. */
  readonly week?: WeekRule;
  readonly fontSize?: number;
  readonly paddingPx?: number;
  readonly measureText?: TextMeasure;
}

/** Ticks of one unit over [0, width]; labels chosen to fit each tick. */
export function scaleTicks(
  scale: TimeScale,
  width: number,
  unit: ScaleUnit,
  options: ScaleHeaderOptions,
  upperTier = false,
): ScaleTick[] {
  const fontSize = options.fontSize ?? 11;
  const padding = options.paddingPx ?? 3;
  const measure = options.measureText ?? textMeasureEstimate;
  const firstDay = Math.floor(scaleMinuteFromX(scale, 0) / MINUTES_PER_DAY);
  const lastMinute = scaleMinuteFromX(scale, width);
  const ticks: ScaleTick[] = [];
  for (let day = scaleUnitFloor(unit, firstDay, options.week); day * MINUTES_PER_DAY < lastMinute; ) {
    const next = scaleUnitNext(unit, day);
    const start = day * MINUTES_PER_DAY;
    const finish = next * MINUTES_PER_DAY;
    const x0 = scaleXFromMinute(scale, start);
    const x1 = scaleXFromMinute(scale, finish);
    // Labels stick to the left edge of the view so a tick cut by it stays named (upper tiers: also the
    // right edge, their ticks are long).
    const visible0 = Math.max(x0, 0);
    const room = Math.min(x1, upperTier ? width : x1) - visible0 - 2 * padding;
    let label = '';
    for (const candidate of scaleUnitLabels(unit, day, options.language, options.week)) {
      if (measure(candidate, fontSize) <= room) {
        label = candidate;
        break;
      }
    }
    ticks.push({ start, finish, x0, x1, label, labelX: visible0 + padding });
    day = next;
  }
  return ticks;
}

/** The two-tier header of the visible range [0, width]. */
export function scaleHeader(scale: TimeScale, width: number, options: ScaleHeaderOptions): ScaleHeader {
  const level = scaleLevel(scale);
  const tiers = SCALE_TIERS[level];
  return {
    level,
    upper: scaleTicks(scale, width, tiers.upper, options, true),
    lower: scaleTicks(scale, width, tiers.lower, options),
  };
}

export interface NonWorkingBand {
  readonly start: number;
  readonly finish: number;
  readonly x0: number;
  readonly x1: number;
}

/** Shortest non-working gap shaded per level: nights at day zoom, whole days off at week zoom. */
export const SCALE_MIN_BAND_MINUTES: Readonly<Partial<Record<ScaleLevel, number>>> = {
  day: 4 * 60,
  week: MINUTES_PER_DAY,
};

/**
 * Non-working time of a compiled engine calendar over the visible range [0, width], only at day and week
 * zoom where it is visible. Gaps between the calendar's working intervals shorter than the level's
 * minimum (a lunch break, a night at week zoom) are not shaded. The calendar holds its intervals only
 * over a window of days (`windowFirstDay`…`windowEndDay`, 2000–2050 at first): a working-time lookup at
 * both ends of the visible range widens the window first (a 1990s or 2150s project), and the visible
 * range is clipped to the engine's range 1900–2199.
 */
export function scaleNonWorkingBands(scale: TimeScale, width: number, calendar: Calendar): NonWorkingBand[] {
  const minimum = SCALE_MIN_BAND_MINUTES[scaleLevel(scale)];
  if (minimum === undefined || calendar.allDay) return [];
  const from = Math.max(TIME_MIN, scaleMinuteFromX(scale, 0));
  const to = Math.min(TIME_MAX, scaleMinuteFromX(scale, width));
  const bands: NonWorkingBand[] = [];
  if (to <= from) return bands;
  // The lookups grow the window to hold both ends; read the window's arrays only after them.
  calendarWorkingTime(calendar, Math.min(from, TIME_MAX - 1));
  calendarWorkingTime(calendar, Math.max(to - 1, TIME_MIN + 1));
  const starts = calendar.intervalStart;
  const finishes = calendar.intervalFinish;
  const count = starts.length;
  const dayIndex = Math.floor(from / MINUTES_PER_DAY) - calendar.windowFirstDay;
  const firstDay = Math.min(Math.max(0, dayIndex), calendar.dayFirstInterval.length - 1);
  let k = Math.max(0, calendar.dayFirstInterval[firstDay] ?? count);
  while (k < count && finishes[k]! <= from) k++;
  let gapStart = k > 0 ? finishes[k - 1]! : calendar.windowStart;
  const push = (start: number, finish: number) => {
    if (finish - start < minimum || finish <= from || start >= to) return;
    bands.push({ start, finish, x0: scaleXFromMinute(scale, start), x1: scaleXFromMinute(scale, finish) });
  };
  for (; k < count && gapStart < to; k++) {
    const start = starts[k]!;
    if (start > gapStart) push(gapStart, start);
    gapStart = Math.max(gapStart, finishes[k]!);
  }
  if (k === count && gapStart < to) push(gapStart, Math.max(to, gapStart + minimum));
  return bands;
}

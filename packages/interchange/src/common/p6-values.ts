/**
 * Values the P6 readers (XER, PMXML) keep, read once per distinct text. A schedule repeats its dates, hours
 * and ids (a calendar, a WBS node, a relation's activities), so each distinct date or hours text is parsed
 * once and the activities share one string per date. Texts from the readers' input are slices of a decoded
 * chunk of the file: whatever is kept past its line or record is copied off (`own`), or one slice would
 * keep the whole chunk alive until the end.
 */
import { isoDate, minutesFromHours } from './dates.js';
import type { InterchangeErrorLocation } from './errors.js';
import { TextMemo } from './text-memo.js';
import { own } from './xml-records.js';

export { own };

/** Where a value is, built only when it is wrong. */
export interface Locator {
  where(field: string): InterchangeErrorLocation;
}

export class P6Values {
  private readonly dates = new TextMemo<string>();
  private readonly hours = new TextMemo<number>();
  private readonly texts = new TextMemo<string>();

  /** `isoDate` of the text, once per distinct text. */
  date(text: string, at: Locator, field: string): string {
    return this.dates.get(text, () => isoDate(text, at.where(field)));
  }

  /** `minutesFromHours` of the text, once per distinct text. */
  minutes(text: string, at: Locator, field: string): number {
    return this.hours.get(text, () => minutesFromHours(text, at.where(field)));
  }

  /** One owned string per distinct text, for texts many records repeat (ids of calendars, WBS, types). */
  shared(text: string): string {
    return text === '' ? '' : this.texts.get(text, (kept) => kept);
  }
}

/**
 * Values the P6 readers (XER, PMXML) keep, read once per distinct text. A schedule repeats its dates, hours
 * and ids (a calendar, a WBS node, a relation's activities), so each distinct date or hours text is parsed
 * once and the activities share one string per date. Texts from the readers' input are slices of a decoded
 * chunk of the file: whatever is kept past its line or record is copied off (`own`), or one slice would
 * keep the whole chunk alive until the end.
 */
import { isoDate, minutesFromHours } from './dates.js';
import type { InterchangeErrorLocation } from './errors.js';
import { own } from './xml-records.js';

export { own };

/** Entries per memo; a full memo is cleared (a bound for files with very many distinct texts). */
const MEMO_SIZE = 50_000;

/** Where a value is, built only when it is wrong. */
export interface Locator {
  where(field: string): InterchangeErrorLocation;
}

export class P6Values {
  private readonly dates = new Map<string, string>();
  private readonly hours = new Map<string, number>();
  private readonly texts = new Map<string, string>();

  /** `isoDate` of the text, once per distinct text. */
  date(text: string, at: Locator, field: string): string {
    let date = this.dates.get(text);
    if (date === undefined) {
      date = isoDate(text, at.where(field));
      if (this.dates.size >= MEMO_SIZE) this.dates.clear();
      this.dates.set(own(text), date);
    }
    return date;
  }

  /** `minutesFromHours` of the text, once per distinct text. */
  minutes(text: string, at: Locator, field: string): number {
    let minutes = this.hours.get(text);
    if (minutes === undefined) {
      minutes = minutesFromHours(text, at.where(field));
      if (this.hours.size >= MEMO_SIZE) this.hours.clear();
      this.hours.set(own(text), minutes);
    }
    return minutes;
  }

  /** One owned string per distinct text, for texts many records repeat (ids of calendars, WBS, types). */
  shared(text: string): string {
    if (text === '') return '';
    let kept = this.texts.get(text);
    if (kept === undefined) {
      kept = own(text);
      if (this.texts.size >= MEMO_SIZE) this.texts.clear();
      this.texts.set(kept, kept);
    }
    return kept;
  }
}

import { own } from './xml-records.js';

/** Entries per memo; a full memo is cleared (a bound for files with very many distinct texts). */
const MEMO_SIZE = 50_000;

/**
 * What a reader computed from a text, by the text. Schedules repeat their dates, durations and ids, so
 * each distinct text is parsed once. The key is copied off the reader's input chunk (`own`): a slice kept
 * in the memo would keep the whole chunk alive.
 */
export class TextMemo<T> {
  private readonly values = new Map<string, T>();

  /**
   * The value of `text`: the first time `compute` of the text's owned copy (the copy that is the key, so a
   * value may be that very string), the kept one after.
   */
  get(text: string, compute: (owned: string) => T): T {
    let value = this.values.get(text);
    if (value === undefined) {
      const key = own(text);
      value = compute(key);
      if (this.values.size >= MEMO_SIZE) this.values.clear();
      this.values.set(key, value);
    }
    return value;
  }
}

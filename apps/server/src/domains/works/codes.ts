/**
 * Automatic codes of new works, in the manner of P6's activity-ID numbering: a prefix, a number and an
 * increment, kept per schedule (`numbering.ts`). A schedule without one stored gets it read once from the
 * codes it already has, so imported schedules keep their own ("A1010" → "A1020", "1.2.3" → "1.2.4",
 * "EX-0040" → "EX-0050").
 */

/** A code split into the text before its trailing digits and those digits; null without trailing digits. */
export interface CodePattern {
  prefix: string;
  number: number;
  /** Digits of the number as written, so that "A0010" stays zero-padded. */
  width: number;
}

/** The numbering of a schedule that has no codes yet: P6's default. */
const DEFAULT_CODE = { prefix: 'A', start: 1000, increment: 10 } as const;

export function codePattern(code: string | null | undefined): CodePattern | null {
  const match = /^(.*?)(\d{1,9})$/.exec(code?.trim() ?? '');
  if (!match) return null;
  return { prefix: match[1]!, number: Number(match[2]), width: match[2]!.length };
}

/**
 * The increment the numbers of one prefix follow: the most frequent gap between neighbouring numbers
 * (ties to the larger gap, which leaves room for later insertions). A single number counts by tens when it
 * is a multiple of ten, else by ones.
 */
export function codeIncrement(numbers: readonly number[]): number {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  if (sorted.length < 2) {
    const only = sorted[0] ?? 0;
    return only > 0 && only % 10 === 0 ? 10 : 1;
  }
  const counts = new Map<number, number>();
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]! - sorted[i - 1]!;
    counts.set(gap, (counts.get(gap) ?? 0) + 1);
  }
  let best = 1;
  let bestCount = 0;
  for (const [gap, count] of counts)
    if (count > bestCount || (count === bestCount && gap > best)) {
      best = gap;
      bestCount = count;
    }
  return best;
}

/** A schedule's numbering of new works: `prefix` + a number padded to `width` digits, counting by `increment`. */
export interface Numbering {
  prefix: string;
  start: number;
  increment: number;
  width: number;
  /** The number the next new work tries first. */
  next: number;
}

/** The code of number `n` in a numbering. */
export const numberedCode = (numbering: Pick<Numbering, 'prefix' | 'width'>, n: number) =>
  `${numbering.prefix}${String(n).padStart(numbering.width, '0')}`;

/**
 * The numbering a schedule's codes follow, read once when it has none stored: the pattern of `anchor`
 * (the code of the row the new work follows, or of a work near it) over every code of the version that
 * starts with the anchor's prefix — the largest number of that prefix plus the increment, padded to the
 * anchor's width. Without a numbered anchor the numbering is P6's default.
 */
export function numberingOf(anchor: string | null | undefined, codes: Iterable<string>): Numbering {
  const pattern = codePattern(anchor);
  if (!pattern) return { ...DEFAULT_CODE, width: 0, next: DEFAULT_CODE.start };
  const numbers: number[] = [];
  for (const raw of codes) {
    const code = raw.trim();
    if (!code.startsWith(pattern.prefix)) continue;
    const rest = code.slice(pattern.prefix.length);
    if (/^\d{1,9}$/.test(rest)) numbers.push(Number(rest));
  }
  const increment = codeIncrement(numbers.length ? numbers : [pattern.number]);
  // A loop, not Math.max(...numbers): a version may hold more codes than a call takes arguments.
  let highest = pattern.number;
  for (const n of numbers) if (n > highest) highest = n;
  return {
    prefix: pattern.prefix,
    start: pattern.number,
    increment,
    width: pattern.width,
    next: highest + increment,
  };
}

/** The first of `count` numbers from `from` by `increment` whose code is not in `taken`, else null. */
export function firstFree(
  numbering: Pick<Numbering, 'prefix' | 'width' | 'increment'>,
  from: number,
  count: number,
  taken: ReadonlySet<string>,
): number | null {
  for (let k = 0, n = from; k < count; k++, n += numbering.increment)
    if (!taken.has(numberedCode(numbering, n))) return n;
  return null;
}

/**
 * The next code after `anchor` given the version's codes (`numberingOf`), never one of `codes`: what the
 * first new work of a schedule without a stored numbering gets.
 */
export function nextCode(anchor: string | null | undefined, codes: Iterable<string>): string {
  const taken = new Set<string>();
  for (const code of codes) taken.add(code.trim());
  const numbering = numberingOf(anchor, taken);
  let next = numbering.next;
  while (taken.has(numberedCode(numbering, next))) next += numbering.increment;
  return numberedCode(numbering, next);
}

/**
 * Automatic codes of new works, in the manner of P6's activity-ID numbering: a prefix, a number and an
 * increment. The pattern is not stored; it is read from the codes the schedule already has, so imported
 * schedules keep their own ("A1010" → "A1020", "1.2.3" → "1.2.4", "EX-0040" → "EX-0050").
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

/**
 * The next code after `anchor` (the code of the row the new work follows, or of a work near it), given
 * every code of the version that starts with the anchor's prefix: the largest number of that prefix plus
 * the increment, padded to the anchor's width, and never one of `taken`. Without a numbered anchor the
 * schedule's numbering starts at P6's default.
 */
export function nextCode(anchor: string | null | undefined, codes: Iterable<string>): string {
  const pattern = codePattern(anchor);
  const taken = new Set<string>();
  for (const code of codes) taken.add(code.trim());
  const prefix = pattern?.prefix ?? DEFAULT_CODE.prefix;
  const width = pattern?.width ?? 0;
  const numbers: number[] = [];
  for (const code of taken) {
    if (!code.startsWith(prefix)) continue;
    const rest = code.slice(prefix.length);
    if (/^\d{1,9}$/.test(rest)) numbers.push(Number(rest));
  }
  const increment = pattern
    ? codeIncrement(numbers.length ? numbers : [pattern.number])
    : DEFAULT_CODE.increment;
  // A loop, not Math.max(...numbers): a version may hold more codes than a call takes arguments.
  let highest = pattern?.number ?? null;
  for (const n of numbers) if (highest === null || n > highest) highest = n;
  let next = highest === null ? DEFAULT_CODE.start : highest + increment;
  const text = (n: number) => `${prefix}${String(n).padStart(width, '0')}`;
  while (taken.has(text(next))) next += increment;
  return text(next);
}

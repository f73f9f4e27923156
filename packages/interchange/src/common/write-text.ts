/** Texts written into another tool's file: cut to its length limits, codes kept unique. */

/** Text cut to a tool's length limit (by characters). */
export const fit = (s: string, max: number) => ([...s].length > max ? [...s].slice(0, max).join('') : s);

/**
 * Codes cut to a length limit stay unique: a cut code that is already taken gets `~2`, `~3`… (still
 * within the limit). Empty codes become `fallback`.
 */
export function uniqueCodes(
  values: readonly string[],
  max: number,
  fallback: (k: number) => string,
): string[] {
  const taken = new Set<string>();
  return values.map((value, k) => {
    const base = fit(value.trim() || fallback(k), max);
    let code = base;
    for (let n = 2; taken.has(code); n++) {
      const suffix = `~${n}`;
      code = fit(base, max - suffix.length) + suffix;
    }
    taken.add(code);
    return code;
  });
}

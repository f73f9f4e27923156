/**
 * The `SET` parts of an update for the fields given (those left undefined stay as they are): each
 * column cast as `casts` says, parameters numbered from `$first`, each value prepared for its column
 * by `prepare` (JSON text for a jsonb column, say).
 */
export function setClauses<F extends object>(
  fields: Partial<F>,
  casts: Record<keyof F, string>,
  first: number,
  prepare: (key: keyof F, value: unknown) => unknown = (_, value) => value,
): { sets: string[]; params: unknown[] } {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const [key, cast] of Object.entries(casts) as [keyof F, string][]) {
    if (fields[key] === undefined) continue;
    params.push(prepare(key, fields[key]));
    sets.push(`"${String(key)}" = $${first + params.length - 1}::${cast}`);
  }
  return { sets, params };
}

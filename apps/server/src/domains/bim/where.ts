/**
 * A WHERE clause of fixed conditions and optional ones, with its parameters: `add` appends a condition
 * whose `$?` marks all stand for the value it adds (its parameter number is filled in), so a filter
 * that is given becomes one line.
 */
export function whereClause(conditions: string[], params: unknown[]) {
  return {
    params,
    add(condition: string, value: unknown) {
      params.push(value);
      conditions.push(condition.replaceAll('$?', `$${params.length}`));
    },
    sql: () => conditions.join(' AND '),
  };
}

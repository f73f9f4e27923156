/**
 * The next value of a set held in React state (picked rows, collapsed nodes, hidden models): a copy with
 * `ids` put in (`on`) or taken out, so that the state changes by identity and the old set stays as it was.
 */
export function withMembers<T>(set: ReadonlySet<T>, ids: Iterable<T>, on: boolean): Set<T> {
  const next = new Set(set);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** `withMembers` for one id; without `on` the id changes side (a toggle). */
export function withMember<T>(set: ReadonlySet<T>, id: T, on = !set.has(id)): Set<T> {
  return withMembers(set, [id], on);
}

/** A user the composer can mention. */
export interface MentionCandidate {
  id: string;
  login: string;
  firstName: string;
  lastName: string;
}

/**
 * The mention being typed: an `@` at the start or after a space, then letters up to the caret. Null when
 * the caret is not in one.
 */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([\p{L}\p{N}._-]*)$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** Candidates whose login, first or last name starts with the query (any case), at most `limit`. */
export function mentionMatches(
  candidates: readonly MentionCandidate[],
  query: string,
  limit = 8,
): MentionCandidate[] {
  const q = query.toLocaleLowerCase();
  return candidates
    .filter((c) => [c.login, c.firstName, c.lastName].some((part) => part.toLocaleLowerCase().startsWith(q)))
    .slice(0, limit);
}

/** The text with the mention being typed replaced by `@login `, and where the caret goes then. */
export function insertMention(
  text: string,
  mention: { start: number; query: string },
  login: string,
): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const inserted = `@${login} `;
  return {
    text: text.slice(0, mention.start) + inserted + text.slice(end),
    caret: mention.start + inserted.length,
  };
}

/** The ids of the candidates whose `@login` the text still holds (a mention deleted while typing is no mention). */
export function mentionedIds(text: string, candidates: readonly MentionCandidate[]): string[] {
  return candidates
    .filter((c) => new RegExp(`(^|\\s)@${escapeRegExp(c.login)}(?![\\p{L}\\p{N}._-])`, 'u').test(text))
    .map((c) => c.id);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A message's text cut into plain parts and `@login` mentions of known users, for highlighting. */
export function textParts(text: string, logins: ReadonlySet<string>): { text: string; mention: boolean }[] {
  const parts: { text: string; mention: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(/(^|\s)@([\p{L}\p{N}._-]+)/gu)) {
    const login = match[2]!;
    if (!logins.has(login)) continue;
    const start = match.index + match[1]!.length;
    if (start > last) parts.push({ text: text.slice(last, start), mention: false });
    parts.push({ text: `@${login}`, mention: true });
    last = start + login.length + 1;
  }
  if (last < text.length) parts.push({ text: text.slice(last), mention: false });
  return parts;
}

import type { SpaceContext } from '../../context';
import { FingerprintCache } from '../../files/fingerprint-cache';
import type { ScopeVersion } from './scope';

/** A stamp of the rows a table holds among `where` (their count and the sum of their row versions). */
const stamp = (table: string, where: string) =>
  `(SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM ${table} WHERE ${where})`;

/**
 * What the figures of a set of versions are made of, stamped in one statement: their works, assignments
 * and daily-plan values, the versions themselves, and the space's resources (prices), EPS nodes (names),
 * specialties and members (executors' names). Any write to those rows changes it.
 */
const STAMP_SQL = `SELECT ${[
  stamp('works', `"versionId" = ANY($1::uuid[])`),
  stamp('assignments', `"versionId" = ANY($1::uuid[])`),
  stamp('wdp_values', `"versionId" = ANY($1::uuid[])`),
  stamp('versions', 'id = ANY($1::uuid[])'),
  stamp('resources', `"spaceId" = $2`),
  stamp('eps_nodes', `"spaceId" = $2`),
  stamp('specialties', `"spaceId" = $2`),
  stamp('users', `id IN (SELECT "userId" FROM space_members WHERE "spaceId" = $2)`),
].join(` || '/' || `)} AS stamp`;

/** Analytics answers kept per scope and question, with the stamp of the data they were figured from. */
const answers = new FingerprintCache<unknown>(500);

/** Stamps being read: the calls of one dashboard, sent at once, share one read. */
const reading = new Map<string, Promise<string>>();

function stampOf(ctx: SpaceContext, versions: readonly ScopeVersion[]): Promise<string> {
  const ids = versions.map((v) => v.versionId);
  const key = `${ctx.space.spaceId}|${ids.join(',')}`;
  const pending = reading.get(key);
  if (pending) return pending;
  const read = ctx.db.pool
    .query<{ stamp: string }>(STAMP_SQL, [ids, ctx.space.spaceId])
    .then(({ rows }) => rows[0]?.stamp ?? '')
    .finally(() => reading.delete(key));
  reading.set(key, read);
  return read;
}

/**
 * An analytics answer for a scope's versions: the one kept while the data it was figured from is
 * unchanged (its stamp, read on every call, before the answer is figured, so an answer is never older
 * than its stamp), else figured again. Which versions, their data dates (today's when they have none)
 * and the question are the key; the caller's language never enters the answers.
 */
export async function cachedAnswer<T>(
  ctx: SpaceContext,
  versions: readonly ScopeVersion[],
  question: string,
  figure: () => Promise<T>,
): Promise<T> {
  if (!versions.length) return figure();
  const key = `${ctx.space.spaceId}|${question}|${versions.map((v) => `${v.versionId}@${v.dataDate}`).join(',')}`;
  return (await answers.get(key, await stampOf(ctx, versions), figure)) as T;
}

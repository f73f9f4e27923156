import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { FingerprintCache } from '../../files/fingerprint-cache';
import { onVersionChanged } from '../../live/version-changes';
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

/** Analytics answers kept in this process per scope and question, with the stamp of the data they were figured from. */
const answers = new FingerprintCache<unknown>(500);

/** Stamps being read: the calls of one dashboard, sent at once, share one read. */
const reading = new Map<string, Promise<string>>();

/** Answers being figured, by key and stamp: a question asked again meanwhile waits for the same figuring. */
const figuring = new Map<string, Promise<unknown>>();

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
 * An analytics answer for a scope's versions (docs/product-rules.md, "Analytics", how answers are kept):
 * the one kept while the data it was figured from is unchanged — its stamp is read on every call, before
 * the answer is figured, so an answer is never older than its stamp — in this process, else in the
 * database (shared by every process, kept across restarts), else figured and kept in both. Which versions,
 * their data dates (today's when they have none) and the question are the key; the caller's language never
 * enters the answers. The question is remembered, to be figured again as soon as one of its versions
 * changes here (`refreshAfterChange`), so that the next look at a dashboard finds its answers current.
 */
export async function cachedAnswer<T>(
  ctx: SpaceContext,
  versions: readonly ScopeVersion[],
  question: string,
  figure: () => Promise<T>,
): Promise<T> {
  if (!versions.length) return figure();
  const key = `${ctx.space.spaceId}|${question}|${versions.map((v) => `${v.versionId}@${v.dataDate}`).join(',')}`;
  remember(key, versions, () => cachedAnswer(ctx, versions, question, figure));
  const current = await stampOf(ctx, versions);
  const kept = answers.peek(key, current);
  if (kept !== undefined) return kept as T;
  const flight = `${key}#${current}`;
  const pending = figuring.get(flight);
  if (pending) return (await pending) as T;
  const got = storedOrFigured(ctx.db.pool, ctx.space.spaceId, key, current, figure).finally(() =>
    figuring.delete(flight),
  );
  figuring.set(flight, got);
  const value = await got;
  answers.put(key, current, value);
  return value;
}

/**
 * The answer the database keeps for `key` at `stamp`, else figured and kept there. What is answered went
 * through JSON either way, so an answer is the same whether it was figured or read back.
 */
async function storedOrFigured<T>(
  pool: pg.Pool,
  spaceId: string,
  key: string,
  stamp: string,
  figure: () => Promise<T>,
): Promise<T> {
  const { rows } = await pool.query<{ answer: T }>(
    'SELECT answer FROM analytic_answers WHERE key = $1 AND stamp = $2',
    [key, stamp],
  );
  if (rows[0]) return rows[0].answer;
  const json = JSON.stringify(await figure());
  await pool.query(
    `INSERT INTO analytic_answers (key, "spaceId", stamp, answer) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (key) DO UPDATE SET stamp = EXCLUDED.stamp, answer = EXCLUDED.answer, "figuredAt" = now()`,
    [key, spaceId, stamp, json],
  );
  return JSON.parse(json) as T;
}

/** Answers kept in the database and not figured again for this long are dropped by the periodic clean-up. */
const ANSWER_RETENTION_DAYS = 7;

export async function pruneAnalyticAnswers(pool: pg.Pool): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM analytic_answers WHERE "figuredAt" < now() - make_interval(days => $1)`,
    [ANSWER_RETENTION_DAYS],
  );
  return rowCount ?? 0;
}

/** The questions asked lately, newest last, with their versions and how to ask them again. */
const asked = new Map<string, { versionIds: readonly string[]; again: () => Promise<unknown> }>();
const MAX_ASKED = 200;

function remember(key: string, versions: readonly ScopeVersion[], again: () => Promise<unknown>) {
  asked.delete(key);
  asked.set(key, { versionIds: versions.map((v) => v.versionId), again });
  for (const oldest of asked.keys()) {
    if (asked.size <= MAX_ASKED) break;
    asked.delete(oldest);
  }
}

/** How long a version stays unchanged before its questions are figured again (edits come in bursts). */
const QUIET_MS = 1_000;
const waiting = new Map<string, ReturnType<typeof setTimeout>>();
let refreshing: Promise<unknown> = Promise.resolve();

/**
 * After a version changed in this process, the questions lately asked about it (at any scope that holds
 * it) are figured again once it has been quiet for a moment, one after another, so that the dashboards
 * that show them answer from what is kept. A question whose figuring fails is left to its next asker.
 */
function refreshAfterChange(versionId: string) {
  clearTimeout(waiting.get(versionId));
  const timer = setTimeout(() => {
    waiting.delete(versionId);
    const questions = [...asked.values()].filter((q) => q.versionIds.includes(versionId));
    refreshing = refreshing.then(async () => {
      for (const question of questions) await question.again().catch(() => undefined);
    });
  }, QUIET_MS);
  timer.unref();
  waiting.set(versionId, timer);
}

onVersionChanged(refreshAfterChange);

/** Resolves when the figuring started by changes so far is done (for tests and benchmarks). */
export async function analyticsRefreshed(): Promise<void> {
  while (waiting.size) await new Promise((resolve) => setTimeout(resolve, QUIET_MS / 4));
  await refreshing;
}

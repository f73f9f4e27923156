import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
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

/** Analytics answers kept in this process per scope and question, with the stamp of the data they were figured from. */
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

/** Answers being figured, by key and stamp: a question asked again meanwhile waits for the same figuring. */
const figuring = new Map<string, Promise<unknown>>();

/** How long each question took to figure last time in this process (ms), newest last. */
const costs = new Map<string, number>();
const MAX_COSTS = 1_000;

/**
 * When a question is slow to figure: the versions it is about hold at least `works` works (their
 * dashboard's questions, each quick alone, are slow together), or its last figuring here took longer
 * than `ms`. A slow question whose data changed is answered from what is kept while it is figured
 * again (see `cachedAnswer`).
 */
const slowLimits = { ms: 500, works: 20_000 };

/** Sets what counts as slow (tests ask small versions as if they were big ones). */
export function setSlowAnswers(limits: { ms: number; works: number }): void {
  Object.assign(slowLimits, limits);
}

function slowToFigure(key: string, stamp: string): boolean {
  // A stamp starts with the count of the versions' works.
  return Number.parseInt(stamp, 10) >= slowLimits.works || (costs.get(key) ?? 0) > slowLimits.ms;
}

/** Whether what a request answered came, in part, from answers kept from before the last change. */
const freshness = new AsyncLocalStorage<{ stale: boolean }>();

/**
 * Runs an analytics call and says whether its answer is `stale`: some of it was kept from before the
 * data's last change and is being figured again; asked again shortly, it is current. The dashboard asks
 * again while it is told so.
 */
export async function withFreshness<T extends object>(
  run: () => Promise<T>,
): Promise<T & { stale: boolean }> {
  const mark = { stale: false };
  const answer = await freshness.run(mark, run);
  return { ...answer, stale: mark.stale };
}

/**
 * An analytics answer for a scope's versions (docs/product-rules.md, "Analytics", how answers are kept):
 * the one kept while the data it was figured from is unchanged — the data's stamp is read on every call
 * — in this process, else in the database (shared by every process, kept across restarts), else figured
 * and kept in both. Which versions, their data dates (today's when they have none) and the question are
 * the key; the caller's language never enters the answers. A question slow to figure whose data changed
 * is answered at once from what was kept before the change, marked stale (`withFreshness`), while it is
 * figured again off the request (only where the caller is told so: a print waits); a quick one is
 * always figured before it is answered. The question is
 * remembered, to be figured again as soon as one of its versions changes here (see refresh.ts), so that
 * the next look at a dashboard finds its answers current. `wait` figures before answering, however slow.
 */
export async function cachedAnswer<T>(
  ctx: SpaceContext,
  versions: readonly ScopeVersion[],
  question: string,
  figure: () => Promise<T>,
  wait = false,
): Promise<T> {
  if (!versions.length) return figure();
  const key = `${ctx.space.spaceId}|${question}|${versions.map((v) => `${v.versionId}@${v.dataDate}`).join(',')}`;
  remember(key, versions, () => cachedAnswer(ctx, versions, question, figure, true));
  const current = await stampOf(ctx, versions);
  const kept = answers.peek(key, current);
  if (kept !== undefined) return kept as T;
  // Only a caller that can be told its answer is stale gets one (a print or an export waits).
  const mark = wait ? undefined : freshness.getStore();
  const slow = mark !== undefined && slowToFigure(key, current);
  const older = answers.latest(key)?.value as T | undefined;
  if (mark && slow && older !== undefined) {
    flightOf(ctx, key, current, figure, { behind: true, checkStored: true }).catch(() => undefined);
    mark.stale = true;
    return older;
  }
  const pending = figuring.get(`${key}#${current}`) as Promise<T> | undefined;
  if (pending) return pending;
  const stored = await storedAnswer<T>(ctx.db.pool, key);
  if (stored?.stamp === current) {
    answers.put(key, current, stored.answer);
    return stored.answer;
  }
  if (mark && slow && stored) {
    flightOf(ctx, key, current, figure, { behind: true, checkStored: false }).catch(() => undefined);
    mark.stale = true;
    return stored.answer;
  }
  return flightOf(ctx, key, current, figure, { behind: false, checkStored: false });
}

/** Figurings started behind a stale answer, one at a time, so that the answers asked meanwhile are not starved. */
let behindQueue: Promise<unknown> = Promise.resolve();

/** The figuring of `key` at `stamp`: the one under way, else a new one (now, or queued behind the others). */
function flightOf<T>(
  ctx: SpaceContext,
  key: string,
  stamp: string,
  figure: () => Promise<T>,
  how: { behind: boolean; checkStored: boolean },
): Promise<T> {
  const flight = `${key}#${stamp}`;
  const pending = figuring.get(flight) as Promise<T> | undefined;
  if (pending) return pending;
  const run = () => figureAndKeep(ctx, key, stamp, figure, how.checkStored);
  const started = how.behind ? behindQueue.then(run, run) : run();
  if (how.behind) behindQueue = started.catch(() => undefined);
  const got = started.finally(() => figuring.delete(flight));
  figuring.set(flight, got);
  return got;
}

/** What the database keeps for `key`, at whatever stamp. */
async function storedAnswer<T>(
  pool: pg.Pool,
  key: string,
): Promise<{ stamp: string; answer: T } | undefined> {
  const { rows } = await pool.query<{ stamp: string; answer: T }>(
    'SELECT stamp, answer FROM analytic_answers WHERE key = $1',
    [key],
  );
  return rows[0];
}

/**
 * Figures an answer (unless `checkStored` finds it in the database) and keeps it here and in the
 * database, timing it. What is answered went through JSON, so an answer is the same whether it was
 * figured or read back.
 */
async function figureAndKeep<T>(
  ctx: SpaceContext,
  key: string,
  stamp: string,
  figure: () => Promise<T>,
  checkStored: boolean,
): Promise<T> {
  // Another process may have figured it meanwhile.
  const stored = checkStored ? await storedAnswer<T>(ctx.db.pool, key) : undefined;
  if (stored?.stamp === stamp) {
    answers.put(key, stamp, stored.answer);
    return stored.answer;
  }
  const started = performance.now();
  const json = JSON.stringify(await figure());
  costs.delete(key);
  costs.set(key, performance.now() - started);
  for (const oldest of costs.keys()) {
    if (costs.size <= MAX_COSTS) break;
    costs.delete(oldest);
  }
  await ctx.db.pool.query(
    `INSERT INTO analytic_answers (key, "spaceId", stamp, answer) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (key) DO UPDATE SET stamp = EXCLUDED.stamp, answer = EXCLUDED.answer, "figuredAt" = now()`,
    [key, ctx.space.spaceId, stamp, json],
  );
  const answer = JSON.parse(json) as T;
  answers.put(key, stamp, answer);
  return answer;
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

/** How to figure again, and wait for, each question lately asked about a version (at any scope holding it). */
export function questionsAbout(versionId: string): (() => Promise<unknown>)[] {
  return [...asked.values()].filter((q) => q.versionIds.includes(versionId)).map((q) => q.again);
}

/** Whether a calculated version is big enough for its dashboard to be figured before anyone asks. */
export const slowVersion = (works: number) => works >= slowLimits.works;

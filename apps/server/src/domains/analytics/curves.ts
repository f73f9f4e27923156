import { createHash } from 'node:crypto';
import {
  BUILT_IN_CURVES,
  builtInCurvePoints,
  CURVE_POINTS,
  type CurveRef,
  type CurveSettings,
  isBuiltInCurve,
  normaliseCurve,
} from '@takt/contracts';
import { kyselyOf } from '@takt/db';
import { sql } from 'kysely';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { AppError } from '../../errors';

/** Curves one space may have of its own. */
const MAX_CURVES = 50;

const COLUMNS = ['id', 'name', 'points', 'revision'] as const;
type Row = { id: string; name: string; points: number[]; revision: number };

/** A curve as the API answers it: a built-in one by its key (named by the client), a space's own by its id. */
interface Curve {
  id: string;
  builtIn: boolean;
  name: string | null;
  points: number[];
  revision: number | null;
}

/**
 * A stored curve read leniently: one that is not 21 non-negative values summing above zero (written by
 * another build) counts as linear. Its values are as saved (normalised then), not normalised again.
 */
const pointsOf = (points: readonly number[] | null) =>
  points?.length === CURVE_POINTS && points.every((p) => p >= 0) && points.some((p) => p > 0)
    ? [...points]
    : builtInCurvePoints('linear');

const curveOf = (row: Row): Curve => ({
  id: row.id,
  builtIn: false,
  name: row.name,
  points: pointsOf(row.points),
  revision: row.revision,
});

const BUILT_IN: Curve[] = BUILT_IN_CURVES.map((key) => ({
  id: key,
  builtIn: true,
  name: null,
  points: builtInCurvePoints(key),
  revision: null,
}));

async function ownCurves(ctx: SpaceContext, on: Sql = ctx.db.pool): Promise<Row[]> {
  return kyselyOf(on)
    .selectFrom('analytic_curves')
    .select(COLUMNS)
    .where('spaceId', '=', ctx.space.spaceId)
    .orderBy('name')
    .orderBy('createdAt')
    .execute();
}

async function settingsOf(ctx: SpaceContext, on: Sql = ctx.db.pool): Promise<CurveSettings> {
  const row = await kyselyOf(on)
    .selectFrom('analytic_settings')
    .select(['defaultCurve', 'taskCurve', 'workCurve'])
    .where('spaceId', '=', ctx.space.spaceId)
    .executeTakeFirst();
  return {
    defaultCurve: row?.defaultCurve ?? 'linear',
    task: row?.taskCurve ?? null,
    work: row?.workCurve ?? null,
  };
}

/**
 * The curves of a space (API analytics curved settings): the built-in ones, then the space's own by name,
 * with the space's curve settings.
 */
export async function listCurves(ctx: SpaceContext) {
  const [rows, settings] = await Promise.all([ownCurves(ctx), settingsOf(ctx)]);
  return { curves: [...BUILT_IN, ...rows.map(curveOf)], settings };
}

/**
 * Creates a curve of the space (without `curveId`) or changes one at its revision; its values are kept
 * normalised to sum to 100.
 */
export async function saveCurve(
  ctx: SpaceContext,
  input: { curveId?: string; name: string; points: number[]; revision?: number },
): Promise<Curve> {
  const spaceId = ctx.space.spaceId;
  const points = normaliseCurve(input.points);
  if (input.curveId) {
    const found = await kyselyOf(ctx.db.pool)
      .selectFrom('analytic_curves')
      .select(['id', 'revision'])
      .where('id', '=', input.curveId)
      .where('spaceId', '=', spaceId)
      .executeTakeFirst();
    if (!found) throw new AppError('NotFound');
    if (input.revision !== undefined && input.revision !== found.revision) throw new AppError('Conflict');
    const updated = await kyselyOf(ctx.db.pool)
      .updateTable('analytic_curves')
      .set({ name: input.name, points, revision: sql`revision + 1`, updatedAt: sql`now()` })
      .where('id', '=', found.id)
      .where('revision', '=', found.revision)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!updated) throw new AppError('Conflict');
    return curveOf(updated);
  }
  return inTransaction(ctx.db.pool, async (client) => {
    // One space's curves are created one at a time, so the limit holds.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`analytic-curves:${spaceId}`]);
    const db = kyselyOf(client);
    const { count } = await db
      .selectFrom('analytic_curves')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('spaceId', '=', spaceId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_CURVES)
      throw new AppError('ValidationError', {}, [
        { path: 'name', message: 'analytics.curve.error.too_many' },
      ]);
    const created = await db
      .insertInto('analytic_curves')
      .values({ id: sql`gen_random_uuid()`, spaceId, name: input.name, points })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return curveOf(created);
  });
}

/** Deletes a curve of the space; the space's settings that named it go back to linear (default) or to none. */
export async function deleteCurve(ctx: SpaceContext, input: { curveId: string }) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const db = kyselyOf(client);
    const { numDeletedRows } = await db
      .deleteFrom('analytic_curves')
      .where('id', '=', input.curveId)
      .where('spaceId', '=', spaceId)
      .executeTakeFirst();
    if (!numDeletedRows) throw new AppError('NotFound');
    await client.query(
      `UPDATE analytic_settings SET
         "defaultCurve" = CASE WHEN "defaultCurve" = $2 THEN 'linear' ELSE "defaultCurve" END,
         "taskCurve" = NULLIF("taskCurve", $2), "workCurve" = NULLIF("workCurve", $2), "updatedAt" = now()
       WHERE "spaceId" = $1 AND $2 IN ("defaultCurve", "taskCurve", "workCurve")`,
      [spaceId, input.curveId],
    );
  });
  return { success: true as const };
}

/** The space's curve settings (API analytics settings). */
export async function curveSettingsOf(ctx: SpaceContext) {
  return settingsOf(ctx);
}

/** Sets the space's curves: each must be a built-in curve or one of the space's own. */
export async function saveCurveSettings(ctx: SpaceContext, input: CurveSettings) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    // The curves named are locked, so that none is deleted before the settings naming it are saved.
    const own = [input.defaultCurve, input.task, input.work].filter(
      (ref): ref is string => ref !== null && !isBuiltInCurve(ref),
    );
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM analytic_curves WHERE id = ANY($1::uuid[]) AND "spaceId" = $2 FOR SHARE`,
      [own, spaceId],
    );
    const known = new Set(rows.map((r) => r.id));
    const issues = (['defaultCurve', 'task', 'work'] as const)
      .filter((field) => {
        const ref = input[field];
        return ref !== null && !isBuiltInCurve(ref) && !known.has(ref);
      })
      .map((path) => ({ path, message: 'analytics.curve.error.unknown' }));
    if (issues.length) throw new AppError('ValidationError', {}, issues);
    await client.query(
      `INSERT INTO analytic_settings ("spaceId", "defaultCurve", "taskCurve", "workCurve", "updatedAt")
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT ("spaceId") DO UPDATE SET "defaultCurve" = $2, "taskCurve" = $3, "workCurve" = $4,
         "updatedAt" = now()`,
      [spaceId, input.defaultCurve, input.task, input.work],
    );
    return settingsOf(ctx, client);
  });
}

/**
 * How a series spreads the plan of each work: `pick`, SQL over `leaf`, gives a work's curve (0 linear,
 * else an index into `curves` from 1); `key` tells the spreads apart in the kept answers ('' when all is
 * linear, so that linear answers keep their keys).
 */
export interface Spread {
  pick: string;
  curves: number[][];
  key: string;
}

export const LINEAR_SPREAD: Spread = { pick: '0', curves: [], key: '' };

const LINEAR_POINTS = builtInCurvePoints('linear');
const isLinear = (points: readonly number[]) =>
  points.every((p, i) => Math.abs(p - LINEAR_POINTS[i]!) < 1e-9);

/**
 * The spread of a series: every work by the curve asked for, when it is known; else by the space's
 * settings (a task or a work by its type's curve, when the type has one; every other work by the
 * default). A curve that no longer exists counts as not named.
 */
export async function spreadOf(ctx: SpaceContext, asked: CurveRef | undefined): Promise<Spread> {
  const settings = asked ? null : await settingsOf(ctx);
  const refs = asked ? [asked] : [settings!.defaultCurve, settings!.task, settings!.work];
  const own = refs.filter((r): r is string => r !== null && !isBuiltInCurve(r));
  const rows = own.length
    ? await kyselyOf(ctx.db.pool)
        .selectFrom('analytic_curves')
        .select(['id', 'points'])
        .where('spaceId', '=', ctx.space.spaceId)
        .where('id', 'in', own)
        .execute()
    : [];
  const pointsOfRef = (ref: string | null): number[] | null => {
    if (ref === null) return null;
    if (isBuiltInCurve(ref)) return builtInCurvePoints(ref);
    const row = rows.find((r) => r.id === ref);
    return row ? pointsOf(row.points) : null;
  };
  if (asked) {
    const points = pointsOfRef(asked);
    if (points) return spreadFrom(points, points, points);
    return spreadOf(ctx, undefined);
  }
  const fallback = pointsOfRef(settings!.defaultCurve) ?? LINEAR_POINTS;
  return spreadFrom(
    fallback,
    pointsOfRef(settings!.task) ?? fallback,
    pointsOfRef(settings!.work) ?? fallback,
  );
}

function spreadFrom(other: number[], task: number[], work: number[]): Spread {
  const curves: number[][] = [];
  const indexOf = (points: number[]) => {
    if (isLinear(points)) return 0;
    const at = curves.findIndex((c) => c.every((p, i) => p === points[i]));
    if (at >= 0) return at + 1;
    curves.push(points);
    return curves.length;
  };
  const [o, t, w] = [indexOf(other), indexOf(task), indexOf(work)];
  if (!curves.length) return LINEAR_SPREAD;
  const pick =
    o === t && o === w ? String(o) : `CASE type WHEN 'task' THEN ${t} WHEN 'work' THEN ${w} ELSE ${o} END`;
  const key = createHash('sha1')
    .update(JSON.stringify([pick, curves]))
    .digest('base64url')
    .slice(0, 16);
  return { pick, curves, key };
}

/**
 * A spread's curves as the series statement takes them (`unnest($5, $6, $7)` → curve, boundary, factor):
 * a rate of `q × factor ÷ n` a day starts at each boundary k (0…20) of a span of n days, where the
 * twentieth part k ends; boundary −1 is the share that falls on the first day at once. Zero factors are left out.
 */
export function spreadParams(spread: Spread): [number[], number[], number[]] {
  const c: number[] = [];
  const k: number[] = [];
  const f: number[] = [];
  spread.curves.forEach((points, index) => {
    const sum = points.reduce((a, p) => a + p, 0);
    const share = (j: number) => (j >= 1 && j <= 20 ? points[j]! / sum : 0);
    const add = (boundary: number, factor: number) => {
      if (factor === 0) return;
      c.push(index + 1);
      k.push(boundary);
      f.push(factor);
    };
    add(-1, points[0]! / sum);
    for (let b = 0; b <= 20; b++) add(b, 20 * (share(b + 1) - share(b)));
  });
  return [c, k, f];
}

/**
 * A spread's curves as cumulative shares, 21 a curve one after another: the k-th (0…20) of a curve is
 * the share of a work's plan done by the end of its k-th twentieth (the 0-th: what falls on the first
 * day at once), so that the share done at any point of a span is read between two of them.
 */
export function cumulativeCurves(spread: Spread): number[] {
  return spread.curves.flatMap((points) => {
    const sum = points.reduce((a, p) => a + p, 0);
    let done = 0;
    return points.map((p) => {
      done += p;
      return done / sum;
    });
  });
}

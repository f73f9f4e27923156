import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { iso, keyDate } from '../../db/time';
import { AppError } from '../../errors';
import { dayShare, versionCalendars, versionForResources } from '../resources';
import { UndoRecorder } from '../undo';
import { checkEditingPeriod, versionOf } from '../versions';

/**
 * Daily work plans (wdp, capabilities, states, API): per work and day the planned and the actual volume. A work's
 * plan is a row with a planning status (toggled per row or in bulk) and a revision that every change of
 * its values raises. Dates before the editing period are refused, the plan of a work may not exceed its
 * planned volume with its facts (limit-for-dp), and every change is an undo action of kind undo_wdp.
 */

/** The editing period (entities): with N days configured, days before (key date − N) are closed. */
export async function editingWindow(sql: Sql, spaceId: string) {
  const { rows } = await sql.query<{ days: number }>(
    `SELECT "editingPeriodDays" AS days FROM spaces WHERE id = $1`,
    [spaceId],
  );
  const days = rows[0]?.days ?? 0;
  const key = keyDate();
  if (days <= 0) return { days: 0, keyDate: key, firstEditableDate: null as string | null };
  const first = new Date(`${key}T00:00:00Z`);
  first.setUTCDate(first.getUTCDate() - days);
  return { days, keyDate: key, firstEditableDate: first.toISOString().slice(0, 10) };
}

const WDP_ROW_SELECT = `w.id AS "workId", w.code, w.name, w.type, w.unit, w."planVolume", w."factVolume",
  w."executorId", w."curatorId", w."durationMinutes",
  ${iso('coalesce(w."earlyStart", w."planStart")')} AS start, ${iso('coalesce(w."earlyFinish", w."planFinish")')} AS finish,
  coalesce(r.planning, false) AS planning, coalesce(r.revision, 0) AS revision,
  coalesce((SELECT sum(v."planVolume") FROM wdp_values v WHERE v."workId" = w.id), 0)::float8 AS "plannedTotal",
  coalesce((SELECT sum(v."factVolume") FROM wdp_values v WHERE v."workId" = w.id), 0)::float8 AS "factTotal"`;

export interface WdpRowDto {
  workId: string;
  code: string | null;
  name: string;
  type: string;
  unit: string | null;
  planVolume: number | null;
  factVolume: number | null;
  executorId: string | null;
  curatorId: string | null;
  durationMinutes: number;
  start: string | null;
  finish: string | null;
  planning: boolean;
  revision: number;
  plannedTotal: number;
  factTotal: number;
  values: { date: string; planVolume: number | null; factVolume: number | null }[];
}

async function valuesOf(sql: Sql, workIds: string[], from: string, to: string) {
  const { rows } = await sql.query<{
    workId: string;
    date: string;
    planVolume: number | null;
    factVolume: number | null;
  }>(
    `SELECT "workId", to_char(date, 'YYYY-MM-DD') AS date, "planVolume", "factVolume" FROM wdp_values
     WHERE "workId" = ANY($1::uuid[]) AND date BETWEEN $2::date AND $3::date ORDER BY date`,
    [workIds, from, to],
  );
  const byWork = new Map<string, WdpRowDto['values']>();
  for (const { workId, ...value } of rows) {
    const list = byWork.get(workId) ?? [];
    list.push(value);
    byWork.set(workId, list);
  }
  return byWork;
}

const ROWS_MAX = 5000;

/**
 * The daily plan of a version over `from`..`to`: works (not summaries) that are in planning, have values in
 * the range, or whose dates overlap it — or just the given works — with their values in the range.
 */
export async function listWdp(
  ctx: SpaceContext,
  input: { versionId: string; from: string; to: string; workIds?: string[] },
) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, input.versionId);
  const { rows } = await ctx.db.pool.query<Omit<WdpRowDto, 'values'>>(
    `SELECT ${WDP_ROW_SELECT} FROM works w LEFT JOIN wdp_rows r ON r."workId" = w.id
     WHERE w."versionId" = $1 AND w."spaceId" = $2 AND w.type <> 'sum'
       AND ($5::uuid[] IS NULL OR w.id = ANY($5::uuid[]))
       AND ($5::uuid[] IS NOT NULL OR coalesce(r.planning, false)
         OR EXISTS (SELECT 1 FROM wdp_values v WHERE v."workId" = w.id AND v.date BETWEEN $3::date AND $4::date)
         OR (coalesce(w."earlyStart", w."planStart") < $4::date + 1 AND coalesce(w."earlyFinish", w."planFinish") >= $3::date))
     ORDER BY w."sortKey", w.id LIMIT ${ROWS_MAX}`,
    [input.versionId, spaceId, input.from, input.to, input.workIds ?? null],
  );
  const values = await valuesOf(
    ctx.db.pool,
    rows.map((r) => r.workId),
    input.from,
    input.to,
  );
  return {
    editing: await editingWindow(ctx.db.pool, spaceId),
    rows: rows.map((r) => ({ ...r, values: values.get(r.workId) ?? [] })),
  };
}

interface LockedRow {
  workId: string;
  code: string | null;
  name: string;
  planVolume: number | null;
  revision: number;
}

/** Locks the works' plan rows (creating missing ones) and checks the revisions given. */
async function lockRows(
  client: pg.PoolClient,
  spaceId: string,
  versionId: string,
  refs: { workId: string; revision?: number }[],
) {
  const ids = [...new Set(refs.map((r) => r.workId))];
  const works = await client.query<{ id: string }>(
    `SELECT id FROM works WHERE "versionId" = $1 AND id = ANY($2::uuid[]) AND type <> 'sum'`,
    [versionId, ids],
  );
  if (works.rowCount !== ids.length) throw new AppError('NotFound');
  // Rows never saved have revision 0: they are created here at 0 and raised with the change.
  await client.query(
    `INSERT INTO wdp_rows ("workId", "spaceId", "versionId", revision) SELECT unnest($1::uuid[]), $2, $3, 0
     ON CONFLICT ("workId") DO NOTHING`,
    [ids, spaceId, versionId],
  );
  const { rows } = await client.query<LockedRow>(
    `SELECT r."workId", w.code, w.name, w."planVolume", r.revision FROM wdp_rows r JOIN works w ON w.id = r."workId"
     WHERE r."workId" = ANY($1::uuid[]) FOR UPDATE OF r`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.workId, r]));
  for (const ref of refs)
    if (ref.revision !== undefined && byId.get(ref.workId)!.revision !== ref.revision)
      throw new AppError('Conflict');
  return byId;
}

/** Writes values (null clears; both null removes the day) and raises the rows' revisions; checks the limit. */
async function writeValues(
  ctx: SpaceContext,
  client: pg.PoolClient,
  versionId: string,
  locked: Map<string, LockedRow>,
  rows: {
    workId: string;
    values: { date: string; planVolume?: number | null; factVolume?: number | null }[];
  }[],
) {
  const spaceId = ctx.space.spaceId;
  // One entry per work and day (the last given wins); a field left out keeps its value.
  const byKey = new Map<
    string,
    { workId: string; date: string; planVolume?: number | null; factVolume?: number | null }
  >();
  for (const r of rows)
    for (const v of r.values) byKey.set(`${r.workId}:${v.date}`, { workId: r.workId, ...v });
  const entries = JSON.stringify(
    [...byKey.values()].map((v) => ({
      workId: v.workId,
      date: v.date,
      planVolume: v.planVolume ?? null,
      factVolume: v.factVolume ?? null,
      hasPlan: v.planVolume !== undefined,
      hasFact: v.factVolume !== undefined,
    })),
  );
  const recordset = `json_to_recordset($1::json) AS x("workId" uuid, date date, "planVolume" float8, "factVolume" float8,
    "hasPlan" boolean, "hasFact" boolean)`;
  await client.query(
    `INSERT INTO wdp_values ("spaceId", "versionId", "workId", date) SELECT $2, $3, x."workId", x.date FROM ${recordset}
     ON CONFLICT ("workId", date) DO NOTHING`,
    [entries, spaceId, versionId],
  );
  await client.query(
    `UPDATE wdp_values v SET
       "planVolume" = CASE WHEN x."hasPlan" THEN x."planVolume" ELSE v."planVolume" END,
       "factVolume" = CASE WHEN x."hasFact" THEN x."factVolume" ELSE v."factVolume" END,
       "updatedById" = $2, "updatedAt" = now()
     FROM ${recordset} WHERE v."workId" = x."workId" AND v.date = x.date`,
    [entries, ctx.session.userId],
  );
  const workIds = [...new Set(rows.map((r) => r.workId))];
  await client.query(
    `DELETE FROM wdp_values WHERE "workId" = ANY($1::uuid[]) AND "planVolume" IS NULL AND "factVolume" IS NULL`,
    [workIds],
  );
  await client.query(
    `UPDATE wdp_rows SET revision = revision + 1, "updatedAt" = now() WHERE "workId" = ANY($1::uuid[])`,
    [workIds],
  );
  // limit-for-dp: what is done (the facts) and what is planned for days without a fact yet may not exceed the
  // work's planned volume.
  const { rows: over } = await client.query<{ workId: string; planned: number }>(
    `SELECT v."workId", sum(coalesce(v."factVolume", v."planVolume", 0))::float8 AS planned
     FROM wdp_values v JOIN works w ON w.id = v."workId"
     WHERE v."workId" = ANY($1::uuid[]) AND w."planVolume" IS NOT NULL
     GROUP BY v."workId", w."planVolume" HAVING sum(coalesce(v."factVolume", v."planVolume", 0)) > w."planVolume" + 1e-9`,
    [workIds],
  );
  if (over[0]) {
    const work = locked.get(over[0].workId)!;
    throw new AppError('WdpLimitExceeded', {
      code: work.code ?? work.name,
      planned: Math.round(over[0].planned * 1000) / 1000,
      limit: work.planVolume ?? 0,
    });
  }
}

export async function saveWdp(
  ctx: SpaceContext,
  input: {
    versionId: string;
    rows: {
      workId: string;
      revision: number;
      values: { date: string; planVolume?: number | null; factVolume?: number | null }[];
    }[];
  },
) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    await versionForResources(client, spaceId, input.versionId);
    await checkEditingPeriod(
      ctx,
      client,
      input.rows.flatMap((r) => r.values.map((v) => v.date)),
    );
    const locked = await lockRows(client, spaceId, input.versionId, input.rows);
    const undo = new UndoRecorder(client);
    await undo.workRows([...locked.keys()], ['wdp_values', 'wdp_rows']);
    await writeValues(ctx, client, input.versionId, locked, input.rows);
    await undo.save(ctx, input.versionId, 'undo_wdp', 'wdp.save');
  });
  const dates = input.rows.flatMap((r) => r.values.map((v) => v.date)).sort();
  return listWdp(ctx, {
    versionId: input.versionId,
    from: dates[0]!,
    to: dates.at(-1)!,
    workIds: input.rows.map((r) => r.workId),
  });
}

/** states: the planning status of daily-plan rows, one row or many. */
export async function setWdpPlanning(
  ctx: SpaceContext,
  input: { versionId: string; rows: { workId: string; revision?: number }[]; planning: boolean },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    await versionForResources(client, spaceId, input.versionId);
    const locked = await lockRows(client, spaceId, input.versionId, input.rows);
    const undo = new UndoRecorder(client);
    await undo.workRows([...locked.keys()], ['wdp_rows']);
    const { rows } = await client.query<{ workId: string; revision: number }>(
      `UPDATE wdp_rows SET planning = $2, revision = revision + 1, "updatedAt" = now()
       WHERE "workId" = ANY($1::uuid[]) AND planning IS DISTINCT FROM $2 RETURNING "workId", revision`,
      [[...locked.keys()], input.planning],
    );
    if (rows.length)
      await undo.save(ctx, input.versionId, 'undo_wdp', input.planning ? 'wdp.plan' : 'wdp.unplan');
    const changed = new Map(rows.map((r) => [r.workId, r.revision]));
    return {
      success: true as const,
      changed: rows.length,
      rows: [...locked.values()].map((r) => ({
        workId: r.workId,
        planning: input.planning,
        revision: changed.get(r.workId) ?? r.revision,
      })),
    };
  });
}

interface PlanWork {
  workId: string;
  code: string | null;
  name: string;
  planVolume: number | null;
  calendarId: string | null;
  start: string | null;
  finish: string | null;
  distribution: 'start' | 'end' | 'evenly' | null;
  factBefore: number;
  revision: number;
}

/**
 * The volume plan at a day (API update-volume-plan-at-day): for each row in planning (or the given
 * works), the volume the day needs so that the work finishes on time — what remains of its planned volume
 * after the facts of earlier days, spread from the day (or the work's start, if later) to its finish by the
 * distribution of its volume assignment (evenly without one), on the work's calendar. The day's plan is
 * written (within the editing period) as one undo_wdp action, and the rows are returned.
 */
export async function updateVolumePlanAtDay(
  ctx: SpaceContext,
  input: { versionId: string; date: string; workIds?: string[] },
) {
  const spaceId = ctx.space.spaceId;
  const day = input.date;
  const result = await inTransaction(ctx.db.pool, async (client) => {
    await versionForResources(client, spaceId, input.versionId);
    await checkEditingPeriod(ctx, client, [day]);
    const { rows: works } = await client.query<PlanWork>(
      `SELECT w.id AS "workId", w.code, w.name, w."planVolume", w."calendarId",
         ${iso('coalesce(w."earlyStart", w."planStart")')} AS start, ${iso('coalesce(w."earlyFinish", w."planFinish")')} AS finish,
         (SELECT a.distribution FROM assignments a JOIN resources r ON r.id = a."resourceId"
            WHERE a."workId" = w.id AND r.kind = 'volume' ORDER BY a."createdAt" LIMIT 1) AS distribution,
         coalesce((SELECT sum(v."factVolume") FROM wdp_values v WHERE v."workId" = w.id AND v.date < $3::date), 0)::float8
           AS "factBefore",
         coalesce(r.revision, 0) AS revision
       FROM works w LEFT JOIN wdp_rows r ON r."workId" = w.id
       WHERE w."versionId" = $1 AND w."spaceId" = $2 AND w.type <> 'sum' AND w."planVolume" IS NOT NULL
         AND (CASE WHEN $4::uuid[] IS NULL THEN coalesce(r.planning, false) ELSE w.id = ANY($4::uuid[]) END)`,
      [input.versionId, spaceId, day, input.workIds ?? null],
    );
    const calendars = await versionCalendars(client, spaceId, input.versionId);
    const planned: {
      workId: string;
      revision: number;
      values: { date: string; planVolume: number | null }[];
    }[] = [];
    for (const w of works) {
      if (!w.start || !w.finish || w.planVolume === null) continue;
      const remaining = Math.max(0, w.planVolume - w.factBefore);
      let volume: number;
      if (day > w.finish.slice(0, 10)) volume = remaining;
      else {
        const from = day > w.start.slice(0, 10) ? `${day}T00:00` : w.start;
        volume =
          remaining * dayShare(calendars.of(w.calendarId), from, w.finish, day, w.distribution ?? 'evenly');
      }
      planned.push({
        workId: w.workId,
        revision: w.revision,
        values: [{ date: day, planVolume: volume > 0 ? Math.round(volume * 1000) / 1000 : null }],
      });
    }
    if (planned.length === 0) return [];
    // The day's plan replaces the one there: the limit counts the other days' plan plus this one.
    const locked = await lockRows(client, spaceId, input.versionId, planned);
    const undo = new UndoRecorder(client);
    await undo.workRows([...locked.keys()], ['wdp_values', 'wdp_rows']);
    await writeValues(ctx, client, input.versionId, locked, planned);
    await undo.save(ctx, input.versionId, 'undo_wdp', 'wdp.volume_plan_at_day');
    return planned.map((p) => p.workId);
  });
  if (result.length === 0) return { success: true as const, date: day, count: 0, rows: [] };
  const list = await listWdp(ctx, { versionId: input.versionId, from: day, to: day, workIds: result });
  return { success: true as const, date: day, count: result.length, rows: list.rows };
}

/**
 * limit-for-dp (API): what a daily plan may still take — per work with a planned volume, the volume
 * planned by days, the facts, and the rest (the planned volume less the facts and the plan of days without a
 * fact yet) — and the editing period's first open day.
 */
export async function limitForDp(ctx: SpaceContext, input: { scheduleId: string; versionId?: string }) {
  const spaceId = ctx.space.spaceId;
  const { rows: versions } = await ctx.db.pool.query<{ id: string }>(
    `SELECT id FROM versions WHERE "spaceId" = $1 AND "scheduleId" = $2 AND ($3::uuid IS NULL OR id = $3)
     ORDER BY actual DESC, number DESC LIMIT 1`,
    [spaceId, input.scheduleId, input.versionId ?? null],
  );
  const versionId = versions[0]?.id;
  if (!versionId) throw new AppError('NotFound');
  const { rows } = await ctx.db.pool.query<{
    workId: string;
    code: string | null;
    name: string;
    unit: string | null;
    planVolume: number;
    planned: number;
    fact: number;
    taken: number;
  }>(
    `SELECT w.id AS "workId", w.code, w.name, w.unit, w."planVolume",
       coalesce(sum(v."planVolume"), 0)::float8 AS planned, coalesce(sum(v."factVolume"), 0)::float8 AS fact,
       coalesce(sum(coalesce(v."factVolume", v."planVolume")), 0)::float8 AS taken
     FROM works w LEFT JOIN wdp_values v ON v."workId" = w.id
     WHERE w."versionId" = $1 AND w."planVolume" IS NOT NULL AND w.type <> 'sum'
     GROUP BY w.id ORDER BY w."sortKey", w.id`,
    [versionId],
  );
  return {
    versionId,
    editing: await editingWindow(ctx.db.pool, spaceId),
    works: rows.map(({ taken, ...r }) => ({ ...r, remaining: Math.max(0, r.planVolume - taken) })),
  };
}

/** The node info tab daily_planning: the rows in planning of a version, with today's values. */
export async function wdpOfVersion(ctx: SpaceContext, versionId: string) {
  const today = keyDate();
  const { rows } = await listWdp(ctx, { versionId, from: today, to: today });
  return rows.filter((r) => r.planning);
}

import { REPLACEMENT_ISSUES, type ReplacementRow, type ReplacementState, VALIDATION } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { versionChanged } from '../../live/version-changes';
import { calculateVersion } from '../calculation';
import { scheduleNode, versionForEdit, versionOf } from '../versions';
import { applyReplacement, issue, type Original, regionOf, undoReplacement } from './apply';

/**
 * Replacements of a schedule (API schedules/{id}/replacements, versions/{id}/replacements/{id};
 * docs/product-rules.md, "Replacements"): created applied, listed with their state, edited (another donor,
 * a name or comment, re-applied from the donor as it is now), undone and removed. Whether one is applied
 * is read from the version itself (do any of its copies exist?), so the version's own undo and redo of an
 * application or an undo keep it true.
 */

interface Stored {
  id: string;
  scheduleId: string;
  versionId: string;
  workId: string;
  donorVersionId: string | null;
  original: Original | null;
  state: ReplacementState;
  revision: number;
}

const APPLIED = `EXISTS (SELECT 1 FROM works c WHERE c.id = ANY(r."copyIds") AND c."versionId" = r."versionId")`;

const userName = (alias: string) =>
  `(SELECT nullif(trim(u."firstName" || ' ' || u."lastName"), '') FROM users u WHERE u.id = ${alias})`;

const LIST_SELECT = `SELECT r.id, r."scheduleId", r."versionId", v.name AS "versionName", r."workId",
    w.code AS "workCode", w.name AS "workName", dv."scheduleId" AS "donorScheduleId", ds.name AS "donorScheduleName",
    r."donorVersionId", dv.name AS "donorVersionName", r.name, r.comment,
    CASE WHEN ${APPLIED} THEN 'applied' ELSE 'undone' END AS state, r."copyCount" AS works,
    ${userName('r."createdById"')} AS "createdBy", r."createdAt", ${userName('r."appliedById"')} AS "appliedBy",
    r."appliedAt", r."undoneAt", r.revision
  FROM replacements r
  JOIN versions v ON v.id = r."versionId"
  JOIN works w ON w.id = r."workId"
  LEFT JOIN versions dv ON dv.id = r."donorVersionId"
  LEFT JOIN eps_nodes ds ON ds.id = dv."scheduleId"`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function shaped(row: Record<string, unknown>): ReplacementRow {
  return {
    ...(row as unknown as ReplacementRow),
    createdAt: (row.createdAt as Date).toISOString(),
    appliedAt: iso(row.appliedAt as Date | null),
    undoneAt: iso(row.undoneAt as Date | null),
  };
}

/** The replacements of a schedule, of all its versions, oldest first. */
export async function listReplacements(ctx: SpaceContext, input: { scheduleId: string }) {
  await scheduleNode(ctx.db.pool, ctx.space.spaceId, input.scheduleId);
  const { rows } = await ctx.db.pool.query(
    `${LIST_SELECT} WHERE r."scheduleId" = $1 AND r."spaceId" = $2 ORDER BY r."createdAt", r.id`,
    [input.scheduleId, ctx.space.spaceId],
  );
  return rows.map(shaped);
}

/** One replacement of a version (`versions/{id}/replacements/{id}`). */
export async function getReplacement(ctx: SpaceContext, input: { versionId: string; replacementId: string }) {
  await versionOf(ctx.db.pool, ctx.space.spaceId, input.versionId);
  const row = await readRow(ctx.db.pool, ctx.space.spaceId, input.replacementId);
  if (row.versionId !== input.versionId) throw new AppError('NotFound');
  return row;
}

async function readRow(on: Sql, spaceId: string, replacementId: string) {
  const { rows } = await on.query(`${LIST_SELECT} WHERE r.id = $1 AND r."spaceId" = $2`, [
    replacementId,
    spaceId,
  ]);
  if (!rows[0]) throw new AppError('NotFound');
  return shaped(rows[0]);
}

/** The stored replacement of the schedule, locked for the caller's transaction. */
async function lockRow(client: pg.PoolClient, spaceId: string, scheduleId: string, replacementId: string) {
  const { rows } = await client.query<Stored>(
    `SELECT r.id, r."scheduleId", r."versionId", r."workId", r."donorVersionId", r.original, r.revision,
       CASE WHEN ${APPLIED} THEN 'applied' ELSE 'undone' END AS state
     FROM replacements r WHERE r.id = $1 AND r."spaceId" = $2 AND r."scheduleId" = $3 FOR UPDATE`,
    [replacementId, spaceId, scheduleId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return rows[0];
}

/**
 * Checks a donor version for a master schedule: in the space (NotFound), readable by the caller
 * (Forbidden), of another schedule, and not one whose replacements take from the master — directly or
 * through others (a cycle). `except`: the replacement being edited (its own edge does not count).
 */
async function checkDonor(
  ctx: SpaceContext,
  on: Sql,
  scheduleId: string,
  donorVersionId: string,
  except: string | null,
) {
  const donor = await versionOf(on, ctx.space.spaceId, donorVersionId);
  if (!ctx.space.abilities.has('schedule.view')) throw new AppError('Forbidden');
  if (donor.scheduleId === scheduleId) throw issue('donorVersionId', REPLACEMENT_ISSUES.sameSchedule);
  const { rows } = await on.query<{ from: string; to: string }>(
    `SELECT r."scheduleId" AS from, dv."scheduleId" AS to
     FROM replacements r JOIN versions dv ON dv.id = r."donorVersionId"
     WHERE r."spaceId" = $1 AND ($2::uuid IS NULL OR r.id <> $2)`,
    [ctx.space.spaceId, except],
  );
  const next = new Map<string, string[]>();
  for (const edge of rows) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const seen = new Set<string>();
  const queue = [donor.scheduleId];
  while (queue.length) {
    const at = queue.pop()!;
    if (at === scheduleId) throw issue('donorVersionId', REPLACEMENT_ISSUES.cycle);
    if (seen.has(at)) continue;
    seen.add(at);
    queue.push(...(next.get(at) ?? []));
  }
  return donor;
}

/**
 * Refuses a node that lies in the region of another applied replacement of the version (among its copies,
 * or its node) or holds one's node below it: applying or undoing either would tear the other apart.
 */
async function checkOverlap(
  client: pg.PoolClient,
  spaceId: string,
  versionId: string,
  nodeId: string,
  except: string | null,
) {
  const { rows } = await client.query<{ workId: string }>(
    `SELECT r."workId" FROM replacements r
     WHERE r."versionId" = $1 AND r."spaceId" = $2 AND ($3::uuid IS NULL OR r.id <> $3) AND ${APPLIED}`,
    [versionId, spaceId, except],
  );
  if (rows.length === 0) return;
  const others = new Set(rows.map((r) => r.workId));
  const below = await regionOf(client, nodeId);
  if (below.some((id) => others.has(id))) throw issue('workId', REPLACEMENT_ISSUES.overlap);
  const { rows: above } = await client.query<{ id: string }>(
    `WITH RECURSIVE up AS (
       SELECT id, "parentId" FROM works WHERE id = $1
       UNION ALL SELECT w.id, w."parentId" FROM works w JOIN up ON w.id = up."parentId")
     SELECT id FROM up`,
    [nodeId],
  );
  if (above.some((r) => others.has(r.id))) throw issue('workId', REPLACEMENT_ISSUES.overlap);
}

/**
 * After a committed change of the version: those who have it open follow (the calls name the replacement,
 * not the version), and it is calculated when the caller may — a calculation that cannot run leaves it not
 * calculated, as after any edit.
 */
async function calculated(ctx: SpaceContext, versionId: string): Promise<boolean> {
  versionChanged({ versionId, by: ctx });
  if (!ctx.space.abilities.has('schedule.calculate')) return false;
  try {
    await calculateVersion(ctx, versionId);
    return true;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return false;
  }
}

async function recordApplied(
  client: pg.PoolClient,
  ctx: SpaceContext,
  id: string,
  applied: { original: Original; copyIds: string[] },
) {
  await client.query(
    `UPDATE replacements SET original = $2, "copyIds" = coalesce("copyIds", '{}') || $3::uuid[], "copyCount" = $4,
       "appliedById" = $5, "appliedAt" = now(), "undoneAt" = NULL, revision = revision + 1, "updatedAt" = now()
     WHERE id = $1`,
    [id, JSON.stringify(applied.original), applied.copyIds, applied.copyIds.length, ctx.session.userId],
  );
}

/** Creates a replacement of a node of a master version and applies it (one undo action), then calculates. */
export async function createReplacement(
  ctx: SpaceContext,
  input: {
    scheduleId: string;
    versionId: string;
    workId: string;
    donorVersionId: string;
    name?: string;
    comment?: string | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  const id = await inTransaction(ctx.db.pool, async (client) => {
    const version = await versionForEdit(client, spaceId, input.versionId);
    if (version.scheduleId !== input.scheduleId) throw issue('versionId', REPLACEMENT_ISSUES.wrongVersion);
    const { rows: nodes } = await client.query<{ id: string }>(
      `SELECT id FROM works WHERE id = $1 AND "versionId" = $2 AND "spaceId" = $3 FOR UPDATE`,
      [input.workId, input.versionId, spaceId],
    );
    if (!nodes[0]) throw new AppError('NotFound');
    const donor = await checkDonor(ctx, client, input.scheduleId, input.donorVersionId, null);
    const { rows: taken } = await client.query(`SELECT 1 FROM replacements WHERE "workId" = $1`, [
      input.workId,
    ]);
    if (taken.length) throw issue('workId', REPLACEMENT_ISSUES.taken);
    await checkOverlap(client, spaceId, input.versionId, input.workId, null);
    const { rows: names } = await client.query<{ name: string }>(
      `SELECT s.name || ' · ' || v.name AS name FROM versions v JOIN eps_nodes s ON s.id = v."scheduleId" WHERE v.id = $1`,
      [donor.id],
    );
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO replacements (id, "spaceId", "scheduleId", "versionId", "workId", "donorVersionId", name, comment,
         "createdById")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        spaceId,
        input.scheduleId,
        input.versionId,
        input.workId,
        input.donorVersionId,
        input.name || names[0]!.name,
        input.comment ?? null,
        ctx.session.userId,
      ],
    );
    const created = rows[0]!.id;
    const applied = await applyReplacement(client, ctx, { ...input, nodeId: input.workId }, null);
    await recordApplied(client, ctx, created, applied);
    return created;
  });
  const wasCalculated = await calculated(ctx, input.versionId);
  return { ...(await readRow(ctx.db.pool, spaceId, id)), calculated: wasCalculated };
}

/**
 * Edits a replacement: its name and comment; another donor version or `reapply` applies it again from the
 * donor as it is now (over its earlier copies when applied, over the node's own works when undone).
 */
export async function updateReplacement(
  ctx: SpaceContext,
  input: {
    scheduleId: string;
    replacementId: string;
    donorVersionId?: string;
    name?: string;
    comment?: string | null;
    reapply?: boolean;
  },
) {
  const spaceId = ctx.space.spaceId;
  let versionId = '';
  let applying = false;
  await inTransaction(ctx.db.pool, async (client) => {
    const found = await lockRow(client, spaceId, input.scheduleId, input.replacementId);
    versionId = found.versionId;
    const donorChanged = input.donorVersionId !== undefined && input.donorVersionId !== found.donorVersionId;
    applying = donorChanged || input.reapply === true;
    if (applying) {
      await versionForEdit(client, spaceId, found.versionId);
      const donorVersionId = input.donorVersionId ?? found.donorVersionId;
      if (!donorVersionId) throw issue('donorVersionId', VALIDATION.required);
      await checkDonor(ctx, client, found.scheduleId, donorVersionId, found.id);
      if (found.state === 'undone')
        await checkOverlap(client, spaceId, found.versionId, found.workId, found.id);
      const applied = await applyReplacement(
        client,
        ctx,
        { versionId: found.versionId, nodeId: found.workId, scheduleId: found.scheduleId, donorVersionId },
        found.state === 'applied' ? found.original : null,
      );
      await client.query(`UPDATE replacements SET "donorVersionId" = $2 WHERE id = $1`, [
        found.id,
        donorVersionId,
      ]);
      await recordApplied(client, ctx, found.id, applied);
    }
    if (input.name !== undefined || input.comment !== undefined)
      await client.query(
        `UPDATE replacements SET name = coalesce(nullif($2, ''), name), comment = CASE WHEN $4 THEN $3 ELSE comment END,
           revision = revision + 1, "updatedAt" = now() WHERE id = $1`,
        [found.id, input.name ?? null, input.comment ?? null, input.comment !== undefined],
      );
  });
  const wasCalculated = applying ? await calculated(ctx, versionId) : false;
  return { ...(await readRow(ctx.db.pool, spaceId, input.replacementId)), calculated: wasCalculated };
}

/** Undoes an applied replacement (one undo action) and calculates; the replacement stays, undone. */
export async function undoReplacementCall(
  ctx: SpaceContext,
  input: { scheduleId: string; replacementId: string },
) {
  const spaceId = ctx.space.spaceId;
  const versionId = await inTransaction(ctx.db.pool, async (client) => {
    const found = await lockRow(client, spaceId, input.scheduleId, input.replacementId);
    if (found.state !== 'applied' || !found.original) throw new AppError('NothingToUndo');
    await versionForEdit(client, spaceId, found.versionId);
    await undoReplacement(client, ctx, found.versionId, found.workId, found.original);
    await client.query(
      `UPDATE replacements SET "undoneAt" = now(), revision = revision + 1, "updatedAt" = now() WHERE id = $1`,
      [found.id],
    );
    return found.versionId;
  });
  const wasCalculated = await calculated(ctx, versionId);
  return { ...(await readRow(ctx.db.pool, spaceId, input.replacementId)), calculated: wasCalculated };
}

/** Removes a replacement, undoing it first when it is applied (in the same transaction). */
export async function deleteReplacement(
  ctx: SpaceContext,
  input: { scheduleId: string; replacementId: string },
) {
  const spaceId = ctx.space.spaceId;
  const undone = await inTransaction(ctx.db.pool, async (client) => {
    const found = await lockRow(client, spaceId, input.scheduleId, input.replacementId);
    await versionForEdit(client, spaceId, found.versionId);
    const applied = found.state === 'applied' && found.original !== null;
    if (applied) await undoReplacement(client, ctx, found.versionId, found.workId, found.original!);
    await client.query(`DELETE FROM replacements WHERE id = $1`, [found.id]);
    return applied ? found.versionId : null;
  });
  const wasCalculated = undone ? await calculated(ctx, undone) : false;
  return { success: true as const, undone: undone !== null, calculated: wasCalculated };
}

import type { LinkedAttribute, LinkRefresh } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { recalculateFormulas } from './calculate';

/**
 * Linked and donor attributes (docs/product-rules.md, "Linked attributes"): an attribute of one schedule takes
 * its values from a donor attribute of another, work by work matched by code or by the value of a space-wide
 * matching attribute. A refresh copies from the donor schedule's current version (its actual version, else
 * its latest) into the linked schedule's current version, in one transaction and a few set-based statements.
 */

interface LinkRow {
  id: string;
  spaceId: string;
  scheduleId: string;
  attributeId: string;
  donorScheduleId: string;
  donorAttributeId: string;
  matchAttributeId: string | null;
}

const invalid = (path: string, message: string, params: Record<string, string | number> = {}) =>
  new AppError('ValidationError', {}, [{ path, message, params }]);

const LIST_SQL = `SELECT l.id, l."scheduleId", s.name AS "scheduleName", l."attributeId", a.name AS "attributeName",
    l."donorScheduleId", d.name AS "donorScheduleName", l."donorAttributeId", da.name AS "donorAttributeName",
    l."matchAttributeId", m.name AS "matchAttributeName", l."refreshedAt", l."lastCopied", l."lastUnmatched"
  FROM attribute_links l JOIN eps_nodes s ON s.id = l."scheduleId" JOIN eps_nodes d ON d.id = l."donorScheduleId"
    JOIN attributes a ON a.id = l."attributeId" JOIN attributes da ON da.id = l."donorAttributeId"
    LEFT JOIN attributes m ON m.id = l."matchAttributeId"`;

async function listWhere(on: Sql, where: string, params: unknown[]): Promise<LinkedAttribute[]> {
  const { rows } = await on.query<LinkedAttribute & { refreshedAt: Date | string | null }>(
    `${LIST_SQL} WHERE ${where} ORDER BY a.name, s.name, l.id`,
    params,
  );
  return rows.map((r) => ({
    ...r,
    refreshedAt: r.refreshedAt === null ? null : new Date(r.refreshedAt).toISOString(),
  }));
}

async function scheduleOfSpace(ctx: SpaceContext, scheduleId: string) {
  const found = await ctx.db.prisma.epsNode.count({
    where: { id: scheduleId, spaceId: ctx.space.spaceId, kind: 'schedule' },
  });
  if (!found) throw new AppError('NotFound');
}

/** The linked attributes of a schedule: its attributes that take their values from another schedule. */
export async function listLinkedAttributes(ctx: SpaceContext, input: { scheduleId: string }) {
  await scheduleOfSpace(ctx, input.scheduleId);
  return listWhere(ctx.db.pool, `l."spaceId" = $1 AND l."scheduleId" = $2`, [
    ctx.space.spaceId,
    input.scheduleId,
  ]);
}

/** The donor attributes of a schedule: its attributes that other schedules copy, with where they go. */
export async function listDonorAttributes(ctx: SpaceContext, input: { scheduleId: string }) {
  await scheduleOfSpace(ctx, input.scheduleId);
  return listWhere(ctx.db.pool, `l."spaceId" = $1 AND l."donorScheduleId" = $2`, [
    ctx.space.spaceId,
    input.scheduleId,
  ]);
}

/** An attribute offered in a schedule (its own or space-wide), or a validation error of `path`. */
async function offeredAttribute(
  on: Sql,
  spaceId: string,
  attributeId: string,
  scheduleId: string,
  path: string,
) {
  const { rows } = await on.query<{
    id: string;
    name: string;
    valueType: string;
    formula: string | null;
    scheduleId: string | null;
  }>(
    `SELECT id, name, "valueType", formula, "scheduleId" FROM attributes
     WHERE id = $1 AND "spaceId" = $2 AND ("scheduleId" IS NULL OR "scheduleId" = $3)`,
    [attributeId, spaceId, scheduleId],
  );
  if (!rows[0]) throw invalid(path, 'links.attribute_not_offered');
  return rows[0];
}

/** Creates a link and copies the donor's values at once. */
export async function createLinkedAttribute(
  ctx: SpaceContext,
  input: {
    scheduleId: string;
    attributeId: string;
    donorScheduleId: string;
    donorAttributeId: string;
    matchAttributeId?: string | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  await scheduleOfSpace(ctx, input.scheduleId);
  await scheduleOfSpace(ctx, input.donorScheduleId);
  if (input.donorScheduleId === input.scheduleId) throw invalid('donorScheduleId', 'links.same_schedule');
  const pool = ctx.db.pool;
  const target = await offeredAttribute(pool, spaceId, input.attributeId, input.scheduleId, 'attributeId');
  const donor = await offeredAttribute(
    pool,
    spaceId,
    input.donorAttributeId,
    input.donorScheduleId,
    'donorAttributeId',
  );
  if (target.formula) throw invalid('attributeId', 'links.formula_target');
  if (target.valueType !== donor.valueType) throw invalid('donorAttributeId', 'links.type_mismatch');
  const matchAttributeId = input.matchAttributeId ?? null;
  if (matchAttributeId) {
    // The matching attribute must be offered in both schedules: a space-wide one.
    const { rows } = await pool.query(
      `SELECT 1 FROM attributes WHERE id = $1 AND "spaceId" = $2 AND "scheduleId" IS NULL`,
      [matchAttributeId, spaceId],
    );
    if (!rows.length || matchAttributeId === input.attributeId)
      throw invalid('matchAttributeId', 'links.match_not_shared');
  }
  return inTransaction(pool, async (client) => {
    // Links must not copy in a circle: the donor's attribute may not itself be fed, through links, by the target.
    const { rows: circle } = await client.query(
      `WITH RECURSIVE up AS (
         SELECT "donorScheduleId" AS s, "donorAttributeId" AS a, 1 AS depth FROM attribute_links
          WHERE "spaceId" = $1 AND "scheduleId" = $2 AND "attributeId" = $3
         UNION
         SELECT l."donorScheduleId", l."donorAttributeId", up.depth + 1 FROM attribute_links l
          JOIN up ON l."scheduleId" = up.s AND l."attributeId" = up.a WHERE up.depth < 100)
       SELECT 1 FROM up WHERE s = $4 AND a = $5 LIMIT 1`,
      [spaceId, input.donorScheduleId, input.donorAttributeId, input.scheduleId, input.attributeId],
    );
    if (circle.length) throw invalid('donorAttributeId', 'links.cycle');
    const { rows } = await client.query<LinkRow>(
      `INSERT INTO attribute_links (id, "spaceId", "scheduleId", "attributeId", "donorScheduleId", "donorAttributeId", "matchAttributeId")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6)
       ON CONFLICT ("scheduleId", "attributeId") DO NOTHING RETURNING *`,
      [
        spaceId,
        input.scheduleId,
        input.attributeId,
        input.donorScheduleId,
        input.donorAttributeId,
        matchAttributeId,
      ],
    );
    if (!rows[0]) throw invalid('attributeId', 'links.exists');
    const refresh = await refreshLinkIn(client, rows[0]);
    const [link] = await listWhere(client, `l.id = $1`, [rows[0].id]);
    return { link: link!, refresh };
  });
}

export async function deleteLinkedAttribute(ctx: SpaceContext, linkId: string) {
  const { rowCount } = await ctx.db.pool.query(
    `DELETE FROM attribute_links WHERE id = $1 AND "spaceId" = $2`,
    [linkId, ctx.space.spaceId],
  );
  if (!rowCount) throw new AppError('NotFound');
  return { success: true as const };
}

/** "Refresh linked values": copies the donor's values again. */
export async function refreshLinkedAttribute(ctx: SpaceContext, linkId: string) {
  return inTransaction(ctx.db.pool, async (client) => {
    const { rows } = await client.query<LinkRow>(
      `SELECT * FROM attribute_links WHERE id = $1 AND "spaceId" = $2 FOR UPDATE`,
      [linkId, ctx.space.spaceId],
    );
    if (!rows[0]) throw new AppError('NotFound');
    return refreshLinkIn(client, rows[0], { refuseLocked: true });
  });
}

/** A schedule's current version: the actual one, else the latest. */
async function currentVersion(client: Sql, scheduleId: string) {
  const { rows } = await client.query<{ id: string; locked: boolean }>(
    `SELECT id, locked FROM versions WHERE "scheduleId" = $1 ORDER BY actual DESC, number DESC LIMIT 1`,
    [scheduleId],
  );
  return rows[0] ?? null;
}

/**
 * Copies a link's values inside the caller's transaction: each work of the linked version whose key (code,
 * or the matching attribute's value) is found among the donor version's works takes the donor work's value
 * (the first in WBS order when several share the key; none clears it); works without a donor keep theirs.
 */
async function refreshLinkIn(
  client: pg.PoolClient,
  link: LinkRow,
  { refuseLocked = false } = {},
): Promise<LinkRefresh> {
  const [version, donorVersion] = [
    await currentVersion(client, link.scheduleId),
    await currentVersion(client, link.donorScheduleId),
  ];
  const empty = { linkId: link.id, versionId: version?.id ?? null, donorVersionId: donorVersion?.id ?? null };
  if (!version || !donorVersion || version.locked) {
    if (version?.locked && refuseLocked) throw new AppError('VersionLocked');
    return { ...empty, copied: 0, cleared: 0, unmatched: 0 };
  }
  const key = (alias: string) =>
    link.matchAttributeId
      ? `(SELECT mv.value #>> '{}' FROM attribute_values mv WHERE mv."workId" = ${alias}.id AND mv."attributeId" = $4)`
      : `nullif(${alias}.code, '')`;
  const { rows } = await client.query<{ copied: number; cleared: number; unmatched: number }>(
    `WITH donor AS (
       SELECT DISTINCT ON (k) k, v FROM (
         SELECT ${key('w')} AS k, dv.value AS v, w."sortKey" AS o, w.id AS i FROM works w
           LEFT JOIN attribute_values dv ON dv."workId" = w.id AND dv."attributeId" = $3
          WHERE w."versionId" = $2) d
        WHERE k IS NOT NULL ORDER BY k, o, i),
     target AS (
       SELECT t.id, ${key('t')} AS k FROM works t WHERE t."versionId" = $1),
     pairs AS (
       SELECT target.id, donor.v, donor.k IS NOT NULL AS matched FROM target LEFT JOIN donor ON donor.k = target.k),
     upserted AS (
       INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
       SELECT $5, id, $6, v FROM pairs WHERE matched AND v IS NOT NULL
       ON CONFLICT ("workId", "attributeId") DO UPDATE SET value = excluded.value
         WHERE attribute_values.value IS DISTINCT FROM excluded.value
       RETURNING 1),
     removed AS (
       DELETE FROM attribute_values av USING pairs
        WHERE av."workId" = pairs.id AND av."attributeId" = $6 AND pairs.matched AND pairs.v IS NULL
       RETURNING 1)
     SELECT (SELECT count(*) FROM upserted)::int AS copied, (SELECT count(*) FROM removed)::int AS cleared,
       (SELECT count(*) FROM pairs WHERE NOT matched)::int AS unmatched, $4::uuid AS "matchAttributeId"`,
    [
      version.id,
      donorVersion.id,
      link.donorAttributeId,
      link.matchAttributeId,
      link.spaceId,
      link.attributeId,
    ],
  );
  const counts = rows[0]!;
  await client.query(
    `UPDATE attribute_links SET "refreshedAt" = now(), "lastCopied" = $2, "lastUnmatched" = $3 WHERE id = $1`,
    [link.id, counts.copied, counts.unmatched],
  );
  // Formulas that read the linked attribute follow its new values.
  if (counts.copied || counts.cleared) await recalculateFormulas(client, link.spaceId, version.id);
  return { ...empty, ...counts };
}

/**
 * After works of a version change: when the version is the current one of a donor schedule, its links are
 * refreshed in the same transaction (one indexed query when the schedule is no donor).
 */
export async function refreshLinksOfDonorVersion(client: pg.PoolClient, spaceId: string, versionId: string) {
  const { rows } = await client.query<LinkRow>(
    `SELECT l.* FROM attribute_links l JOIN versions v ON v."scheduleId" = l."donorScheduleId"
     WHERE v.id = $1 AND l."spaceId" = $2`,
    [versionId, spaceId],
  );
  if (!rows.length) return;
  const current = await currentVersion(client, rows[0]!.donorScheduleId);
  if (current?.id !== versionId) return;
  for (const link of rows) await refreshLinkIn(client, link);
}

/**
 * After a version became its schedule's actual one: the links it is the donor's current version of copy
 * from it, and the links of its schedule copy into it (it is the linked schedule's current version now).
 */
export async function refreshLinksOfActualVersion(client: pg.PoolClient, spaceId: string, versionId: string) {
  await refreshLinksOfDonorVersion(client, spaceId, versionId);
  const { rows } = await client.query<LinkRow>(
    `SELECT l.* FROM attribute_links l JOIN versions v ON v."scheduleId" = l."scheduleId"
     WHERE v.id = $1 AND l."spaceId" = $2 ORDER BY l.id`,
    [versionId, spaceId],
  );
  for (const link of rows) await refreshLinkIn(client, link);
}

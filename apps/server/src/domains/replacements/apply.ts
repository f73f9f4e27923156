import { randomUUID } from 'node:crypto';
import { REPLACEMENT_ISSUES } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { AppError } from '../../errors';
import { type UndoPayload, UndoRecorder, undoPayloadApply } from '../undo';

/**
 * The mechanics of a replacement inside the caller's transaction (docs/product-rules.md, "Replacements"):
 * applying puts copies of the donor version's works under the replaced node in place of its own, undoing
 * puts the node's own works back as they were. Both are one action of the version's undo list.
 */

/** What a replacement keeps to undo itself: the node, its works and the relations touching them, as they were. */
export type Original = UndoPayload['restore'];

type LinkType = 'fs' | 'ss' | 'ff' | 'sf';

interface RelationRow {
  id: string;
  spaceId: string;
  versionId: string;
  predecessorId: string;
  successorId: string;
  type: LinkType;
  lagMinutes: number;
  code: string | null;
}

export const issue = (path: string, message: string): AppError =>
  new AppError('ValidationError', {}, [{ path, message }]);

/** The node and every work below it, the node first. */
export async function regionOf(client: pg.PoolClient, nodeId: string): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `WITH RECURSIVE sub AS (
       SELECT id, 0 AS depth FROM works WHERE id = $1
       UNION ALL SELECT w.id, sub.depth + 1 FROM works w JOIN sub ON w."parentId" = sub.id)
     SELECT id FROM sub ORDER BY depth`,
    [nodeId],
  );
  return rows.map((r) => r.id);
}

async function relationsTouching(client: pg.PoolClient, ids: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `SELECT id FROM relations WHERE "predecessorId" = ANY($1::uuid[]) OR "successorId" = ANY($1::uuid[])`,
    [ids],
  );
  return rows.map((r) => r.id);
}

/**
 * Snapshots the node's region and the relations touching it into the recorders (the version's undo action,
 * and the replacement's own original when it is taken afresh), then removes the works below the node and
 * those relations. Returns the region as it was.
 */
async function clearRegion(client: pg.PoolClient, nodeId: string, recorders: UndoRecorder[]) {
  const region = await regionOf(client, nodeId);
  const touching = await relationsTouching(client, region);
  for (const recorder of recorders) {
    await recorder.works(region);
    await recorder.relations(touching);
  }
  if (touching.length) await client.query(`DELETE FROM relations WHERE id = ANY($1::uuid[])`, [touching]);
  const below = region.slice(1);
  if (below.length) await client.query(`DELETE FROM works WHERE id = ANY($1::uuid[])`, [below]);
  return { region, touching };
}

interface DonorWork {
  id: string;
  parentId: string | null;
  type: string;
  row: Record<string, unknown>;
}

/**
 * Applies the replacement: the donor version's works copied under the node (their codes, durations,
 * calendars, progress, assignments, daily plans and relations among them kept; the donor's top works become
 * the node's children), the node a summary, and every relation of the original that crossed the node's
 * border re-attached to the copies. `original` is the snapshot to re-attach from and to undo to: null takes it now (a first
 * application, or one after an undo); given, the copies of an earlier application are what is replaced.
 */
export async function applyReplacement(
  client: pg.PoolClient,
  ctx: SpaceContext,
  target: { versionId: string; nodeId: string; scheduleId: string; donorVersionId: string },
  original: Original | null,
): Promise<{ original: Original; copyIds: string[]; relationIds: string[] }> {
  const spaceId = ctx.space.spaceId;
  const { versionId, nodeId, donorVersionId } = target;
  const donor = await donorWorks(client, spaceId, donorVersionId);
  if (!donor.some((w) => w.type !== 'sum')) throw issue('donorVersionId', REPLACEMENT_ISSUES.emptyDonor);

  const action = new UndoRecorder(client);
  const fresh = original ? null : new UndoRecorder(client);
  await clearRegion(client, nodeId, fresh ? [action, fresh] : [action]);
  const kept: Original = original ?? fresh!.payload.restore;
  await client.query(
    `UPDATE works SET type = 'sum', revision = revision + 1, "updatedAt" = now() WHERE id = $1`,
    [nodeId],
  );

  // The copies: new ids, the master version, the node above the donor's top works; all else as in the donor.
  const ids = new Map(donor.map((w) => [w.id, randomUUID()]));
  const now = new Date().toISOString();
  const rows = donor.map((w) => ({
    ...w.row,
    id: ids.get(w.id),
    spaceId,
    versionId,
    parentId: w.parentId && ids.has(w.parentId) ? ids.get(w.parentId) : nodeId,
    originId: ids.get(w.id),
    revision: 1,
    createdAt: now,
    updatedAt: now,
  }));
  await client.query(`INSERT INTO works SELECT * FROM json_populate_recordset(NULL::works, $1::json)`, [
    JSON.stringify(rows),
  ]);
  const donorIds = [...ids.keys()];
  const copyIds = [...ids.values()];
  // Values of the attributes the master schedule has (the space's and its own), not the donor's own ones.
  await client.query(
    `INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
     SELECT v."spaceId", m.new, v."attributeId", v.value
     FROM attribute_values v
     JOIN unnest($1::uuid[], $2::uuid[]) AS m(old, new) ON m.old = v."workId"
     JOIN attributes a ON a.id = v."attributeId"
     WHERE a."scheduleId" IS NULL OR a."scheduleId" = $3`,
    [donorIds, copyIds, target.scheduleId],
  );
  await copyWorkRows(client, versionId, donorIds, copyIds);

  // The donor's relations among its own works.
  const { rows: inner } = await client.query<RelationRow>(
    `SELECT r.id, r."spaceId", r."versionId", r."predecessorId", r."successorId", r.type, r."lagMinutes", r.code
     FROM relations r JOIN works p ON p.id = r."predecessorId"
     WHERE r."versionId" = $1 AND p."versionId" = $1 ORDER BY r."createdAt", r.id`,
    [donorVersionId],
  );
  const links: Omit<RelationRow, 'id'>[] = inner.map((r) => ({
    spaceId,
    versionId,
    predecessorId: ids.get(r.predecessorId)!,
    successorId: ids.get(r.successorId)!,
    type: r.type,
    lagMinutes: r.lagMinutes,
    code: r.code,
  }));

  // The border: the donor's first works (no predecessor among its works) and last ones (no successor).
  const tasks = donor.filter((w) => w.type !== 'sum').map((w) => w.id);
  const led = new Set(inner.map((r) => r.successorId));
  const leading = new Set(inner.map((r) => r.predecessorId));
  const first = tasks.filter((id) => !led.has(id)).map((id) => ids.get(id)!);
  const last = tasks.filter((id) => !leading.has(id)).map((id) => ids.get(id)!);
  links.push(...(await borderLinks(client, kept, { first, last })));

  const relationIds = links.map(() => randomUUID());
  if (links.length)
    await client.query(
      `INSERT INTO relations (id, "spaceId", "versionId", "predecessorId", "successorId", type, "lagMinutes", code)
       SELECT u.id, u.space, u.version, u.predecessor, u.successor, u.type::"LinkType", u.lag, u.code
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::int[], $8::text[])
         AS u(id, space, version, predecessor, successor, type, lag, code)`,
      [
        relationIds,
        links.map((r) => r.spaceId),
        links.map((r) => r.versionId),
        links.map((r) => r.predecessorId),
        links.map((r) => r.successorId),
        links.map((r) => r.type),
        links.map((r) => r.lagMinutes),
        links.map((r) => r.code),
      ],
    );
  action.created('works', copyIds);
  action.created('relations', relationIds);
  await action.save(ctx, versionId, 'undo_wbs', 'replacements.apply');
  return { original: kept, copyIds, relationIds };
}

/**
 * The donor works' assignments (the by_volume links between them kept on the copies) and daily work plans
 * (values and rows) copied onto the copies, in the master version. Timesheets stay with the works they
 * were reported on. The copies' rows go with the copies (cascade), so an undo removes exactly these.
 */
async function copyWorkRows(
  client: pg.PoolClient,
  versionId: string,
  donorIds: readonly string[],
  copyIds: readonly string[],
) {
  await client.query(
    `WITH m AS MATERIALIZED (SELECT * FROM unnest($1::uuid[], $2::uuid[]) AS m(old, new)),
       am AS MATERIALIZED (SELECT a.id AS old, gen_random_uuid() AS new FROM assignments a JOIN m ON m.old = a."workId")
     INSERT INTO assignments (id, "spaceId", "versionId", "workId", "resourceId", "planQuantity", "approvedQuantity",
       "factQuantity", price, distribution, reserved, "lagMinutes", "windowMinutes", period, entries, "followsId")
     SELECT am.new, a."spaceId", $3, m.new, a."resourceId", a."planQuantity", a."approvedQuantity",
       a."factQuantity", a.price, a.distribution, a.reserved, a."lagMinutes", a."windowMinutes", a.period, a.entries,
       fm.new
     FROM assignments a JOIN am ON am.old = a.id JOIN m ON m.old = a."workId" LEFT JOIN am fm ON fm.old = a."followsId"`,
    [donorIds, copyIds, versionId],
  );
  await client.query(
    `INSERT INTO wdp_values ("spaceId", "versionId", "workId", date, "planVolume", "factVolume", "updatedById")
     SELECT v."spaceId", $3, m.new, v.date, v."planVolume", v."factVolume", v."updatedById"
     FROM wdp_values v JOIN unnest($1::uuid[], $2::uuid[]) AS m(old, new) ON m.old = v."workId"`,
    [donorIds, copyIds, versionId],
  );
  await client.query(
    `INSERT INTO wdp_rows ("workId", "spaceId", "versionId", planning)
     SELECT m.new, r."spaceId", $3, r.planning
     FROM wdp_rows r JOIN unnest($1::uuid[], $2::uuid[]) AS m(old, new) ON m.old = r."workId"`,
    [donorIds, copyIds, versionId],
  );
}

/** The donor version's works, parents before children. */
async function donorWorks(client: pg.PoolClient, spaceId: string, donorVersionId: string) {
  const { rows } = await client.query<DonorWork>(
    `WITH RECURSIVE tree AS (
       SELECT id, 0 AS depth FROM works WHERE "versionId" = $1 AND "spaceId" = $2 AND "parentId" IS NULL
       UNION ALL SELECT w.id, tree.depth + 1 FROM works w JOIN tree ON w."parentId" = tree.id)
     SELECT w.id, w."parentId", w.type::text AS type, row_to_json(w) AS row
     FROM tree JOIN works w ON w.id = tree.id ORDER BY tree.depth, w."sortKey", w.id`,
    [donorVersionId, spaceId],
  );
  return rows;
}

/**
 * The original's relations that crossed the node's border, re-attached to the copies: one into the region
 * that drove a start (fs, ss) now drives the first works, one that drove a finish (ff, sf) the last ones; one
 * out of it from a finish (fs, ff) now leaves the last works, from a start (ss, sf) the first ones. Type and
 * lag are kept. Links whose outside work is gone are dropped; two that now join the same works the same
 * way become one, the longest lag (the one that constrains most).
 */
async function borderLinks(
  client: pg.PoolClient,
  original: Original,
  ends: { first: string[]; last: string[] },
): Promise<Omit<RelationRow, 'id'>[]> {
  const inside = new Set((original.works as { id: string }[]).map((w) => w.id));
  const crossing = (original.relations as RelationRow[]).filter(
    (r) => inside.has(r.predecessorId) !== inside.has(r.successorId),
  );
  if (crossing.length === 0) return [];
  const outside = crossing.map((r) => (inside.has(r.successorId) ? r.predecessorId : r.successorId));
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM works WHERE id = ANY($1::uuid[])`, [
    outside,
  ]);
  const living = new Set(rows.map((r) => r.id));
  const byKey = new Map<string, Omit<RelationRow, 'id'>>();
  const add = (link: Omit<RelationRow, 'id'>) => {
    const key = `${link.predecessorId}|${link.successorId}|${link.type}`;
    const had = byKey.get(key);
    if (!had) byKey.set(key, link);
    else if (link.lagMinutes > had.lagMinutes) byKey.set(key, { ...link, code: had.code ?? link.code });
  };
  for (const relation of crossing) {
    const { id: _id, ...link } = relation;
    if (inside.has(relation.successorId)) {
      if (!living.has(relation.predecessorId)) continue;
      const targets = relation.type === 'fs' || relation.type === 'ss' ? ends.first : ends.last;
      for (const successorId of targets) add({ ...link, successorId });
    } else {
      if (!living.has(relation.successorId)) continue;
      const sources = relation.type === 'fs' || relation.type === 'ff' ? ends.last : ends.first;
      for (const predecessorId of sources) add({ ...link, predecessorId });
    }
  }
  return [...byKey.values()];
}

/**
 * Undoes the replacement: the copies (and whatever hangs on them now) go, and the node, its own works and
 * the relations touching them come back exactly as the original holds them — but for relations to works
 * deleted since and values of attributes deleted since.
 */
export async function undoReplacement(
  client: pg.PoolClient,
  ctx: SpaceContext,
  versionId: string,
  nodeId: string,
  original: Original,
): Promise<void> {
  const action = new UndoRecorder(client);
  const { region, touching } = await clearRegion(client, nodeId, [action]);
  const works = original.works as { id: string }[];
  const restored = new Set(works.map((w) => w.id));
  const relations = original.relations as RelationRow[];
  const ends = [...new Set(relations.flatMap((r) => [r.predecessorId, r.successorId]))].filter(
    (id) => !restored.has(id),
  );
  const { rows: living } = await client.query<{ id: string }>(
    `SELECT id FROM works WHERE id = ANY($1::uuid[])`,
    [ends],
  );
  const exists = new Set([...restored, ...living.map((r) => r.id)]);
  const keptRelations = relations.filter((r) => exists.has(r.predecessorId) && exists.has(r.successorId));
  const attributeIds = [...new Set((original.values as { attributeId: string }[]).map((v) => v.attributeId))];
  const { rows: attributes } = await client.query<{ id: string }>(
    `SELECT id FROM attributes WHERE id = ANY($1::uuid[])`,
    [attributeIds],
  );
  const liveAttributes = new Set(attributes.map((a) => a.id));
  const payload: UndoPayload = {
    restore: {
      ...original,
      relations: keptRelations,
      values: (original.values as { attributeId: string }[]).filter((v) => liveAttributes.has(v.attributeId)),
    },
    remove: { works: [], relations: [] },
  };
  await undoPayloadApply(client, payload);
  const before = new Set(region);
  const was = new Set(touching);
  action.created(
    'works',
    works.map((w) => w.id).filter((id) => !before.has(id)),
  );
  action.created(
    'relations',
    keptRelations.map((r) => r.id).filter((id) => !was.has(id)),
  );
  await action.save(ctx, versionId, 'undo_wbs', 'replacements.undo');
}

import {
  type BimLinkRule,
  type BimProcessLink,
  type BimRuleElement,
  type BimRuleWork,
  bimLinkRulesApply,
  bimProcessLinksResolve,
} from '@takt/bim';
import type { BimLinkRuleInput } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, rowOrNotFound, type Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { completedModel } from './models';
import { whereClause } from './where';

/**
 * Element ↔ work links of a version (API versions/{id}/3d/link/{wbs, relations, node-ids}): by hand,
 * by rules, or from the IFC's own process data. Links name elements by model and GlobalId and are
 * copied with the version.
 */

export interface VersionScope {
  versionId: string;
  scheduleId: string;
  projectId: string | null;
  locked: boolean;
}

/** The version with its schedule and the schedule's project (whose models it links to). */
export async function versionScope(sql: Sql, spaceId: string, versionId: string): Promise<VersionScope> {
  return rowOrNotFound<VersionScope>(
    sql,
    `SELECT v.id AS "versionId", v."scheduleId", p.id AS "projectId", v.locked
     FROM versions v JOIN eps_nodes s ON s.id = v."scheduleId"
     LEFT JOIN eps_nodes p ON p.id = s."parentId" AND p.kind = 'project'
     WHERE v.id = $1 AND v."spaceId" = $2`,
    [versionId, spaceId],
  );
}

async function editableScope(sql: Sql, spaceId: string, versionId: string) {
  const scope = await versionScope(sql, spaceId, versionId);
  if (scope.locked) throw new AppError('VersionLocked');
  return scope;
}

/** A completed model of the version's project; NotFound for any other. */
async function modelOfScope(sql: Sql, spaceId: string, scope: VersionScope, modelId: string) {
  const model = await completedModel(sql, spaceId, modelId);
  if (model.projectId !== scope.projectId) throw new AppError('NotFound');
  return model;
}

/** A profile named by an input must be one of the space's own. */
export async function checkProfile(sql: Sql, spaceId: string, profileId: string | null | undefined) {
  if (!profileId) return;
  await rowOrNotFound(sql, 'SELECT 1 FROM bim_profiles WHERE id = $1 AND "spaceId" = $2', [
    profileId,
    spaceId,
  ]);
}

interface LinkRows {
  workId: string[];
  modelId: string[];
  globalId: string[];
  profileId: (string | null)[];
}

/** Inserts links in one statement; existing (version, model, element, work) links keep their profile. */
async function insertLinks(client: Sql, spaceId: string, versionId: string, source: string, rows: LinkRows) {
  if (!rows.workId.length) return 0;
  const { rowCount } = await client.query(
    `INSERT INTO bim_links (id, "spaceId", "versionId", "workId", "modelId", "globalId", "profileId", source)
     SELECT gen_random_uuid(), $1, $2, u.w, u.m, u.g, u.p, $3
     FROM unnest($4::uuid[], $5::uuid[], $6::text[], $7::uuid[]) AS u(w, m, g, p)
     ON CONFLICT ("versionId", "modelId", "globalId", "workId") DO NOTHING`,
    [spaceId, versionId, source, rows.workId, rows.modelId, rows.globalId, rows.profileId],
  );
  return rowCount ?? 0;
}

/** Links every given element to every given work (by hand: select in the model ↔ select in the grid). */
export async function linkElements(
  ctx: SpaceContext,
  input: {
    versionId: string;
    modelId: string;
    globalIds: string[];
    workIds: string[];
    profileId?: string | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const scope = await editableScope(client, spaceId, input.versionId);
    await modelOfScope(client, spaceId, scope, input.modelId);
    await checkProfile(client, spaceId, input.profileId);
    const { rows: works } = await client.query<{ id: string }>(
      'SELECT id FROM works WHERE id = ANY($1::uuid[]) AND "versionId" = $2',
      [input.workIds, input.versionId],
    );
    if (works.length !== new Set(input.workIds).size) throw new AppError('NotFound');
    const { rows: elements } = await client.query<{ globalId: string }>(
      `SELECT DISTINCT "globalId" FROM bim_elements WHERE "modelId" = $1 AND "globalId" = ANY($2::text[])`,
      [input.modelId, input.globalIds],
    );
    if (elements.length !== new Set(input.globalIds).size) throw new AppError('NotFound');
    const rows: LinkRows = { workId: [], modelId: [], globalId: [], profileId: [] };
    for (const w of works)
      for (const e of elements) {
        rows.workId.push(w.id);
        rows.modelId.push(input.modelId);
        rows.globalId.push(e.globalId);
        rows.profileId.push(input.profileId ?? null);
      }
    const created = await insertLinks(client, spaceId, input.versionId, 'manual', rows);
    return { created };
  });
}

/** Removes links by id, by work, or by elements of a model (optionally only to the given works). */
export async function unlinkElements(
  ctx: SpaceContext,
  input: {
    versionId: string;
    linkIds?: string[];
    workIds?: string[];
    modelId?: string;
    globalIds?: string[];
  },
) {
  const spaceId = ctx.space.spaceId;
  await editableScope(ctx.db.pool, spaceId, input.versionId);
  const where = whereClause(['"versionId" = $1', '"spaceId" = $2'], [input.versionId, spaceId]);
  if (input.linkIds) where.add('id = ANY($?::uuid[])', input.linkIds);
  if (input.workIds) where.add('"workId" = ANY($?::uuid[])', input.workIds);
  if (input.modelId) where.add('"modelId" = $?', input.modelId);
  if (input.globalIds) where.add('"globalId" = ANY($?::text[])', input.globalIds);
  if (where.params.length === 2)
    throw new AppError('ValidationError', {}, [{ path: 'linkIds', message: 'validation.required' }]);
  const { rowCount } = await ctx.db.pool.query(`DELETE FROM bim_links WHERE ${where.sql()}`, where.params);
  return { deleted: rowCount ?? 0 };
}

/** API versions/{id}/3d/link/relations: links with their work and element, paged. */
export async function linkRelations(
  ctx: SpaceContext,
  input: {
    versionId: string;
    workId?: string;
    modelId?: string;
    globalId?: string;
    offset?: number;
    limit?: number;
  },
) {
  const spaceId = ctx.space.spaceId;
  await versionScope(ctx.db.pool, spaceId, input.versionId);
  const where = whereClause(['l."versionId" = $1', 'l."spaceId" = $2'], [input.versionId, spaceId]);
  if (input.workId) where.add('l."workId" = $?', input.workId);
  if (input.modelId) where.add('l."modelId" = $?', input.modelId);
  if (input.globalId) where.add('l."globalId" = $?', input.globalId);
  const { rows } = await ctx.db.pool.query<{
    id: string;
    workId: string;
    workCode: string | null;
    workName: string;
    modelId: string;
    modelName: string;
    globalId: string;
    elementName: string | null;
    ifcClass: string | null;
    storey: string | null;
    profileId: string | null;
    source: string;
    total: number;
  }>(
    `SELECT l.id, l."workId", w.code AS "workCode", w.name AS "workName", l."modelId", m.name AS "modelName",
       l."globalId", e.name AS "elementName", e."ifcClass", e.storey, l."profileId", l.source,
       count(*) OVER ()::int AS total
     FROM bim_links l JOIN works w ON w.id = l."workId" JOIN bim_models m ON m.id = l."modelId"
     LEFT JOIN LATERAL (SELECT name, "ifcClass", storey FROM bim_elements
       WHERE "modelId" = l."modelId" AND "globalId" = l."globalId" ORDER BY index LIMIT 1) e ON true
     WHERE ${where.sql()}
     ORDER BY w."sortKey", w.code, l."globalId"
     LIMIT ${input.limit ?? 500} OFFSET ${input.offset ?? 0}`,
    where.params,
  );
  return { total: rows[0]?.total ?? 0, relations: rows.map(({ total: _, ...r }) => r) };
}

/**
 * API versions/{id}/3d/link/wbs: per work, how many elements it is linked to (directly), and the
 * works without elements (tasks and works, not sums or milestones, with no link) — one of the views.
 */
export async function linkWbs(ctx: SpaceContext, versionId: string) {
  const spaceId = ctx.space.spaceId;
  await versionScope(ctx.db.pool, spaceId, versionId);
  const { rows: linked } = await ctx.db.pool.query<{ workId: string; elements: number }>(
    `SELECT "workId", count(*)::int AS elements FROM bim_links WHERE "versionId" = $1 AND "spaceId" = $2
     GROUP BY "workId"`,
    [versionId, spaceId],
  );
  const { rows: without } = await ctx.db.pool.query<{ id: string; code: string | null; name: string }>(
    `SELECT w.id, w.code, w.name FROM works w
     WHERE w."versionId" = $1 AND w.type IN ('task', 'work')
       AND NOT EXISTS (SELECT 1 FROM bim_links l WHERE l."workId" = w.id)
     ORDER BY w.code NULLS LAST, w.name LIMIT 5000`,
    [versionId],
  );
  return { linked, worksWithoutElements: without };
}

/** API versions/{id}/3d/link/node-ids: the elements of works (a sum work stands for its descendants). */
export async function linkNodeIds(ctx: SpaceContext, input: { versionId: string; workIds: string[] }) {
  const spaceId = ctx.space.spaceId;
  await versionScope(ctx.db.pool, spaceId, input.versionId);
  const { rows } = await ctx.db.pool.query<{ modelId: string; globalIds: string[] }>(
    `WITH RECURSIVE sub AS (
       SELECT id FROM works WHERE id = ANY($1::uuid[]) AND "versionId" = $2
       UNION SELECT w.id FROM works w JOIN sub ON w."parentId" = sub.id)
     SELECT l."modelId", array_agg(DISTINCT l."globalId") AS "globalIds"
     FROM bim_links l JOIN sub ON sub.id = l."workId" WHERE l."versionId" = $2 AND l."spaceId" = $3
     GROUP BY l."modelId"`,
    [input.workIds, input.versionId, spaceId],
  );
  return rows;
}

/** The works linked to elements (select in the model → highlight in the grid). */
export async function linkWorksOfElements(
  ctx: SpaceContext,
  input: { versionId: string; modelId: string; globalIds: string[] },
) {
  const spaceId = ctx.space.spaceId;
  await versionScope(ctx.db.pool, spaceId, input.versionId);
  const { rows } = await ctx.db.pool.query<{ workId: string }>(
    `SELECT DISTINCT "workId" FROM bim_links
     WHERE "versionId" = $1 AND "spaceId" = $2 AND "modelId" = $3 AND "globalId" = ANY($4::text[])`,
    [input.versionId, spaceId, input.modelId, input.globalIds],
  );
  return rows.map((r) => r.workId);
}

// ── Rules and process data ─────────────────────────────────────────────────────────────────────

async function ruleWorks(client: Sql, versionId: string, attributeIds: string[]): Promise<BimRuleWork[]> {
  const { rows } = await client.query<{
    id: string;
    parentId: string | null;
    name: string;
    code: string | null;
  }>(`SELECT id, "parentId", name, code FROM works WHERE "versionId" = $1`, [versionId]);
  const works: BimRuleWork[] = rows.map((r) => ({ ...r, attributes: {} }));
  if (attributeIds.length) {
    const byId = new Map(works.map((w) => [w.id, w]));
    // Directory attributes hold value ids: rules compare with the value's name.
    const { rows: values } = await client.query<{ workId: string; attributeId: string; text: string }>(
      `SELECT av."workId", av."attributeId", coalesce(dv.name, av.value #>> '{}') AS text
       FROM attribute_values av JOIN works w ON w.id = av."workId"
       LEFT JOIN directory_values dv ON jsonb_typeof(av.value) = 'string' AND dv.id::text = av.value #>> '{}'
       WHERE w."versionId" = $1 AND av."attributeId" = ANY($2::uuid[])`,
      [versionId, attributeIds],
    );
    for (const v of values) {
      const w = byId.get(v.workId);
      if (w?.attributes && v.text !== null) w.attributes[v.attributeId] = v.text;
    }
  }
  return works;
}

async function ruleElements(client: Sql, modelId: string): Promise<BimRuleElement[]> {
  const { rows } = await client.query<BimRuleElement>(
    `SELECT "globalId", "ifcClass", name, "typeName", storey, building, properties FROM bim_elements
     WHERE "modelId" = $1 ORDER BY index`,
    [modelId],
  );
  return rows;
}

async function projectModelIds(sql: Sql, spaceId: string, scope: VersionScope, modelIds?: string[]) {
  if (modelIds?.length) {
    for (const id of modelIds) await modelOfScope(sql, spaceId, scope, id);
    return modelIds;
  }
  const { rows } = await sql.query<{ id: string }>(
    `SELECT id FROM bim_models WHERE "projectId" = $1 AND "spaceId" = $2 AND status = 'completed'
     ORDER BY "sortKey", "createdAt"`,
    [scope.projectId, spaceId],
  );
  return rows.map((r) => r.id);
}

/**
 * Applies linking rules (given, or the schedule's saved ones) to the version: every element matching a
 * rule is linked to the works its target names. `replace` first removes links earlier rules made;
 * `dryRun` only counts. Returns how many links each rule proposes and how many were new.
 */
export async function applyRules(
  ctx: SpaceContext,
  input: {
    versionId: string;
    modelIds?: string[];
    rules?: BimLinkRuleInput[];
    replace?: boolean;
    dryRun?: boolean;
  },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const scope = await editableScope(client, spaceId, input.versionId);
    return applyRulesIn(client, spaceId, scope, input);
  });
}

/** The rule application inside a caller's transaction (also used to link the demo model). */
export async function applyRulesIn(
  client: pg.PoolClient,
  spaceId: string,
  scope: VersionScope,
  input: { modelIds?: string[]; rules?: BimLinkRule[]; replace?: boolean; dryRun?: boolean },
) {
  let rules: BimLinkRule[] = input.rules ?? [];
  if (!input.rules) {
    const { rows } = await client.query<{ rule: BimLinkRule }>(
      `SELECT rule FROM bim_link_rules WHERE "scheduleId" = $1 AND "spaceId" = $2 ORDER BY "sortKey", "createdAt"`,
      [scope.scheduleId, spaceId],
    );
    rules = rows.map((r) => r.rule);
  }
  for (const r of rules) await checkProfile(client, spaceId, r.profileId);
  const attributeIds = [
    ...new Set(rules.flatMap((r) => (r.target.kind === 'attribute' ? [r.target.attributeId] : []))),
  ];
  const works = await ruleWorks(client, scope.versionId, attributeIds);
  const modelIds = await projectModelIds(client, spaceId, scope, input.modelIds);
  const perRule = rules.map(() => 0);
  const rows: LinkRows = { workId: [], modelId: [], globalId: [], profileId: [] };
  const elementsMatched = new Set<string>();
  for (const modelId of modelIds) {
    const proposals = bimLinkRulesApply(rules, await ruleElements(client, modelId), works);
    for (const p of proposals) {
      perRule[p.rule]!++;
      elementsMatched.add(`${modelId}\u0000${p.elementGlobalId}`);
      rows.workId.push(p.workId);
      rows.modelId.push(modelId);
      rows.globalId.push(p.elementGlobalId);
      rows.profileId.push(p.profileId);
    }
  }
  const result = {
    proposed: rows.workId.length,
    created: 0,
    removed: 0,
    perRule,
    elements: elementsMatched.size,
  };
  if (input.dryRun) return result;
  if (input.replace) {
    const { rowCount } = await client.query(
      `DELETE FROM bim_links WHERE "versionId" = $1 AND source = 'rule' AND "modelId" = ANY($2::uuid[])`,
      [scope.versionId, modelIds],
    );
    result.removed = rowCount ?? 0;
  }
  result.created = await insertLinks(client, spaceId, scope.versionId, 'rule', rows);
  return result;
}

/**
 * Links from the IFC's process data (IfcTask ← IfcRelAssignsToProcess): a task names its work by
 * Identification = work code, else by a unique work name. Tasks that name no work are reported.
 */
export async function linkFromProcessData(
  ctx: SpaceContext,
  input: { versionId: string; modelId: string; profileId?: string | null },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const scope = await editableScope(client, spaceId, input.versionId);
    await modelOfScope(client, spaceId, scope, input.modelId);
    await checkProfile(client, spaceId, input.profileId);
    const { rows } = await client.query<{ processLinks: BimProcessLink[] | null }>(
      'SELECT "processLinks" FROM bim_models WHERE id = $1',
      [input.modelId],
    );
    const tasks = rows[0]?.processLinks ?? [];
    const works = await ruleWorks(client, input.versionId, []);
    const match = bimProcessLinksResolve(tasks, works);
    const created = await insertLinks(client, spaceId, input.versionId, 'process', {
      workId: match.links.map((l) => l.workId),
      modelId: match.links.map(() => input.modelId),
      globalId: match.links.map((l) => l.elementGlobalId),
      profileId: match.links.map(() => input.profileId ?? null),
    });
    return {
      tasks: tasks.length,
      created,
      unmatched: match.unmatched.map((t) => ({ name: t.name, identification: t.identification })),
    };
  });
}

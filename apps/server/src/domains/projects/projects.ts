import type { CalculateSettings, ProjectLinkKind, ProjectSettings } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError } from '../../errors';
import { audit } from '../audit';
import { copyEpsNode, nodeInfo } from '../eps';
import { nodeOfKind, pathOf, saveSettings } from './nodes';
import { markInheritorsStale } from './schedules';

type PlanningRow = {
  id: string;
  name: string;
  version: { id: string; name: string; number: number } | null;
  calcStatus: string;
  start: string | null;
  finish: string | null;
  works: number;
  completed: number;
  progress: number;
  valid: number;
};

/** Where the schedules under a node stand, one row each (the node info's planning tab), and their totals. */
async function planningOf(ctx: SpaceContext, nodeId: string) {
  const rows = (await nodeInfo(ctx, { nodeId, tab: 'planning' })).data as PlanningRow[];
  const starts = rows.map((r) => r.start).filter((d): d is string => d !== null);
  const finishes = rows.map((r) => r.finish).filter((d): d is string => d !== null);
  const works = rows.reduce((sum, r) => sum + r.works, 0);
  return {
    schedules: rows,
    totals: {
      schedules: rows.length,
      works,
      completed: rows.reduce((sum, r) => sum + r.completed, 0),
      valid: rows.filter((r) => r.valid === 1).length,
      start: starts.sort()[0] ?? null,
      finish: finishes.sort().at(-1) ?? null,
      // the works' average progress over all schedules, each schedule weighing by its works
      progress: works
        ? Math.round((rows.reduce((sum, r) => sum + r.progress * r.works, 0) / works) * 100) / 100
        : 0,
    },
  };
}

/** A project's settings as stored, every key present. */
function projectSettingsOf(stored: Record<string, unknown> | null) {
  const s = (stored ?? {}) as ProjectSettings;
  return {
    description: s.description ?? '',
    address: s.address ?? '',
    customer: s.customer ?? '',
    contractor: s.contractor ?? '',
    plannedStart: s.plannedStart ?? null,
    plannedFinish: s.plannedFinish ?? null,
  };
}

/** API GET facilities/{id}: the facility, where it sits, what is in it, and where its schedules stand. */
export async function facilityDetails(ctx: SpaceContext, facilityId: string) {
  const node = await nodeOfKind(ctx.db.pool, ctx.space.spaceId, facilityId, 'facility');
  const [path, children, planning] = await Promise.all([
    pathOf(ctx.db.pool, node.id),
    ctx.db.pool.query<{ id: string; name: string; kind: string; code: string | null }>(
      `SELECT id, name, kind, code FROM eps_nodes WHERE "parentId" = $1 ORDER BY "sortKey", id`,
      [node.id],
    ),
    planningOf(ctx, node.id),
  ]);
  return {
    id: node.id,
    name: node.name,
    code: node.code,
    path,
    children: children.rows,
    ...planning,
  };
}

/** API GET projects/{id}/details: the project, its settings, its schedules as they stand, links and groups. */
export async function projectDetails(ctx: SpaceContext, projectId: string) {
  const node = await nodeOfKind(ctx.db.pool, ctx.space.spaceId, projectId, 'project');
  const [path, planning, counts] = await Promise.all([
    pathOf(ctx.db.pool, node.id),
    planningOf(ctx, node.id),
    ctx.db.pool.query<{ groups: number; links: number; models: number }>(
      `SELECT (SELECT count(*)::int FROM schedule_groups WHERE "projectId" = $1) AS groups,
         (SELECT count(*)::int FROM project_links WHERE "fromId" = $1 OR "toId" = $1) AS links,
         (SELECT count(*)::int FROM bim_models WHERE "projectId" = $1) AS models`,
      [node.id],
    ),
  ]);
  return {
    id: node.id,
    name: node.name,
    code: node.code,
    facilityId: node.parentId,
    path,
    revision: node.revision,
    settings: projectSettingsOf(node.settings),
    ...planning,
    ...counts.rows[0]!,
  };
}

/** API GET projects/{id}/settings. */
export async function projectSettings(ctx: SpaceContext, projectId: string) {
  const node = await nodeOfKind(ctx.db.pool, ctx.space.spaceId, projectId, 'project');
  return { projectId: node.id, revision: node.revision, settings: projectSettingsOf(node.settings) };
}

/** API PATCH projects/{id}/settings: the keys given change, the others stay; a finish before the start is refused. */
export async function updateProjectSettings(
  ctx: SpaceContext,
  input: { projectId: string; settings: ProjectSettings; revision: number },
) {
  await inTransaction(ctx.db.pool, async (client) => {
    const node = await nodeOfKind(client, ctx.space.spaceId, input.projectId, 'project', true);
    const merged = { ...projectSettingsOf(node.settings), ...input.settings };
    if (merged.plannedStart && merged.plannedFinish && merged.plannedFinish < merged.plannedStart) {
      throw new AppError('ValidationError', {}, [
        { path: 'settings.plannedFinish', message: 'projects.finish_before_start' },
      ]);
    }
    await saveSettings(client, node, input.settings, input.revision);
  });
  await audit(ctx, { action: 'project.settings', details: { projectId: input.projectId } });
  return projectSettings(ctx, input.projectId);
}

/**
 * API POST projects/{id}/copy: the project with its schedules, every version with its data, in one transaction
 * (the EPS copy), into its facility or another; its settings and links to other projects come along.
 */
export async function copyProject(
  ctx: SpaceContext,
  input: { projectId: string; facilityId?: string; name?: string },
) {
  const spaceId = ctx.space.spaceId;
  const node = await nodeOfKind(ctx.db.pool, spaceId, input.projectId, 'project');
  if (input.facilityId) await nodeOfKind(ctx.db.pool, spaceId, input.facilityId, 'facility');
  const copy = await copyEpsNode(ctx, {
    nodeId: node.id,
    parentId: input.facilityId ?? node.parentId,
    ...(input.name ? { name: input.name } : {}),
  });
  await inTransaction(ctx.db.pool, async (client) => {
    // settings of the project and of each schedule (copied in the same order under the new project)
    await client.query(
      `UPDATE eps_nodes SET settings = (SELECT settings FROM eps_nodes WHERE id = $2) WHERE id = $1`,
      [copy.id, node.id],
    );
    await client.query(
      `WITH src AS (SELECT settings, row_number() OVER (ORDER BY "sortKey", name) AS n FROM eps_nodes WHERE "parentId" = $2),
         dst AS (SELECT id, row_number() OVER (ORDER BY "sortKey", name) AS n FROM eps_nodes WHERE "parentId" = $1)
       UPDATE eps_nodes e SET settings = src.settings FROM dst JOIN src ON src.n = dst.n WHERE e.id = dst.id`,
      [copy.id, node.id],
    );
    await client.query(
      `INSERT INTO project_links (id, "spaceId", "fromId", "toId", kind, comment, "createdById")
       SELECT gen_random_uuid(), "spaceId", CASE WHEN "fromId" = $2 THEN $1 ELSE "fromId" END,
         CASE WHEN "toId" = $2 THEN $1 ELSE "toId" END, kind, comment, $3
       FROM project_links WHERE "fromId" = $2 OR "toId" = $2 ON CONFLICT DO NOTHING`,
      [copy.id, node.id, ctx.session.userId],
    );
  });
  await audit(ctx, { action: 'project.copy', details: { projectId: node.id, copyId: copy.id } });
  return projectDetails(ctx, copy.id);
}

/** A project's calculation settings as stored (engine defaults where it sets none). */
function calculateSettingsOf(stored: Record<string, unknown> | null): CalculateSettings {
  const calculate = (stored?.calculate ?? {}) as Partial<CalculateSettings>;
  return {
    ...(calculate.scenario ? { scenario: calculate.scenario } : {}),
    options: calculate.options ?? {},
  };
}

/**
 * The schedules whose nearest project is $1: below it, whatever nodes stand between, not below another
 * project (the project a version's options are inherited from, see `versionFields`).
 */
const SCHEDULES_OF_PROJECT = `WITH RECURSIVE down AS (
    SELECT id, kind FROM eps_nodes WHERE "parentId" = $1
    UNION ALL SELECT n.id, n.kind FROM eps_nodes n JOIN down ON n."parentId" = down.id WHERE down.kind <> 'project')
  SELECT id FROM down WHERE kind = 'schedule'`;

/** API GET projects/{id}/calculate-settings: the options its schedules calculate with, and the scenario. */
export async function calculateSettings(ctx: SpaceContext, projectId: string) {
  const node = await nodeOfKind(ctx.db.pool, ctx.space.spaceId, projectId, 'project');
  const { rows } = await ctx.db.pool.query<{ own: number; inheriting: number }>(
    `SELECT count(*) FILTER (WHERE v."scheduleOptions" IS NOT NULL OR s.settings->'calculation' IS NOT NULL
         AND s.settings->'calculation' <> 'null'::jsonb)::int AS own,
       count(*) FILTER (WHERE v."scheduleOptions" IS NULL AND (s.settings->'calculation' IS NULL
         OR s.settings->'calculation' = 'null'::jsonb))::int AS inheriting
     FROM versions v JOIN eps_nodes s ON s.id = v."scheduleId" WHERE s.id IN (${SCHEDULES_OF_PROJECT})`,
    [node.id],
  );
  return { projectId: node.id, ...calculateSettingsOf(node.settings), versions: rows[0]! };
}

/**
 * API PUT projects/{id}/calculate-settings: the project's options, which every version of its schedules
 * without options of its own (or of its schedule) calculates with — those calculated become stale. With
 * `applyToVersions` the unlocked versions that have their own options take the project's instead.
 */
export async function saveCalculateSettings(
  ctx: SpaceContext,
  input: { projectId: string; settings: CalculateSettings; applyToVersions?: boolean },
) {
  await inTransaction(ctx.db.pool, async (client) => {
    const node = await nodeOfKind(client, ctx.space.spaceId, input.projectId, 'project', true);
    await client.query(
      `UPDATE eps_nodes SET settings = coalesce(settings, '{}'::jsonb) || jsonb_build_object('calculate', $2::jsonb),
         revision = revision + 1, "updatedAt" = now() WHERE id = $1`,
      [node.id, JSON.stringify(input.settings)],
    );
    const { rows } = await client.query<{ id: string }>(SCHEDULES_OF_PROJECT, [node.id]);
    const scheduleIds = rows.map((r) => r.id);
    if (input.applyToVersions) {
      await client.query(
        `UPDATE versions SET "scheduleOptions" = NULL, "updatedAt" = now()
         WHERE "scheduleId" = ANY($1::uuid[]) AND NOT locked AND "scheduleOptions" IS NOT NULL`,
        [scheduleIds],
      );
      await client.query(
        `UPDATE eps_nodes SET settings = settings - 'calculation' WHERE id = ANY($1::uuid[]) AND settings ? 'calculation'`,
        [scheduleIds],
      );
    }
    await markInheritorsStale(client, scheduleIds);
  });
  await audit(ctx, { action: 'project.calculate_settings', details: { projectId: input.projectId } });
  return calculateSettings(ctx, input.projectId);
}

// ── links between projects ────────────────────────────────────────────────────────────────────
type LinkRow = {
  id: string;
  fromId: string;
  toId: string;
  kind: ProjectLinkKind;
  comment: string | null;
  createdAt: Date;
  otherId: string;
  otherName: string;
  otherPath: string;
};

/** API GET projects/{id}/links: the project's links, each seen from this project (outgoing or incoming). */
export async function projectLinks(ctx: SpaceContext, projectId: string) {
  const node = await nodeOfKind(ctx.db.pool, ctx.space.spaceId, projectId, 'project');
  const { rows } = await ctx.db.pool.query<LinkRow>(
    `SELECT l.id, l."fromId", l."toId", l.kind, l.comment, l."createdAt", o.id AS "otherId", o.name AS "otherName",
       coalesce(f.name, '') AS "otherPath"
     FROM project_links l JOIN eps_nodes o ON o.id = CASE WHEN l."fromId" = $1 THEN l."toId" ELSE l."fromId" END
     LEFT JOIN eps_nodes f ON f.id = o."parentId"
     WHERE l."fromId" = $1 OR l."toId" = $1 ORDER BY l."createdAt", l.id`,
    [node.id],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    direction: r.fromId === node.id ? ('outgoing' as const) : ('incoming' as const),
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    project: { id: r.otherId, name: r.otherName, facility: r.otherPath },
  }));
}

/** API POST projects/{id}/links: links the project to another of the space (once per pair, either way round). */
export async function createProjectLink(
  ctx: SpaceContext,
  input: { projectId: string; otherProjectId: string; kind: ProjectLinkKind; comment?: string },
) {
  const spaceId = ctx.space.spaceId;
  if (input.projectId === input.otherProjectId) {
    throw new AppError('ValidationError', {}, [
      { path: 'otherProjectId', message: 'projects.link_to_itself' },
    ]);
  }
  await inTransaction(ctx.db.pool, async (client) => {
    const from = await nodeOfKind(client, spaceId, input.projectId, 'project', true);
    const to = await nodeOfKind(client, spaceId, input.otherProjectId, 'project', true);
    const taken = await client.query(
      `SELECT 1 FROM project_links WHERE ("fromId" = $1 AND "toId" = $2) OR ("fromId" = $2 AND "toId" = $1)`,
      [from.id, to.id],
    );
    if (taken.rowCount) throw new AppError('Conflict');
    await client.query(
      `INSERT INTO project_links (id, "spaceId", "fromId", "toId", kind, comment, "createdById")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6)`,
      [spaceId, from.id, to.id, input.kind, input.comment || null, ctx.session.userId],
    );
  });
  await audit(ctx, {
    action: 'project.link',
    details: { projectId: input.projectId, otherProjectId: input.otherProjectId, kind: input.kind },
  });
  return projectLinks(ctx, input.projectId);
}

/** API DELETE projects/links/{id}. */
export async function deleteProjectLink(ctx: SpaceContext, projectLinkId: string) {
  const { rows } = await ctx.db.pool.query<{ fromId: string; toId: string }>(
    `DELETE FROM project_links WHERE id = $1 AND "spaceId" = $2 RETURNING "fromId", "toId"`,
    [projectLinkId, ctx.space.spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  await audit(ctx, { action: 'project.unlink', details: { projectLinkId, ...rows[0] } });
  return { success: true as const };
}

// ── the general WBS ───────────────────────────────────────────────────────────────────────────
type GwbsRow = {
  key: string;
  code: string | null;
  name: string;
  level: number;
  works: number;
  start: string | null;
  finish: string | null;
  progress: number;
  schedules: { scheduleId: string; scheduleName: string; versionId: string; workId: string }[];
};

/**
 * API GET projects/{id}/gwbs: the project's general WBS — the summary works of its schedules' actual versions,
 * one row per code (a summary without a code stands on its own), with where it occurs and its span.
 */
export async function projectGwbs(ctx: SpaceContext, projectId: string) {
  const node = await nodeOfKind(ctx.db.pool, ctx.space.spaceId, projectId, 'project');
  const { rows } = await ctx.db.pool.query<GwbsRow>(
    `WITH RECURSIVE sums AS (
       SELECT w.id, w.code, w.name, w."versionId", s.id AS "scheduleId", s.name AS "scheduleName", 1 AS level
       FROM works w JOIN versions v ON v.id = w."versionId" AND v.actual JOIN eps_nodes s ON s.id = v."scheduleId"
       WHERE s."parentId" = $1 AND w.type = 'sum' AND w."parentId" IS NULL
       UNION ALL
       SELECT w.id, w.code, w.name, w."versionId", sums."scheduleId", sums."scheduleName", sums.level + 1
       FROM works w JOIN sums ON w."parentId" = sums.id WHERE w.type = 'sum'),
     spans AS (
       SELECT sums.*, (SELECT count(*) FROM works d WHERE d."parentId" = sums.id AND d.type <> 'sum')::int AS works,
         coalesce(x."earlyStart", x."planStart") AS start, coalesce(x."earlyFinish", x."planFinish") AS finish,
         x.progress
       FROM sums JOIN works x ON x.id = sums.id)
     SELECT coalesce(nullif(code, ''), id::text) AS key, nullif(code, '') AS code, min(name) AS name,
       min(level)::int AS level, sum(works)::int AS works,
       to_char(min(start), 'YYYY-MM-DD"T"HH24:MI:SS') AS start, to_char(max(finish), 'YYYY-MM-DD"T"HH24:MI:SS') AS finish,
       round(avg(progress)::numeric, 2)::float8 AS progress,
       json_agg(json_build_object('scheduleId', "scheduleId", 'scheduleName', "scheduleName",
         'versionId', "versionId", 'workId', id) ORDER BY "scheduleName", id) AS schedules
     FROM spans GROUP BY 1, 2 ORDER BY code NULLS LAST, min(name), 1`,
    [node.id],
  );
  return { projectId: node.id, rows };
}

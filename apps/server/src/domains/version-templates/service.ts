import { VERSION_TEMPLATE_LIMITS, type VersionTemplateWbs } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction } from '../../db/sql';
import { AppError, rethrowNameTaken } from '../../errors';
import type { TemplateBody } from './body';

/**
 * Version templates of a space (docs/product-rules.md, "Version templates"): saved from a version with
 * its calendars, attributes, codes, code numbering, scheduling options and, as chosen, its WBS; listed
 * in the new-schedule dialog.
 */

const NAME_TAKEN = 'validation.template_name_taken';
const nameKey = (name: string) => name.trim().toLowerCase();

/** What the list and a template's card show of it: its name and what it holds, counted. */
const SUMMARY_SQL = `t.id, t.name, t.description, t."workCount", t.revision, t."createdAt", t."updatedAt",
  t.body->>'wbs' AS wbs, t.body->'source' AS source,
  jsonb_array_length(coalesce(t.body->'relations', '[]')) AS "relationCount",
  jsonb_array_length(coalesce(t.body->'directoryValueIds', '[]')) AS "codeCount",
  (SELECT coalesce(jsonb_agg(c->>'name'), '[]') FROM jsonb_array_elements(t.body->'calendars') c) AS calendars,
  (SELECT coalesce(jsonb_agg(a->>'name'), '[]') FROM jsonb_array_elements(t.body->'attributes') a) AS attributes,
  (t.body->'scheduleOptions') IS NOT NULL AND t.body->'scheduleOptions' <> 'null' AS "hasOptions",
  (t.body->'codeNumbering') IS NOT NULL AND t.body->'codeNumbering' <> 'null' AS "hasNumbering",
  nullif(trim(u."firstName" || ' ' || u."lastName"), '') AS "createdByName"`;

type SummaryRow = {
  id: string;
  name: string;
  description: string | null;
  workCount: number;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
  wbs: VersionTemplateWbs;
  source: { scheduleName: string; versionName: string } | null;
  relationCount: number;
  codeCount: number;
  calendars: string[];
  attributes: string[];
  hasOptions: boolean;
  hasNumbering: boolean;
  createdByName: string | null;
};

const toSummary = (row: SummaryRow) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function summaries(on: pg.Pool | pg.PoolClient, spaceId: string, templateId?: string) {
  const { rows } = await on.query<SummaryRow>(
    `SELECT ${SUMMARY_SQL} FROM version_templates t LEFT JOIN users u ON u.id = t."createdById"
      WHERE t."spaceId" = $1 ${templateId ? 'AND t.id = $2' : ''} ORDER BY t."nameKey", t."createdAt"`,
    templateId ? [spaceId, templateId] : [spaceId],
  );
  return rows.map(toSummary);
}

/** The space's templates, by name. */
export const listVersionTemplates = (ctx: SpaceContext) => summaries(ctx.db.pool, ctx.space.spaceId);

/** One template of the space, or NotFound. */
export async function getVersionTemplate(ctx: SpaceContext, input: { templateId: string }) {
  const [row] = await summaries(ctx.db.pool, ctx.space.spaceId, input.templateId);
  if (!row) throw new AppError('NotFound');
  return row;
}

/** Reads what a template is saved from: the version's settings, calendars, attributes, codes and WBS. */
async function captureBody(
  client: pg.PoolClient,
  spaceId: string,
  versionId: string,
  wbs: VersionTemplateWbs,
  withRelations: boolean,
): Promise<TemplateBody> {
  const version = (
    await client.query<{
      scheduleId: string;
      calendarId: string | null;
      scheduleOptions: unknown;
      versionName: string;
      scheduleName: string;
    }>(
      `SELECT v."scheduleId", v."calendarId", v."scheduleOptions", v.name AS "versionName", n.name AS "scheduleName"
         FROM versions v JOIN eps_nodes n ON n.id = v."scheduleId"
        WHERE v.id = $1 AND v."spaceId" = $2`,
      [versionId, spaceId],
    )
  ).rows[0];
  if (!version) throw new AppError('NotFound');

  const works =
    wbs === 'none'
      ? []
      : (
          await client.query<TemplateBody['works'][number]>(
            `SELECT w.id, w."parentId", w."sortKey", w.code, w.name, w.type::text AS type, w."durationMinutes",
                    w."calendarId", w.unit, w."planVolume"
               FROM works w
              WHERE w."versionId" = $1
                AND ($2 OR w.type = 'sum' OR EXISTS (SELECT 1 FROM works c WHERE c."parentId" = w.id))
              ORDER BY w."parentId" NULLS FIRST, w."sortKey"
              LIMIT ${VERSION_TEMPLATE_LIMITS.maxWorks + 1}`,
            [versionId, wbs === 'all'],
          )
        ).rows;
  if (works.length > VERSION_TEMPLATE_LIMITS.maxWorks)
    throw new AppError('ValidationError', {}, [{ path: 'wbs', message: 'validation.template_too_large' }]);
  const workIds = works.map((w) => w.id);

  // The version's calendar and those its kept works name.
  const calendarIds = [
    ...new Set([version.calendarId, ...works.map((w) => w.calendarId)].filter((c): c is string => !!c)),
  ];
  const { rows: calendars } = await client.query<TemplateBody['calendars'][number]>(
    `SELECT c.id, c.name, c."allDay", c."hoursPerDay", c.week,
            coalesce((SELECT jsonb_agg(jsonb_build_object('name', e.name, 'date', e.date::text,
                       'until', e.until::text, 'intervals', e.intervals) ORDER BY e.date)
                        FROM calendar_exceptions e WHERE e."calendarId" = c.id), '[]') AS exceptions
       FROM calendars c WHERE c.id = ANY($1::uuid[]) AND c."spaceId" = $2 ORDER BY c.name`,
    [calendarIds, spaceId],
  );

  // The schedule's own attributes, and the space's whose values the kept works carry.
  const { rows: attributes } = await client.query<TemplateBody['attributes'][number]>(
    `SELECT a.id, a.name, a."valueType"::text AS "valueType", a."directoryId", a.formula, a."sortKey",
            CASE WHEN a."scheduleId" IS NULL THEN 'space' ELSE 'schedule' END AS scope
       FROM attributes a
      WHERE a."spaceId" = $1
        AND (a."scheduleId" = $2 OR (a."scheduleId" IS NULL AND EXISTS (
              SELECT 1 FROM attribute_values v WHERE v."attributeId" = a.id AND v."workId" = ANY($3::uuid[]))))
      ORDER BY a."sortKey", a.name`,
    [spaceId, version.scheduleId, workIds],
  );
  const { rows: values } = await client.query<TemplateBody['values'][number]>(
    `SELECT v."workId", v."attributeId", v.value FROM attribute_values v
      WHERE v."workId" = ANY($1::uuid[]) AND v."attributeId" = ANY($2::uuid[])`,
    [workIds, attributes.map((a) => a.id)],
  );
  const relations =
    wbs === 'all' && withRelations
      ? (
          await client.query<TemplateBody['relations'][number]>(
            `SELECT r."predecessorId", r."successorId", r.type::text AS type, r."lagMinutes" FROM relations r
              WHERE r."versionId" = $1 AND r."predecessorId" = ANY($2::uuid[]) AND r."successorId" = ANY($2::uuid[])`,
            [versionId, workIds],
          )
        ).rows
      : [];
  const { rows: codes } = await client.query<{ valueId: string }>(
    `SELECT "valueId" FROM version_directory_values WHERE "versionId" = $1 ORDER BY "valueId"`,
    [versionId],
  );
  const numbering = (
    await client.query<NonNullable<TemplateBody['codeNumbering']>>(
      `SELECT prefix, start, increment, width FROM code_numberings WHERE "scheduleId" = $1`,
      [version.scheduleId],
    )
  ).rows[0];
  return {
    v: 1,
    source: { scheduleName: version.scheduleName, versionName: version.versionName },
    calendarId: version.calendarId,
    calendars,
    attributes,
    directoryValueIds: codes.map((c) => c.valueId),
    codeNumbering: numbering ?? null,
    scheduleOptions: version.scheduleOptions ?? null,
    wbs,
    works,
    values,
    relations,
  };
}

/** Saves a template of the space from a version; a name the space already uses is refused. */
export async function createVersionTemplate(
  ctx: SpaceContext,
  input: {
    versionId: string;
    name: string;
    description?: string;
    wbs: VersionTemplateWbs;
    relations: boolean;
  },
) {
  const spaceId = ctx.space.spaceId;
  const id = await inTransaction(ctx.db.pool, async (client) => {
    const body = await captureBody(client, spaceId, input.versionId, input.wbs, input.relations);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO version_templates (id, "spaceId", name, "nameKey", description, body, "workCount", "createdById")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING id`,
      [
        spaceId,
        input.name,
        nameKey(input.name),
        input.description || null,
        JSON.stringify(body),
        body.works.length,
        ctx.session.userId,
      ],
    );
    return rows[0]!.id;
  }).catch(rethrowNameTaken(NAME_TAKEN));
  return getVersionTemplate(ctx, { templateId: id });
}

/** Renames a template or changes its description, at the revision the caller saw. */
export async function updateVersionTemplate(
  ctx: SpaceContext,
  input: { templateId: string; name?: string; description?: string; revision: number },
) {
  const current = await getVersionTemplate(ctx, input);
  const { rowCount } = await ctx.db.pool
    .query(
      `UPDATE version_templates SET name = $3, "nameKey" = $4, description = $5, revision = revision + 1,
              "updatedAt" = now()
        WHERE id = $1 AND "spaceId" = $2 AND revision = $6`,
      [
        current.id,
        ctx.space.spaceId,
        input.name ?? current.name,
        nameKey(input.name ?? current.name),
        input.description === undefined ? current.description : input.description || null,
        input.revision,
      ],
    )
    .catch(rethrowNameTaken(NAME_TAKEN));
  if (!rowCount) throw new AppError('Conflict');
  return getVersionTemplate(ctx, input);
}

/** Deletes a template; the schedules started from it keep what they got. */
export async function deleteVersionTemplate(ctx: SpaceContext, input: { templateId: string }) {
  const { rowCount } = await ctx.db.pool.query(
    `DELETE FROM version_templates WHERE id = $1 AND "spaceId" = $2`,
    [input.templateId, ctx.space.spaceId],
  );
  if (!rowCount) throw new AppError('NotFound');
  return { success: true as const };
}

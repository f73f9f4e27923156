import { randomUUID } from 'node:crypto';
import {
  type CreateEstimateInput,
  type CreateLineInput,
  ESTIMATE_LIMITS,
  type UpdateLineInput,
} from '@takt/contracts';
import { translate } from '@takt/i18n';
import {
  type EstimateFigures,
  type EstimateTotals,
  figureEstimate,
  type SectionFigures,
} from '@takt/interchange';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, rowOrNotFound, type Sql } from '../../db/sql';
import { AppError, deletedOrNotFound } from '../../errors';
import { ensureEstimating, measureIndex, measuresOf, pdcPricesAt, unitKey } from './directories';
import {
  COEFFICIENT_SELECT,
  type CoefficientRow,
  documentOf,
  ESTIMATE_SELECT,
  type EstimateRow,
  estimateRow,
  LINE_SELECT,
  type LineRow,
  loadTree,
  refigure,
  SECTION_SELECT,
  type SectionRow,
  sourceTotals,
} from './tree';

const invalid = (path: string, message: string, params?: Record<string, string | number>) =>
  new AppError('ValidationError', {}, [{ path, message, ...(params ? { params } : {}) }]);

/** What a change of an estimate answers besides its own result: the estimate's figures after it, as stored. */
interface Figured<T> {
  result: T;
  figures: EstimateFigures;
  /** The estimate's revision after the change. */
  revision: number;
}

/**
 * Runs a change of an estimate in one transaction with the estimate locked, then figures it again — once: the
 * figures stored are the ones answered, so that nothing after the change figures the estimate a second time.
 */
async function changeFigured<T>(
  ctx: SpaceContext,
  estimateId: string,
  change: (client: pg.PoolClient, estimate: EstimateRow) => Promise<T>,
): Promise<Figured<T>> {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const estimate = await estimateRow(client, spaceId, estimateId, true);
    const result = await change(client, estimate);
    const { rows } = await client.query<{ revision: number }>(
      `UPDATE estimates SET revision = revision + 1, "updatedAt" = now() WHERE id = $1 RETURNING revision`,
      [estimateId],
    );
    const figures = await refigure(client, spaceId, estimateId);
    return { result, figures, revision: rows[0]!.revision };
  });
}

/** {@link changeFigured} for a change that answers only its own result. */
async function changeEstimate<T>(
  ctx: SpaceContext,
  estimateId: string,
  change: (client: pg.PoolClient, estimate: EstimateRow) => Promise<T>,
): Promise<T> {
  return (await changeFigured(ctx, estimateId, change)).result;
}

/**
 * The estimate's totals, chapters and the totals of every section after a change of its tree, for the grid to
 * show without reading the whole estimate again.
 */
function estimateFigures(estimateId: string, figured: Figured<unknown>) {
  const sections: { id: string; totals: EstimateTotals }[] = [];
  const walk = (s: SectionFigures) => {
    sections.push({ id: s.id!, totals: s.totals });
    s.sections.forEach(walk);
  };
  figured.figures.sections.forEach(walk);
  return {
    id: estimateId,
    revision: figured.revision,
    totals: figured.figures.totals,
    chapters: figured.figures.chapters,
    sections,
  };
}

/** A line as the estimate's view shows it: its row with the figures it was just given. */
function lineView(line: LineRow, figures: EstimateFigures) {
  const f = figures.lines.find((l) => l.id === line.id);
  return {
    ...line,
    sourceName: null as string | null,
    direct: f?.direct ?? { labour: 0, machines: 0, materials: 0 },
    totals: f?.totals ?? line.totals,
    applied: f?.applied ?? [],
  };
}

/** The estimate an owned row (section, line, coefficient, rule, link) belongs to, or NotFound. */
async function ownerEstimate(sql: Sql, table: string, spaceId: string, id: string) {
  const row = await rowOrNotFound<{ estimateId: string }>(
    sql,
    `SELECT "estimateId" FROM ${table} WHERE id = $1 AND "spaceId" = $2`,
    [id, spaceId],
  );
  return row.estimateId;
}

// ── estimates ────────────────────────────────────────────────────────────────────────────────────
export interface EstimateListItem extends EstimateRow {
  nodeName: string;
  /** How many versions the estimate has, and whether this is the latest. */
  versions: number;
  latest: boolean;
}

/** The estimates of a node and of the nodes below it, every version, newest versions first. */
export async function listEstimates(ctx: SpaceContext, nodeId: string): Promise<EstimateListItem[]> {
  const spaceId = ctx.space.spaceId;
  await rowOrNotFound(ctx.db.pool, `SELECT 1 FROM eps_nodes WHERE id = $1 AND "spaceId" = $2`, [
    nodeId,
    spaceId,
  ]);
  const { rows } = await ctx.db.pool.query<EstimateListItem>(
    `WITH RECURSIVE sub AS (SELECT id, name FROM eps_nodes WHERE id = $1
       UNION ALL SELECT n.id, n.name FROM eps_nodes n JOIN sub ON n."parentId" = sub.id)
     SELECT ${ESTIMATE_SELECT}, sub.name AS "nodeName",
       count(*) OVER (PARTITION BY e."originId")::int AS versions,
       e.number = max(e.number) OVER (PARTITION BY e."originId") AS latest
     FROM estimates e JOIN sub ON sub.id = e."nodeId"
     WHERE e."spaceId" = $2
     ORDER BY sub.name, e.kind, e.name, e."originId", e.number DESC`,
    [nodeId, spaceId],
  );
  return rows;
}

export async function createEstimate(ctx: SpaceContext, input: CreateEstimateInput) {
  const spaceId = ctx.space.spaceId;
  await ensureEstimating(ctx.db.pool, spaceId);
  await rowOrNotFound(ctx.db.pool, `SELECT 1 FROM eps_nodes WHERE id = $1 AND "spaceId" = $2`, [
    input.nodeId,
    spaceId,
  ]);
  const settings = await ctx.db.pool.query<{ currency: string; region: string }>(
    `SELECT currency, region FROM estimate_settings WHERE "spaceId" = $1`,
    [spaceId],
  );
  const { rows } = await ctx.db.pool.query<{ id: string }>(
    `INSERT INTO estimates (id, "spaceId", "nodeId", "originId", kind, code, name, currency, "priceLevel", region, "createdById")
     SELECT g.id, $1, $2, g.id, $3, $4, $5, $6, $7::date, $8, $9 FROM (SELECT gen_random_uuid() AS id) g
     RETURNING id`,
    [
      spaceId,
      input.nodeId,
      input.kind,
      input.code || null,
      input.name,
      input.currency ?? settings.rows[0]?.currency ?? 'RUB',
      input.priceLevel ?? null,
      input.region ?? settings.rows[0]?.region ?? '',
      ctx.session.userId,
    ],
  );
  return estimateView(ctx, rows[0]!.id);
}

export async function updateEstimate(
  ctx: SpaceContext,
  input: {
    estimateId: string;
    revision: number;
    name?: string;
    code?: string;
    currency?: string;
    priceLevel?: string | null;
    region?: string;
  },
) {
  const { figures } = await changeFigured(ctx, input.estimateId, async (client, estimate) => {
    if (estimate.revision !== input.revision) throw new AppError('Conflict');
    await client.query(
      `UPDATE estimates SET name = coalesce($2, name), code = CASE WHEN $3::text IS NULL THEN code ELSE nullif($3, '') END,
         currency = coalesce($4, currency), "priceLevel" = CASE WHEN $5::boolean THEN $6::date ELSE "priceLevel" END,
         region = coalesce($7, region)
       WHERE id = $1`,
      [
        input.estimateId,
        input.name ?? null,
        input.code ?? null,
        input.currency ?? null,
        input.priceLevel !== undefined,
        input.priceLevel ?? null,
        input.region ?? null,
      ],
    );
  });
  return estimateView(ctx, input.estimateId, figures);
}

/** Deletes one version of an estimate; the summary estimates that rolled it up are figured again. */
export async function deleteEstimate(ctx: SpaceContext, estimateId: string) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    await estimateRow(client, spaceId, estimateId, true);
    const { rows: summaries } = await client.query<{ id: string }>(
      `SELECT DISTINCT "estimateId" AS id FROM estimate_lines WHERE "sourceEstimateId" = $1 AND "estimateId" <> $1`,
      [estimateId],
    );
    const { rowCount } = await client.query(`DELETE FROM estimates WHERE id = $1 AND "spaceId" = $2`, [
      estimateId,
      spaceId,
    ]);
    for (const s of summaries) await refigure(client, spaceId, s.id);
    return deletedOrNotFound(rowCount);
  });
}

/**
 * The estimate with its tree, figures (with the coefficients each line had applied) and versions; figured here
 * unless the change that answers it passes the figures it stored.
 */
export async function estimateView(ctx: SpaceContext, estimateId: string, figured?: EstimateFigures) {
  const spaceId = ctx.space.spaceId;
  const sql = ctx.db.pool;
  const estimate = await estimateRow(sql, spaceId, estimateId);
  const tree = await loadTree(sql, estimate);
  const sources = await sourceTotals(sql, tree.lines);
  // A change answering the view hands over the figures it has just stored: they are not figured again.
  const figures = figured ?? figureEstimate(documentOf(tree, sources));
  const byLine = new Map(figures.lines.map((l) => [l.id!, l]));
  const { rows: scheduleVersions } = await sql.query<{
    versionId: string;
    schedule: string;
    number: number;
    name: string;
    actual: boolean;
  }>(
    `WITH RECURSIVE sub AS (SELECT id FROM eps_nodes WHERE id = $1
       UNION ALL SELECT n.id FROM eps_nodes n JOIN sub ON n."parentId" = sub.id)
     SELECT v.id AS "versionId", s.name AS schedule, v.number, v.name, v.actual
     FROM versions v JOIN eps_nodes s ON s.id = v."scheduleId" JOIN sub ON sub.id = s.id
     ORDER BY s.name, v.actual DESC, v.number DESC LIMIT 200`,
    [estimate.nodeId],
  );
  const [node, versions] = await Promise.all([
    sql.query<{ name: string; kind: string }>(`SELECT name, kind FROM eps_nodes WHERE id = $1`, [
      estimate.nodeId,
    ]),
    sql.query<{ id: string; number: number; total: number | null; revision: number }>(
      `SELECT id, number, (totals->>'total')::float8 AS total, revision FROM estimates
       WHERE "originId" = $1 AND "spaceId" = $2 ORDER BY number`,
      [estimate.originId, spaceId],
    ),
  ]);
  return {
    estimate: { ...estimate, nodeName: node.rows[0]?.name ?? '', nodeKind: node.rows[0]?.kind ?? '' },
    totals: figures.totals,
    chapters: figures.chapters,
    sections: orderedSections(tree.sections),
    lines: tree.lines.map((l) => {
      const f = byLine.get(l.id);
      return {
        ...l,
        sourceName: l.sourceEstimateId ? (sources.get(l.sourceEstimateId)?.name ?? null) : null,
        direct: f?.direct ?? { labour: 0, machines: 0, materials: 0 },
        totals: f?.totals ?? l.totals,
        applied: f?.applied ?? [],
      };
    }),
    coefficients: tree.coefficients,
    versions: versions.rows,
    /** The schedule versions under the estimate's node its compliance can be applied to. */
    scheduleVersions,
  };
}

/** Sections depth first (a parent before its children, siblings in order), each with its depth. */
function orderedSections(sections: readonly SectionRow[]) {
  const children = new Map<string | null, SectionRow[]>();
  for (const s of sections) children.set(s.parentId, [...(children.get(s.parentId) ?? []), s]);
  const out: (SectionRow & { depth: number })[] = [];
  const walk = (parentId: string | null, depth: number) => {
    for (const s of children.get(parentId) ?? []) {
      out.push({ ...s, depth });
      walk(s.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** Recalculates an estimate (and the summary estimates rolling it up) and answers its view. */
export async function recalculate(ctx: SpaceContext, estimateId: string) {
  const { figures } = await changeFigured(ctx, estimateId, async () => undefined);
  return estimateView(ctx, estimateId, figures);
}

/**
 * A new version of an estimate: a copy of the latest version's tree, coefficients and compliance rules with
 * the next number. Lines keep their origin, so that versions can be compared line by line.
 */
export async function newVersion(ctx: SpaceContext, estimateId: string) {
  const spaceId = ctx.space.spaceId;
  const made = await inTransaction(ctx.db.pool, async (client) => {
    const from = await estimateRow(client, spaceId, estimateId, true);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO estimates (id, "spaceId", "nodeId", "originId", number, kind, code, name, currency, "priceLevel",
         region, totals, "figuredAt", "createdById")
       SELECT gen_random_uuid(), "spaceId", "nodeId", "originId",
         (SELECT max(number) + 1 FROM estimates WHERE "originId" = e."originId"), kind, code, name, currency,
         "priceLevel", region, totals, "figuredAt", $2
       FROM estimates e WHERE id = $1 RETURNING id`,
      [from.id, ctx.session.userId],
    );
    const to = rows[0]!.id;
    // old id → new id of every section and line, passed as two arrays each
    const map = async (table: string) => {
      const { rows: ids } = await client.query<{ id: string }>(
        `SELECT id FROM ${table} WHERE "estimateId" = $1`,
        [from.id],
      );
      return [ids.map((r) => r.id), ids.map(() => randomUUID())];
    };
    const [oldSections, newSections] = await map('estimate_sections');
    const [oldLines, newLines] = await map('estimate_lines');
    const MAPS = `sm AS (SELECT * FROM unnest($3::uuid[], $4::uuid[]) AS m(old, new)),
      lm AS (SELECT * FROM unnest($5::uuid[], $6::uuid[]) AS m(old, new))`;
    const params = [from.id, to, oldSections, newSections, oldLines, newLines];
    await client.query(
      `WITH ${MAPS} INSERT INTO estimate_sections (id, "spaceId", "estimateId", "parentId", "sortKey", code, name, chapter, totals)
       SELECT m.new, s."spaceId", $2, p.new, s."sortKey", s.code, s.name, s.chapter, s.totals
       FROM estimate_sections s JOIN sm m ON m.old = s.id LEFT JOIN sm p ON p.old = s."parentId"
       WHERE s."estimateId" = $1`,
      params,
    );
    await client.query(
      `WITH ${MAPS} INSERT INTO estimate_lines (id, "spaceId", "estimateId", "sectionId", "originId", "sortKey", number,
         code, name, unit, "measureId", quantity, "unitLabour", "unitMachines", "unitMaterials", "labourHoursPerUnit",
         "machineHoursPerUnit", "volumeCode", "wbsCode", "sourceEstimateId", totals)
       SELECT m.new, l."spaceId", $2, s.new, l."originId", l."sortKey", l.number, l.code, l.name, l.unit, l."measureId",
         l.quantity, l."unitLabour", l."unitMachines", l."unitMaterials", l."labourHoursPerUnit",
         l."machineHoursPerUnit", l."volumeCode", l."wbsCode", l."sourceEstimateId", l.totals
       FROM estimate_lines l JOIN lm m ON m.old = l.id JOIN sm s ON s.old = l."sectionId"
       WHERE l."estimateId" = $1`,
      params,
    );
    await client.query(
      `WITH ${MAPS} INSERT INTO cost_coefficients (id, "spaceId", "estimateId", "sectionId", "lineId", "sortKey", code,
         name, kind, target, value)
       SELECT gen_random_uuid(), c."spaceId", $2, s.new, l.new, c."sortKey", c.code, c.name, c.kind, c.target, c.value
       FROM cost_coefficients c LEFT JOIN sm s ON s.old = c."sectionId" LEFT JOIN lm l ON l.old = c."lineId"
       WHERE c."estimateId" = $1`,
      params,
    );
    await client.query(
      `INSERT INTO compliance_rules (id, "spaceId", "estimateId", kind, name, rule, "sortKey")
       SELECT gen_random_uuid(), "spaceId", $2, kind, name, rule, "sortKey" FROM compliance_rules WHERE "estimateId" = $1`,
      [from.id, to],
    );
    return { to, figures: await refigure(client, spaceId, to) };
  });
  return estimateView(ctx, made.to, made.figures);
}

/**
 * Two estimates compared line by line: lines are paired by origin (the same line through versions), then by
 * code among the rest. Each pair that differs, each line only in one of them, and the totals' difference.
 */
export async function compareEstimates(
  ctx: SpaceContext,
  input: { estimateId: string; otherEstimateId: string },
) {
  const spaceId = ctx.space.spaceId;
  const sql = ctx.db.pool;
  const [a, b] = await Promise.all([
    estimateRow(sql, spaceId, input.estimateId),
    estimateRow(sql, spaceId, input.otherEstimateId),
  ]);
  const [la, lb] = await Promise.all(
    [a, b].map(
      async (e) =>
        (
          await sql.query<LineRow>(
            `SELECT ${LINE_SELECT} FROM estimate_lines WHERE "estimateId" = $1 ORDER BY "sortKey", id`,
            [e.id],
          )
        ).rows,
    ),
  );
  const total = (l: LineRow | undefined) => l?.totals.total ?? 0;
  const rows: {
    status: 'added' | 'removed' | 'changed';
    code: string;
    name: string;
    quantityBefore: number | null;
    quantityAfter: number | null;
    totalBefore: number;
    totalAfter: number;
    delta: number;
  }[] = [];
  const unpairedB = new Map(lb!.map((l) => [l.id, l]));
  const byOrigin = new Map(lb!.map((l) => [l.originId, l]));
  const pairs: [LineRow, LineRow | undefined][] = [];
  for (const l of la!) {
    const other = byOrigin.get(l.originId);
    if (other && unpairedB.has(other.id)) {
      unpairedB.delete(other.id);
      pairs.push([l, other]);
    } else pairs.push([l, undefined]);
  }
  for (const pair of pairs) {
    if (pair[1]) continue;
    const other = [...unpairedB.values()].find((o) => o.code && o.code === pair[0].code);
    if (other) {
      unpairedB.delete(other.id);
      pair[1] = other;
    }
  }
  const cents = (x: number) => Math.round(x * 100);
  for (const [before, after] of pairs) {
    const delta = (cents(total(after)) - cents(total(before))) / 100;
    if (after && delta === 0 && after.quantity === before.quantity) continue;
    rows.push({
      status: after ? 'changed' : 'removed',
      code: before.code,
      name: before.name,
      quantityBefore: before.quantity,
      quantityAfter: after?.quantity ?? null,
      totalBefore: total(before),
      totalAfter: total(after),
      delta,
    });
  }
  for (const l of unpairedB.values())
    rows.push({
      status: 'added',
      code: l.code,
      name: l.name,
      quantityBefore: null,
      quantityAfter: l.quantity,
      totalBefore: 0,
      totalAfter: total(l),
      delta: total(l),
    });
  const side = (e: EstimateRow) => ({ id: e.id, number: e.number, name: e.name, total: e.totals.total ?? 0 });
  return {
    before: side(a),
    after: side(b),
    delta: (cents(b.totals.total ?? 0) - cents(a.totals.total ?? 0)) / 100,
    lines: rows,
  };
}

// ── sections ─────────────────────────────────────────────────────────────────────────────────────
async function sectionDepth(sql: Sql, sectionId: string): Promise<number> {
  const { rows } = await sql.query<{ depth: number }>(
    `WITH RECURSIVE up AS (SELECT id, "parentId", 1 AS depth FROM estimate_sections WHERE id = $1
       UNION ALL SELECT s.id, s."parentId", up.depth + 1 FROM estimate_sections s JOIN up ON s.id = up."parentId")
     SELECT max(depth)::int AS depth FROM up`,
    [sectionId],
  );
  return rows[0]?.depth ?? 0;
}

export async function createSection(
  ctx: SpaceContext,
  input: {
    estimateId: string;
    parentSectionId?: string | null;
    name: string;
    code?: string;
    chapter?: number | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  const figured = await changeFigured(ctx, input.estimateId, async (client) => {
    if (input.parentSectionId) {
      const parent = await ownerEstimate(client, 'estimate_sections', spaceId, input.parentSectionId);
      if (parent !== input.estimateId) throw new AppError('NotFound');
      if ((await sectionDepth(client, input.parentSectionId)) >= ESTIMATE_LIMITS.sectionDepth)
        throw invalid('parentSectionId', 'estimates.validation.section_depth', {
          max: ESTIMATE_LIMITS.sectionDepth,
        });
    }
    const count = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM estimate_sections WHERE "estimateId" = $1`,
      [input.estimateId],
    );
    if ((count.rows[0]?.n ?? 0) >= ESTIMATE_LIMITS.sectionsPerEstimate) throw new AppError('BadRequest');
    const { rows } = await client.query<SectionRow>(
      `INSERT INTO estimate_sections (id, "spaceId", "estimateId", "parentId", "sortKey", code, name, chapter)
       VALUES (gen_random_uuid(), $1, $2, $3, (SELECT coalesce(max("sortKey"), 0) + 1024 FROM estimate_sections
         WHERE "estimateId" = $2), $4, $5, $6)
       RETURNING ${SECTION_SELECT}`,
      [
        spaceId,
        input.estimateId,
        input.parentSectionId ?? null,
        input.code || null,
        input.name,
        input.chapter ?? null,
      ],
    );
    return rows[0]!;
  });
  return { ...figured.result, estimate: estimateFigures(input.estimateId, figured) };
}

export async function updateSection(
  ctx: SpaceContext,
  input: {
    estimateSectionId: string;
    revision: number;
    name?: string;
    code?: string;
    chapter?: number | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  const estimateId = await ownerEstimate(ctx.db.pool, 'estimate_sections', spaceId, input.estimateSectionId);
  const figured = await changeFigured(ctx, estimateId, async (client) => {
    const { rows } = await client.query<SectionRow>(
      `UPDATE estimate_sections SET name = coalesce($3, name),
         code = CASE WHEN $4::text IS NULL THEN code ELSE nullif($4, '') END,
         chapter = CASE WHEN $5::boolean THEN $6::int ELSE chapter END, revision = revision + 1, "updatedAt" = now()
       WHERE id = $1 AND revision = $2 RETURNING ${SECTION_SELECT}`,
      [
        input.estimateSectionId,
        input.revision,
        input.name ?? null,
        input.code ?? null,
        input.chapter !== undefined,
        input.chapter ?? null,
      ],
    );
    if (!rows[0]) throw new AppError('Conflict');
    return rows[0];
  });
  return { ...figured.result, estimate: estimateFigures(estimateId, figured) };
}

/** How many levels a section and its sub-sections take (1 for a section without any). */
async function sectionHeight(sql: Sql, sectionId: string): Promise<number> {
  const { rows } = await sql.query<{ height: number }>(
    `WITH RECURSIVE down AS (SELECT id, 1 AS height FROM estimate_sections WHERE id = $1
       UNION ALL SELECT s.id, down.height + 1 FROM estimate_sections s JOIN down ON s."parentId" = down.id)
     SELECT max(height)::int AS height FROM down`,
    [sectionId],
  );
  return rows[0]?.height ?? 1;
}

/**
 * Moves a section (with its lines and sub-sections) one place up or down among its siblings, or to the end
 * of another section (`parentSectionId`) or of the top level (`null`), at the section's revision. A section
 * never goes into itself or one of its own sub-sections, nor deeper than sections nest.
 */
export async function moveSection(
  ctx: SpaceContext,
  input: {
    estimateSectionId: string;
    revision: number;
    direction?: 'up' | 'down';
    parentSectionId?: string | null;
  },
) {
  const spaceId = ctx.space.spaceId;
  const estimateId = await ownerEstimate(ctx.db.pool, 'estimate_sections', spaceId, input.estimateSectionId);
  const figured = await changeFigured(ctx, estimateId, async (client) => {
    const section = await rowOrNotFound<{ parentId: string | null; revision: number }>(
      client,
      `SELECT "parentId", revision FROM estimate_sections WHERE id = $1`,
      [input.estimateSectionId],
    );
    if (section.revision !== input.revision) throw new AppError('Conflict');
    const target = input.parentSectionId;
    if (target !== undefined && target !== section.parentId) {
      if (target) {
        if ((await ownerEstimate(client, 'estimate_sections', spaceId, target)) !== estimateId)
          throw new AppError('NotFound');
        const below = await client.query(
          `WITH RECURSIVE up AS (SELECT id, "parentId" FROM estimate_sections WHERE id = $1
             UNION ALL SELECT s.id, s."parentId" FROM estimate_sections s JOIN up ON s.id = up."parentId")
           SELECT 1 FROM up WHERE id = $2`,
          [target, input.estimateSectionId],
        );
        if (below.rowCount) throw invalid('parentSectionId', 'estimates.validation.section_into_itself');
        const depth =
          (await sectionDepth(client, target)) + (await sectionHeight(client, input.estimateSectionId));
        if (depth > ESTIMATE_LIMITS.sectionDepth)
          throw invalid('parentSectionId', 'estimates.validation.section_depth', {
            max: ESTIMATE_LIMITS.sectionDepth,
          });
      }
      await client.query(
        `UPDATE estimate_sections SET "parentId" = $2, "sortKey" = (SELECT coalesce(max("sortKey"), 0) + 1024
           FROM estimate_sections WHERE "estimateId" = $3), revision = revision + 1, "updatedAt" = now()
         WHERE id = $1`,
        [input.estimateSectionId, target, estimateId],
      );
    } else if (input.direction) {
      const { rows } = await client.query<{ id: string }>(
        `SELECT id FROM estimate_sections WHERE "estimateId" = $1 AND "parentId" IS NOT DISTINCT FROM $2
         ORDER BY "sortKey", id`,
        [estimateId, section.parentId],
      );
      await swapSortKeys(client, 'estimate_sections', rows, input.estimateSectionId, input.direction);
    }
    const { rows } = await client.query<SectionRow>(
      `SELECT ${SECTION_SELECT} FROM estimate_sections WHERE id = $1`,
      [input.estimateSectionId],
    );
    return rows[0]!;
  });
  return { ...figured.result, estimate: estimateFigures(estimateId, figured) };
}

/**
 * One row swapped with its neighbour (`up` or `down`) among `rows` in their order: the rows renumbered in
 * their new order, so that equal keys cannot hold a row in place; the two that moved take a new revision.
 */
async function swapSortKeys(
  client: Sql,
  table: 'estimate_sections' | 'estimate_lines',
  rows: readonly { id: string }[],
  id: string,
  direction: 'up' | 'down',
) {
  const at = rows.findIndex((r) => r.id === id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= rows.length) return;
  const order = rows.map((r) => r.id);
  [order[at], order[to]] = [order[to]!, order[at]!];
  await client.query(
    `UPDATE ${table} r SET "sortKey" = t.key, revision = revision + CASE WHEN r.id = ANY($3::uuid[]) THEN 1 ELSE 0 END,
       "updatedAt" = now()
     FROM unnest($1::uuid[], $2::int[]) AS t(id, key) WHERE r.id = t.id AND r."sortKey" IS DISTINCT FROM t.key`,
    [order, order.map((_, i) => (i + 1) * 1024), [order[at], order[to]]],
  );
}

export async function deleteSection(ctx: SpaceContext, estimateSectionId: string) {
  const spaceId = ctx.space.spaceId;
  const estimateId = await ownerEstimate(ctx.db.pool, 'estimate_sections', spaceId, estimateSectionId);
  const figured = await changeFigured(ctx, estimateId, async (client) => {
    const { rowCount } = await client.query(`DELETE FROM estimate_sections WHERE id = $1`, [
      estimateSectionId,
    ]);
    return deletedOrNotFound(rowCount);
  });
  return { ...figured.result, estimate: estimateFigures(estimateId, figured) };
}

// ── lines ────────────────────────────────────────────────────────────────────────────────────────
/** The measure a unit as written answers to, if any. */
async function measureOfUnit(sql: Sql, spaceId: string, unit: string | undefined): Promise<string | null> {
  if (!unit) return null;
  const index = measureIndex(await measuresOf(sql, spaceId));
  return index.get(unitKey(unit))?.id ?? null;
}

export async function createLine(ctx: SpaceContext, input: CreateLineInput) {
  const spaceId = ctx.space.spaceId;
  const estimateId = await ownerEstimate(ctx.db.pool, 'estimate_sections', spaceId, input.estimateSectionId);
  const figured = await changeFigured(ctx, estimateId, async (client) => {
    const count = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM estimate_lines WHERE "estimateId" = $1`,
      [estimateId],
    );
    if ((count.rows[0]?.n ?? 0) >= ESTIMATE_LIMITS.linesPerEstimate)
      throw invalid('estimateSectionId', 'estimates.validation.too_many_lines', {
        max: ESTIMATE_LIMITS.linesPerEstimate,
      });
    const measureId = await measureOfUnit(client, spaceId, input.unit);
    const { rows } = await client.query<LineRow>(
      `INSERT INTO estimate_lines (id, "spaceId", "estimateId", "sectionId", "originId", "sortKey", number, code, name,
         unit, "measureId", quantity, "unitLabour", "unitMachines", "unitMaterials", "labourHoursPerUnit",
         "machineHoursPerUnit", "volumeCode", "wbsCode")
       SELECT g.id, $1, $2, $3, g.id, (SELECT coalesce(max("sortKey"), 0) + 1024 FROM estimate_lines
         WHERE "sectionId" = $3), $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16
       FROM (SELECT gen_random_uuid() AS id) g
       RETURNING ${LINE_SELECT}`,
      [
        spaceId,
        estimateId,
        input.estimateSectionId,
        input.number || null,
        input.code ?? '',
        input.name,
        input.unit ?? '',
        measureId,
        input.quantity ?? 0,
        input.unitCost?.labour ?? 0,
        input.unitCost?.machines ?? 0,
        input.unitCost?.materials ?? 0,
        input.labourHoursPerUnit ?? 0,
        input.machineHoursPerUnit ?? 0,
        input.volumeCode || null,
        input.wbsCode || null,
      ],
    );
    return rows[0]!;
  });
  return { ...lineView(figured.result, figured.figures), estimate: estimateFigures(estimateId, figured) };
}

export async function updateLine(ctx: SpaceContext, input: UpdateLineInput) {
  const spaceId = ctx.space.spaceId;
  const estimateId = await ownerEstimate(ctx.db.pool, 'estimate_lines', spaceId, input.estimateLineId);
  const figured = await changeFigured(ctx, estimateId, async (client) => {
    const measureId = input.unit !== undefined ? await measureOfUnit(client, spaceId, input.unit) : null;
    const nullable = (v: string | null | undefined) => (v === undefined ? null : (v ?? ''));
    const { rows } = await client.query<LineRow>(
      `UPDATE estimate_lines SET
         number = CASE WHEN $3::text IS NULL THEN number ELSE nullif($3, '') END,
         code = coalesce($4, code), name = coalesce($5, name),
         unit = coalesce($6, unit), "measureId" = CASE WHEN $6::text IS NULL THEN "measureId" ELSE $7::uuid END,
         quantity = coalesce($8, quantity), "unitLabour" = coalesce($9, "unitLabour"),
         "unitMachines" = coalesce($10, "unitMachines"), "unitMaterials" = coalesce($11, "unitMaterials"),
         "labourHoursPerUnit" = coalesce($12, "labourHoursPerUnit"),
         "machineHoursPerUnit" = coalesce($13, "machineHoursPerUnit"),
         "volumeCode" = CASE WHEN $14::text IS NULL THEN "volumeCode" ELSE nullif($14, '') END,
         "wbsCode" = CASE WHEN $15::text IS NULL THEN "wbsCode" ELSE nullif($15, '') END,
         revision = revision + 1, "updatedAt" = now()
       WHERE id = $1 AND revision = $2 RETURNING ${LINE_SELECT}`,
      [
        input.estimateLineId,
        input.revision,
        nullable(input.number),
        input.code ?? null,
        input.name ?? null,
        input.unit ?? null,
        measureId,
        input.quantity ?? null,
        input.unitCost?.labour ?? null,
        input.unitCost?.machines ?? null,
        input.unitCost?.materials ?? null,
        input.labourHoursPerUnit ?? null,
        input.machineHoursPerUnit ?? null,
        nullable(input.volumeCode),
        nullable(input.wbsCode),
      ],
    );
    if (!rows[0]) throw new AppError('Conflict');
    return rows[0];
  });
  return { ...lineView(figured.result, figured.figures), estimate: estimateFigures(estimateId, figured) };
}

export async function deleteLine(ctx: SpaceContext, estimateLineId: string) {
  const spaceId = ctx.space.spaceId;
  const estimateId = await ownerEstimate(ctx.db.pool, 'estimate_lines', spaceId, estimateLineId);
  const figured = await changeFigured(ctx, estimateId, async (client) => {
    const { rowCount } = await client.query(`DELETE FROM estimate_lines WHERE id = $1`, [estimateLineId]);
    return deletedOrNotFound(rowCount);
  });
  return { ...figured.result, estimate: estimateFigures(estimateId, figured) };
}

/**
 * Moves a line one place up or down among the lines of its section, or to the end of another section of the
 * same estimate, at the line's revision.
 */
export async function moveLine(
  ctx: SpaceContext,
  input: { estimateLineId: string; revision: number; direction?: 'up' | 'down'; estimateSectionId?: string },
) {
  const spaceId = ctx.space.spaceId;
  const estimateId = await ownerEstimate(ctx.db.pool, 'estimate_lines', spaceId, input.estimateLineId);
  const figured = await changeFigured(ctx, estimateId, async (client) => {
    const line = await rowOrNotFound<{ sectionId: string; revision: number }>(
      client,
      `SELECT "sectionId", revision FROM estimate_lines WHERE id = $1`,
      [input.estimateLineId],
    );
    if (line.revision !== input.revision) throw new AppError('Conflict');
    if (input.estimateSectionId && input.estimateSectionId !== line.sectionId) {
      if ((await ownerEstimate(client, 'estimate_sections', spaceId, input.estimateSectionId)) !== estimateId)
        throw new AppError('NotFound');
      await client.query(
        `UPDATE estimate_lines SET "sectionId" = $2, "sortKey" = (SELECT coalesce(max("sortKey"), 0) + 1024
           FROM estimate_lines WHERE "sectionId" = $2), revision = revision + 1, "updatedAt" = now()
         WHERE id = $1`,
        [input.estimateLineId, input.estimateSectionId],
      );
    } else if (input.direction) {
      const { rows } = await client.query<{ id: string }>(
        `SELECT id FROM estimate_lines WHERE "sectionId" = $1 ORDER BY "sortKey", id`,
        [line.sectionId],
      );
      await swapSortKeys(client, 'estimate_lines', rows, input.estimateLineId, input.direction);
    }
    const { rows } = await client.query<LineRow>(`SELECT ${LINE_SELECT} FROM estimate_lines WHERE id = $1`, [
      input.estimateLineId,
    ]);
    return rows[0]!;
  });
  return { ...lineView(figured.result, figured.figures), estimate: estimateFigures(estimateId, figured) };
}

/**
 * A local (or design, or other) estimate rolled up into a summary estimate's chapter: a line of the chapter's
 * section (made with the chapter's standard name when missing) that stands for the estimate's totals.
 */
export async function addToSummary(
  ctx: SpaceContext,
  input: { estimateId: string; sourceEstimateId: string; chapter: number },
) {
  const spaceId = ctx.space.spaceId;
  const { figures } = await changeFigured(ctx, input.estimateId, async (client, summary) => {
    if (summary.kind !== 'ssr') throw invalid('estimateId', 'estimates.validation.summary_only');
    const source = await estimateRow(client, spaceId, input.sourceEstimateId);
    if (source.kind === 'ssr') throw invalid('sourceEstimateId', 'estimates.validation.summary_source');
    let section = (
      await client.query<{ id: string }>(
        `SELECT id FROM estimate_sections WHERE "estimateId" = $1 AND chapter = $2 ORDER BY "sortKey" LIMIT 1`,
        [summary.id, input.chapter],
      )
    ).rows[0]?.id;
    if (!section) {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO estimate_sections (id, "spaceId", "estimateId", "sortKey", code, name, chapter)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          spaceId,
          summary.id,
          input.chapter * 1024,
          String(input.chapter),
          translate(ctx.lang, `estimates.chapter.${input.chapter}`),
          input.chapter,
        ],
      );
      section = rows[0]!.id;
    }
    await client.query(
      `INSERT INTO estimate_lines (id, "spaceId", "estimateId", "sectionId", "originId", "sortKey", code, name, unit,
         quantity, "sourceEstimateId")
       SELECT g.id, $1, $2, $3, g.id, (SELECT coalesce(max("sortKey"), 0) + 1024 FROM estimate_lines WHERE "sectionId" = $3),
         $4, $5, '', 1, $6
       FROM (SELECT gen_random_uuid() AS id) g`,
      [spaceId, summary.id, section, source.code ?? '', source.name, source.id],
    );
  });
  return estimateView(ctx, input.estimateId, figures);
}

/**
 * Prices the estimate's lines from the pdc: a line whose code is a pdc resource's takes that resource's price
 * (at the estimate's price level, today without one, in its region) as the unit cost of its part — labour,
 * machines or materials — the other parts 0. Answers how many lines were priced and the codes found nowhere.
 */
export async function priceFromPdc(ctx: SpaceContext, estimateId: string) {
  const spaceId = ctx.space.spaceId;
  const { result, figures } = await changeFigured(ctx, estimateId, async (client, estimate) => {
    const { rows: lines } = await client.query<{ id: string; code: string }>(
      `SELECT id, code FROM estimate_lines WHERE "estimateId" = $1 AND code <> '' AND "sourceEstimateId" IS NULL`,
      [estimateId],
    );
    const date = estimate.priceLevel ?? new Date().toISOString().slice(0, 10);
    const prices = await pdcPricesAt(
      client,
      spaceId,
      [...new Set(lines.map((l) => l.code))],
      estimate.region,
      date,
    );
    const priced = lines.filter((l) => prices.has(l.code));
    const part = (kind: string, target: string, price: number) => (kind === target ? price : 0);
    await client.query(
      `UPDATE estimate_lines l SET "unitLabour" = t.labour, "unitMachines" = t.machines, "unitMaterials" = t.materials,
         revision = revision + 1, "updatedAt" = now()
       FROM unnest($1::uuid[], $2::float8[], $3::float8[], $4::float8[]) AS t(id, labour, machines, materials)
       WHERE l.id = t.id`,
      [
        priced.map((l) => l.id),
        priced.map((l) => part(prices.get(l.code)!.kind, 'labour', prices.get(l.code)!.price)),
        priced.map((l) => part(prices.get(l.code)!.kind, 'machine', prices.get(l.code)!.price)),
        priced.map((l) => part(prices.get(l.code)!.kind, 'material', prices.get(l.code)!.price)),
      ],
    );
    return {
      priced: priced.length,
      unpriced: [...new Set(lines.filter((l) => !prices.has(l.code)).map((l) => l.code))],
    };
  });
  return { ...result, estimate: await estimateView(ctx, estimateId, figures) };
}

// ── coefficients ─────────────────────────────────────────────────────────────────────────────────
export async function createCoefficient(
  ctx: SpaceContext,
  input: {
    estimateId: string;
    estimateSectionId?: string;
    estimateLineId?: string;
    name: string;
    code?: string;
    kind?: CoefficientRow['kind'];
    target?: CoefficientRow['target'];
    value: number;
  },
) {
  const spaceId = ctx.space.spaceId;
  return changeEstimate(ctx, input.estimateId, async (client) => {
    for (const [table, id] of [
      ['estimate_sections', input.estimateSectionId],
      ['estimate_lines', input.estimateLineId],
    ] as const)
      if (id && (await ownerEstimate(client, table, spaceId, id)) !== input.estimateId)
        throw new AppError('NotFound');
    const owner = `"estimateId" = $2 AND "sectionId" IS NOT DISTINCT FROM $3::uuid AND "lineId" IS NOT DISTINCT FROM $4::uuid`;
    const count = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM cost_coefficients WHERE "estimateId" = $1
         AND "sectionId" IS NOT DISTINCT FROM $2::uuid AND "lineId" IS NOT DISTINCT FROM $3::uuid`,
      [input.estimateId, input.estimateSectionId ?? null, input.estimateLineId ?? null],
    );
    if ((count.rows[0]?.n ?? 0) >= ESTIMATE_LIMITS.coefficientsPerTarget) throw new AppError('BadRequest');
    const { rows } = await client.query<CoefficientRow>(
      `INSERT INTO cost_coefficients (id, "spaceId", "estimateId", "sectionId", "lineId", "sortKey", code, name, kind,
         target, value)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, (SELECT coalesce(max("sortKey"), 0) + 1024 FROM cost_coefficients
         WHERE ${owner}), $5, $6, $7, $8, $9)
       RETURNING ${COEFFICIENT_SELECT}`,
      [
        spaceId,
        input.estimateId,
        input.estimateSectionId ?? null,
        input.estimateLineId ?? null,
        input.code || null,
        input.name,
        input.kind ?? 'coefficient',
        input.target ?? 'all',
        input.value,
      ],
    );
    return rows[0]!;
  });
}

export async function updateCoefficient(
  ctx: SpaceContext,
  input: {
    costCoefficientId: string;
    revision: number;
    name?: string;
    code?: string;
    kind?: CoefficientRow['kind'];
    target?: CoefficientRow['target'];
    value?: number;
  },
) {
  const spaceId = ctx.space.spaceId;
  const estimateId = await ownerEstimate(ctx.db.pool, 'cost_coefficients', spaceId, input.costCoefficientId);
  return changeEstimate(ctx, estimateId, async (client) => {
    const { rows } = await client.query<CoefficientRow>(
      `UPDATE cost_coefficients SET name = coalesce($3, name),
         code = CASE WHEN $4::text IS NULL THEN code ELSE nullif($4, '') END,
         kind = coalesce($5::"CoefficientKind", kind), target = coalesce($6::"CoefficientTarget", target),
         value = coalesce($7, value), revision = revision + 1, "updatedAt" = now()
       WHERE id = $1 AND revision = $2 RETURNING ${COEFFICIENT_SELECT}`,
      [
        input.costCoefficientId,
        input.revision,
        input.name ?? null,
        input.code ?? null,
        input.kind ?? null,
        input.target ?? null,
        input.value ?? null,
      ],
    );
    if (!rows[0]) throw new AppError('Conflict');
    return rows[0];
  });
}

export async function deleteCoefficient(ctx: SpaceContext, costCoefficientId: string) {
  const spaceId = ctx.space.spaceId;
  const estimateId = await ownerEstimate(ctx.db.pool, 'cost_coefficients', spaceId, costCoefficientId);
  return changeEstimate(ctx, estimateId, async (client) => {
    const { rowCount } = await client.query(`DELETE FROM cost_coefficients WHERE id = $1`, [
      costCoefficientId,
    ]);
    return deletedOrNotFound(rowCount);
  });
}

/** Moves a coefficient one place earlier or later among those of the same estimate, section or line. */
export async function moveCoefficient(
  ctx: SpaceContext,
  input: { costCoefficientId: string; direction: 'up' | 'down' },
) {
  const spaceId = ctx.space.spaceId;
  const estimateId = await ownerEstimate(ctx.db.pool, 'cost_coefficients', spaceId, input.costCoefficientId);
  const { figures } = await changeFigured(ctx, estimateId, async (client) => {
    const { rows } = await client.query<{ id: string; sortKey: number }>(
      `SELECT o.id, o."sortKey" FROM cost_coefficients c JOIN cost_coefficients o ON o."estimateId" = c."estimateId"
         AND o."sectionId" IS NOT DISTINCT FROM c."sectionId" AND o."lineId" IS NOT DISTINCT FROM c."lineId"
       WHERE c.id = $1 ORDER BY o."sortKey", o.id`,
      [input.costCoefficientId],
    );
    const at = rows.findIndex((r) => r.id === input.costCoefficientId);
    const other = rows[input.direction === 'up' ? at - 1 : at + 1];
    if (!other) return;
    const self = rows[at]!;
    await client.query(
      `UPDATE cost_coefficients c SET "sortKey" = t.key, revision = revision + 1, "updatedAt" = now()
       FROM unnest($1::uuid[], $2::int[]) AS t(id, key) WHERE c.id = t.id`,
      [
        [self.id, other.id],
        [
          other.sortKey === self.sortKey
            ? other.sortKey + (input.direction === 'up' ? -1 : 1)
            : other.sortKey,
          self.sortKey,
        ],
      ],
    );
  });
  return estimateView(ctx, estimateId, figures);
}

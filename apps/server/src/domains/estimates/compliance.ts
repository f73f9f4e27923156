import {
  type ComplianceRuleBody,
  type ComplianceRuleKindId,
  ESTIMATE_LIMITS,
  type Language,
} from '@takt/contracts';
import { translate } from '@takt/i18n';
import { roundMoney } from '@takt/interchange';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, rowOrNotFound, type Sql } from '../../db/sql';
import { AppError, deletedOrNotFound } from '../../errors';
import { versionForResources } from '../resources';
import { UndoRecorder } from '../undo';
import { convertQuantity, type MeasureDto, measureIndex, measuresOf, unitKey } from './directories';
import { type EstimateRow, estimateRow } from './tree';

/**
 * Compliance (docs/product-rules.md, "Estimates"): rules link an estimate's lines to works of a schedule version
 * (by volume code, by WBS code, by conditions like the BIM link rules), links may be made by hand; applying
 * them feeds the works — planned volume, and the assignments of the two estimate resources (cost, labour hours)
 * that the analytics and the cost scenario read.
 */

const invalid = (path: string, message: string) => new AppError('ValidationError', {}, [{ path, message }]);

/** The resources the estimate's cost and labour reach the works through (made on first use). */
const COST_RESOURCE = 'ESTIMATE-COST';
const LABOUR_RESOURCE = 'ESTIMATE-LABOUR';

// ── rules ────────────────────────────────────────────────────────────────────────────────────────
interface RuleRow {
  id: string;
  kind: ComplianceRuleKindId;
  name: string;
  rule: ComplianceRuleBody | Record<string, never>;
  sortKey: number;
  revision: number;
}
const RULE_SELECT = `id, kind, name, rule, "sortKey", revision`;

export async function listRules(ctx: SpaceContext, estimateId: string) {
  await estimateRow(ctx.db.pool, ctx.space.spaceId, estimateId);
  const { rows } = await ctx.db.pool.query<RuleRow>(
    `SELECT ${RULE_SELECT} FROM compliance_rules WHERE "estimateId" = $1 ORDER BY "sortKey", id`,
    [estimateId],
  );
  return rows;
}

export async function createRule(
  ctx: SpaceContext,
  input: { estimateId: string; kind: ComplianceRuleKindId; name: string; rule?: ComplianceRuleBody },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const estimate = await estimateRow(client, spaceId, input.estimateId, true);
    if (estimate.kind === 'ssr')
      throw invalid('estimateId', 'estimates.validation.no_compliance_for_summary');
    const count = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM compliance_rules WHERE "estimateId" = $1`,
      [estimate.id],
    );
    if ((count.rows[0]?.n ?? 0) >= ESTIMATE_LIMITS.rulesPerEstimate) throw new AppError('BadRequest');
    const { rows } = await client.query<RuleRow>(
      `INSERT INTO compliance_rules (id, "spaceId", "estimateId", kind, name, rule, "sortKey")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5::jsonb,
         (SELECT coalesce(max("sortKey"), 0) + 1024 FROM compliance_rules WHERE "estimateId" = $2))
       RETURNING ${RULE_SELECT}`,
      [spaceId, estimate.id, input.kind, input.name, JSON.stringify(input.kind === 'rule' ? input.rule : {})],
    );
    return rows[0]!;
  });
}

export async function updateRule(
  ctx: SpaceContext,
  input: { complianceRuleId: string; revision: number; name?: string; rule?: ComplianceRuleBody },
) {
  const spaceId = ctx.space.spaceId;
  const { rows } = await ctx.db.pool.query<RuleRow>(
    `UPDATE compliance_rules SET name = coalesce($4, name),
       rule = CASE WHEN kind = 'rule' AND $5::jsonb IS NOT NULL THEN $5::jsonb ELSE rule END,
       revision = revision + 1, "updatedAt" = now()
     WHERE id = $1 AND "spaceId" = $2 AND revision = $3 RETURNING ${RULE_SELECT}`,
    [
      input.complianceRuleId,
      spaceId,
      input.revision,
      input.name ?? null,
      input.rule ? JSON.stringify(input.rule) : null,
    ],
  );
  if (rows[0]) return rows[0];
  await rowOrNotFound(ctx.db.pool, `SELECT 1 FROM compliance_rules WHERE id = $1 AND "spaceId" = $2`, [
    input.complianceRuleId,
    spaceId,
  ]);
  throw new AppError('Conflict');
}

export async function deleteRule(ctx: SpaceContext, complianceRuleId: string) {
  const { rowCount } = await ctx.db.pool.query(
    `DELETE FROM compliance_rules WHERE id = $1 AND "spaceId" = $2`,
    [complianceRuleId, ctx.space.spaceId],
  );
  return deletedOrNotFound(rowCount);
}

// ── matching ─────────────────────────────────────────────────────────────────────────────────────
interface WorkRow {
  id: string;
  parentId: string | null;
  code: string | null;
  name: string;
  type: string;
  unit: string | null;
}
interface LineRow {
  id: string;
  code: string;
  name: string;
  volumeCode: string | null;
  wbsCode: string | null;
  sectionCodes: string[];
}

/** The works of a version, indexed for the rules: by code, by parent, the leaves under a work. */
function worksIndex(works: readonly WorkRow[]) {
  const byCode = new Map<string, WorkRow[]>();
  const children = new Map<string | null, WorkRow[]>();
  for (const w of works) {
    // Pushed, not copied: a flat version of 100,000 works under one parent copied its list per work.
    if (w.code) {
      const same = byCode.get(w.code);
      if (same) same.push(w);
      else byCode.set(w.code, [w]);
    }
    const siblings = children.get(w.parentId);
    if (siblings) siblings.push(w);
    else children.set(w.parentId, [w]);
  }
  const isLeaf = (w: WorkRow) => w.type !== 'sum' && w.type !== 'draft';
  const leavesUnder = (w: WorkRow): WorkRow[] => {
    if (isLeaf(w)) return [w];
    const out: WorkRow[] = [];
    const stack = [...(children.get(w.id) ?? [])];
    while (stack.length) {
      const x = stack.pop()!;
      if (isLeaf(x)) out.push(x);
      else stack.push(...(children.get(x.id) ?? []));
    }
    return out;
  };
  const byPath = (path: readonly string[]): WorkRow[] => {
    let level: WorkRow[] = children.get(null) ?? [];
    let found: WorkRow[] = [];
    for (const name of path) {
      const key = name.trim().toLowerCase();
      found = key === '*' ? level : level.filter((w) => w.name.trim().toLowerCase() === key);
      if (!found.length) return [];
      level = found.flatMap((w) => children.get(w.id) ?? []);
    }
    return found.flatMap(leavesUnder);
  };
  return { byCode, isLeaf, leavesUnder, byPath, works };
}

/**
 * The works each line is linked to by the rules, in rule order: the first rule that finds works for a line
 * links it; lines linked by hand in this version are left to their manual links. Codes that no work has (for
 * the volume code and WBS code rules) are the missing codes, in line order.
 */
function matchRules(
  rules: readonly RuleRow[],
  lines: readonly LineRow[],
  index: ReturnType<typeof worksIndex>,
  manual: ReadonlySet<string>,
) {
  const links = new Map<string, { works: WorkRow[]; source: ComplianceRuleKindId }>();
  const perRule = rules.map(() => 0);
  const missing: string[] = [];
  const missingSeen = new Set<string>();
  const unmatched = new Map<string, string>();
  for (const line of lines) {
    if (manual.has(line.id)) continue;
    for (const [i, rule] of rules.entries()) {
      let works: WorkRow[] = [];
      if (rule.kind === 'volume_code') {
        if (!line.volumeCode) continue;
        works = (index.byCode.get(line.volumeCode) ?? []).filter(index.isLeaf);
        if (!works.length) unmatched.set(line.id, line.volumeCode);
      } else if (rule.kind === 'wbs_code') {
        if (!line.wbsCode) continue;
        works = (index.byCode.get(line.wbsCode) ?? []).flatMap(index.leavesUnder);
        if (!works.length) unmatched.set(line.id, line.wbsCode);
      } else {
        const body = rule.rule as ComplianceRuleBody;
        if (!body.line || !body.target) continue;
        const { codePrefix, nameContains, sectionCode } = body.line;
        if (codePrefix && !line.code.startsWith(codePrefix)) continue;
        if (nameContains && !line.name.toLowerCase().includes(nameContains.toLowerCase())) continue;
        if (sectionCode && !line.sectionCodes.includes(sectionCode)) continue;
        works =
          body.target.kind === 'wbs'
            ? index.byPath(body.target.path)
            : index.works.filter(
                (w) => index.isLeaf(w) && w.code?.startsWith((body.target as { prefix: string }).prefix),
              );
      }
      if (!works.length) continue;
      const unique = [...new Map(works.map((w) => [w.id, w])).values()];
      links.set(line.id, { works: unique, source: rule.kind });
      perRule[i]! += unique.length;
      unmatched.delete(line.id);
      break;
    }
  }
  for (const code of unmatched.values())
    if (!missingSeen.has(code)) {
      missingSeen.add(code);
      missing.push(code);
    }
  return { links, perRule, missing };
}

/** The error catalogue's missing volume codes message: the first two codes, then "and N more". */
export function missingCodesMessage(lang: Language, codes: readonly string[]): string | null {
  if (!codes.length) return null;
  const shown = codes.slice(0, ESTIMATE_LIMITS.missingCodesShown);
  return translate(lang, 'estimates.missing_volume_codes', {
    codes: shown.join(', '),
    more: codes.length - shown.length,
  });
}

/** The version's schedule must sit at the estimate's node or below it. */
async function versionOfEstimate(client: Sql, estimate: EstimateRow, versionId: string) {
  const { rows } = await client.query<{ ok: boolean }>(
    `WITH RECURSIVE up AS (SELECT n.id, n."parentId" FROM versions v JOIN eps_nodes n ON n.id = v."scheduleId"
         WHERE v.id = $1
       UNION ALL SELECT n.id, n."parentId" FROM eps_nodes n JOIN up ON n.id = up."parentId")
     SELECT EXISTS (SELECT 1 FROM up WHERE id = $2) AS ok`,
    [versionId, estimate.nodeId],
  );
  if (!rows[0]?.ok) throw invalid('versionId', 'estimates.validation.other_space_node');
}

async function linesOf(sql: Sql, estimateId: string): Promise<LineRow[]> {
  const { rows } = await sql.query<LineRow>(
    // The section codes up from each section aggregated once and joined (a subquery per line scanned the whole
    // recursive result for every line: minutes at 50,000 lines).
    `WITH RECURSIVE up AS (SELECT s.id AS leaf, s.id, s."parentId", s.code FROM estimate_sections s WHERE s."estimateId" = $1
       UNION ALL SELECT up.leaf, p.id, p."parentId", p.code FROM estimate_sections p JOIN up ON p.id = up."parentId"),
     codes AS (SELECT leaf, array_agg(code) AS codes FROM up WHERE code IS NOT NULL GROUP BY leaf)
     SELECT l.id, l.code, l.name, l."volumeCode", l."wbsCode", coalesce(c.codes, '{}') AS "sectionCodes"
     FROM estimate_lines l LEFT JOIN codes c ON c.leaf = l."sectionId"
     WHERE l."estimateId" = $1 ORDER BY l."sortKey", l.id`,
    [estimateId],
  );
  return rows;
}

// ── applying ─────────────────────────────────────────────────────────────────────────────────────
export interface ApplyResult {
  /** Links the rules made (with those by hand, the lines and works they join). */
  linked: number;
  lines: number;
  works: number;
  perRule: { ruleId: string; links: number }[];
  missing: string[];
  message: string | null;
  dryRun: boolean;
}

/**
 * Applies the estimate's compliance rules to a version (docs/product-rules.md, "Estimates"): the links earlier
 * rule applications of this estimate made in the version — and every link of its other versions there — are
 * replaced by what the rules find now; links by hand stay. Then the version's works are fed again from every
 * estimate linked in it, as one undo action. `dryRun` only counts.
 */
export async function applyCompliance(
  ctx: SpaceContext,
  input: { estimateId: string; versionId: string; dryRun?: boolean },
): Promise<ApplyResult> {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const estimate = await estimateRow(client, spaceId, input.estimateId, true);
    if (estimate.kind === 'ssr')
      throw invalid('estimateId', 'estimates.validation.no_compliance_for_summary');
    await versionForResources(client, spaceId, input.versionId);
    await versionOfEstimate(client, estimate, input.versionId);
    const { result, links } = await matchEstimate(
      client,
      ctx.lang,
      estimate,
      input.versionId,
      !!input.dryRun,
    );
    if (input.dryRun) return result;
    // The links and the figures they feed written together: a new link is inserted with its figures.
    const plan = await planRuleLinks(client, estimate, input.versionId, links);
    await feedVersion(client, { spaceId, lang: ctx.lang }, input.versionId, ctx, {
      estimateId: estimate.id,
      plan,
    });
    return result;
  });
}

/** The rules' links of an estimate in a version, made again (or only counted), inside the caller's transaction. */
export async function linkByRules(
  client: pg.PoolClient,
  spaceId: string,
  lang: Language,
  estimate: EstimateRow,
  versionId: string,
  dryRun = false,
): Promise<ApplyResult> {
  const { result, links } = await matchEstimate(client, lang, estimate, versionId, dryRun);
  if (dryRun) return result;
  const plan = await planRuleLinks(client, estimate, versionId, links);
  if (plan.remove.length)
    await client.query(`DELETE FROM estimate_links WHERE id IN (SELECT unnest($1::uuid[]))`, [plan.remove]);
  if (plan.changed.size)
    await client.query(
      `UPDATE estimate_links k SET source = t.source, share = 1
       FROM unnest($1::uuid[], $2::text[]) AS t(id, source) WHERE k.id = t.id`,
      [[...plan.changed.keys()], [...plan.changed.values()]],
    );
  if (plan.added.length)
    await client.query(
      `INSERT INTO estimate_links (id, "spaceId", "estimateId", "lineId", "versionId", "workId", source)
       SELECT gen_random_uuid(), $1, $2, t."lineId", $3, t."workId", t.source
       FROM unnest($4::uuid[], $5::uuid[], $6::text[]) AS t("lineId", "workId", source)
       ON CONFLICT ("lineId", "versionId", "workId") DO NOTHING`,
      [
        spaceId,
        estimate.id,
        versionId,
        plan.added.map((r) => r.lineId),
        plan.added.map((r) => r.workId),
        plan.added.map((r) => r.source),
      ],
    );
  return result;
}

/** What the rules find for an estimate's lines in a version, counted. */
async function matchEstimate(
  client: pg.PoolClient,
  lang: Language,
  estimate: EstimateRow,
  versionId: string,
  dryRun: boolean,
) {
  const { rows: rules } = await client.query<RuleRow>(
    `SELECT ${RULE_SELECT} FROM compliance_rules WHERE "estimateId" = $1 ORDER BY "sortKey", id`,
    [estimate.id],
  );
  const { rows: works } = await client.query<WorkRow>(
    `SELECT id, "parentId", code, name, type, unit FROM works WHERE "versionId" = $1`,
    [versionId],
  );
  const lines = await linesOf(client, estimate.id);
  const { rows: manualRows } = await client.query<{ lineId: string }>(
    `SELECT DISTINCT "lineId" FROM estimate_links WHERE "estimateId" = $1 AND "versionId" = $2 AND source = 'manual'`,
    [estimate.id, versionId],
  );
  const manual = new Set(manualRows.map((r) => r.lineId));
  const matched = matchRules(rules, lines, worksIndex(works), manual);
  const linked = [...matched.links.values()].reduce((n, l) => n + l.works.length, 0);
  const result: ApplyResult = {
    linked,
    lines: matched.links.size,
    works: new Set([...matched.links.values()].flatMap((l) => l.works.map((w) => w.id))).size,
    perRule: rules.map((r, i) => ({ ruleId: r.id, links: matched.perRule[i]! })),
    missing: matched.missing,
    message: missingCodesMessage(lang, matched.missing),
    dryRun,
  };
  return { result, links: matched.links };
}

/**
 * How the rules' links of an estimate in a version replace those earlier applications made (and every link of
 * its other versions there), as a difference: a link the rules find again stays (its id and fed figures kept;
 * `changed` gives it another rule's source), the rest are removed, the new ones added.
 */
interface LinkPlan {
  remove: string[];
  changed: Map<string, string>;
  added: { lineId: string; workId: string; source: string }[];
}

async function planRuleLinks(
  client: pg.PoolClient,
  estimate: EstimateRow,
  versionId: string,
  links: ReadonlyMap<string, { works: WorkRow[]; source: ComplianceRuleKindId }>,
): Promise<LinkPlan> {
  const wanted = new Map<string, { lineId: string; workId: string; source: string }>();
  for (const [lineId, l] of links)
    for (const w of l.works) wanted.set(`${lineId}:${w.id}`, { lineId, workId: w.id, source: l.source });
  const { rows: existing } = await client.query<{
    id: string;
    lineId: string;
    workId: string;
    source: string;
    share: number;
  }>(
    `SELECT id, "lineId", "workId", source, share FROM estimate_links
     WHERE "versionId" = $1 AND (("estimateId" = $2 AND source <> 'manual')
       OR "estimateId" IN (SELECT id FROM estimates WHERE "originId" = $3 AND id <> $2))`,
    [versionId, estimate.id, estimate.originId],
  );
  const plan: LinkPlan = { remove: [], changed: new Map(), added: [] };
  for (const k of existing) {
    const key = `${k.lineId}:${k.workId}`;
    const want = wanted.get(key);
    if (!want) {
      plan.remove.push(k.id);
      continue;
    }
    wanted.delete(key);
    // A rule's link has the default share.
    if (want.source !== k.source || k.share !== 1) plan.changed.set(k.id, want.source);
  }
  plan.added = [...wanted.values()];
  return plan;
}

/**
 * Feeds the works of a version from every estimate line linked to them: a line is split among its works by
 * the links' shares; a work gets the sum of its parts — planned volume (converted to the work's unit through
 * the measures, or in the line's unit when the work has none), cost and labour hours as the planned quantities
 * of the estimate resources' assignments. Works no line feeds any more lose those assignments. One undo action
 * when the caller's context is given.
 *
 * Everything is read first and compared with what is stored: only the links, assignments and works whose
 * figures change are written (in one statement each), and only the works that change are snapshotted for the
 * undo action — a feed that changes nothing writes no row and records no action.
 */
export async function feedVersion(
  client: pg.PoolClient,
  where: { spaceId: string; lang: Language },
  versionId: string,
  /** The caller's context, to record the undo action (the demo seed records none). */
  ctx?: SpaceContext,
  /** The rules' links of an estimate not written yet: written here, a new one with its figures. */
  pending?: { estimateId: string; plan: LinkPlan },
) {
  const { spaceId } = where;
  const resources = await estimateResources(client, where);
  const plan = pending?.plan ?? { remove: [], changed: new Map<string, string>(), added: [] };
  const removed = new Set(plan.remove);
  const { rows: read } = await client.query<{
    id: string | null;
    source: string | null;
    lineId: string;
    workId: string;
    share: number;
    quantity: number;
    unit: string;
    measureId: string | null;
    total: number | null;
    labourHours: number | null;
    workUnit: string | null;
    workVolume: number | null;
    linkVolume: number | null;
    linkCost: number | null;
    linkLabour: number | null;
  }>(
    // The links of the version as they are and those about to be added (no id), each with its line and work.
    `WITH k AS (
       SELECT id, "lineId", "workId", share, NULL AS source, volume, cost, "labourHours" FROM estimate_links
       WHERE "versionId" = $1
       UNION ALL SELECT NULL, t."lineId", t."workId", 1, t.source, NULL, NULL, NULL
       FROM unnest($2::uuid[], $3::uuid[], $4::text[]) AS t("lineId", "workId", source))
     SELECT k.id, k.source, k."lineId", k."workId", k.share, l.quantity, l.unit, l."measureId",
       (l.totals->>'total')::float8 AS total, (l.totals->>'labourHours')::float8 AS "labourHours",
       w.unit AS "workUnit", w."planVolume" AS "workVolume",
       k.volume AS "linkVolume", k.cost AS "linkCost", k."labourHours" AS "linkLabour"
     FROM k JOIN estimate_lines l ON l.id = k."lineId" JOIN works w ON w.id = k."workId"
     ORDER BY k."lineId", k."workId"`,
    [
      versionId,
      plan.added.map((a) => a.lineId),
      plan.added.map((a) => a.workId),
      plan.added.map((a) => a.source),
    ],
  );
  const links = read.filter((k) => !(k.id && removed.has(k.id)));
  const measures = await measuresOf(client, spaceId);
  const byId = new Map(measures.map((m) => [m.id, m]));
  const byKey = measureIndex(measures);
  // A version's links name a handful of units: each one's key is worked out once.
  const keys = new Map<string, string>();
  const keyOf = (unit: string) => {
    const known = keys.get(unit);
    if (known !== undefined) return known;
    const key = unitKey(unit);
    keys.set(unit, key);
    return key;
  };
  const measureOf = (unit: string | null, id?: string | null): MeasureDto | undefined =>
    (id ? byId.get(id) : undefined) ?? (unit ? byKey.get(keyOf(unit)) : undefined);
  const shares = new Map<string, number>();
  for (const k of links) shares.set(k.lineId, (shares.get(k.lineId) ?? 0) + k.share);

  interface Fed {
    cost: number;
    labour: number;
    volume: number | null;
    unit: string | null;
    stored: { unit: string | null; volume: number | null };
  }
  const fed = new Map<string, Fed>();
  const linkChanges: {
    id: string;
    source: string | null;
    volume: number | null;
    cost: number;
    labour: number;
  }[] = [];
  const linksNew: {
    lineId: string;
    workId: string;
    source: string;
    volume: number | null;
    cost: number;
    labour: number;
  }[] = [];
  for (const k of links) {
    const part = k.share / shares.get(k.lineId)!;
    const cost = roundMoney((k.total ?? 0) * part);
    const labour = roundMoney((k.labourHours ?? 0) * part);
    let work = fed.get(k.workId);
    if (!work) {
      work = {
        cost: 0,
        labour: 0,
        volume: null,
        unit: k.workUnit || null,
        stored: { unit: k.workUnit, volume: k.workVolume },
      };
      fed.set(k.workId, work);
    }
    let volume: number | null = null;
    if (k.quantity) {
      const quantity = k.quantity * part;
      if (!work.unit) {
        work.unit = k.unit || null;
        volume = quantity;
      } else {
        const from = measureOf(k.unit, k.measureId);
        const to = measureOf(work.unit);
        volume =
          from && to
            ? convertQuantity(quantity, from, to, byId)
            : keyOf(k.unit) === keyOf(work.unit)
              ? quantity
              : null;
      }
      if (volume !== null) volume = Math.round(volume * 1e6) / 1e6;
    }
    work.cost = roundMoney(work.cost + cost);
    work.labour = roundMoney(work.labour + labour);
    if (volume !== null) work.volume = Math.round(((work.volume ?? 0) + volume) * 1e6) / 1e6;
    if (!k.id) linksNew.push({ lineId: k.lineId, workId: k.workId, source: k.source!, volume, cost, labour });
    else if (
      plan.changed.has(k.id) ||
      k.linkVolume !== volume ||
      k.linkCost !== cost ||
      k.linkLabour !== labour
    )
      linkChanges.push({ id: k.id, source: plan.changed.get(k.id) ?? null, volume, cost, labour });
  }

  // The estimate resources' assignments as they are, against what the works get now.
  const { rows: assigned } = await client.query<{
    id: string;
    workId: string;
    resourceId: string;
    planQuantity: number;
  }>(
    `SELECT id, "workId", "resourceId", "planQuantity" FROM assignments
     WHERE "versionId" = $1 AND "resourceId" = ANY($2::uuid[])`,
    [versionId, [resources.cost, resources.labour]],
  );
  const amountOf = (work: Fed | undefined, resourceId: string) =>
    work ? (resourceId === resources.cost ? work.cost : work.labour) : 0;
  const touched = new Set<string>();
  const assignmentsGone: string[] = [];
  const assignmentsChanged: { id: string; quantity: number }[] = [];
  const present = new Set<string>();
  for (const a of assigned) {
    present.add(`${a.workId}:${a.resourceId}`);
    const amount = amountOf(fed.get(a.workId), a.resourceId);
    if (amount <= 0) assignmentsGone.push(a.id);
    else if (a.planQuantity !== amount) assignmentsChanged.push({ id: a.id, quantity: amount });
    else continue;
    touched.add(a.workId);
  }
  const assignmentsNew: { workId: string; resourceId: string; quantity: number }[] = [];
  for (const [workId, work] of fed)
    for (const resourceId of [resources.cost, resources.labour]) {
      const amount = amountOf(work, resourceId);
      if (amount > 0 && !present.has(`${workId}:${resourceId}`)) {
        assignmentsNew.push({ workId, resourceId, quantity: amount });
        touched.add(workId);
      }
    }
  // Planned volumes: a work takes the line's unit when it has none (a line without a unit gives it none).
  const worksChanged: { id: string; volume: number; unit: string }[] = [];
  for (const [id, work] of fed) {
    if (work.volume === null) continue;
    const unit = (work.unit ?? '').slice(0, 16);
    if (work.stored.volume === work.volume && (work.stored.unit !== null || unit === '')) continue;
    worksChanged.push({ id, volume: work.volume, unit });
    touched.add(id);
  }

  if (plan.remove.length)
    await client.query(`DELETE FROM estimate_links WHERE id IN (SELECT unnest($1::uuid[]))`, [plan.remove]);
  if (linkChanges.length)
    await client.query(
      // A link another rule found again takes its source and the default share.
      `UPDATE estimate_links k SET volume = t.volume, cost = t.cost, "labourHours" = t.labour,
         source = coalesce(t.source, k.source), share = CASE WHEN t.source IS NULL THEN k.share ELSE 1 END
       FROM unnest($1::uuid[], $2::text[], $3::float8[], $4::float8[], $5::float8[])
         AS t(id, source, volume, cost, labour)
       WHERE k.id = t.id`,
      [
        linkChanges.map((l) => l.id),
        linkChanges.map((l) => l.source),
        linkChanges.map((l) => l.volume),
        linkChanges.map((l) => l.cost),
        linkChanges.map((l) => l.labour),
      ],
    );
  if (linksNew.length)
    await client.query(
      `INSERT INTO estimate_links (id, "spaceId", "estimateId", "lineId", "versionId", "workId", source, volume,
         cost, "labourHours")
       SELECT gen_random_uuid(), $1, $2, t."lineId", $3, t."workId", t.source, t.volume, t.cost, t.labour
       FROM unnest($4::uuid[], $5::uuid[], $6::text[], $7::float8[], $8::float8[], $9::float8[])
         AS t("lineId", "workId", source, volume, cost, labour)
       ON CONFLICT ("lineId", "versionId", "workId") DO NOTHING`,
      [
        spaceId,
        pending?.estimateId,
        versionId,
        linksNew.map((l) => l.lineId),
        linksNew.map((l) => l.workId),
        linksNew.map((l) => l.source),
        linksNew.map((l) => l.volume),
        linksNew.map((l) => l.cost),
        linksNew.map((l) => l.labour),
      ],
    );
  if (touched.size === 0) return;
  // The undo action holds the works whose row changes whole (with the rows hanging off them) and, of the works
  // whose cost or labour alone changes, only their assignments.
  const undo = ctx ? new UndoRecorder(client) : null;
  const rowsChanged = worksChanged.map((w) => w.id);
  const rowChanged = new Set(rowsChanged);
  await undo?.works(rowsChanged);
  await undo?.workRows(
    [...touched].filter((id) => !rowChanged.has(id)),
    ['assignments'],
  );
  if (assignmentsGone.length)
    await client.query(`DELETE FROM assignments WHERE id IN (SELECT unnest($1::uuid[]))`, [assignmentsGone]);
  if (assignmentsChanged.length)
    await client.query(
      `UPDATE assignments a SET "planQuantity" = t.quantity, revision = a.revision + 1, "updatedAt" = now()
       FROM unnest($1::uuid[], $2::float8[]) AS t(id, quantity) WHERE a.id = t.id`,
      [assignmentsChanged.map((a) => a.id), assignmentsChanged.map((a) => a.quantity)],
    );
  if (assignmentsNew.length)
    await client.query(
      `INSERT INTO assignments (id, "spaceId", "versionId", "workId", "resourceId", "planQuantity")
       SELECT gen_random_uuid(), $1, $2, t."workId", t."resourceId", t.quantity
       FROM unnest($3::uuid[], $4::uuid[], $5::float8[]) AS t("workId", "resourceId", quantity)
       ON CONFLICT ("workId", "resourceId") DO UPDATE SET "planQuantity" = EXCLUDED."planQuantity",
         revision = assignments.revision + 1, "updatedAt" = now()`,
      [
        spaceId,
        versionId,
        assignmentsNew.map((a) => a.workId),
        assignmentsNew.map((a) => a.resourceId),
        assignmentsNew.map((a) => a.quantity),
      ],
    );
  if (worksChanged.length)
    await client.query(
      `UPDATE works w SET "planVolume" = t.volume, unit = coalesce(w.unit, nullif(t.unit, '')),
         revision = w.revision + 1, "updatedAt" = now()
       FROM unnest($1::uuid[], $2::float8[], $3::text[]) AS t(id, volume, unit) WHERE w.id = t.id`,
      [worksChanged.map((w) => w.id), worksChanged.map((w) => w.volume), worksChanged.map((w) => w.unit)],
    );
  if (ctx) await undo?.save(ctx, versionId, 'undo_wbs', 'estimates.compliance');
}

/** The space's two estimate resources (cost as a distributed price, labour in hours at no price), made when missing. */
async function estimateResources(
  client: pg.PoolClient,
  { spaceId, lang }: { spaceId: string; lang: Language },
) {
  await client.query(
    `INSERT INTO resources (id, "spaceId", name, code, kind, unit, price, "sortKey")
     VALUES (gen_random_uuid(), $1, $2, $4, 'distributed_price', NULL, 0,
             (SELECT coalesce(max("sortKey"), 0) + 1024 FROM resources WHERE "spaceId" = $1)),
            (gen_random_uuid(), $1, $3, $5, 'labour', 'h', 0,
             (SELECT coalesce(max("sortKey"), 0) + 2048 FROM resources WHERE "spaceId" = $1))
     ON CONFLICT ("spaceId", code) DO NOTHING`,
    [
      spaceId,
      translate(lang, 'estimates.resource.cost'),
      translate(lang, 'estimates.resource.labour'),
      COST_RESOURCE,
      LABOUR_RESOURCE,
    ],
  );
  const { rows } = await client.query<{ id: string; code: string }>(
    `SELECT id, code FROM resources WHERE "spaceId" = $1 AND code = ANY($2::text[])`,
    [spaceId, [COST_RESOURCE, LABOUR_RESOURCE]],
  );
  const of = (code: string) => rows.find((r) => r.code === code)!.id;
  return { cost: of(COST_RESOURCE), labour: of(LABOUR_RESOURCE) };
}

// ── links ────────────────────────────────────────────────────────────────────────────────────────
export interface LinkDto {
  id: string;
  lineId: string;
  workId: string;
  workCode: string | null;
  workName: string;
  source: string;
  share: number;
  volume: number | null;
  cost: number;
  labourHours: number;
}

/** Which works each line of the estimate feeds in a version (the compliance view). */
export async function listLinks(ctx: SpaceContext, input: { estimateId: string; versionId: string }) {
  const spaceId = ctx.space.spaceId;
  await estimateRow(ctx.db.pool, spaceId, input.estimateId);
  await rowOrNotFound(ctx.db.pool, `SELECT 1 FROM versions WHERE id = $1 AND "spaceId" = $2`, [
    input.versionId,
    spaceId,
  ]);
  const { rows } = await ctx.db.pool.query<LinkDto>(
    `SELECT k.id, k."lineId", k."workId", w.code AS "workCode", w.name AS "workName", k.source, k.share, k.volume,
       k.cost, k."labourHours"
     FROM estimate_links k JOIN works w ON w.id = k."workId" JOIN estimate_lines l ON l.id = k."lineId"
       JOIN estimate_sections s ON s.id = l."sectionId"
     WHERE k."estimateId" = $1 AND k."versionId" = $2 ORDER BY s."sortKey", l."sortKey", l.id, w."sortKey", w.id`,
    [input.estimateId, input.versionId],
  );
  return rows;
}

/** Links a line to works of a version by hand (they replace the rules' links of that line there), then feeds. */
export async function linkLine(
  ctx: SpaceContext,
  input: { estimateId: string; versionId: string; estimateLineId: string; workIds: string[]; share?: number },
) {
  const spaceId = ctx.space.spaceId;
  await inTransaction(ctx.db.pool, async (client) => {
    const estimate = await estimateRow(client, spaceId, input.estimateId, true);
    if (estimate.kind === 'ssr')
      throw invalid('estimateId', 'estimates.validation.no_compliance_for_summary');
    await versionForResources(client, spaceId, input.versionId);
    await versionOfEstimate(client, estimate, input.versionId);
    await rowOrNotFound(client, `SELECT 1 FROM estimate_lines WHERE id = $1 AND "estimateId" = $2`, [
      input.estimateLineId,
      estimate.id,
    ]);
    const { rows: works } = await client.query<{ id: string }>(
      `SELECT id FROM works WHERE id = ANY($1::uuid[]) AND "versionId" = $2 AND type NOT IN ('sum', 'draft')`,
      [input.workIds, input.versionId],
    );
    if (works.length !== new Set(input.workIds).size) throw new AppError('NotFound');
    await client.query(
      `DELETE FROM estimate_links WHERE "lineId" = $1 AND "versionId" = $2 AND source <> 'manual'`,
      [input.estimateLineId, input.versionId],
    );
    await client.query(
      `INSERT INTO estimate_links (id, "spaceId", "estimateId", "lineId", "versionId", "workId", source, share)
       SELECT gen_random_uuid(), $1, $2, $3, $4, w, 'manual', $6 FROM unnest($5::uuid[]) AS w
       ON CONFLICT ("lineId", "versionId", "workId") DO UPDATE SET source = 'manual', share = EXCLUDED.share`,
      [spaceId, estimate.id, input.estimateLineId, input.versionId, works.map((w) => w.id), input.share ?? 1],
    );
    await feedVersion(client, { spaceId, lang: ctx.lang }, input.versionId, ctx);
  });
  return listLinks(ctx, input);
}

/** Removes one link and feeds its version again. */
export async function unlink(ctx: SpaceContext, estimateLinkId: string) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const link = await rowOrNotFound<{ versionId: string }>(
      client,
      `SELECT "versionId" FROM estimate_links WHERE id = $1 AND "spaceId" = $2`,
      [estimateLinkId, spaceId],
    );
    await versionForResources(client, spaceId, link.versionId);
    const { rowCount } = await client.query(`DELETE FROM estimate_links WHERE id = $1`, [estimateLinkId]);
    await feedVersion(client, { spaceId, lang: ctx.lang }, link.versionId, ctx);
    return deletedOrNotFound(rowCount);
  });
}

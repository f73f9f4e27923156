import type { EstimateKindId } from '@takt/contracts';
import {
  type CostParts,
  type EstimateCoefficient,
  type EstimateDocument,
  type EstimateSection,
  type EstimateTotals,
  figureEstimate,
} from '@takt/interchange';
import type pg from 'pg';
import { rowOrNotFound, type Sql } from '../../db/sql';

/** The rows of one estimate, as stored, and their figuring (docs/product-rules.md, "Estimates"). */

export interface EstimateRow {
  id: string;
  nodeId: string;
  originId: string;
  number: number;
  kind: EstimateKindId;
  code: string | null;
  name: string;
  currency: string;
  priceLevel: string | null;
  region: string;
  totals: Partial<EstimateTotals> & { chapters?: unknown[] };
  figuredAt: string | null;
  revision: number;
}
export const ESTIMATE_SELECT = `e.id, e."nodeId", e."originId", e.number, e.kind, e.code, e.name, e.currency,
  to_char(e."priceLevel", 'YYYY-MM-DD') AS "priceLevel", e.region, e.totals, e."figuredAt", e.revision`;

export interface SectionRow {
  id: string;
  parentId: string | null;
  sortKey: number;
  code: string | null;
  name: string;
  chapter: number | null;
  totals: Partial<EstimateTotals>;
  revision: number;
}
export interface LineRow {
  id: string;
  sectionId: string;
  originId: string;
  sortKey: number;
  number: string | null;
  code: string;
  name: string;
  unit: string;
  measureId: string | null;
  quantity: number;
  unitLabour: number;
  unitMachines: number;
  unitMaterials: number;
  labourHoursPerUnit: number;
  machineHoursPerUnit: number;
  volumeCode: string | null;
  wbsCode: string | null;
  sourceEstimateId: string | null;
  totals: Partial<EstimateTotals>;
  revision: number;
}
export interface CoefficientRow {
  id: string;
  sectionId: string | null;
  lineId: string | null;
  sortKey: number;
  code: string | null;
  name: string;
  kind: EstimateCoefficient['kind'];
  target: EstimateCoefficient['target'];
  value: number;
  revision: number;
}

export interface EstimateTree {
  estimate: EstimateRow;
  sections: SectionRow[];
  lines: LineRow[];
  coefficients: CoefficientRow[];
}

export const SECTION_SELECT = `id, "parentId", "sortKey", code, name, chapter, totals, revision`;
export const LINE_SELECT = `id, "sectionId", "originId", "sortKey", number, code, name, unit, "measureId", quantity,
  "unitLabour", "unitMachines", "unitMaterials", "labourHoursPerUnit", "machineHoursPerUnit", "volumeCode", "wbsCode",
  "sourceEstimateId", totals, revision`;
export const COEFFICIENT_SELECT = `id, "sectionId", "lineId", "sortKey", code, name, kind, target, value, revision`;

export const estimateRow = (sql: Sql, spaceId: string, estimateId: string, lock = false) =>
  rowOrNotFound<EstimateRow>(
    sql,
    `SELECT ${ESTIMATE_SELECT} FROM estimates e WHERE e.id = $1 AND e."spaceId" = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [estimateId, spaceId],
  );

export async function loadTree(sql: Sql, estimate: EstimateRow): Promise<EstimateTree> {
  // One after another: a transaction's connection runs one statement at a time.
  const sections = await sql.query<SectionRow>(
    `SELECT ${SECTION_SELECT} FROM estimate_sections WHERE "estimateId" = $1 ORDER BY "sortKey", id`,
    [estimate.id],
  );
  const lines = await sql.query<LineRow>(
    `SELECT ${LINE_SELECT} FROM estimate_lines WHERE "estimateId" = $1 ORDER BY "sortKey", id`,
    [estimate.id],
  );
  const coefficients = await sql.query<CoefficientRow>(
    `SELECT ${COEFFICIENT_SELECT} FROM cost_coefficients WHERE "estimateId" = $1 ORDER BY "sortKey", id`,
    [estimate.id],
  );
  return { estimate, sections: sections.rows, lines: lines.rows, coefficients: coefficients.rows };
}

/** The totals of the estimates summary lines stand for, by id. */
export async function sourceTotals(sql: Sql, lines: readonly LineRow[]) {
  const ids = [...new Set(lines.flatMap((l) => (l.sourceEstimateId ? [l.sourceEstimateId] : [])))];
  if (!ids.length) return new Map<string, { name: string; totals: Partial<EstimateTotals> }>();
  const { rows } = await sql.query<{ id: string; name: string; totals: Partial<EstimateTotals> }>(
    `SELECT id, name, totals FROM estimates WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { name: r.name, totals: r.totals }]));
}

const coefficientOf = (c: CoefficientRow): EstimateCoefficient => ({
  ...(c.code ? { code: c.code } : {}),
  name: c.name,
  kind: c.kind,
  target: c.target,
  value: c.value,
});

/**
 * The tree as the document figureEstimate takes, with the rows' ids. A summary line standing for another
 * estimate takes that estimate's stored totals as its unit cost, quantity as entered (1 by default).
 */
export function documentOf(
  tree: EstimateTree,
  sources: ReadonlyMap<string, { totals: Partial<EstimateTotals> }>,
): EstimateDocument {
  const coefficientsOf = new Map<string, EstimateCoefficient[]>();
  const estimateCoefficients: EstimateCoefficient[] = [];
  for (const c of tree.coefficients) {
    const owner = c.lineId ?? c.sectionId;
    if (!owner) estimateCoefficients.push(coefficientOf(c));
    else coefficientsOf.set(owner, [...(coefficientsOf.get(owner) ?? []), coefficientOf(c)]);
  }
  const sections = new Map<string, EstimateSection>();
  for (const s of tree.sections)
    sections.set(s.id, {
      id: s.id,
      ...(s.code ? { code: s.code } : {}),
      name: s.name,
      ...(s.chapter ? { chapter: s.chapter } : {}),
      coefficients: coefficientsOf.get(s.id) ?? [],
      sections: [],
      lines: [],
    });
  const top: EstimateSection[] = [];
  for (const s of tree.sections) {
    const section = sections.get(s.id)!;
    const parent = s.parentId ? sections.get(s.parentId) : undefined;
    (parent ? parent.sections : top).push(section);
  }
  for (const l of tree.lines) {
    const source = l.sourceEstimateId ? sources.get(l.sourceEstimateId)?.totals : undefined;
    const unitCost: CostParts = source
      ? { labour: source.labour ?? 0, machines: source.machines ?? 0, materials: source.materials ?? 0 }
      : { labour: l.unitLabour, machines: l.unitMachines, materials: l.unitMaterials };
    sections.get(l.sectionId)?.lines.push({
      id: l.id,
      ...(l.number ? { number: l.number } : {}),
      code: l.code,
      name: l.name,
      unit: l.unit,
      quantity: l.quantity,
      unitCost,
      labourHoursPerUnit: source ? (source.labourHours ?? 0) : l.labourHoursPerUnit,
      machineHoursPerUnit: source ? (source.machineHours ?? 0) : l.machineHoursPerUnit,
      coefficients: coefficientsOf.get(l.id) ?? [],
      ...(l.volumeCode ? { volumeCode: l.volumeCode } : {}),
      ...(l.wbsCode ? { wbsCode: l.wbsCode } : {}),
    });
  }
  const e = tree.estimate;
  return {
    kind: e.kind,
    ...(e.code ? { code: e.code } : {}),
    name: e.name,
    currency: e.currency,
    ...(e.priceLevel ? { priceLevel: e.priceLevel } : {}),
    coefficients: estimateCoefficients,
    sections: top,
  };
}

/**
 * Figures the estimate and stores the totals of its lines, sections and itself; then the summary estimates
 * that roll it up are figured again. Inside the caller's transaction (the estimate locked by it).
 */
export async function refigure(client: pg.PoolClient, spaceId: string, estimateId: string, depth = 0) {
  const estimate = await estimateRow(client, spaceId, estimateId);
  const tree = await loadTree(client, estimate);
  const figures = figureEstimate(documentOf(tree, await sourceTotals(client, tree.lines)));
  const lineIds = figures.lines.map((l) => l.id!);
  const lineTotals = figures.lines.map((l) => JSON.stringify({ ...l.totals, direct: l.direct }));
  await client.query(
    `UPDATE estimate_lines l SET totals = t.totals FROM unnest($1::uuid[], $2::jsonb[]) AS t(id, totals)
     WHERE l.id = t.id AND l.totals IS DISTINCT FROM t.totals`,
    [lineIds, lineTotals],
  );
  const sectionIds: string[] = [];
  const sectionTotals: string[] = [];
  const walk = (s: (typeof figures.sections)[number]) => {
    sectionIds.push(s.id!);
    sectionTotals.push(JSON.stringify(s.totals));
    s.sections.forEach(walk);
  };
  figures.sections.forEach(walk);
  await client.query(
    `UPDATE estimate_sections s SET totals = t.totals FROM unnest($1::uuid[], $2::jsonb[]) AS t(id, totals)
     WHERE s.id = t.id AND s.totals IS DISTINCT FROM t.totals`,
    [sectionIds, sectionTotals],
  );
  await client.query(`UPDATE estimates SET totals = $2::jsonb, "figuredAt" = now() WHERE id = $1`, [
    estimateId,
    JSON.stringify({ ...figures.totals, chapters: figures.chapters }),
  ]);
  if (depth === 0) {
    const { rows } = await client.query<{ id: string }>(
      `SELECT DISTINCT "estimateId" AS id FROM estimate_lines WHERE "sourceEstimateId" = $1 AND "estimateId" <> $1`,
      [estimateId],
    );
    for (const summary of rows) await refigure(client, spaceId, summary.id, depth + 1);
  }
  return figures;
}

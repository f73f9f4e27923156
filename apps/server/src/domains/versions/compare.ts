import { kyselyOf } from '@takt/db';
import { neutralizeFormula } from '@takt/interchange';
import { sql } from 'kysely';
import type { SpaceContext } from '../../context';
import { type WorkRowOf, workColumns } from '../../db/work-row';
import { versionOf } from './guard';

const COMPARED = [
  'code',
  'name',
  'type',
  'durationMinutes',
  'planStart',
  'planFinish',
  'factStart',
  'factFinish',
  'progress',
] as const;

const DAY_MS = 86_400_000;
function deltaDays(a: unknown, b: unknown): number | null {
  if (typeof a !== 'string' || typeof b !== 'string') return null;
  return Math.round(((Date.parse(`${b}:00Z`) - Date.parse(`${a}:00Z`)) / DAY_MS) * 100) / 100;
}

async function worksOf(ctx: SpaceContext, versionId: string) {
  const rows = await kyselyOf(ctx.db.pool)
    .selectFrom('works as w')
    .select(workColumns('w', ['id', 'originId', ...COMPARED]))
    .where('w.versionId', '=', versionId)
    .execute();
  return new Map(rows.map((r) => [r.originId, r]));
}

async function relationsOf(ctx: SpaceContext, versionId: string) {
  const rows = await kyselyOf(ctx.db.pool)
    .selectFrom('relations as r')
    .innerJoin('works as p', 'p.id', 'r.predecessorId')
    .innerJoin('works as s', 's.id', 'r.successorId')
    .select([
      // a relation is the same in both versions when it joins the same works (by origin) with the same type
      sql<string>`p."originId" || '>' || s."originId" || ':' || r.type`.as('key'),
      'r.type',
      'r.lagMinutes',
      'p.originId as p',
      's.originId as s',
    ])
    .where('r.versionId', '=', versionId)
    .execute();
  return new Map(rows.map((r) => [r.key, r]));
}

/**
 * Compares version `versionId` (the base) with `otherVersionId`: works are matched by their origin
 * (a work and its copies in other versions share it), relations by their two works and type.
 * Date deltas are in days, other minus base.
 */
export async function compareVersions(
  ctx: SpaceContext,
  input: { versionId: string; otherVersionId: string },
) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, input.versionId);
  await versionOf(ctx.db.pool, spaceId, input.otherVersionId);
  const [baseWorks, otherWorks, baseRelations, otherRelations] = await Promise.all([
    worksOf(ctx, input.versionId),
    worksOf(ctx, input.otherVersionId),
    relationsOf(ctx, input.versionId),
    relationsOf(ctx, input.otherVersionId),
  ]);
  const brief = (w: WorkRowOf<'id' | 'originId' | 'code' | 'name'>) => ({
    originId: w.originId,
    id: w.id,
    code: w.code,
    name: w.name,
  });
  const works = {
    added: [...otherWorks.values()].filter((w) => !baseWorks.has(w.originId)).map(brief),
    removed: [...baseWorks.values()].filter((w) => !otherWorks.has(w.originId)).map(brief),
    changed: [] as {
      originId: string;
      id: string;
      code: unknown;
      name: unknown;
      fields: { field: string; before: unknown; after: unknown }[];
      startDeltaDays: number | null;
      finishDeltaDays: number | null;
    }[],
  };
  for (const [origin, base] of baseWorks) {
    const other = otherWorks.get(origin);
    if (!other) continue;
    const fields = COMPARED.filter((f) => base[f] !== other[f]).map((field) => ({
      field,
      before: base[field],
      after: other[field],
    }));
    if (fields.length)
      works.changed.push({
        ...brief(other),
        fields,
        startDeltaDays: deltaDays(base.planStart, other.planStart),
        finishDeltaDays: deltaDays(base.planFinish, other.planFinish),
      });
  }
  const relationBrief = (r: { p: string; s: string; type: string; lagMinutes: number }) => ({
    predecessorOriginId: r.p,
    successorOriginId: r.s,
    type: r.type,
    lagMinutes: r.lagMinutes,
  });
  const relations = {
    added: [...otherRelations].filter(([k]) => !baseRelations.has(k)).map(([, r]) => relationBrief(r)),
    removed: [...baseRelations].filter(([k]) => !otherRelations.has(k)).map(([, r]) => relationBrief(r)),
    changed: [...baseRelations]
      .filter(([k, r]) => otherRelations.has(k) && otherRelations.get(k)!.lagMinutes !== r.lagMinutes)
      .map(([k, r]) => ({
        ...relationBrief(r),
        lagBefore: r.lagMinutes,
        lagAfter: otherRelations.get(k)!.lagMinutes,
      })),
  };
  return { versionId: input.versionId, otherVersionId: input.otherVersionId, works, relations };
}

/** A cell of the comparison CSV; names, codes and values are guarded against formula injection. */
const csvCell = (v: unknown) => {
  const text = v === null || v === undefined ? '' : neutralizeFormula(String(v));
  return /[";\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The comparison as a CSV file (semicolon-separated, UTF-8 with BOM so spreadsheet programs read Cyrillic). */
export async function exportComparison(
  ctx: SpaceContext,
  input: { versionId: string; otherVersionId: string },
) {
  const result = await compareVersions(ctx, input);
  const lines = [
    ['change', 'code', 'name', 'field', 'before', 'after', 'start_delta_days', 'finish_delta_days'],
  ];
  for (const w of result.works.added) lines.push(['added', w.code, w.name, '', '', '', '', ''].map(String));
  for (const w of result.works.removed)
    lines.push(['removed', w.code, w.name, '', '', '', '', ''].map(String));
  for (const w of result.works.changed)
    for (const f of w.fields)
      lines.push(
        ['changed', w.code, w.name, f.field, f.before, f.after, w.startDeltaDays, w.finishDeltaDays].map(
          (x) => (x === null || x === undefined ? '' : String(x)),
        ),
      );
  // A relation has no code or name of its own: it is named by its two works' origins, "predecessor>successor".
  const relationLine = (
    change: string,
    r: { predecessorOriginId: string; successorOriginId: string },
    field: string,
    before: unknown,
    after: unknown,
  ) =>
    [change, '', `${r.predecessorOriginId}>${r.successorOriginId}`, field, before, after, '', ''].map(String);
  for (const r of result.relations.added)
    lines.push(relationLine('relation_added', r, r.type, '', r.lagMinutes));
  for (const r of result.relations.removed)
    lines.push(relationLine('relation_removed', r, r.type, r.lagMinutes, ''));
  for (const r of result.relations.changed)
    lines.push(relationLine('relation_changed', r, 'lagMinutes', r.lagBefore, r.lagAfter));
  const text = `\uFEFF${lines.map((l) => l.map(csvCell).join(';')).join('\n')}\n`;
  return {
    file: true as const,
    contentType: 'text/csv; charset=utf-8',
    data: new TextEncoder().encode(text),
  };
}

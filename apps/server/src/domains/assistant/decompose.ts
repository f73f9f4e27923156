import { randomUUID } from 'node:crypto';
import {
  DECOMPOSITION_ISSUES,
  type DecompositionProposal,
  type DecompositionTemplate,
  type FieldIssue,
  type Language,
} from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { calculateVersion } from '../calculation';
import { UndoRecorder } from '../undo';
import { versionForEdit, versionOf } from '../versions';
import { orderKeyAfter, takeWorkCode } from '../works';
import { storeDecomposition } from './history';
import {
  allocate,
  type MatchReason,
  matchTemplate,
  proposeFromTemplate,
  TooShort,
  type WorkFacts,
} from './matching';
import { type ModelAnswer, modelConfigured, proposeByModel } from './model';
import { spaceTemplates } from './template-store';
import { BUILT_IN_TEMPLATES } from './templates';

/**
 * The WBS decomposition of a work (API: AI decompose-wbs-item, apply-decompose-wbs-item;
 * docs/product-rules.md, "WBS decomposition"): the templates matched with the work and the best one's
 * proposal (or the one asked for), a language model's proposal when one is configured and asked; then the
 * planner's proposal applied as one undoable change.
 */

interface WorkRow {
  id: string;
  name: string;
  type: string;
  revision: number;
  durationMinutes: number;
  planVolume: number | null;
  unit: string | null;
  calendarId: string | null;
  executorId: string | null;
  curatorId: string | null;
  planStart: Date | null;
  /** Working minutes of a day on the work's calendar (else the version's, the space's default, 8 h). */
  minutesPerDay: number;
}

async function readWork(on: Sql, spaceId: string, versionId: string, workId: string, lock = false) {
  const { rows } = await on.query<WorkRow>(
    `SELECT w.id, w.name, w.type, w.revision, w."durationMinutes", w."planVolume", w.unit, w."calendarId",
       w."executorId", w."curatorId", w."planStart",
       round(60 * coalesce(c."hoursPerDay", vc."hoursPerDay", (SELECT d."hoursPerDay" FROM calendars d
         WHERE d."spaceId" = w."spaceId" AND d."isDefault" LIMIT 1), 8))::int AS "minutesPerDay"
     FROM works w
     JOIN versions v ON v.id = w."versionId"
     LEFT JOIN calendars c ON c.id = w."calendarId"
     LEFT JOIN calendars vc ON vc.id = v."calendarId"
     WHERE w.id = $1 AND w."versionId" = $2 AND w."spaceId" = $3
     ${lock ? 'FOR UPDATE OF w' : ''}`,
    [workId, versionId, spaceId],
  );
  const work = rows[0];
  if (!work) throw new AppError('NotFound');
  return work;
}

export const issue = (path: string, message: string, params?: FieldIssue['params']): AppError =>
  new AppError('ValidationError', {}, [{ path, message, ...(params ? { params } : {}) }]);

/** A summary has its sub-works already; a milestone has no duration to split. */
function refuseUndecomposable(work: WorkRow) {
  if (work.type === 'sum') throw issue('workId', 'assistant.decompose.error.summary');
  if (work.type.startsWith('milestone') || work.durationMinutes <= 0)
    throw issue('workId', 'assistant.decompose.error.milestone');
}

const daysOf = (work: WorkRow) => Math.round((work.durationMinutes / work.minutesPerDay) * 100) / 100;

async function factsOf(on: Sql, work: WorkRow): Promise<WorkFacts> {
  const { rows } = await on.query<{ name: string; value: unknown }>(
    `SELECT a.name, v.value FROM attribute_values v JOIN attributes a ON a.id = v."attributeId"
     WHERE v."workId" = $1 ORDER BY a."sortKey", a.name`,
    [work.id],
  );
  return {
    name: work.name,
    unit: work.unit,
    volume: work.planVolume,
    days: work.durationMinutes / work.minutesPerDay,
    attributes: rows
      .filter((r) => typeof r.value === 'string' || typeof r.value === 'number')
      .map((r) => ({ name: r.name, value: String(r.value) })),
  };
}

interface Candidate {
  /** A built-in template's key, a space's template's id. */
  id: string;
  source: 'builtin' | 'space';
  name: string;
  description: string | null;
  score: number;
  reasons: MatchReason[];
  template: DecompositionTemplate;
}

const inLanguage = (text: { ru: string; en: string }, language: Language) =>
  language === 'ru' ? text.ru : text.en;

/**
 * The templates matched with a work, best first (ties in their order: Takt's, then the space's oldest
 * first). A `trial` template (an administrator's draft) stands in for the space's template of its id, or
 * comes last when it is a new one.
 */
export async function candidatesOf(
  ctx: SpaceContext,
  facts: WorkFacts,
  language: Language,
  trial?: { id: string; template: DecompositionTemplate },
): Promise<Candidate[]> {
  const own = (await spaceTemplates(ctx)).map(({ id, template }) => ({
    id,
    source: 'space' as const,
    template: trial && id === trial.id ? trial.template : template,
  }));
  if (trial && !own.some((t) => t.id === trial.id))
    own.push({ id: trial.id, source: 'space', template: trial.template });
  const all = [
    ...BUILT_IN_TEMPLATES.map((template) => ({ id: template.key, source: 'builtin' as const, template })),
    ...own,
  ];
  return all
    .map(({ id, source, template }) => ({
      id,
      source,
      name: inLanguage(template.name, language),
      description: template.description ? inLanguage(template.description, language) : null,
      template,
      ...matchTemplate(template, facts),
    }))
    .sort((a, b) => b.score - a.score);
}

/** The proposals for a work: the templates best first with why they match, the chosen one's proposal. */
export async function proposeDecomposition(
  ctx: SpaceContext,
  input: { versionId: string; workId: string; template?: string; language: Language; model: boolean },
) {
  const spaceId = ctx.space.spaceId;
  await versionOf(ctx.db.pool, spaceId, input.versionId);
  const work = await readWork(ctx.db.pool, spaceId, input.versionId, input.workId);
  refuseUndecomposable(work);
  const facts = await factsOf(ctx.db.pool, work);
  const candidates = await candidatesOf(ctx, facts, input.language);
  const chosen = input.template ? candidates.find((c) => c.id === input.template) : candidates[0];
  if (!chosen) throw issue('template', 'assistant.decompose.error.template_unknown');
  let proposal: DecompositionProposal;
  try {
    proposal = proposeFromTemplate(chosen.template, chosen.id, chosen.source, facts, input.language);
  } catch (error) {
    if (error instanceof TooShort) throw issue('workId', 'assistant.decompose.error.too_short');
    throw error;
  }
  let model: ModelAnswer | null = null;
  if (input.model) model = await proposeByModel(facts, daysOf(work), input.language, proposal);
  return {
    work: {
      id: work.id,
      name: work.name,
      revision: work.revision,
      days: daysOf(work),
      volume: work.planVolume,
      unit: work.unit,
    },
    candidates: candidates.map(({ template: _template, ...candidate }) => candidate),
    template: chosen.id,
    proposal,
    modelConfigured: modelConfigured(),
    model,
  };
}

/** Sub-works no relation of the proposal leads into (`to`), or out of (`from`). */
function ends(proposal: DecompositionProposal, side: 'to' | 'from'): string[] {
  const linked = new Set(proposal.relations.map((r) => r[side]));
  return proposal.items.filter((item) => !linked.has(item.key)).map((item) => item.key);
}

interface StoredRelation {
  id: string;
  spaceId: string;
  versionId: string;
  predecessorId: string;
  successorId: string;
  type: 'fs' | 'ss' | 'ff' | 'sf';
  lagMinutes: number;
  code: string | null;
}

/**
 * Applies a proposal to the work, in one transaction and as one undo action: the work becomes a summary
 * whose children are the sub-works (their durations the work's exactly, in minutes; its calendar,
 * executor and curator), the proposal's relations join them, and the work's own relations move onto
 * them — a link that drove the work's start drives the first sub-works, one its finish drove is driven by
 * the last ones. The trades go to the text attribute named for them. A stale revision of the work is
 * Conflict; durations that do not add up to the work's are a translated validation error.
 */
export async function applyDecomposition(
  ctx: SpaceContext,
  input: {
    versionId: string;
    workId: string;
    revision: number;
    proposal: DecompositionProposal;
    tradeAttributeId?: string;
  },
) {
  const spaceId = ctx.space.spaceId;
  const { versionId, proposal } = input;
  const answer = await inTransaction(ctx.db.pool, async (client) => {
    const version = await versionForEdit(client, spaceId, versionId);
    const work = await readWork(client, spaceId, versionId, input.workId, true);
    if (work.revision !== input.revision) throw new AppError('Conflict');
    refuseUndecomposable(work);
    const days = proposal.items.map((item) => item.durationDays);
    const total = Math.round(days.reduce((a, b) => a + b, 0) * 100) / 100;
    if (Math.abs(total - daysOf(work)) > 0.005)
      throw issue('proposal.items', DECOMPOSITION_ISSUES.durationSum, { sum: total, days: daysOf(work) });
    if (input.tradeAttributeId)
      await checkTradeAttribute(client, spaceId, version.scheduleId, input.tradeAttributeId);
    let minutes: number[];
    try {
      minutes = allocate(work.durationMinutes, days, 1);
    } catch (error) {
      if (error instanceof TooShort) throw issue('workId', 'assistant.decompose.error.too_short');
      throw error;
    }

    const undo = new UndoRecorder(client);
    await undo.works([work.id]);
    const ids = await insertSubWorks(
      client,
      undo,
      ctx,
      version.scheduleId,
      versionId,
      work,
      proposal,
      minutes,
    );
    await client.query(
      `UPDATE works SET type = 'sum', revision = revision + 1, "updatedAt" = now() WHERE id = $1`,
      [work.id],
    );
    const relationIds = await linkSubWorks(client, undo, spaceId, versionId, work, proposal, ids);
    if (input.tradeAttributeId) {
      const trades = proposal.items.flatMap((item) =>
        item.trade ? [{ id: ids.get(item.key)!, trade: item.trade }] : [],
      );
      await client.query(
        `INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
         SELECT $1, u.id, $2, to_jsonb(u.trade) FROM unnest($3::uuid[], $4::text[]) AS u(id, trade)`,
        [spaceId, input.tradeAttributeId, trades.map((t) => t.id), trades.map((t) => t.trade)],
      );
    }
    undo.created('works', [...ids.values()]);
    undo.created('relations', relationIds);
    // Recording rolls up the summary the work became, and those above it, as every edit leaves them.
    await undo.save(ctx, versionId, 'undo_wbs', 'assistant.decompose');
    await storeDecomposition(client, ctx, {
      versionId,
      versionRevision: version.revision + 1,
      decomposition: {
        workId: work.id,
        workName: work.name,
        source: proposal.source,
        templateKey: proposal.templateKey,
        subWorks: proposal.items.map((item) => ({
          id: ids.get(item.key)!,
          name: item.name,
          durationDays: item.durationDays,
        })),
        relations: relationIds.length,
      },
    });
    return {
      success: true as const,
      workIds: proposal.items.map((item) => ids.get(item.key)!),
      relations: relationIds.length,
      versionRevision: version.revision + 1,
    };
  });
  // Calculated afterwards as a saved edit is, when the caller may (a calculation running elsewhere, or one
  // that fails, leaves the version not calculated, as after any edit).
  let calculated = false;
  if (ctx.space.abilities.has('schedule.calculate')) {
    try {
      await calculateVersion(ctx, versionId);
      calculated = true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return { ...answer, calculated };
}

async function checkTradeAttribute(
  client: pg.PoolClient,
  spaceId: string,
  scheduleId: string,
  attributeId: string,
) {
  const { rows } = await client.query(
    `SELECT 1 FROM attributes WHERE id = $1 AND "spaceId" = $2 AND "valueType" = 'string'
       AND ("scheduleId" IS NULL OR "scheduleId" = $3)`,
    [attributeId, spaceId, scheduleId],
  );
  if (rows.length === 0) throw issue('tradeAttributeId', 'assistant.decompose.error.trade_attribute');
}

/** Inserts the sub-works as the work's last children, in the proposal's order; their ids by key. */
async function insertSubWorks(
  client: pg.PoolClient,
  undo: UndoRecorder,
  ctx: SpaceContext,
  scheduleId: string,
  versionId: string,
  work: WorkRow,
  proposal: DecompositionProposal,
  minutes: number[],
): Promise<Map<string, string>> {
  const spaceId = ctx.space.spaceId;
  const ids = new Map<string, string>();
  let previous: string | null = null;
  for (const [k, item] of proposal.items.entries()) {
    const id = randomUUID();
    const sortKey = await orderKeyAfter(client, 'works', versionId, work.id, 'last', (renumbered) =>
      undo.works(renumbered),
    );
    const code = await takeWorkCode(client, spaceId, scheduleId, versionId, {
      parentId: work.id,
      neighbourId: previous,
    });
    await client.query(
      `INSERT INTO works (id, "spaceId", "versionId", "parentId", "originId", "sortKey", code, name, type,
         "durationMinutes", "planVolume", unit, "calendarId", "executorId", "curatorId", "planStart")
       VALUES ($1, $2, $3, $4, $1, $5, $6, $7, 'task', $8, $9, $10, $11, $12, $13, $14)`,
      [
        id,
        spaceId,
        versionId,
        work.id,
        sortKey,
        code,
        item.name,
        minutes[k],
        item.volume,
        item.unit,
        work.calendarId,
        work.executorId,
        work.curatorId,
        work.planStart,
      ],
    );
    ids.set(item.key, id);
    previous = id;
  }
  return ids;
}

/**
 * The proposal's relations between the sub-works, and the work's own relations moved onto them (each
 * removed and written anew, once for every first or last sub-work it now joins). Returns the new ids.
 */
async function linkSubWorks(
  client: pg.PoolClient,
  undo: UndoRecorder,
  spaceId: string,
  versionId: string,
  work: WorkRow,
  proposal: DecompositionProposal,
  ids: ReadonlyMap<string, string>,
): Promise<string[]> {
  const rows: Omit<StoredRelation, 'id'>[] = proposal.relations.map((r) => ({
    spaceId,
    versionId,
    predecessorId: ids.get(r.from)!,
    successorId: ids.get(r.to)!,
    type: r.type,
    lagMinutes: Math.round(r.lagDays * work.minutesPerDay),
    code: null,
  }));
  const { rows: own } = await client.query<StoredRelation>(
    `SELECT id, "spaceId", "versionId", "predecessorId", "successorId", type, "lagMinutes", code FROM relations
     WHERE "predecessorId" = $1 OR "successorId" = $1 ORDER BY "createdAt", id`,
    [work.id],
  );
  if (own.length) {
    await undo.relations(own.map((r) => r.id));
    await client.query(`DELETE FROM relations WHERE id = ANY($1::uuid[])`, [own.map((r) => r.id)]);
  }
  const first = ends(proposal, 'to').map((key) => ids.get(key)!);
  const last = ends(proposal, 'from').map((key) => ids.get(key)!);
  for (const relation of own) {
    const { id: _id, ...kept } = relation;
    if (relation.successorId === work.id) {
      // Into the work: a start it drove (fs, ss) is the first sub-works' start, a finish (ff, sf) the last's.
      const targets = relation.type === 'fs' || relation.type === 'ss' ? first : last;
      for (const [k, successorId] of targets.entries())
        rows.push({ ...kept, successorId, code: k === 0 ? kept.code : null });
    } else {
      // Out of the work: its finish (fs, ff) is the last sub-works' finish, its start (ss, sf) the first's.
      const sources = relation.type === 'fs' || relation.type === 'ff' ? last : first;
      for (const [k, predecessorId] of sources.entries())
        rows.push({ ...kept, predecessorId, code: k === 0 ? kept.code : null });
    }
  }
  if (rows.length === 0) return [];
  const created = rows.map(() => randomUUID());
  await client.query(
    `INSERT INTO relations (id, "spaceId", "versionId", "predecessorId", "successorId", type, "lagMinutes", code)
     SELECT u.id, u.space, u.version, u.predecessor, u.successor, u.type::"LinkType", u.lag, u.code
     FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::int[], $8::text[])
       AS u(id, space, version, predecessor, successor, type, lag, code)`,
    [
      created,
      rows.map((r) => r.spaceId),
      rows.map((r) => r.versionId),
      rows.map((r) => r.predecessorId),
      rows.map((r) => r.successorId),
      rows.map((r) => r.type),
      rows.map((r) => r.lagMinutes),
      rows.map((r) => r.code),
    ],
  );
  return created;
}

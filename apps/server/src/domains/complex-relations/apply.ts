/**
 * Applying complex relations to the works of a version (docs/product-rules.md, "Complex relations of
 * directories"). A directory's values sit on a work as the value of the schedule's attribute bound to that
 * directory (the schedule's own first, then a space-wide one; the first by order). A work's text matches a
 * directory value by its name or its code, ignoring case and extra spaces.
 *
 * One pure step (`planChanges`) says what the relations change; recalculation writes it for a whole version,
 * the indicator counts the works it would change, and an edit of works applies it to the edited ones.
 */
import type { ComplexRelationMode } from '@takt/contracts';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { inTransaction, type Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { UndoRecorder } from '../undo';
import { versionForEdit, versionOf } from '../versions';
import { relationRows, relationSummaries } from './store';

interface Level {
  directoryId: string;
  /** The attribute of the schedule holding this directory's values; null: the schedule has none. */
  attributeId: string | null;
}

interface RelationPlan {
  id: string;
  name: string;
  mode: ComplexRelationMode;
  driver: Level;
  dependents: Level[];
  /** The row of each driver value: the value of each dependent directory it has. */
  rowOf: Map<string, Map<string, string>>;
}

/** The directory values the relations read: the value a text means in each directory, and each value's name. */
interface ValueIndex {
  byText: Map<string, Map<string, string>>;
  nameOf: Map<string, string>;
}

/** A work's attribute values, by attribute id. */
type WorkValues = Map<string, Map<string, unknown>>;

interface Change {
  workId: string;
  attributeId: string;
  value: string;
}

const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The directory value a work's stored value means, if any. */
function meaningOf(index: ValueIndex, directoryId: string, stored: unknown): string | undefined {
  if (typeof stored !== 'string' && typeof stored !== 'number') return undefined;
  return index.byText.get(directoryId)?.get(norm(String(stored)));
}

const isEmpty = (stored: unknown) => stored === undefined || stored === null || String(stored).trim() === '';

/**
 * What the relations change in the works, applied one after another (a value one sets can drive the next):
 * for each work whose driver value has a row, each dependent directory the row names gets the row's value —
 * overwriting a different one, or (`fill_empty`) only where the work has none. `works` is updated as it goes.
 */
function planChanges(
  plans: readonly RelationPlan[],
  index: ValueIndex,
  works: WorkValues,
  onlyWorks?: ReadonlySet<string>,
): Change[] {
  const changes = new Map<string, Change>();
  for (const plan of plans) {
    const driverAttribute = plan.driver.attributeId;
    if (!driverAttribute) continue;
    for (const [workId, values] of works) {
      if (onlyWorks && !onlyWorks.has(workId)) continue;
      const driverValue = meaningOf(index, plan.driver.directoryId, values.get(driverAttribute));
      const row = driverValue === undefined ? undefined : plan.rowOf.get(driverValue);
      if (!row) continue;
      for (const level of plan.dependents) {
        const target = row.get(level.directoryId);
        if (!level.attributeId || !target) continue;
        const current = values.get(level.attributeId);
        const inLine = meaningOf(index, level.directoryId, current) === target;
        if (plan.mode === 'fill_empty' ? !isEmpty(current) : inLine) continue;
        const value = index.nameOf.get(target)!;
        values.set(level.attributeId, value);
        changes.set(`${workId}:${level.attributeId}`, { workId, attributeId: level.attributeId, value });
      }
    }
  }
  return [...changes.values()];
}

/** The relations assigned to a schedule (or the one asked for) as plans, with the values they read. */
async function loadPlans(
  on: Sql,
  spaceId: string,
  scheduleId: string,
  relationId?: string,
): Promise<{ plans: RelationPlan[]; index: ValueIndex; attributeIds: string[] }> {
  const relations = await relationSummaries(on, spaceId, {
    scheduleId,
    ...(relationId ? { ids: [relationId] } : {}),
  });
  if (relationId && !relations.length) {
    // Asked for one that is not assigned to the schedule: there is nothing to apply, unless it is not there.
    const { rows } = await on.query(`SELECT 1 FROM complex_relations WHERE id = $1 AND "spaceId" = $2`, [
      relationId,
      spaceId,
    ]);
    if (!rows.length) throw new AppError('NotFound');
  }
  const directoryIds = [...new Set(relations.flatMap((r) => r.directories.map((d) => d.directoryId)))];
  const index: ValueIndex = { byText: new Map(), nameOf: new Map() };
  if (!directoryIds.length) return { plans: [], index, attributeIds: [] };
  const [attributes, values] = await Promise.all([
    on.query<{ id: string; directoryId: string }>(
      `SELECT DISTINCT ON ("directoryId") id, "directoryId" FROM attributes
       WHERE "spaceId" = $1 AND "directoryId" = ANY($2::uuid[]) AND ("scheduleId" IS NULL OR "scheduleId" = $3)
         AND "valueType" IN ('string', 'through')
       ORDER BY "directoryId", ("scheduleId" IS NULL), "sortKey", name, id`,
      [spaceId, directoryIds, scheduleId],
    ),
    on.query<{ id: string; directoryId: string; name: string; code: string | null }>(
      `SELECT id, "directoryId", name, code FROM directory_values WHERE "directoryId" = ANY($1::uuid[])
       ORDER BY "sortKey" DESC, name DESC`,
      [directoryIds],
    ),
  ]);
  const attributeOf = new Map(attributes.rows.map((a) => [a.directoryId, a.id]));
  // Codes first, names after: a text that is one value's name and another's code means the named one; the
  // first value in the directory's order wins among equals (read last to first).
  for (const v of values.rows) {
    const texts = index.byText.get(v.directoryId) ?? new Map<string, string>();
    index.byText.set(v.directoryId, texts);
    if (v.code) texts.set(norm(v.code), v.id);
    index.nameOf.set(v.id, v.name);
  }
  for (const v of values.rows) index.byText.get(v.directoryId)!.set(norm(v.name), v.id);
  const plans: RelationPlan[] = [];
  for (const relation of relations) {
    const driver = relation.directories.find((d) => d.role === 'driver');
    if (!driver) continue;
    const rowOf = new Map<string, Map<string, string>>();
    for (const row of await relationRows(on, relation.id)) {
      const driverValue = row.values[driver.directoryId];
      if (driverValue) rowOf.set(driverValue, new Map(Object.entries(row.values)));
    }
    plans.push({
      id: relation.id,
      name: relation.name,
      mode: relation.mode,
      driver: { directoryId: driver.directoryId, attributeId: attributeOf.get(driver.directoryId) ?? null },
      dependents: relation.directories
        .filter((d) => d.role === 'dependent')
        .map((d) => ({ directoryId: d.directoryId, attributeId: attributeOf.get(d.directoryId) ?? null })),
      rowOf,
    });
  }
  const attributeIds = [
    ...new Set(
      plans.flatMap((p) =>
        [p.driver, ...p.dependents].flatMap((l) => (l.attributeId ? [l.attributeId] : [])),
      ),
    ),
  ];
  return { plans, index, attributeIds };
}

/** The values of these attributes of the version's works (of these works only, when given). */
async function workValues(on: Sql, versionId: string, attributeIds: string[], workIds?: readonly string[]) {
  const { rows } = await on.query<{ workId: string; attributeId: string; value: unknown }>(
    `SELECT av."workId", av."attributeId", av.value FROM attribute_values av JOIN works w ON w.id = av."workId"
     WHERE w."versionId" = $1 AND av."attributeId" = ANY($2::uuid[])
       AND ($3::uuid[] IS NULL OR av."workId" = ANY($3::uuid[]))`,
    [versionId, attributeIds, workIds ?? null],
  );
  const works: WorkValues = new Map();
  for (const r of rows) {
    const values = works.get(r.workId) ?? new Map<string, unknown>();
    works.set(r.workId, values);
    values.set(r.attributeId, r.value);
  }
  return works;
}

/** Writes the changes as attribute values (one statement) and moves the changed works' revisions on. */
async function writeChanges(client: pg.PoolClient, spaceId: string, changes: readonly Change[]) {
  if (!changes.length) return;
  await client.query(
    `INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
     SELECT $1, u.w, u.a, to_jsonb(u.v) FROM unnest($2::uuid[], $3::uuid[], $4::text[]) AS u(w, a, v)
     ON CONFLICT ("workId", "attributeId") DO UPDATE SET value = excluded.value`,
    [spaceId, changes.map((c) => c.workId), changes.map((c) => c.attributeId), changes.map((c) => c.value)],
  );
}

const worksOf = (changes: readonly Change[]) => [...new Set(changes.map((c) => c.workId))];

/**
 * API directory-complex-relations recalculation: applies the relations assigned to the version's schedule
 * (or the one named) to all its works — in one transaction, recorded as one undo action.
 */
export async function recalculateVersion(
  ctx: SpaceContext,
  input: { versionId: string; complexRelationId?: string | undefined },
) {
  const spaceId = ctx.space.spaceId;
  return inTransaction(ctx.db.pool, async (client) => {
    const version = await versionForEdit(client, spaceId, input.versionId);
    const { plans, index, attributeIds } = await loadPlans(
      client,
      spaceId,
      version.scheduleId,
      input.complexRelationId,
    );
    if (!plans.length || !attributeIds.length) return { success: true as const, works: 0, values: 0 };
    const changes = planChanges(plans, index, await workValues(client, input.versionId, attributeIds));
    if (!changes.length) return { success: true as const, works: 0, values: 0 };
    const workIds = worksOf(changes);
    const undo = new UndoRecorder(client);
    await undo.works(workIds);
    await writeChanges(client, spaceId, changes);
    await client.query(
      `UPDATE works SET revision = revision + 1, "updatedAt" = now() WHERE id = ANY($1::uuid[])`,
      [workIds],
    );
    await undo.save(ctx, input.versionId, 'undo_wbs', 'complex_relations.recalculate');
    return { success: true as const, works: workIds.length, values: changes.length };
  });
}

/**
 * API directory-complex-relations version indicator: how many works of the version are out of line with the
 * relations assigned to its schedule — those a recalculation would change — in all and by relation.
 */
export async function versionIndicator(ctx: SpaceContext, input: { versionId: string }) {
  const spaceId = ctx.space.spaceId;
  const version = await versionOf(ctx.db.pool, spaceId, input.versionId);
  const { plans, index, attributeIds } = await loadPlans(ctx.db.pool, spaceId, version.scheduleId);
  const works = attributeIds.length
    ? await workValues(ctx.db.pool, input.versionId, attributeIds)
    : new Map();
  // Each relation alone, on the values as they are; the total applies them in turn (each on a copy).
  const fresh = (): WorkValues => new Map([...works].map(([id, values]) => [id, new Map(values)]));
  const total = worksOf(planChanges(plans, index, fresh()));
  const relations = plans.map((plan) => ({
    complexRelationId: plan.id,
    name: plan.name,
    outOfLine: worksOf(planChanges([plan], index, fresh())).length,
  }));
  return { versionId: input.versionId, outOfLine: total.length, relations };
}

/**
 * After an edit of works' attributes (in its transaction, the works already recorded for its undo): when the
 * schedule has relations and an edited attribute drives one, the edited works' dependent values follow.
 * Cheap when it does nothing: one indexed look-up of the schedule's relations.
 */
export async function followDriverValues(
  client: pg.PoolClient,
  spaceId: string,
  edit: {
    scheduleId: string;
    versionId: string;
    workIds: readonly string[];
    attributeIds: readonly string[];
  },
): Promise<number> {
  if (!edit.attributeIds.length || !edit.workIds.length) return 0;
  const { rows } = await client.query(
    `SELECT 1 FROM complex_relation_schedules WHERE "scheduleId" = $1 LIMIT 1`,
    [edit.scheduleId],
  );
  if (!rows.length) return 0;
  const { plans, index, attributeIds } = await loadPlans(client, spaceId, edit.scheduleId);
  // The relations an edited attribute drives, and those their dependents drive in turn.
  const driven = new Set(edit.attributeIds);
  const following: RelationPlan[] = [];
  for (const plan of plans) {
    if (!plan.driver.attributeId || !driven.has(plan.driver.attributeId)) continue;
    following.push(plan);
    for (const d of plan.dependents) if (d.attributeId) driven.add(d.attributeId);
  }
  if (!following.length) return 0;
  const changes = planChanges(
    following,
    index,
    await workValues(client, edit.versionId, attributeIds, edit.workIds),
  );
  await writeChanges(client, spaceId, changes);
  return changes.length;
}

import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { RELATION_DATA_COLUMNS } from '../../db/work-row';
import { rollUpSummariesAbove } from '../calculation';
import { WORK_COLUMNS } from '../versions';
import { snapshotBefore, worksChanged } from './changes';
import {
  WORK_ROW_TABLES,
  type WorkRowsSnapshot,
  type WorkRowTable,
  workRowsRestore,
  workRowsSnapshot,
} from './work-rows';

/**
 * Undo by snapshots: an action stores the rows as they were before the change (`restore`) and the ids
 * of rows the change created (`remove`). Applying it deletes the one and upserts the other, so every
 * kind of change (create, edit, bulk edit, move, indent, delete of a subtree with its links) is undone
 * by the same two statements, and the list survives a reload because it lives in the database.
 */
export interface UndoPayload {
  restore: {
    works: unknown[];
    relations: unknown[];
    values: unknown[];
    valueWorkIds: string[];
    /** Assignments, daily plans and timesheets of works (absent in actions recorded before they existed). */
    workRows?: WorkRowsSnapshot[];
  };
  remove: { works: string[]; relations: string[] };
}

export class UndoRecorder {
  private readonly workIds = new Set<string>();
  private readonly relationIds = new Set<string>();
  private readonly workRowKeys = new Set<string>();
  readonly payload: UndoPayload = {
    restore: { works: [], relations: [], values: [], valueWorkIds: [], workRows: [] },
    remove: { works: [], relations: [] },
  };

  constructor(private readonly client: pg.PoolClient) {}

  /** Snapshots works (and their attribute values) before they change; each work once. */
  async works(ids: readonly string[]): Promise<void> {
    const fresh = ids.filter((id) => !this.workIds.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) this.workIds.add(id);
    const works = await this.client.query<{ row: unknown }>(
      `SELECT row_to_json(w) AS row FROM works w WHERE id = ANY($1::uuid[])`,
      [fresh],
    );
    const values = await this.client.query<{ row: unknown }>(
      `SELECT row_to_json(v) AS row FROM attribute_values v WHERE "workId" = ANY($1::uuid[])`,
      [fresh],
    );
    this.payload.restore.works.push(...works.rows.map((r) => r.row));
    this.payload.restore.values.push(...values.rows.map((r) => r.row));
    this.payload.restore.valueWorkIds.push(...works.rows.map((r) => (r.row as { id: string }).id));
    await this.workRows(fresh, WORK_ROW_TABLES);
  }

  /** Snapshots rows of these tables that hang off the works (assignments, daily plans); each work and table once. */
  async workRows(ids: readonly string[], tables: readonly WorkRowTable[]): Promise<void> {
    for (const table of tables) {
      const fresh = ids.filter((id) => !this.workRowKeys.has(`${table}:${id}`));
      if (fresh.length === 0) continue;
      for (const id of fresh) this.workRowKeys.add(`${table}:${id}`);
      this.payload.restore.workRows!.push(await workRowsSnapshot(this.client, fresh, [table]));
    }
  }

  async relations(ids: readonly string[]): Promise<void> {
    const fresh = ids.filter((id) => !this.relationIds.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) this.relationIds.add(id);
    const { rows } = await this.client.query<{ row: unknown }>(
      `SELECT row_to_json(r) AS row FROM relations r WHERE id = ANY($1::uuid[])`,
      [fresh],
    );
    this.payload.restore.relations.push(...rows.map((r) => r.row));
  }

  created(kind: 'works' | 'relations', ids: readonly string[]): void {
    this.payload.remove[kind].push(...ids);
  }

  /**
   * Records the action. Before that, unless `rollUp` is false, the summaries above the works it touched
   * are rolled up (docs/product-rules.md, "Summary roll-ups"): every change that records an undo — an
   * edit, a bulk edit, a move, a delete, an assignment, a daily plan or fact — leaves them current. False
   * only for a change that rolls them up itself (a saved edit calculates the version). Then the domains
   * that follow changes of works run theirs (`onWorksChanged`), in the same transaction.
   */
  async save(
    ctx: SpaceContext,
    versionId: string,
    kind: 'undo_wbs' | 'undo_relation' | 'undo_wdp',
    action: string,
    { rollUp = true }: { rollUp?: boolean } = {},
  ) {
    const touched = payloadWorkIds(this.payload);
    const rolled = rollUp
      ? await rollUpSummariesAbove(this.client, ctx.space.spaceId, versionId, touched)
      : [];
    await worksChanged(
      ctx,
      this.client,
      versionId,
      [...touched, ...rolled],
      snapshotBefore(this.payload.restore.works),
    );
    // A new change ends the redo of what was undone before it, as in any editor: those snapshots no longer
    // describe a state the version can return to.
    await this.client.query(
      `UPDATE undo_actions SET redo = NULL WHERE "versionId" = $1 AND "spaceId" = $2 AND redo IS NOT NULL`,
      [versionId, ctx.space.spaceId],
    );
    await this.client.query(
      `INSERT INTO undo_actions ("spaceId", "versionId", "userId", kind, action, payload)
       VALUES ($1, $2, $3, $4::"UndoKind", $5, $6)`,
      [ctx.space.spaceId, versionId, ctx.session.userId, kind, action, JSON.stringify(this.payload)],
    );
  }
}

/**
 * The works an undo payload touches: those it restores with the parents they had when recorded (a moved
 * or deleted work's former summaries), those it removes, and those whose assignments or daily rows it
 * restores. The summaries above them are the ones the change, its undo or its redo can move.
 */
export function payloadWorkIds(payload: UndoPayload): string[] {
  const ids = new Set<string>(payload.remove.works);
  for (const work of payload.restore.works as { id: string; parentId: string | null }[]) {
    ids.add(work.id);
    if (work.parentId) ids.add(work.parentId);
  }
  for (const snapshot of payload.restore.workRows ?? []) for (const id of snapshot.workIds) ids.add(id);
  return [...ids];
}

function upsert(table: string, columns: readonly string[]): string {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const excluded = columns.map((c) => `EXCLUDED."${c}"`).join(', ');
  return `INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)
    ON CONFLICT (id) DO UPDATE SET (${list}, revision, "updatedAt") = (${excluded}, ${table}.revision + 1, now())`;
}

/** Applies one undo payload inside the caller's transaction. */
export async function undoPayloadApply(client: pg.PoolClient, payload: UndoPayload): Promise<void> {
  const { restore, remove } = payload;
  const restoredIds = (restore.works as { id: string }[]).map((w) => w.id);
  const living = restoredIds.length
    ? await client.query<{ id: string }>(`SELECT id FROM works WHERE id = ANY($1::uuid[])`, [restoredIds])
    : { rows: [] };
  const revived = new Set(restoredIds);
  for (const row of living.rows) revived.delete(row.id);
  if (remove.relations.length)
    await client.query(`DELETE FROM relations WHERE id = ANY($1::uuid[])`, [remove.relations]);
  if (remove.works.length) await client.query(`DELETE FROM works WHERE id = ANY($1::uuid[])`, [remove.works]);
  if (restore.works.length)
    await client.query(upsert('works', WORK_COLUMNS), [JSON.stringify(restore.works)]);
  if (restore.relations.length)
    await client.query(upsert('relations', RELATION_DATA_COLUMNS), [JSON.stringify(restore.relations)]);
  if (restore.valueWorkIds.length) {
    await client.query(`DELETE FROM attribute_values WHERE "workId" = ANY($1::uuid[])`, [
      restore.valueWorkIds,
    ]);
    if (restore.values.length)
      await client.query(
        `INSERT INTO attribute_values SELECT * FROM json_populate_recordset(NULL::attribute_values, $1::json)
         ON CONFLICT DO NOTHING`,
        [JSON.stringify(restore.values)],
      );
  }
  for (const snapshot of restore.workRows ?? []) await workRowsRestore(client, snapshot, revived);
}

/**
 * The inverse of an undo payload, read before the undo is applied: the rows it will overwrite as they are
 * now, and the rows it will bring back (absent now) to remove again. Applying it after the undo is the redo.
 */
export async function redoSnapshot(client: pg.PoolClient, payload: UndoPayload): Promise<UndoPayload> {
  const { restore, remove } = payload;
  const existing = async (table: 'works' | 'relations', ids: string[]) => {
    if (ids.length === 0) return new Set<string>();
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM ${table} WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return new Set(rows.map((r) => r.id));
  };
  const inverse = new UndoRecorder(client);
  // Works first, then relations, alike: what exists now is recorded as it is, what comes back is to be removed.
  for (const table of ['works', 'relations'] as const) {
    const restored = (restore[table] as { id: string }[]).map((row) => row.id);
    const living = await existing(table, [...new Set([...restored, ...remove[table]])]);
    await inverse[table]([...living]);
    inverse.created(
      table,
      restored.filter((id) => !living.has(id)),
    );
  }
  return inverse.payload;
}

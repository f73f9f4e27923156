import type pg from 'pg';
import type { SpaceContext } from '../../context';

/** A work as it was before a change: what the domains that follow changes of works compare against. */
export interface WorkBefore {
  id: string;
  name: string;
  status: string;
  executorId: string | null;
  curatorId: string | null;
}

/**
 * A change of works about to commit: every edit that records an undo action, and every undo and redo.
 * `workIds` are the works it touched (created, edited, restored, and the summaries it rolled up);
 * `before` holds those that existed before it, as they were — a touched work absent from it is new.
 */
export interface WorksChange {
  spaceId: string;
  versionId: string;
  /** Who made the change. */
  userId: string;
  workIds: readonly string[];
  before: ReadonlyMap<string, WorkBefore>;
}

export type WorksChangedHook = (client: pg.PoolClient, change: WorksChange) => Promise<void>;

const hooks = new Set<WorksChangedHook>();

/**
 * Runs `hook` inside the transaction of every later change of works (kanban moves the cards of works whose
 * status changed, the newly assigned are told): the undo record is the one place every such change passes,
 * and the domains built on works cannot be imported by it, so they register.
 */
export function onWorksChanged(hook: WorksChangedHook): void {
  hooks.add(hook);
}

/** Runs the hooks on the works a change of the caller touched (`workIds`, each once), inside its transaction. */
export async function worksChanged(
  ctx: SpaceContext,
  client: pg.PoolClient,
  versionId: string,
  workIds: readonly string[],
  before: ReadonlyMap<string, WorkBefore>,
): Promise<void> {
  if (workIds.length === 0) return;
  const change: WorksChange = {
    spaceId: ctx.space.spaceId,
    versionId,
    userId: ctx.session.userId,
    workIds: [...new Set(workIds)],
    before,
  };
  for (const hook of hooks) await hook(client, change);
}

/** The works as they are now, for the `before` of a change about to be applied (an undo, a redo). */
export async function worksBefore(
  client: pg.PoolClient,
  ids: readonly string[],
): Promise<Map<string, WorkBefore>> {
  if (ids.length === 0) return new Map();
  const { rows } = await client.query<WorkBefore>(
    `SELECT id, name, status, "executorId", "curatorId" FROM works WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The works an undo snapshot holds, as the `before` of the change that recorded it. */
export function snapshotBefore(rows: readonly unknown[]): Map<string, WorkBefore> {
  const before = new Map<string, WorkBefore>();
  for (const row of rows as WorkBefore[]) before.set(row.id, row);
  return before;
}

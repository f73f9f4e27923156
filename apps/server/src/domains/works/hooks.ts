import type pg from 'pg';

/**
 * What a higher domain does in the transaction of an edit of works' fields (kanban moves the cards of
 * works whose status changed): the works domain cannot import the domains built on it, so they register.
 */
export type WorksEditedHook = (
  client: pg.PoolClient,
  spaceId: string,
  workIds: readonly string[],
) => Promise<void>;

const hooks = new Set<WorksEditedHook>();

/** Runs `hook` in every later edit of works' fields (the grid's, a card's), inside its transaction. */
export function onWorksEdited(hook: WorksEditedHook): void {
  hooks.add(hook);
}

export async function worksEdited(client: pg.PoolClient, spaceId: string, workIds: readonly string[]) {
  for (const hook of hooks) await hook(client, spaceId, workIds);
}

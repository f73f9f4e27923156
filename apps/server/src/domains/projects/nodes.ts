import type { EpsKind } from '@takt/contracts';
import { rowOrNotFound, type Sql } from '../../db/sql';
import { AppError } from '../../errors';

/** An EPS node of the space with its settings (null when never set). */
export type SettingsNode = {
  id: string;
  parentId: string | null;
  kind: EpsKind;
  name: string;
  code: string | null;
  settings: Record<string, unknown> | null;
  revision: number;
};

/** The space's node `nodeId`, which must be of `kind` (NotFound otherwise: a schedule is not a project). */
export async function nodeOfKind(
  on: Sql,
  spaceId: string,
  nodeId: string,
  kind: EpsKind | null,
  lock = false,
): Promise<SettingsNode> {
  const node = await rowOrNotFound<SettingsNode>(
    on,
    `SELECT id, "parentId", kind, name, code, settings, revision FROM eps_nodes
     WHERE id = $1 AND "spaceId" = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [nodeId, spaceId],
  );
  if (kind && node.kind !== kind) throw new AppError('NotFound');
  return node;
}

/**
 * Writes a node's settings at the revision the caller read (Conflict when someone saved in between), keeping
 * the keys of the settings it does not name (`keep`: a project's calculation settings beside its own).
 */
export async function saveSettings(
  on: Sql,
  node: SettingsNode,
  settings: Record<string, unknown>,
  revision: number,
): Promise<void> {
  const { rowCount } = await on.query(
    `UPDATE eps_nodes SET settings = coalesce(settings, '{}'::jsonb) || $2::jsonb, revision = revision + 1,
       "updatedAt" = now() WHERE id = $1 AND revision = $3`,
    [node.id, JSON.stringify(settings), revision],
  );
  if (!rowCount) throw new AppError('Conflict');
}

/** The path of a node from the root: its facilities (and project) above it, then itself. */
export async function pathOf(on: Sql, nodeId: string) {
  const { rows } = await on.query<{ id: string; name: string; kind: EpsKind }>(
    `WITH RECURSIVE up AS (SELECT id, "parentId", name, kind, 0 AS depth FROM eps_nodes WHERE id = $1
       UNION SELECT n.id, n."parentId", n.name, n.kind, up.depth + 1 FROM eps_nodes n JOIN up ON n.id = up."parentId")
     SELECT id, name, kind FROM up ORDER BY depth DESC`,
    [nodeId],
  );
  return rows;
}

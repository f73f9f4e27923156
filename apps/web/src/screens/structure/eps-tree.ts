import { EPS_PARENT_KINDS, type EpsKind } from '@takt/contracts';
import type { ScheduleGroup } from '../../lib/schedule-types';
import type { EpsNode } from './NodeInfo';

export const KIND_ICON: Record<EpsKind, string> = { facility: '▣', project: '◧', schedule: '▤' };

/** The nodes under each parent (null: the roots), in the order listed. */
export function childrenByParent(nodes: readonly EpsNode[]): Map<string | null, EpsNode[]> {
  const map = new Map<string | null, EpsNode[]>();
  for (const n of nodes) map.set(n.parentId, [...(map.get(n.parentId) ?? []), n]);
  return map;
}

/**
 * Where a new node of `kind` goes from the selection: a schedule into the selected group, else under
 * the selected node when it may hold that kind, else at the root when that kind may stand there; null
 * when it can go nowhere.
 */
export function createTarget(
  kind: EpsKind,
  node: EpsNode | null,
  group: ScheduleGroup | null,
): { parentId: string | null; groupId: string | null } | null {
  if (group && kind === 'schedule') return { parentId: group.projectId, groupId: group.id };
  const parentKinds = EPS_PARENT_KINDS[kind];
  if (node && parentKinds.includes(node.kind)) return { parentId: node.id, groupId: null };
  if (parentKinds.includes(null)) return { parentId: null, groupId: null };
  return null;
}

/**
 * The children of a project as the tree shows them: its schedule groups (each with its schedules) first,
 * then the children in no group.
 */
export function projectChildren(
  project: EpsNode,
  kids: readonly EpsNode[],
  groups: readonly ScheduleGroup[],
  byId: ReadonlyMap<string, EpsNode>,
): { groups: { group: ScheduleGroup; schedules: EpsNode[] }[]; rest: EpsNode[] } {
  const projectGroups = groups.filter((g) => g.projectId === project.id);
  const grouped = new Set(projectGroups.flatMap((g) => g.scheduleIds));
  return {
    groups: projectGroups.map((group) => ({
      group,
      schedules: group.scheduleIds.map((id) => byId.get(id)).flatMap((s) => (s ? [s] : [])),
    })),
    rest: kids.filter((k) => !grouped.has(k.id)),
  };
}

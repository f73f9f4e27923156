import { Link } from 'wouter';
import { useT } from '../../lib/i18n';
import type { ScheduleGroup } from '../../lib/schedule-types';
import { KIND_ICON, projectChildren } from './eps-tree';
import type { EpsNode } from './NodeInfo';

/** What every row of the tree reads: the nodes, the groups, what is open and what is selected. */
export interface EpsTreeState {
  childrenOf: ReadonlyMap<string | null, EpsNode[]>;
  byId: ReadonlyMap<string, EpsNode>;
  groups: readonly ScheduleGroup[];
  collapsed: ReadonlySet<string>;
  selected: string | null;
  selectedGroup: string | null;
  onToggle: (id: string) => void;
  onSelect: (id: string) => void;
  /** Selects a group, and its project when given. */
  onSelectGroup: (groupId: string, projectId?: string) => void;
}

/** The EPS tree: facilities, projects (with their schedule groups) and schedules, each row opening or closing. */
export function EpsTree({ tree, label }: { tree: EpsTreeState; label: string }) {
  return (
    <div className="eps-list eps-tree" role="tree" aria-label={label}>
      {(tree.childrenOf.get(null) ?? []).map((n) => (
        <EpsTreeRow key={n.id} node={n} depth={0} tree={tree} />
      ))}
    </div>
  );
}

function EpsTreeRow({ node: n, depth, tree }: { node: EpsNode; depth: number; tree: EpsTreeState }) {
  const t = useT();
  const kids = tree.childrenOf.get(n.id) ?? [];
  const isOpen = !tree.collapsed.has(n.id);
  const isSelected = tree.selected === n.id && !tree.selectedGroup;
  return (
    <div role="none">
      <div
        role="treeitem"
        aria-level={depth + 1}
        aria-selected={isSelected}
        aria-expanded={kids.length ? isOpen : undefined}
        tabIndex={tree.selected === n.id ? 0 : -1}
        className={`eps-row eps-${n.kind}${isSelected ? ' eps-row-selected' : ''}`}
        style={{ paddingLeft: 8 + depth * 18 }}
        onClick={() => tree.onSelect(n.id)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            tree.onSelect(n.id);
          }
        }}
        data-testid={`eps-node-${n.name}`}
      >
        <button
          type="button"
          className="eps-toggle"
          aria-label={isOpen ? t('eps.collapse') : t('eps.expand')}
          tabIndex={-1}
          style={{ visibility: kids.length ? 'visible' : 'hidden' }}
          onClick={(e) => {
            e.stopPropagation();
            tree.onToggle(n.id);
          }}
        >
          {isOpen ? '▾' : '▸'}
        </button>
        <span className="eps-kind" aria-hidden="true">
          {KIND_ICON[n.kind]}
        </span>
        <span className="eps-name">{n.name}</span>
        {n.code && <span className="eps-code">{n.code}</span>}
        <span className="eps-kind-label">{t(`eps.kind.${n.kind}`)}</span>
        {n.kind === 'schedule' && (
          <Link
            href={`/schedule/${n.id}`}
            className="eps-open"
            onClick={(e) => e.stopPropagation()}
            data-testid={`open-schedule-${n.name}`}
          >
            {t('common.open')}
          </Link>
        )}
      </div>
      {kids.length > 0 && isOpen && (
        // biome-ignore lint/a11y/useSemanticElements: a group of tree items
        <div role="group" className="eps-list">
          {n.kind === 'project' ? (
            <ProjectChildren project={n} kids={kids} depth={depth + 1} tree={tree} />
          ) : (
            kids.map((k) => <EpsTreeRow key={k.id} node={k} depth={depth + 1} tree={tree} />)
          )}
        </div>
      )}
    </div>
  );
}

/** A project's schedule groups, each a row with its schedules under it, then its other children. */
function ProjectChildren({
  project,
  kids,
  depth,
  tree,
}: {
  project: EpsNode;
  kids: readonly EpsNode[];
  depth: number;
  tree: EpsTreeState;
}) {
  const t = useT();
  const { groups, rest } = projectChildren(project, kids, tree.groups, tree.byId);
  return (
    <>
      {groups.map(({ group: g, schedules }) => (
        <div key={g.id} role="none">
          <div
            role="treeitem"
            aria-level={depth + 1}
            aria-selected={tree.selectedGroup === g.id}
            tabIndex={-1}
            className={`eps-row eps-group${tree.selectedGroup === g.id ? ' eps-row-selected' : ''}`}
            style={{ paddingLeft: 8 + depth * 18 }}
            onClick={() => tree.onSelectGroup(g.id, project.id)}
            onKeyDown={(e) => e.key === 'Enter' && tree.onSelectGroup(g.id)}
          >
            <span className="eps-toggle" />
            <span className="eps-kind" aria-hidden="true">
              ❐
            </span>
            <span className="eps-name">{g.name}</span>
            <span className="eps-kind-label">{t('eps.kind.group')}</span>
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: a group of tree items */}
          <div role="group" className="eps-list">
            {schedules.map((s) => (
              <EpsTreeRow key={s.id} node={s} depth={depth + 1} tree={tree} />
            ))}
          </div>
        </div>
      ))}
      {rest.map((k) => (
        <EpsTreeRow key={k.id} node={k} depth={depth} tree={tree} />
      ))}
    </>
  );
}

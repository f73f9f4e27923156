import type { BimSpatialNode } from '@takt/bim';
import { Empty } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import type { LoadedModel } from './bim-types';

/** The spatial tree (site → building → storey); a click selects a node's elements. */
export function BimTreePanel({
  spaceId,
  projectId,
  loaded,
  onSelect,
}: {
  spaceId: string;
  projectId: string;
  loaded: LoadedModel[];
  onSelect: (modelId: string, globalIds: string[]) => void;
}) {
  const t = useT();
  const pbs = trpc.bim.models.pbs.useQuery({ spaceId, projectId });
  const rows: { modelId: string; node: BimSpatialNode; depth: number; ids: string[] }[] = [];
  for (const model of pbs.data ?? []) {
    const m = loaded.find((l) => l.id === model.modelId);
    if (!m) continue;
    const walk = (node: BimSpatialNode, depth: number): string[] => {
      const at = rows.length;
      rows.push({ modelId: m.id, node, depth, ids: [] });
      const ids = node.elements.map((i) => m.globalIds[i]!).filter(Boolean);
      for (const c of node.children) ids.push(...walk(c, depth + 1));
      rows[at]!.ids = ids;
      return ids;
    };
    for (const root of model.tree as BimSpatialNode[]) walk(root, 0);
  }
  if (!rows.length) return <Empty>{t('bim.no_models')}</Empty>;
  return (
    <ul className="bim-list bim-tree stack-list" data-testid="bim-tree">
      {rows.map((r) => (
        <li key={`${r.modelId}-${r.node.expressId}`}>
          <button
            type="button"
            className="bim-list-row bim-row-button"
            style={{ paddingInlineStart: 6 + r.depth * 14 }}
            onClick={() => onSelect(r.modelId, r.ids)}
          >
            <span className="bim-grow">{r.node.name ?? r.node.ifcClass}</span>
            <span className="bim-muted">{r.ids.length}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

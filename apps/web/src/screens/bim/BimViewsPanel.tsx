import { type ReactNode, useState } from 'react';
import { Empty } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import type { LoadedModel } from './bim-types';

/** Views: elements without works, works without elements, the links list. */
export function BimViewsPanel({
  spaceId,
  versionId,
  loaded,
  worksWithout,
  onElement,
  onWork,
}: {
  spaceId: string;
  versionId: string;
  loaded: LoadedModel[];
  worksWithout: { id: string; code: string | null; name: string }[];
  onElement: (modelId: string, globalId: string) => void;
  onWork: (id: string) => void;
}) {
  const t = useT();
  const [view, setView] = useState<'elements' | 'works' | 'relations'>('elements');
  const model = loaded[0];
  const elements = trpc.bim.models.elements.useQuery(
    { spaceId, modelId: model?.id ?? '', unlinkedInVersionId: versionId, limit: 300 },
    { enabled: view === 'elements' && !!model },
  );
  const relations = trpc.bim.links.relations.useQuery(
    { spaceId, versionId, limit: 300 },
    { enabled: view === 'relations' },
  );
  /** The note under a view cut at its limit: how many more there are. */
  const more = (total = 0, shown = 0) =>
    total > shown && <p className="bim-muted">{t('bim.view.more', { count: total - shown })}</p>;
  return (
    <div className="bim-views" data-testid="bim-views">
      <select
        className="input input-compact"
        value={view}
        onChange={(e) => setView(e.target.value as typeof view)}
      >
        <option value="elements">{t('bim.view.elements_without_works')}</option>
        <option value="works">{t('bim.view.works_without_elements')}</option>
        <option value="relations">{t('bim.view.relations')}</option>
      </select>
      <ul className="bim-list stack-list">
        {view === 'elements' &&
          model &&
          elements.data?.elements.map((e) => (
            <ViewRow key={e.index} onClick={() => onElement(model.id, e.globalId)}>
              <span className="bim-grow">{e.name ?? e.globalId}</span>
              <span className="bim-muted">{e.ifcClass}</span>
            </ViewRow>
          ))}
        {view === 'works' &&
          worksWithout.map((w) => (
            <ViewRow key={w.id} onClick={() => onWork(w.id)}>
              <span className="bim-muted bim-code">{w.code}</span>
              <span className="bim-grow">{w.name}</span>
            </ViewRow>
          ))}
        {view === 'relations' &&
          relations.data?.relations.map((r) => (
            <ViewRow key={r.id} onClick={() => onElement(r.modelId, r.globalId)}>
              <span className="bim-grow">{r.workName}</span>
              <span className="bim-muted">{r.elementName ?? r.globalId}</span>
            </ViewRow>
          ))}
      </ul>
      {view === 'elements' && more(elements.data?.total, elements.data?.elements.length)}
      {view === 'relations' && more(relations.data?.total, relations.data?.relations.length)}
      {((view === 'elements' && elements.data?.total === 0) ||
        (view === 'works' && !worksWithout.length) ||
        (view === 'relations' && relations.data?.total === 0)) && <Empty>{t('bim.view.empty')}</Empty>}
    </div>
  );
}

/** A row of a view: a button that selects what it names. */
function ViewRow({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <li>
      <button type="button" className="bim-list-row bim-row-button" onClick={onClick}>
        {children}
      </button>
    </li>
  );
}

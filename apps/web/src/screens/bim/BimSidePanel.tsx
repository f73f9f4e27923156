import { confirmedDelete } from '../../components/confirm';
import { Spinner, Tabs } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { withMember } from '../../lib/sets';
import { BimModelsPanel } from './BimModelsPanel';
import { BimObjectsPanel } from './BimObjectsPanel';
import { BimTreePanel } from './BimTreePanel';
import { BimViewsPanel } from './BimViewsPanel';
import { BimWorksPanel } from './BimWorksPanel';
import type { BimScreen } from './bim-screen';
import { type Tab, unplacedOverlaps } from './bim-types';

/**
 * The side of the 4D screen: tabs of the project's models (show, hide, delete, links from process
 * data), the IFC tree, the works with their links, the views and the objects drawn in the model.
 */
export function BimSidePanel({
  screen,
  tab,
  onTab,
}: {
  screen: BimScreen;
  tab: Tab;
  onTab: (tab: Tab) => void;
}) {
  const { data, view, commands, editable, persist } = screen;
  const { selectedWorks, selectElements, selectWorks } = view;
  const t = useT();
  const { spaceId } = useSpace();
  const { models, projectId, versionId, loaded, works, wbs, hiddenModels, setHiddenModels } = data;
  const { updateModel, deleteModel, fromProcess } = commands;
  return (
    <aside className="bim-side">
      <Tabs
        label={t('bim.panels')}
        active={tab}
        onChange={onTab}
        tabs={[
          { key: 'models', label: t('bim.tab.models') },
          { key: 'tree', label: t('bim.tab.tree') },
          { key: 'works', label: t('bim.tab.works') },
          { key: 'views', label: t('bim.tab.views') },
          { key: 'objects', label: t('bim.tab.objects') },
        ]}
      />
      <div className="bim-side-body">
        {tab === 'models' && !models.isSuccess && <Spinner />}
        {tab === 'models' && models.isSuccess && (
          <BimModelsPanel
            models={models.data ?? []}
            hidden={hiddenModels}
            editable={editable}
            t={t}
            onToggle={(m, visible) => {
              setHiddenModels((h) => {
                const next = withMember(h, m.id, !visible);
                persist({ hiddenModels: [...next] });
                return next;
              });
              if (editable) updateModel.mutate({ spaceId, modelId: m.id, revision: m.revision, visible });
            }}
            onDelete={async (m) => {
              if (
                await confirmedDelete(
                  t('bim.model.delete', { name: m.name }),
                  t('bim.model.delete_confirm', { name: m.name }),
                )
              )
                deleteModel.mutate({ spaceId, modelId: m.id });
            }}
            onProcess={(m) => fromProcess.mutate({ spaceId, versionId, modelId: m.id })}
            overlaps={unplacedOverlaps(loaded)}
            onMove={(m, offset) =>
              updateModel.mutate({ spaceId, modelId: m.id, revision: m.revision, offset })
            }
          />
        )}
        {tab === 'tree' && projectId && (
          <BimTreePanel
            spaceId={spaceId}
            projectId={projectId}
            loaded={loaded}
            onSelect={(modelId, ids) => selectElements(new Map([[modelId, new Set(ids)]]), true)}
          />
        )}
        {tab === 'works' && (
          <BimWorksPanel
            works={works.data ?? []}
            linked={wbs.data?.linked ?? []}
            selected={selectedWorks}
            t={t}
            onSelect={(id, additive) => {
              const next = new Set(additive ? selectedWorks : []);
              if (additive && next.has(id)) next.delete(id);
              else next.add(id);
              void selectWorks(next);
            }}
          />
        )}
        {tab === 'views' && versionId && (
          <BimViewsPanel
            spaceId={spaceId}
            versionId={versionId}
            loaded={loaded}
            worksWithout={wbs.data?.worksWithoutElements ?? []}
            onElement={(modelId, globalId) => selectElements(new Map([[modelId, new Set([globalId])]]), true)}
            onWork={(id) => void selectWorks(new Set([id]))}
          />
        )}
        {tab === 'objects' && projectId && (
          <BimObjectsPanel spaceId={spaceId} epsId={projectId} editable={editable} />
        )}
      </div>
    </aside>
  );
}

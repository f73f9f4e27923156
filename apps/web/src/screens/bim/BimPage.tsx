import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { confirmed } from '../../components/confirm';
import { Badge, Empty, ProgressBar, Spinner, Tabs } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { VersionSelect } from '../schedule/VersionSelect';
import { BimModelsPanel } from './BimModelsPanel';
import { BimObjectsPanel } from './BimObjectsPanel';
import { BimPlayer } from './BimPlayer';
import { BimPropertiesPanel } from './BimPropertiesPanel';
import { BimRulesDialog } from './BimRulesDialog';
import { BimToolbar } from './BimToolbar';
import { BimTreePanel } from './BimTreePanel';
import { BimViewport } from './BimViewport';
import { BimViewsPanel } from './BimViewsPanel';
import { BimWorksPanel } from './BimWorksPanel';
import { selectionSize, type Tab } from './bim-types';
import { useBimCommands } from './useBimCommands';
import { useBimData } from './useBimData';
import { useBimPlayback, usePersistViewState } from './useBimPlayback';
import { useBimSelection } from './useBimSelection';
import { useBimUpload } from './useBimUpload';
import '../schedule/schedule.css';
import './bim.css';

/** The 4D screen `/{space}/schedule/{id}/bim`: the project's IFC models linked to the schedule's works. */
export function BimPage({ params }: { params: { id: string } }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const scheduleId = params.id;
  const [search, setSearch] = useSearchParams();
  const {
    node,
    parent,
    projectId,
    versions,
    versionList,
    versionId,
    models,
    completed,
    viewState,
    hiddenModels,
    setHiddenModels,
    loaded,
    works,
    player,
    wbs,
    primitives,
  } = useBimData(scheduleId, search);
  const editable = can('bim.edit');

  const [tab, setTab] = useState<Tab>('models');
  const {
    viewer,
    ready,
    onReady,
    selection,
    selectedWorks,
    xray,
    setXray,
    section,
    setSection,
    selectElements,
    onPick,
    selectWorks,
  } = useBimSelection(spaceId, versionId, setTab);
  const [dark, setDark] = useState<boolean | null>(null);
  const darkBackground = dark ?? (viewState.data?.state.theme ? viewState.data.state.theme === 'dark' : true);
  const [rulesOpen, setRulesOpen] = useState(false);
  const { uploading, previews, onFile } = useBimUpload(spaceId, projectId, loaded);

  const saved = viewState.data?.state;
  const persist = usePersistViewState(spaceId, projectId);
  const { range, currentTime, playerSettings, onTime, onSettings } = useBimPlayback({
    player,
    loaded,
    viewer,
    ready,
    saved,
    persist,
  });

  const { refreshLinks, link, unlink, linkSelected, unlinkSelected, fromProcess, updateModel, deleteModel } =
    useBimCommands(spaceId, versionId, selection, selectedWorks);

  if (node.isError || versions.isError) return null;
  const count = selectionSize(selection);
  const loadingModels = completed.length > loaded.length;
  const profileLegend = (player.data?.profiles ?? []).map((p) => ({
    name: p.name,
    during: p.looks.during.color,
  }));

  return (
    <div className="schedule bim" data-testid="bim-page">
      <header className="schedule-header">
        <div className="schedule-title">
          <Link href={`/schedule/${scheduleId}`} className="schedule-crumb">
            {node.data?.name ?? t('bim.back')}
          </Link>
          <h1 className="page-title">{t('bim.title')}</h1>
          {versionId && (
            <VersionSelect
              versions={versionList}
              value={versionId}
              onChange={(id) => setSearch({ version: id }, { replace: true })}
            />
          )}
          <Badge>
            <span data-testid="bim-selection">
              {t('bim.selection', { elements: count, works: selectedWorks.size })}
            </span>
          </Badge>
        </div>
      </header>
      {parent.isSuccess && !projectId ? (
        <Empty>{t('bim.no_project')}</Empty>
      ) : (
        <>
          <BimToolbar
            viewer={viewer}
            name={node.data?.name}
            editable={editable}
            projectId={projectId}
            versionId={versionId}
            uploading={uploading}
            onFile={onFile}
            selection={selection}
            selectedWorks={selectedWorks}
            xray={xray}
            setXray={setXray}
            section={section}
            setSection={setSection}
            darkBackground={darkBackground}
            setDark={setDark}
            persist={persist}
            linking={link.isPending}
            unlinking={unlink.isPending}
            linkSelected={linkSelected}
            unlinkSelected={unlinkSelected}
            modelCount={completed.length}
            setRulesOpen={setRulesOpen}
          />
          {uploading && <ProgressBar value={uploading.progress} label={t('bim.uploading', uploading)} />}
          {(models.data ?? [])
            .filter((m) => m.status === 'uploading')
            .map((m) => (
              <ProgressBar
                key={m.id}
                value={m.progress}
                label={t('bim.parsing', { name: m.name, progress: m.progress })}
              />
            ))}
          <div className="bim-body">
            <aside className="bim-side">
              <Tabs
                label={t('bim.panels')}
                active={tab}
                onChange={setTab}
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
                        const next = new Set(h);
                        if (visible) next.delete(m.id);
                        else next.add(m.id);
                        persist({ hiddenModels: [...next] });
                        return next;
                      });
                      if (editable)
                        updateModel.mutate({ spaceId, modelId: m.id, revision: m.revision, visible });
                    }}
                    onDelete={async (m) => {
                      if (
                        await confirmed({
                          title: t('bim.model.delete', { name: m.name }),
                          text: t('bim.model.delete_confirm', { name: m.name }),
                          danger: true,
                        })
                      )
                        deleteModel.mutate({ spaceId, modelId: m.id });
                    }}
                    onProcess={(m) => fromProcess.mutate({ spaceId, versionId, modelId: m.id })}
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
                    onElement={(modelId, globalId) =>
                      selectElements(new Map([[modelId, new Set([globalId])]]), true)
                    }
                    onWork={(id) => void selectWorks(new Set([id]))}
                  />
                )}
                {tab === 'objects' && projectId && (
                  <BimObjectsPanel spaceId={spaceId} epsId={projectId} editable={editable} />
                )}
              </div>
            </aside>
            <div className="bim-stage">
              {loadingModels && (
                <div className="bim-stage-overlay">
                  <Spinner />
                </div>
              )}
              {models.isSuccess && !models.data.length && (
                <div className="bim-stage-overlay">
                  <Empty>{t('bim.no_models')}</Empty>
                </div>
              )}
              <BimViewport
                models={previews.length ? [...loaded, ...previews] : loaded}
                primitives={primitives}
                dark={darkBackground}
                onReady={onReady}
                onPick={(p, additive) => void onPick(p, additive)}
              />
            </div>
            <BimPropertiesPanel
              spaceId={spaceId}
              selection={selection}
              works={works.data ?? []}
              selectedWorks={selectedWorks}
              t={t}
            />
          </div>
          <BimPlayer
            range={range}
            time={currentTime}
            settings={playerSettings}
            profiles={profileLegend}
            onTime={onTime}
            onSettings={onSettings}
          />
        </>
      )}
      {rulesOpen && versionId && (
        <BimRulesDialog
          spaceId={spaceId}
          scheduleId={scheduleId}
          versionId={versionId}
          modelId={completed[0]?.id ?? null}
          editable={editable}
          profiles={(player.data?.profiles ?? []).map((p) => ({ id: p.id, name: p.name }))}
          onApplied={() => {
            setRulesOpen(false);
            refreshLinks();
          }}
          onClose={() => setRulesOpen(false)}
        />
      )}
    </div>
  );
}

import { useState } from 'react';
import { Badge, Empty, ProgressBar, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { ScheduleViewHeader } from '../schedule/ScheduleViewHeader';
import { BimPlayer } from './BimPlayer';
import { BimPropertiesPanel } from './BimPropertiesPanel';
import { BimRulesDialog } from './BimRulesDialog';
import { BimSidePanel } from './BimSidePanel';
import { BimToolbar } from './BimToolbar';
import { BimViewport } from './BimViewport';
import type { BimScreen } from './bim-screen';
import { modelCounts, selectionSize, type Tab } from './bim-types';
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
  const data = useBimData(scheduleId);
  const {
    node,
    parent,
    projectId,
    versions,
    versionId,
    models,
    completed,
    viewState,
    loaded,
    works,
    player,
  } = data;
  const editable = can('bim.edit');

  const [tab, setTab] = useState<Tab>('models');
  const view = useBimSelection(spaceId, versionId, setTab);
  const { viewer, ready, selection, selectedWorks } = view;
  const [dark, setDark] = useState<boolean | null>(null);
  const darkBackground = dark ?? (viewState.data?.state.theme ? viewState.data.state.theme === 'dark' : true);
  const [rulesOpen, setRulesOpen] = useState(false);
  const upload = useBimUpload(spaceId, projectId, loaded);
  const { uploading, previews } = upload;

  const saved = viewState.data?.state;
  const persist = usePersistViewState(spaceId, projectId);
  const playback = useBimPlayback({ player, loaded, viewer, ready, saved, persist });

  const commands = useBimCommands(spaceId, versionId, selection, selectedWorks);
  const screen: BimScreen = { data, view, commands, editable, persist };

  if (node.isError || versions.isError) return null;
  // Over the model: a spinner while models load, a notice when the project has none.
  const overlay =
    completed.length > loaded.length ? (
      <Spinner />
    ) : models.isSuccess && !models.data.length ? (
      <Empty>{t('bim.no_models')}</Empty>
    ) : null;
  // Without a selection the badge counts what the screen shows: the models' elements, how many of them are
  // linked in this version and to how many works (it used to count the empty selection: "0 · 0").
  const counts = modelCounts(models.data ?? [], player.data?.models ?? []);
  const profileLegend = (player.data?.profiles ?? []).map((p) => ({
    name: p.name,
    during: p.looks.during.color,
  }));

  return (
    <div className="schedule bim" data-testid="bim-page">
      <ScheduleViewHeader
        scheduleId={scheduleId}
        view={data.view}
        back={t('bim.back')}
        title={t('bim.title')}
        badge={
          <Badge>
            {selectionSize(selection) > 0 ? (
              <span data-testid="bim-selection">
                {t('bim.selection', { elements: selectionSize(selection), works: selectedWorks.size })}
              </span>
            ) : (
              <span data-testid="bim-counts">{t('bim.counts', counts)}</span>
            )}
          </Badge>
        }
      />
      {parent.isSuccess && !projectId ? (
        <Empty>{t('bim.no_project')}</Empty>
      ) : (
        <>
          <BimToolbar
            screen={screen}
            upload={upload}
            darkBackground={darkBackground}
            setDark={setDark}
            onRules={() => setRulesOpen(true)}
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
            <BimSidePanel screen={screen} tab={tab} onTab={setTab} />
            <div className="bim-stage">
              {overlay && <div className="bim-stage-overlay">{overlay}</div>}
              <BimViewport
                models={previews.length ? [...loaded, ...previews] : loaded}
                primitives={data.primitives}
                dark={darkBackground}
                onReady={view.onReady}
                onPick={(p, additive) => void view.onPick(p, additive)}
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
            range={playback.range}
            time={playback.currentTime}
            settings={playback.playerSettings}
            profiles={profileLegend}
            onTime={playback.onTime}
            onSettings={playback.onSettings}
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
            commands.refreshLinks();
          }}
          onClose={() => setRulesOpen(false)}
        />
      )}
    </div>
  );
}

import { useSpace } from '../../../layouts/space-context';
import { textOf } from '../../../lib/columnar';
import { useT } from '../../../lib/i18n';
import type { SetParam } from '../../../lib/list-search';
import { trpc } from '../../../lib/trpc';
import { ChecklistPanel } from '../../kanban/ChecklistPanel';
import { AssignmentsPanel } from '../../resources/AssignmentsPanel';
import { AssistantPanel } from '../AssistantPanel';
import { RelationsPanel } from '../RelationsPanel';
import { ReplacementsPanel } from '../ReplacementsPanel';
import { UndoPanel } from '../UndoPanel';
import { VersionsPanel } from '../VersionsPanel';
import type { Panel } from './ScheduleHeader';
import type { RelationRequest } from './useRowMenu';
import type { ScheduleData } from './useScheduleData';

/** The side panel of the active row or the version: relations, assignments, checklists, undo, versions or the assistant. */
export function SchedulePanel({
  panel,
  scheduleId,
  data,
  activeRow,
  relationRequest,
  readOnly,
  setParam,
  onChanged,
  onShowWorks,
}: {
  panel: Panel;
  scheduleId: string;
  data: ScheduleData;
  activeRow: number | undefined;
  relationRequest?: RelationRequest | null;
  readOnly: boolean;
  setParam: SetParam;
  onChanged: () => void;
  /** Selects works in the grid (the assistant's findings). */
  onShowWorks: (ids: string[]) => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const { model, version, versionList, calendarHours, checks } = data;
  if (!model || !version) return null;
  return (
    <aside className="schedule-panel" aria-label={t(`grid.panel.${panel}`)}>
      {panel === 'relations' && (
        <RelationsPanel
          model={model}
          row={activeRow}
          request={relationRequest}
          versionId={version.id}
          readOnly={readOnly}
          hoursPerDay={calendarHours}
          onChanged={onChanged}
        />
      )}
      {panel === 'assignments' && (
        <AssignmentsPanel
          versionId={version.id}
          workId={activeRow === undefined ? undefined : model.ids[activeRow]}
          workLabel={
            activeRow === undefined
              ? ''
              : `${textOf(model, model.code[activeRow]!)} ${textOf(model, model.name[activeRow]!)}`.trim()
          }
          checkedIds={[...checks.checked]}
          readOnly={readOnly}
          hoursPerDay={calendarHours}
          onChanged={onChanged}
        />
      )}
      {panel === 'checklists' &&
        (activeRow === undefined ? (
          <p className="muted">{t('checklist.pick_work')}</p>
        ) : (
          <ChecklistPanel key={model.ids[activeRow]} owner={{ workId: model.ids[activeRow]! }} />
        ))}
      {panel === 'undo' && <UndoPanel versionId={version.id} readOnly={readOnly} onChanged={onChanged} />}
      {panel === 'assistant' && (
        <AssistantPanel
          key={version.id}
          versionId={version.id}
          scheduleId={scheduleId}
          model={model}
          activeRow={activeRow}
          readOnly={readOnly}
          onShowWorks={onShowWorks}
          onChanged={onChanged}
        />
      )}
      {panel === 'replacements' && (
        <ReplacementsPanel
          scheduleId={scheduleId}
          versionId={version.id}
          model={model}
          activeRow={activeRow}
          readOnly={readOnly}
          onChanged={onChanged}
        />
      )}
      {panel === 'versions' && (
        <VersionsPanel
          scheduleId={scheduleId}
          current={version}
          versions={versionList}
          onOpen={(id) => setParam('version', id)}
          onChanged={() => void utils.versions.list.invalidate({ spaceId, scheduleId })}
        />
      )}
    </aside>
  );
}

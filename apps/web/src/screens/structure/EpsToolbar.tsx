import type { EpsKind } from '@takt/contracts';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import type { ScheduleGroup } from '../../lib/schedule-types';
import { JobsButton } from '../import/JobsList';
import type { DialogState } from './EpsDialog';
import { createTarget } from './eps-tree';
import type { EpsNode } from './NodeInfo';

/**
 * The tree's toolbars: add a facility, project, schedule or group where the selection allows; rename,
 * move, copy or delete the selection; upload a version into the selected schedule and its import jobs.
 */
export function EpsToolbar({
  node,
  group,
  onDialog,
  onDelete,
  onUpload,
}: {
  node: EpsNode | null;
  group: ScheduleGroup | null;
  onDialog: (dialog: NonNullable<DialogState>) => void;
  onDelete: () => void;
  onUpload: (scheduleId: string) => void;
}) {
  const t = useT();
  const { can } = useSpace();
  const [, navigate] = useLocation();
  const editable = can('structure.edit');
  const addButton = (kind: EpsKind) => {
    const target = createTarget(kind, node, group);
    return (
      <Button
        key={kind}
        disabled={!editable || !target}
        onClick={() => target && onDialog({ mode: 'create', kind, ...target })}
        data-testid={`add-${kind}`}
      >
        + {t(`eps.kind.${kind}`)}
      </Button>
    );
  };
  return (
    <>
      <div className="eps-toolbar">
        {addButton('facility')}
        {addButton('project')}
        {addButton('schedule')}
        <Button
          disabled={!editable || node?.kind !== 'project' || !!group}
          onClick={() => node && onDialog({ mode: 'group', projectId: node.id, group: null })}
          data-testid="add-group"
        >
          + {t('eps.kind.group')}
        </Button>
      </div>
      <div className="eps-toolbar eps-toolbar-secondary">
        <Button
          variant="ghost"
          disabled={!editable || (!node && !group)}
          onClick={() =>
            group
              ? onDialog({ mode: 'group', projectId: group.projectId, group })
              : node && onDialog({ mode: 'rename', node })
          }
        >
          {t('eps.rename')}
        </Button>
        {(['move', 'copy'] as const).map((mode) => (
          <Button
            key={mode}
            variant="ghost"
            disabled={!editable || !node || !!group}
            onClick={() => node && onDialog({ mode, node })}
          >
            {t(`eps.${mode}`)}
          </Button>
        ))}
        <Button variant="ghost" disabled={!editable || (!node && !group)} onClick={onDelete}>
          {t('common.delete')}
        </Button>
        <Button
          variant="ghost"
          disabled={!can('import') || node?.kind !== 'schedule' || !!group}
          onClick={() => node && onUpload(node.id)}
          data-testid="eps-upload-version"
        >
          ⇪ {t('import.upload')}
        </Button>
        <JobsButton
          scheduleId={node?.kind === 'schedule' && !group ? node.id : null}
          onOpenVersion={(scheduleId, versionId) => navigate(`/schedule/${scheduleId}?version=${versionId}`)}
        />
      </div>
    </>
  );
}

import { isMessageId } from '@takt/i18n';
import { useEffect } from 'react';
import { Button, Empty, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { formatTimestamp } from '../../lib/schedule-time';
import type { VersionPanelProps } from '../../lib/schedule-types';
import { trpc } from '../../lib/trpc';

/**
 * The version's undo list (stored on the server, so it survives a reload); undo the latest or back to an
 * action, redo what was undone last (also Ctrl+Z / Ctrl+Y on the page).
 */
export function UndoPanel({ versionId, readOnly, onChanged }: VersionPanelProps) {
  const t = useT();
  const { spaceId } = useSpace();
  const list = trpc.undo.list.useQuery({ spaceId, versionId });
  const redoable = trpc.undo.canRedo.useQuery({ spaceId, versionId });
  const undo = trpc.undo.undo.useMutation({ onSuccess: onChanged });
  const redo = trpc.undo.redo.useMutation({ onSuccess: onChanged });
  // Any change of the list (an edit, an undo, a redo from the keyboard) may start or end the redo.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's update time is the trigger
  useEffect(() => {
    void redoable.refetch();
  }, [list.dataUpdatedAt]);
  const actionName = (action: string) => {
    const id = `undo.action.${action}`;
    return isMessageId(id) ? t(id) : action;
  };
  if (list.isLoading) return <Spinner />;
  const items = list.data ?? [];
  return (
    <div className="undo-panel" data-testid="undo-panel">
      <div className="panel-row">
        <h2 className="panel-heading">{t('undo.title')}</h2>
        <Button
          variant="primary"
          disabled={readOnly || items.length === 0}
          busy={undo.isPending}
          onClick={() => undo.mutate({ spaceId, versionId })}
          data-testid="undo-latest"
        >
          {t('undo.undo_latest')}
        </Button>
        <Button
          variant="secondary"
          disabled={readOnly || !redoable.data?.redoable}
          busy={redo.isPending}
          onClick={() => redo.mutate({ spaceId, versionId })}
          data-testid="redo"
        >
          {t('undo.redo')}
        </Button>
      </div>
      {items.length === 0 ? (
        <Empty>{t('undo.empty')}</Empty>
      ) : (
        <ol className="undo-list stack-list">
          {items.map((item) => (
            <li key={item.id} className="undo-item">
              <span className="undo-name">{actionName(item.action)}</span>
              <span className="undo-time">{formatTimestamp(item.createdAt)}</span>
              <Button
                variant="ghost"
                disabled={readOnly || undo.isPending}
                onClick={() => undo.mutate({ spaceId, versionId, undoActionId: item.id })}
                title={t('undo.undo_to_here_hint')}
              >
                {t('undo.undo_to_here')}
              </Button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

import { WORK_STATUSES } from '@takt/contracts';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { confirmedDelete } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import { Button, Checkbox, IntegerField, SelectField, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import type { BoardColumn as Column } from './board-model';
import { type Board, STATUS_LABEL } from './board-model';

export function CopyDialog({
  board,
  scheduleId,
  onClose,
}: {
  board: Board;
  scheduleId: string;
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [, navigate] = useLocation();
  const [name, setName] = useState(`${board.name} (2)`.slice(0, 100));
  const [withCards, setWithCards] = useState(true);
  const copy = trpc.kanban.boards.copy.useMutation({
    onSuccess: (copied) => {
      onClose();
      navigate(`/kanban-schedule/${scheduleId}/${copied.id}`);
    },
  });
  return (
    <FormDialog
      title={t('kanban.board.copy')}
      busy={copy.isPending}
      onClose={onClose}
      onSubmit={() => copy.mutate({ spaceId, boardId: board.id, name, withCards })}
      testId="kanban-copy-dialog"
    >
      <TextField label={t('kanban.board.copy_name')} value={name} onChange={setName} maxLength={100} />
      <Checkbox label={t('kanban.board.copy_cards')} checked={withCards} onChange={setWithCards} />
    </FormDialog>
  );
}

export function ColumnDialog({
  boardId,
  column,
  onClose,
}: {
  boardId: string;
  column: Column | null;
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const [name, setName] = useState(column?.name ?? '');
  const [wip, setWip] = useState(column?.wipLimit?.toString() ?? '');
  const [status, setStatus] = useState<string>(column?.workStatus ?? '');
  const done = () => {
    void utils.kanban.boards.get.invalidate({ spaceId, boardId });
    onClose();
  };
  const create = trpc.kanban.columns.create.useMutation({ onSuccess: done });
  const update = trpc.kanban.columns.update.useMutation({ onSuccess: done });
  const remove = trpc.kanban.columns.delete.useMutation({ onSuccess: done });
  const fields = {
    name,
    wipLimit: wip ? Number(wip) : null,
    workStatus: (status || null) as (typeof WORK_STATUSES)[number] | null,
  };
  return (
    <FormDialog
      title={column ? column.name : t('kanban.board.add_column')}
      busy={create.isPending || update.isPending}
      onClose={onClose}
      onSubmit={() =>
        column
          ? update.mutate({ spaceId, columnId: column.id, revision: column.revision, ...fields })
          : create.mutate({ spaceId, boardId, ...fields })
      }
      testId="kanban-column-dialog"
    >
      <TextField label={t('kanban.column.name')} value={name} onChange={setName} maxLength={100} />
      <IntegerField label={t('kanban.column.wip', { limit: '' })} value={wip} onChange={setWip} />
      <SelectField
        label={t('kanban.column.status')}
        value={status}
        onChange={setStatus}
        options={[
          { value: '', label: t('kanban.column.status_none') },
          ...WORK_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABEL[s]) })),
        ]}
      />
      {column && (
        <Button
          variant="danger"
          onClick={async () => {
            if (await confirmedDelete(t('kanban.column.delete'), column.name))
              remove.mutate({ spaceId, columnId: column.id });
          }}
        >
          {t('kanban.column.delete')}
        </Button>
      )}
    </FormDialog>
  );
}

import { useEffect, useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import { Button, Spinner, TextArea, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { type Board, type Member, personName } from './board-model';
import { CardComments, CardFiles, CardHistory } from './CardActivity';
import { CardAssignees, CardLabels, CardWork } from './CardSections';
import { ChecklistPanel } from './ChecklistPanel';

/**
 * A card opened (its address names it): title, description, due date, labels, assignees, the linked
 * work's status, progress, executor and curator, its checklists, comments, attachments and history.
 */
export function CardDialog({
  cardId,
  board,
  people,
  onClose,
}: {
  cardId: string;
  board: Board;
  people: Map<string, Member>;
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const card = trpc.kanban.cards.get.useQuery({ spaceId, cardId });
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [dueDate, setDueDate] = useState('');
  const loadedRevision = card.data?.revision;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled again when the card changes
  useEffect(() => {
    if (!card.data) return;
    setTitle(card.data.title);
    setDescription(card.data.description);
    setDueDate(card.data.dueDate ?? '');
  }, [loadedRevision]);
  const refresh = () => {
    void utils.kanban.cards.get.invalidate({ spaceId, cardId });
    void utils.kanban.cards.list.invalidate({ spaceId, boardId: board.id });
  };
  const update = trpc.kanban.cards.update.useMutation({ onSuccess: refresh });
  const remove = trpc.kanban.cards.delete.useMutation({
    onSuccess: () => {
      refresh();
      onClose();
    },
  });
  const works = can('boards.work');
  const data = card.data;
  const who = (id: string | null) => {
    const person = id ? people.get(id) : undefined;
    return person ? personName(person) : '—';
  };

  return (
    <FormDialog
      title={data?.title ?? '…'}
      wide
      onClose={onClose}
      onSubmit={
        works && data
          ? () =>
              update.mutate({
                spaceId,
                cardId,
                revision: data.revision,
                title: title.trim() || data.title,
                description,
                dueDate: dueDate || null,
              })
          : undefined
      }
      submitLabel={t('kanban.card.save')}
      busy={update.isPending}
      testId="kanban-card-dialog"
    >
      {!data ? (
        <Spinner />
      ) : (
        <div className="kanban-detail">
          <div className="kanban-detail-main">
            <TextField
              label={t('kanban.card.title')}
              value={title}
              onChange={setTitle}
              maxLength={255}
              disabled={!works}
            />
            <TextArea
              label={t('kanban.card.description')}
              value={description}
              onChange={setDescription}
              maxLength={10_000}
              disabled={!works}
            />
            <TextField
              label={t('kanban.card.due')}
              type="date"
              value={dueDate}
              onChange={setDueDate}
              disabled={!works}
            />
            {data.workId && <CardWork card={data} who={who} />}
            <CardLabels
              card={data}
              board={board}
              works={works}
              onLabels={(labelIds) => update.mutate({ spaceId, cardId, revision: data.revision, labelIds })}
            />
            <CardAssignees card={data} works={works} who={who} refresh={refresh} people={people} />
            <ChecklistPanel owner={{ cardId }} onChange={refresh} />
          </div>
          <div className="kanban-detail-side">
            <CardComments card={data} works={works} who={who} refresh={refresh} />
            <CardFiles card={data} works={works} refresh={refresh} />
            <CardHistory card={data} board={board} who={who} />
            {works && (
              <Button
                variant="danger"
                onClick={async () => {
                  if (await confirmedDelete(t('kanban.card.delete'), data.title))
                    remove.mutate({ spaceId, cardId });
                }}
              >
                {t('kanban.card.delete')}
              </Button>
            )}
          </div>
        </div>
      )}
    </FormDialog>
  );
}

import { useEffect, useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import {
  Button,
  CrossButton,
  FileField,
  SelectField,
  Spinner,
  TextArea,
  TextField,
} from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { fetchFile, saveBlob } from '../../lib/download';
import { handleFailure } from '../../lib/error-handler';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { postForm } from '../../lib/upload';
import { type Board, type Member, personName, STATUS_LABEL } from './board-model';
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
  const [comment, setComment] = useState('');
  const [assignee, setAssignee] = useState('');
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
  const assign = trpc.kanban.cards.assign.useMutation({ onSuccess: refresh });
  const revoke = trpc.kanban.cards.revoke.useMutation({ onSuccess: refresh });
  const addComment = trpc.kanban.cards.comment.useMutation({
    onSuccess: () => {
      setComment('');
      refresh();
    },
  });
  const removeComment = trpc.kanban.cards.deleteComment.useMutation({ onSuccess: refresh });
  const removeFile = trpc.kanban.cards.deleteFile.useMutation({ onSuccess: refresh });
  const remove = trpc.kanban.cards.delete.useMutation({
    onSuccess: () => {
      refresh();
      onClose();
    },
  });
  const works = can('boards.work');
  const data = card.data;
  const columnName = (id: string | null) => board.columns.find((c) => c.id === id)?.name ?? '—';
  const who = (id: string | null) => {
    const person = id ? people.get(id) : undefined;
    return person ? personName(person) : '—';
  };

  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const result = await postForm(`/api/v1/space/${spaceId}/kanban/items/${cardId}/files`, form);
    if ('failure' in result) handleFailure(result.failure);
    refresh();
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
            {data.workId && (
              <dl className="kanban-work" data-testid="kanban-card-work">
                <dt>{t('kanban.card.work')}</dt>
                <dd>
                  {data.workCode} {data.workName}
                </dd>
                {data.workStatus && (
                  <>
                    <dt>{t('kanban.filter.status')}</dt>
                    <dd>
                      {t(STATUS_LABEL[data.workStatus])} ·{' '}
                      {t('kanban.card.progress', { progress: data.workProgress ?? 0 })}
                    </dd>
                  </>
                )}
                <dt>{t('kanban.card.executor')}</dt>
                <dd>{who(data.executorId)}</dd>
                <dt>{t('kanban.card.curator')}</dt>
                <dd>{who(data.curatorId)}</dd>
              </dl>
            )}
            <section>
              <h3 className="kanban-detail-heading">{t('kanban.card.labels')}</h3>
              <div className="kanban-card-labels">
                {board.labels.map((label) => {
                  const on = data.labelIds.includes(label.id);
                  return (
                    <button
                      key={label.id}
                      type="button"
                      className={`kanban-label kanban-label-toggle${on ? ' kanban-label-on' : ''}`}
                      style={{ background: on ? label.color : undefined, borderColor: label.color }}
                      aria-pressed={on}
                      disabled={!works}
                      onClick={() =>
                        update.mutate({
                          spaceId,
                          cardId,
                          revision: data.revision,
                          labelIds: on
                            ? data.labelIds.filter((l) => l !== label.id)
                            : [...data.labelIds, label.id],
                        })
                      }
                    >
                      {label.name}
                    </button>
                  );
                })}
              </div>
              {can('boards.manage') && <NewLabel boardId={board.id} />}
            </section>
            <section>
              <h3 className="kanban-detail-heading">{t('kanban.card.assignees')}</h3>
              <ul className="kanban-assignees">
                {data.assigneeIds.map((id) => (
                  <li key={id}>
                    {who(id)}
                    {works && (
                      <CrossButton
                        label={t('kanban.card.revoke', { name: who(id) })}
                        onClick={() => revoke.mutate({ spaceId, cardId, userId: id })}
                      />
                    )}
                  </li>
                ))}
              </ul>
              {works && people.size > 0 && (
                <div className="kanban-inline">
                  <SelectField
                    label={t('kanban.card.assign')}
                    value={assignee}
                    onChange={setAssignee}
                    options={[
                      { value: '', label: '—' },
                      ...[...people.values()]
                        .filter((p) => !data.assigneeIds.includes(p.id))
                        .map((p) => ({ value: p.id, label: personName(p) })),
                    ]}
                  />
                  <Button
                    disabled={!assignee}
                    busy={assign.isPending}
                    onClick={() => {
                      assign.mutate({ spaceId, cardId, userId: assignee });
                      setAssignee('');
                    }}
                  >
                    {t('kanban.card.assign')}
                  </Button>
                </div>
              )}
            </section>
            <ChecklistPanel owner={{ cardId }} onChange={refresh} />
          </div>
          <div className="kanban-detail-side">
            <section>
              <h3 className="kanban-detail-heading">{t('kanban.card.comments')}</h3>
              <ul className="kanban-comments" data-testid="kanban-comments">
                {data.comments.map((c) => (
                  <li key={c.id}>
                    <div className="kanban-comment-head">
                      <strong>{who(c.userId)}</strong> <time>{new Date(c.createdAt).toLocaleString()}</time>
                      {works && (
                        <CrossButton
                          label={t('common.delete')}
                          onClick={() => removeComment.mutate({ spaceId, commentId: c.id })}
                        />
                      )}
                    </div>
                    <p>{c.text}</p>
                  </li>
                ))}
              </ul>
              {works && (
                <div className="kanban-inline">
                  <TextArea
                    label={t('kanban.card.comment_placeholder')}
                    value={comment}
                    onChange={setComment}
                    rows={2}
                    maxLength={4000}
                  />
                  <Button
                    disabled={!comment.trim()}
                    busy={addComment.isPending}
                    onClick={() => addComment.mutate({ spaceId, cardId, text: comment })}
                  >
                    {t('kanban.card.send')}
                  </Button>
                </div>
              )}
            </section>
            <section>
              <h3 className="kanban-detail-heading">{t('kanban.card.files')}</h3>
              <ul className="kanban-files">
                {data.files.map((f) => (
                  <li key={f.id}>
                    <button
                      type="button"
                      className="link-button"
                      onClick={async () => {
                        const got = await fetchFile(`/api/v1/space/${spaceId}/kanban/files/${f.id}`, {});
                        if (got) saveBlob(got.blob, f.name);
                      }}
                    >
                      {f.name}
                    </button>{' '}
                    <small>{Math.ceil(f.size / 1024)} KB</small>
                    {works && (
                      <CrossButton
                        label={t('common.delete')}
                        onClick={() => removeFile.mutate({ spaceId, fileId: f.id })}
                      />
                    )}
                  </li>
                ))}
              </ul>
              {works && (
                <FileField label={t('kanban.card.attach')} onFile={(file) => file && void upload(file)} />
              )}
            </section>
            <section>
              <h3 className="kanban-detail-heading">{t('kanban.card.history')}</h3>
              <ul className="kanban-history" data-testid="kanban-history">
                {data.history.map((h) => (
                  <li key={h.id}>
                    <time>{new Date(h.createdAt).toLocaleString()}</time>{' '}
                    {h.kind === 'moved'
                      ? (h.data as { byWork?: boolean } | null)?.byWork
                        ? t('kanban.history.moved_by_work', {
                            from: columnName(h.fromColumnId),
                            to: columnName(h.toColumnId),
                          })
                        : t('kanban.history.moved', {
                            user: who(h.userId),
                            from: columnName(h.fromColumnId),
                            to: columnName(h.toColumnId),
                          })
                      : h.kind === 'assigned' || h.kind === 'revoked'
                        ? t(h.kind === 'assigned' ? 'kanban.history.assigned' : 'kanban.history.revoked', {
                            user: who(h.userId),
                            whom: who((h.data as { userId?: string } | null)?.userId ?? null),
                          })
                        : h.kind === 'attached'
                          ? t('kanban.history.attached', {
                              user: who(h.userId),
                              name: (h.data as { name?: string } | null)?.name ?? '',
                            })
                          : h.kind === 'commented'
                            ? t('kanban.history.commented', { user: who(h.userId) })
                            : h.kind === 'created'
                              ? t('kanban.history.created', { user: who(h.userId) })
                              : t('kanban.history.updated', { user: who(h.userId) })}
                  </li>
                ))}
              </ul>
            </section>
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

const LABEL_COLORS = ['#e5484d', '#f76b15', '#ffc53d', '#46a758', '#0090ff', '#8e4ec6', '#6b7280'];

function NewLabel({ boardId }: { boardId: string }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const [color, setColor] = useState(LABEL_COLORS[0]!);
  const create = trpc.kanban.labels.create.useMutation({
    onSuccess: () => {
      setName('');
      void utils.kanban.boards.get.invalidate({ spaceId, boardId });
    },
  });
  return (
    <div className="kanban-inline">
      <TextField label={t('kanban.card.labels')} value={name} onChange={setName} maxLength={50} />
      <div className="kanban-colors">
        {LABEL_COLORS.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={c === color}
            aria-label={c}
            className={`kanban-color${c === color ? ' kanban-color-on' : ''}`}
            style={{ background: c }}
            onClick={() => setColor(c)}
          />
        ))}
      </div>
      <Button
        disabled={!name.trim()}
        busy={create.isPending}
        onClick={() => create.mutate({ spaceId, boardId, name, color })}
      >
        +
      </Button>
    </div>
  );
}

import { useState } from 'react';
import { DownloadButton } from '../../components/download-button';
import { Button, CrossButton, FileField, TextArea } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { handleFailure } from '../../lib/error-handler';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { postForm } from '../../lib/upload';
import type { Board, CardDetail, CardPartProps } from './board-model';
import { CardSection } from './CardSections';

/** The card's comments and the field that adds one. */
export function CardComments({ card, works, who, refresh }: CardPartProps) {
  const t = useT();
  const { spaceId } = useSpace();
  const [comment, setComment] = useState('');
  const addComment = trpc.kanban.cards.comment.useMutation({
    onSuccess: () => {
      setComment('');
      refresh();
    },
  });
  const removeComment = trpc.kanban.cards.deleteComment.useMutation({ onSuccess: refresh });
  return (
    <CardSection title={t('kanban.card.comments')}>
      <ul className="kanban-comments" data-testid="kanban-comments">
        {card.comments.map((c) => (
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
            onClick={() => addComment.mutate({ spaceId, cardId: card.id, text: comment })}
          >
            {t('kanban.card.send')}
          </Button>
        </div>
      )}
    </CardSection>
  );
}

/** The card's files: each downloads on a click; new ones are uploaded. */
export function CardFiles({ card, works, refresh }: Omit<CardPartProps, 'who'>) {
  const t = useT();
  const { spaceId } = useSpace();
  const removeFile = trpc.kanban.cards.deleteFile.useMutation({ onSuccess: refresh });
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const result = await postForm(`/api/v1/space/${spaceId}/kanban/items/${card.id}/files`, form);
    if ('failure' in result) handleFailure(result.failure);
    refresh();
  };
  return (
    <CardSection title={t('kanban.card.files')}>
      <ul className="kanban-files">
        {card.files.map((f) => (
          <li key={f.id}>
            <DownloadButton
              className="link-button"
              path={`/api/v1/space/${spaceId}/kanban/files/${f.id}`}
              name={f.name}
            >
              {f.name}
            </DownloadButton>{' '}
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
      {works && <FileField label={t('kanban.card.attach')} onFile={(file) => file && void upload(file)} />}
    </CardSection>
  );
}

/** What happened to the card: moves, assignments, files, comments, edits. */
export function CardHistory({ card, board, who }: Pick<CardPartProps, 'card' | 'who'> & { board: Board }) {
  const t = useT();
  const columnName = (id: string | null) => board.columns.find((c) => c.id === id)?.name ?? '—';
  const text = (h: CardDetail['history'][number]) => {
    if (h.kind === 'moved') {
      const from = columnName(h.fromColumnId);
      const to = columnName(h.toColumnId);
      return (h.data as { byWork?: boolean } | null)?.byWork
        ? t('kanban.history.moved_by_work', { from, to })
        : t('kanban.history.moved', { user: who(h.userId), from, to });
    }
    if (h.kind === 'assigned' || h.kind === 'revoked')
      return t(h.kind === 'assigned' ? 'kanban.history.assigned' : 'kanban.history.revoked', {
        user: who(h.userId),
        whom: who((h.data as { userId?: string } | null)?.userId ?? null),
      });
    if (h.kind === 'attached')
      return t('kanban.history.attached', {
        user: who(h.userId),
        name: (h.data as { name?: string } | null)?.name ?? '',
      });
    if (h.kind === 'commented') return t('kanban.history.commented', { user: who(h.userId) });
    if (h.kind === 'created') return t('kanban.history.created', { user: who(h.userId) });
    return t('kanban.history.updated', { user: who(h.userId) });
  };
  return (
    <CardSection title={t('kanban.card.history')}>
      <ul className="kanban-history" data-testid="kanban-history">
        {card.history.map((h) => (
          <li key={h.id}>
            <time>{new Date(h.createdAt).toLocaleString()}</time> {text(h)}
          </li>
        ))}
      </ul>
    </CardSection>
  );
}

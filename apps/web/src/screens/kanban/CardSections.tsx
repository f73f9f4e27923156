import { type ReactNode, useState } from 'react';
import { Button, CrossButton, SelectField, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import {
  type Board,
  type CardDetail,
  type CardPartProps,
  type Member,
  personName,
  STATUS_LABEL,
} from './board-model';

/** A part of the opened card's dialog under its heading. */
export function CardSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="kanban-detail-heading">{title}</h3>
      {children}
    </section>
  );
}

/** The linked work of a card: its code and name, status and progress, executor and curator. */
export function CardWork({ card, who }: Pick<CardPartProps, 'card' | 'who'>) {
  const t = useT();
  return (
    <dl className="kanban-work" data-testid="kanban-card-work">
      <dt>{t('kanban.card.work')}</dt>
      <dd>
        {card.workCode} {card.workName}
      </dd>
      {card.workStatus && (
        <>
          <dt>{t('kanban.filter.status')}</dt>
          <dd>
            {t(STATUS_LABEL[card.workStatus])} ·{' '}
            {t('kanban.card.progress', { progress: card.workProgress ?? 0 })}
          </dd>
        </>
      )}
      <dt>{t('kanban.card.executor')}</dt>
      <dd>{who(card.executorId)}</dd>
      <dt>{t('kanban.card.curator')}</dt>
      <dd>{who(card.curatorId)}</dd>
    </dl>
  );
}

/** The board's labels, each toggled on the card; a manager adds new ones. */
export function CardLabels({
  card,
  board,
  works,
  onLabels,
}: {
  card: CardDetail;
  board: Board;
  works: boolean;
  onLabels: (labelIds: string[]) => void;
}) {
  const t = useT();
  const { can } = useSpace();
  return (
    <CardSection title={t('kanban.card.labels')}>
      <div className="kanban-card-labels">
        {board.labels.map((label) => {
          const on = card.labelIds.includes(label.id);
          return (
            <button
              key={label.id}
              type="button"
              className={`kanban-label kanban-label-toggle${on ? ' kanban-label-on' : ''}`}
              style={{ background: on ? label.color : undefined, borderColor: label.color }}
              aria-pressed={on}
              disabled={!works}
              onClick={() =>
                onLabels(on ? card.labelIds.filter((l) => l !== label.id) : [...card.labelIds, label.id])
              }
            >
              {label.name}
            </button>
          );
        })}
      </div>
      {can('boards.manage') && <NewLabel boardId={board.id} />}
    </CardSection>
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

/** The card's assignees, each revoked with its ×, and the field that assigns one more member. */
export function CardAssignees({
  card,
  works,
  who,
  refresh,
  people,
}: CardPartProps & { people: Map<string, Member> }) {
  const t = useT();
  const { spaceId } = useSpace();
  const [assignee, setAssignee] = useState('');
  const assign = trpc.kanban.cards.assign.useMutation({ onSuccess: refresh });
  const revoke = trpc.kanban.cards.revoke.useMutation({ onSuccess: refresh });
  const cardId = card.id;
  return (
    <CardSection title={t('kanban.card.assignees')}>
      <ul className="kanban-assignees">
        {card.assigneeIds.map((id) => (
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
                .filter((p) => !card.assigneeIds.includes(p.id))
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
    </CardSection>
  );
}

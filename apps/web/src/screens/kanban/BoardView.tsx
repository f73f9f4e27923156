import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { KANBAN_DUE_FILTERS, WORK_STATUSES } from '@takt/contracts';
import type { MessageId } from '@takt/i18n';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { inferRouterInputs } from '@trpc/server';
import { memo, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { confirmedDelete } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import { Icon } from '../../components/icons';
import { Button, Checkbox, IntegerField, SelectField, Spinner, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { AppRouter } from '../../lib/api-types';
import { useT } from '../../lib/i18n';
import { useLiveEvents } from '../../lib/live';
import { trpc } from '../../lib/trpc';
import { type Board, type BoardCard, type Member, personName, STATUS_LABEL } from './board-model';
import { CardDialog } from './CardDialog';
import { StatsPanel } from './StatsPanel';

type RouterInputs = inferRouterInputs<AppRouter>;
type Column = Board['columns'][number];
type Filter = Omit<RouterInputs['kanban']['cards']['list'], 'spaceId' | 'boardId'>;

/** The height a card is given before it is measured (a card with labels, progress and people). */
const CARD_ESTIMATE = 104;

const today = () => new Date().toISOString().slice(0, 10);

/** A column's droppable id, apart from the cards' ids. */
const columnDropId = (columnId: string) => `column:${columnId}`;

export function BoardView({
  scheduleId,
  boardId,
  cardId,
}: {
  scheduleId: string;
  boardId: string;
  cardId: string | null;
}) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const [filter, setFilter] = useState<Filter>({});
  const [panel, setPanel] = useState<'filters' | 'stats' | null>(null);
  const [dialog, setDialog] = useState<'copy' | 'column' | null>(null);
  const [editColumn, setEditColumn] = useState<Column | null>(null);
  const board = trpc.kanban.boards.get.useQuery({ spaceId, boardId });
  const cardsInput = { spaceId, boardId, ...filter, today: today() };
  const cards = trpc.kanban.cards.list.useQuery(cardsInput, { placeholderData: (previous) => previous });
  const members = trpc.space.users.useQuery({ spaceId }, { enabled: can('users.view'), staleTime: 60_000 });
  const people = useMemo(() => {
    const map = new Map<string, Member>();
    for (const m of members.data ?? [])
      map.set(m.userId, { id: m.userId, login: m.login, firstName: m.firstName, lastName: m.lastName });
    return map;
  }, [members.data]);

  // What anyone changes on the board, in any tab or process, is read again at once.
  useLiveEvents({ topic: `board:${boardId}` }, (event) => {
    if (event.kind === 'board.deleted') navigate(`/kanban-schedule/${scheduleId}`);
    if (event.kind.startsWith('columns') || event.kind.startsWith('labels') || event.kind.startsWith('board'))
      void utils.kanban.boards.get.invalidate({ spaceId, boardId });
    void utils.kanban.cards.list.invalidate({ spaceId, boardId });
    if (cardId) void utils.kanban.cards.get.invalidate({ spaceId, cardId });
  });

  const removeBoard = trpc.kanban.boards.delete.useMutation({
    onSuccess: () => navigate(`/kanban-schedule/${scheduleId}`),
  });

  if (board.isLoading || !board.data) return <Spinner label={t('kanban.board.loading')} />;
  const openCard = (id: string | null) =>
    navigate(
      id ? `/kanban-schedule/${scheduleId}/${boardId}/${id}` : `/kanban-schedule/${scheduleId}/${boardId}`,
    );

  return (
    <div className="kanban" data-testid="kanban-board">
      <header className="kanban-header">
        <Link href={`/kanban-schedule/${scheduleId}`} className="kanban-back">
          ← {t('kanban.boards.back')}
        </Link>
        <h1 className="kanban-title">{board.data.name}</h1>
        <div className="kanban-actions">
          <Button
            variant={panel === 'filters' ? 'primary' : 'secondary'}
            onClick={() => setPanel(panel === 'filters' ? null : 'filters')}
            data-testid="kanban-filters"
          >
            {t('kanban.board.filters')}
          </Button>
          <Button
            variant={panel === 'stats' ? 'primary' : 'secondary'}
            onClick={() => setPanel(panel === 'stats' ? null : 'stats')}
            data-testid="kanban-stats"
          >
            {t('kanban.board.stats')}
          </Button>
          {can('boards.manage') && (
            <>
              <Button onClick={() => setDialog('column')}>{t('kanban.board.add_column')}</Button>
              <Button onClick={() => setDialog('copy')} data-testid="kanban-copy">
                {t('kanban.board.copy')}
              </Button>
              <Button
                variant="danger"
                onClick={async () => {
                  if (await confirmedDelete(t('kanban.board.delete'), board.data.name))
                    removeBoard.mutate({ spaceId, boardId });
                }}
              >
                {t('kanban.board.delete')}
              </Button>
            </>
          )}
        </div>
      </header>
      {panel === 'filters' && (
        <FilterBar board={board.data} people={people} filter={filter} onChange={setFilter} />
      )}
      {panel === 'stats' && <StatsPanel boardId={boardId} />}
      <Columns
        board={board.data}
        cards={cards.data ?? []}
        cardsInput={cardsInput}
        people={people}
        onOpen={openCard}
        onEditColumn={can('boards.manage') ? setEditColumn : null}
      />
      {cardId && (
        <CardDialog cardId={cardId} board={board.data} people={people} onClose={() => openCard(null)} />
      )}
      {dialog === 'copy' && (
        <CopyDialog board={board.data} scheduleId={scheduleId} onClose={() => setDialog(null)} />
      )}
      {(dialog === 'column' || editColumn) && (
        <ColumnDialog
          boardId={boardId}
          column={editColumn}
          onClose={() => {
            setDialog(null);
            setEditColumn(null);
          }}
        />
      )}
    </div>
  );
}

function FilterBar({
  board,
  people,
  filter,
  onChange,
}: {
  board: Board;
  people: Map<string, Member>;
  filter: Filter;
  onChange: (filter: Filter) => void;
}) {
  const t = useT();
  const dueLabels: Record<(typeof KANBAN_DUE_FILTERS)[number], MessageId> = {
    overdue: 'kanban.filter.due_overdue',
    week: 'kanban.filter.due_week',
    none: 'kanban.filter.due_none',
  };
  return (
    <div className="kanban-filterbar" data-testid="kanban-filterbar">
      <TextField
        label={t('kanban.filter.text')}
        value={filter.text ?? ''}
        onChange={(text) => onChange({ ...filter, text: text || undefined })}
      />
      <SelectField
        label={t('kanban.filter.label')}
        value={filter.labelIds?.[0] ?? ''}
        onChange={(v) => onChange({ ...filter, labelIds: v ? [v] : undefined })}
        options={[
          { value: '', label: t('kanban.filter.any') },
          ...board.labels.map((l) => ({ value: l.id, label: l.name })),
        ]}
      />
      <SelectField
        label={t('kanban.filter.assignee')}
        value={filter.assigneeIds?.[0] ?? ''}
        onChange={(v) => onChange({ ...filter, assigneeIds: v ? [v] : undefined })}
        options={[
          { value: '', label: t('kanban.filter.any') },
          ...[...people.values()].map((p) => ({ value: p.id, label: personName(p) })),
        ]}
      />
      <SelectField
        label={t('kanban.filter.due')}
        value={filter.due ?? ''}
        onChange={(v) => onChange({ ...filter, due: (v || undefined) as Filter['due'] })}
        options={[
          { value: '', label: t('kanban.filter.due_any') },
          ...KANBAN_DUE_FILTERS.map((d) => ({ value: d, label: t(dueLabels[d]) })),
        ]}
      />
      <SelectField
        label={t('kanban.filter.status')}
        value={filter.workStatuses?.[0] ?? ''}
        onChange={(v) =>
          onChange({ ...filter, workStatuses: v ? [v as (typeof WORK_STATUSES)[number]] : undefined })
        }
        options={[
          { value: '', label: t('kanban.filter.any') },
          ...WORK_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABEL[s]) })),
        ]}
      />
      <Button variant="ghost" onClick={() => onChange({})}>
        {t('kanban.filter.clear')}
      </Button>
    </div>
  );
}

/** The cards of each column, in the order the server answered them (by position). */
function byColumn(cards: BoardCard[]) {
  const map = new Map<string, BoardCard[]>();
  for (const card of cards) {
    const list = map.get(card.columnId);
    if (list) list.push(card);
    else map.set(card.columnId, [card]);
  }
  return map;
}

/**
 * The columns with drag and drop: a card is picked up with the pointer or, focused, with Space or Enter,
 * moved with the arrow keys (across columns too) and dropped with Space or Enter; Escape puts it back.
 * The move shows at once (the cached list is changed) and is sent with the card's revision; a refused move
 * reads the board again.
 */
function Columns({
  board,
  cards,
  cardsInput,
  people,
  onOpen,
  onEditColumn,
}: {
  board: Board;
  cards: BoardCard[];
  cardsInput: RouterInputs['kanban']['cards']['list'];
  people: Map<string, Member>;
  onOpen: (cardId: string) => void;
  onEditColumn: ((column: Column) => void) | null;
}) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const grouped = useMemo(() => byColumn(cards), [cards]);
  const [dragged, setDragged] = useState<BoardCard | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = trpc.kanban.cards.move.useMutation({
    onSettled: () => void utils.kanban.cards.list.invalidate({ spaceId, boardId: board.id }),
  });
  const labels = useMemo(() => new Map(board.labels.map((l) => [l.id, l])), [board.labels]);
  const canMove = can('boards.work');

  const onDragStart = (event: DragStartEvent) =>
    setDragged(cards.find((c) => c.id === event.active.id) ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    setDragged(null);
    const card = cards.find((c) => c.id === event.active.id);
    const overId = event.over?.id;
    if (!card || overId === undefined) return;
    const overCard = cards.find((c) => c.id === overId);
    const columnId = overCard ? overCard.columnId : String(overId).replace(/^column:/, '');
    if (!board.columns.some((c) => c.id === columnId)) return;
    const target = (grouped.get(columnId) ?? []).filter((c) => c.id !== card.id);
    let index = target.length;
    if (overCard && overCard.id !== card.id) {
      index = target.findIndex((c) => c.id === overCard.id);
      // Within its own column a card moved down goes after the card it is dropped on, as it is drawn.
      const own = grouped.get(columnId) ?? [];
      if (card.columnId === columnId && own.indexOf(card) < own.indexOf(overCard)) index += 1;
    } else if (overCard) return;
    const afterId = index === 0 ? null : target[index - 1]!.id;
    const order = [...target.slice(0, index), { ...card, columnId }, ...target.slice(index)];
    if (card.columnId === columnId && (grouped.get(columnId) ?? []).every((c, i) => order[i]?.id === c.id))
      return;
    utils.kanban.cards.list.setData(cardsInput, (old) =>
      old ? [...old.filter((c) => c.columnId !== columnId && c.id !== card.id), ...order] : old,
    );
    move.mutate({ spaceId, cardId: card.id, revision: card.revision, columnId, afterId });
  };

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{
        screenReaderInstructions: { draggable: t('kanban.card.drag', { title: '' }) },
      }}
    >
      <div className="kanban-columns" data-testid="kanban-columns">
        {board.columns.map((column) => (
          <ColumnView
            key={column.id}
            column={column}
            cards={grouped.get(column.id) ?? []}
            labels={labels}
            people={people}
            canMove={canMove}
            onOpen={onOpen}
            onEdit={onEditColumn}
          />
        ))}
      </div>
      <DragOverlay>
        {dragged ? <CardTile card={dragged} labels={labels} people={people} overlay /> : null}
      </DragOverlay>
    </DndContext>
  );
}

function ColumnView({
  column,
  cards,
  labels,
  people,
  canMove,
  onOpen,
  onEdit,
}: {
  column: Column;
  cards: BoardCard[];
  labels: Map<string, Board['labels'][number]>;
  people: Map<string, Member>;
  canMove: boolean;
  onOpen: (cardId: string) => void;
  onEdit: ((column: Column) => void) | null;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const scroller = useRef<HTMLDivElement>(null);
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(column.id) });
  const [adding, setAdding] = useState(false);
  const [title, setTitle] = useState('');
  const create = trpc.kanban.cards.create.useMutation({
    onSuccess: () => {
      setTitle('');
      setAdding(false);
      void utils.kanban.cards.list.invalidate();
    },
  });
  // Only the cards in view (and a few around) are drawn, so a column of thousands scrolls and drags smoothly.
  const virtual = useVirtualizer({
    count: cards.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_ESTIMATE,
    overscan: 6,
    getItemKey: (index) => cards[index]!.id,
  });
  const over = column.wipLimit !== null && cards.length > column.wipLimit;
  const ids = useMemo(() => cards.map((c) => c.id), [cards]);
  return (
    <section
      className={`kanban-column${over ? ' kanban-column-over' : ''}${isOver ? ' kanban-column-target' : ''}`}
      aria-label={column.name}
      data-testid="kanban-column"
      data-column-id={column.id}
    >
      <header className="kanban-column-header">
        <h2 className="kanban-column-name">{column.name}</h2>
        <span className="kanban-column-count" title={over ? t('kanban.column.over_limit') : undefined}>
          {column.wipLimit !== null ? `${cards.length} / ${column.wipLimit}` : cards.length}
        </span>
        {onEdit && (
          <button
            type="button"
            className="icon-btn"
            aria-label={t('common.edit')}
            onClick={() => onEdit(column)}
          >
            ✎
          </button>
        )}
      </header>
      {column.wipLimit !== null && (
        <div className={`kanban-wip${over ? ' kanban-wip-over' : ''}`}>
          {over ? t('kanban.column.over_limit') : t('kanban.column.wip', { limit: column.wipLimit })}
        </div>
      )}
      <div className="kanban-column-body" ref={scroller}>
        <div
          ref={setNodeRef}
          className="kanban-column-drop"
          style={{ height: Math.max(virtual.getTotalSize(), 80) }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            {virtual.getVirtualItems().map((row) => {
              const card = cards[row.index]!;
              return (
                <div
                  key={row.key}
                  data-index={row.index}
                  ref={virtual.measureElement}
                  className="kanban-slot"
                  style={{ transform: `translateY(${row.start}px)` }}
                >
                  <SortableCard
                    card={card}
                    labels={labels}
                    people={people}
                    disabled={!canMove}
                    onOpen={onOpen}
                  />
                </div>
              );
            })}
          </SortableContext>
        </div>
      </div>
      {canMove &&
        (adding ? (
          <form
            className="kanban-add"
            onSubmit={(e) => {
              e.preventDefault();
              if (title.trim()) create.mutate({ spaceId, columnId: column.id, title: title.trim() });
            }}
          >
            <TextField
              label={t('kanban.card.title')}
              value={title}
              onChange={setTitle}
              maxLength={255}
              autoFocus
            />
            <div className="kanban-add-actions">
              <Button type="submit" variant="primary" busy={create.isPending}>
                {t('kanban.column.add_card')}
              </Button>
              <Button variant="ghost" onClick={() => setAdding(false)}>
                {t('common.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="ghost" className="kanban-add-button" onClick={() => setAdding(true)}>
            + {t('kanban.column.add_card')}
          </Button>
        ))}
    </section>
  );
}

function SortableCard({
  card,
  labels,
  people,
  disabled,
  onOpen,
}: {
  card: BoardCard;
  labels: Map<string, Board['labels'][number]>;
  people: Map<string, Member>;
  disabled: boolean;
  onOpen: (cardId: string) => void;
}) {
  const t = useT();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: card.id,
    disabled,
  });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card holds a button of its own; dnd-kit makes the wrapper its drag handle
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}
      {...attributes}
      {...listeners}
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-label={t('kanban.card.drag', { title: card.title })}
      data-testid="kanban-card"
      data-card-id={card.id}
      onKeyDown={(event) => {
        // Enter opens the card unless a drag is under way (the sensor took Space and Enter to pick it up).
        if (event.key === 'o' || (event.key === 'Enter' && event.shiftKey)) onOpen(card.id);
        listeners?.onKeyDown?.(event);
      }}
    >
      <CardTile card={card} labels={labels} people={people} onOpen={() => onOpen(card.id)} />
    </div>
  );
}

export const CardTile = memo(function CardTile({
  card,
  labels,
  people,
  overlay,
  onOpen,
}: {
  card: BoardCard;
  labels: Map<string, Board['labels'][number]>;
  people: Map<string, Member>;
  overlay?: boolean;
  onOpen?: () => void;
}) {
  const t = useT();
  const overdue = card.dueDate !== null && card.dueDate < today() && card.workStatus !== 'completed';
  return (
    <article className={`kanban-card${overlay ? ' kanban-card-overlay' : ''}`}>
      {card.labelIds.length > 0 && (
        <div className="kanban-card-labels">
          {card.labelIds.map((id) => {
            const label = labels.get(id);
            return label ? (
              <span key={id} className="kanban-label" style={{ background: label.color }} title={label.name}>
                {label.name}
              </span>
            ) : null;
          })}
        </div>
      )}
      <button type="button" className="kanban-card-title" onClick={onOpen} tabIndex={-1}>
        {card.workCode && <span className="kanban-card-code">{card.workCode}</span>} {card.title}
      </button>
      {card.workStatus && (
        <div className="kanban-card-work">
          <span className={`kanban-status kanban-status-${card.workStatus}`}>
            {t(STATUS_LABEL[card.workStatus])}
          </span>
          <span
            className="kanban-progress"
            title={t('kanban.card.progress', { progress: card.workProgress ?? 0 })}
          >
            <span style={{ width: `${Math.min(100, card.workProgress ?? 0)}%` }} />
          </span>
        </div>
      )}
      <footer className="kanban-card-footer">
        {card.dueDate && (
          <span
            className={`kanban-due${overdue ? ' kanban-due-over' : ''}`}
            title={overdue ? t('kanban.card.overdue') : undefined}
          >
            {card.dueDate.split('-').reverse().join('.')}
          </span>
        )}
        {card.checklistTotal > 0 && (
          <span className="kanban-checks">
            <Icon name="check" size={12} />{' '}
            {t('kanban.card.checklist', { done: card.checklistDone, total: card.checklistTotal })}
          </span>
        )}
        {card.comments > 0 && (
          <span className="kanban-count">
            <Icon name="chat" size={12} /> {card.comments}
          </span>
        )}
        {card.files > 0 && (
          <span className="kanban-count">
            <Icon name="paperclip" size={12} /> {card.files}
          </span>
        )}
        <span className="kanban-people">
          {[...new Set([...card.assigneeIds, ...(card.executorId ? [card.executorId] : [])])]
            .slice(0, 4)
            .map((id) => {
              const person = people.get(id);
              const initials = person
                ? `${person.firstName[0] ?? ''}${person.lastName[0] ?? ''}` || person.login[0]
                : '?';
              return (
                <span
                  key={id}
                  className="avatar kanban-avatar"
                  title={person ? personName(person) : undefined}
                >
                  {initials}
                </span>
              );
            })}
        </span>
      </footer>
    </article>
  );
});

function CopyDialog({
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

function ColumnDialog({
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

import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
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
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useMemo, useRef, useState } from 'react';
import { Icon } from '../../components/icons';
import { Button, IconButton, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import type { CardsInput, BoardColumn as Column } from './board-model';
import { type Board, type BoardCard, type Member, personName, STATUS_LABEL, today } from './board-model';

/** The height a card is given before it is measured (a card with labels, progress and people). */
const CARD_ESTIMATE = 104;

/** A column's droppable id, apart from the cards' ids. */
const columnDropId = (columnId: string) => `column:${columnId}`;

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
export function Columns({
  board,
  cards,
  cardsInput,
  people,
  onOpen,
  onEditColumn,
}: {
  board: Board;
  cards: BoardCard[];
  cardsInput: CardsInput;
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

  // What a screen reader hears while a card is dragged: the card's title and the column it is over, by name.
  const titleOf = (id: UniqueIdentifier) => cards.find((c) => c.id === id)?.title ?? '';
  const placeOf = (over: { id: UniqueIdentifier } | null) => {
    if (!over) return null;
    const overCard = cards.find((c) => c.id === over.id);
    const columnId = overCard ? overCard.columnId : String(over.id).replace(/^column:/, '');
    const column = board.columns.find((c) => c.id === columnId);
    if (!column) return null;
    const list = grouped.get(columnId) ?? [];
    const position = overCard ? list.indexOf(overCard) + 1 : list.length + 1;
    return { column: column.name, position, count: Math.max(list.length, position) };
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('kanban.drag.picked', { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) => {
      const place = placeOf(over);
      return place
        ? t('kanban.drag.over', { title: titleOf(active.id), ...place })
        : t('kanban.drag.nowhere', { title: titleOf(active.id) });
    },
    onDragEnd: ({ active, over }) => {
      const place = placeOf(over);
      return place
        ? t('kanban.drag.dropped', { title: titleOf(active.id), column: place.column })
        : t('kanban.drag.cancelled', { title: titleOf(active.id) });
    },
    onDragCancel: ({ active }) => t('kanban.drag.cancelled', { title: titleOf(active.id) }),
  };

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
        screenReaderInstructions: { draggable: t('kanban.drag.instructions') },
        announcements,
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
          <IconButton label={t('common.edit')} onClick={() => onEdit(column)}>
            ✎
          </IconButton>
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

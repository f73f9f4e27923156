import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { confirmedDelete } from '../../components/confirm';
import { Button, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { useLiveEvents } from '../../lib/live';
import { trpc } from '../../lib/trpc';
import { Columns } from './BoardColumns';
import { ColumnDialog, CopyDialog } from './BoardDialogs';
import { type BoardColumn as Column, type CardFilter as Filter, today } from './board-model';
import { CardDialog } from './CardDialog';
import { FilterBar } from './FilterBar';
import { useSpacePeople } from './people';
import { StatsPanel } from './StatsPanel';

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
  const people = useSpacePeople();

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

import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { FormDialog } from '../../components/dialog';
import { Button, Loaded, PageHeader, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { BoardView } from './BoardView';
import { ChecklistTemplatesDialog } from './ChecklistTemplates';
import './kanban.css';

/**
 * The kanban screen of a schedule: without a board, the schedule's boards to choose from; with one, the
 * board (and the card named in the address, open). While the screen is open the page body takes the
 * board's own style (`body.kanban-open`: the board fills the window and scrolls sideways).
 */
export function KanbanPage({ params }: { params: { id: string; boardId?: string; cardId?: string } }) {
  useEffect(() => {
    document.body.classList.add('kanban-open');
    return () => document.body.classList.remove('kanban-open');
  }, []);
  if (params.boardId)
    return <BoardView scheduleId={params.id} boardId={params.boardId} cardId={params.cardId ?? null} />;
  return <BoardList scheduleId={params.id} />;
}

function BoardList({ scheduleId }: { scheduleId: string }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const [, navigate] = useLocation();
  const boards = trpc.kanban.boards.list.useQuery({ spaceId, scheduleId });
  const [creating, setCreating] = useState(false);
  const [templates, setTemplates] = useState(false);
  const [name, setName] = useState('');
  const create = trpc.kanban.boards.create.useMutation({
    onSuccess: (board) => navigate(`/kanban-schedule/${scheduleId}/${board.id}`),
  });
  return (
    <div className="page kanban-boards" data-testid="kanban-boards">
      <PageHeader
        title={t('kanban.boards.title')}
        add={
          can('boards.manage') && {
            label: t('kanban.boards.new'),
            onClick: () => setCreating(true),
            testId: 'kanban-new-board',
          }
        }
      />
      <Loaded loading={boards.isLoading} empty={boards.data?.length === 0 && t('kanban.boards.empty')}>
        <ul className="kanban-board-list">
          {(boards.data ?? []).map((board) => (
            <li key={board.id}>
              <Link href={`/kanban-schedule/${scheduleId}/${board.id}`} className="kanban-board-link">
                <span className="kanban-board-name">{board.name}</span>
                <span className="kanban-board-count">{t('kanban.boards.cards', { count: board.cards })}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Loaded>
      {creating && (
        <FormDialog
          title={t('kanban.boards.new')}
          submitLabel={t('kanban.boards.create')}
          busy={create.isPending}
          onClose={() => setCreating(false)}
          onSubmit={() => create.mutate({ spaceId, scheduleId, name })}
          testId="kanban-board-dialog"
        >
          <TextField label={t('kanban.boards.name')} value={name} onChange={setName} maxLength={100} />
        </FormDialog>
      )}
      {templates && <ChecklistTemplatesDialog onClose={() => setTemplates(false)} />}
      <div className="kanban-footer">
        <Link href={`/schedule/${scheduleId}`}>
          <Button variant="ghost">{t('screen.schedule')}</Button>
        </Link>
        {can('boards.manage') && (
          <Button variant="ghost" onClick={() => setTemplates(true)} data-testid="checklist-templates-open">
            {t('checklist.templates.title')}
          </Button>
        )}
      </div>
    </div>
  );
}

// What the kanban domain offers the transport and the checklists: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
import { registerTopicAccess } from '../../live';
import { onWorksChanged } from '../undo';
import { moveCardsOfWorks } from './sync';

export {
  copyBoard,
  createBoard,
  createColumn,
  createLabel,
  deleteBoard,
  deleteColumn,
  deleteLabel,
  getBoard,
  listBoards,
  reorderColumns,
  updateBoard,
  updateColumn,
  updateLabel,
} from './boards';
export {
  addComment,
  assignCard,
  attachFile,
  createCard,
  deleteCard,
  deleteComment,
  deleteFile,
  downloadFile,
  getCard,
  listCards,
  moveCard,
  revokeCard,
  updateCard,
} from './cards';
export { publishBoard } from './live';
export { boardStats } from './stats';

// A work completed (or started) elsewhere moves its cards, in the transaction of the work's edit.
onWorksChanged(moveCardsOfWorks);

// A board's events are read by those who may read its schedule: members of its space with `schedule.view`.
registerTopicAccess('board', async (ctx, boardId) => {
  if (!ctx.space.abilities.has('schedule.view')) return false;
  const { rows } = await ctx.db.pool.query(`SELECT 1 FROM kanban_boards WHERE id = $1 AND "spaceId" = $2`, [
    boardId,
    ctx.space.spaceId,
  ]);
  return rows.length > 0;
});

import {
  assignCardInput,
  attachCardFileInput,
  boardFilterInput,
  cardCommentInput,
  cardFileInput,
  cardInput,
  columnInput,
  commentCardInput,
  copyBoardInput,
  createBoardInput,
  createCardInput,
  createColumnInput,
  createLabelInput,
  KANBAN_LIMITS,
  kanbanBoardInput,
  kanbanScheduleInput,
  labelInput,
  moveCardInput,
  reorderColumnsInput,
  updateBoardInput,
  updateCardInput,
  updateColumnInput,
  updateLabelInput,
} from '@takt/contracts';
import * as kanban from '../../domains/kanban';
import { router, spaceMutation, spaceProcedure, spaceQuery } from '../trpc';

/**
 * Kanban boards of schedules (API kanban boards, columns, items and labels): reading needs `schedule.view`,
 * boards, columns and labels `boards.manage`, cards `boards.work`.
 */
export const kanbanRouter = router({
  boards: router({
    list: spaceQuery('schedule.view', kanbanScheduleInput, kanban.listBoards),
    get: spaceQuery('schedule.view', kanbanBoardInput, kanban.getBoard),
    create: spaceMutation('boards.manage', createBoardInput, kanban.createBoard),
    update: spaceMutation('boards.manage', updateBoardInput, kanban.updateBoard),
    delete: spaceMutation('boards.manage', kanbanBoardInput, kanban.deleteBoard),
    copy: spaceMutation('boards.manage', copyBoardInput, kanban.copyBoard),
    stats: spaceQuery('schedule.view', kanbanBoardInput, kanban.boardStats),
  }),
  columns: router({
    create: spaceMutation('boards.manage', createColumnInput, kanban.createColumn),
    update: spaceMutation('boards.manage', updateColumnInput, kanban.updateColumn),
    delete: spaceMutation('boards.manage', columnInput, kanban.deleteColumn),
    reorder: spaceMutation('boards.manage', reorderColumnsInput, kanban.reorderColumns),
  }),
  labels: router({
    create: spaceMutation('boards.manage', createLabelInput, kanban.createLabel),
    update: spaceMutation('boards.manage', updateLabelInput, kanban.updateLabel),
    delete: spaceMutation('boards.manage', labelInput, kanban.deleteLabel),
  }),
  cards: router({
    /** A board's cards, filtered by label, assignee, due date, work status or text. */
    list: spaceQuery('schedule.view', boardFilterInput, kanban.listCards),
    get: spaceQuery('schedule.view', cardInput, kanban.getCard),
    create: spaceMutation('boards.work', createCardInput, kanban.createCard),
    update: spaceMutation('boards.work', updateCardInput, kanban.updateCard),
    delete: spaceMutation('boards.work', cardInput, kanban.deleteCard),
    move: spaceMutation('boards.work', moveCardInput, kanban.moveCard),
    assign: spaceMutation('boards.work', assignCardInput, kanban.assignCard),
    revoke: spaceMutation('boards.work', assignCardInput, kanban.revokeCard),
    comment: spaceMutation('boards.work', commentCardInput, kanban.addComment),
    deleteComment: spaceMutation('boards.work', cardCommentInput, kanban.deleteComment),
    /** Over REST a multipart upload (`file`), bounded by the attachment limit. */
    attach: spaceProcedure('boards.work')
      .meta({
        access: 'space',
        ability: 'boards.work',
        maxBodyBytes: KANBAN_LIMITS.attachmentMaxBytes + 64 * 1024,
      })
      .input(attachCardFileInput)
      .mutation(({ ctx, input }) => kanban.attachFile(ctx, input)),
    file: spaceQuery('schedule.view', cardFileInput, kanban.downloadFile),
    deleteFile: spaceMutation('boards.work', cardFileInput, kanban.deleteFile),
  }),
});

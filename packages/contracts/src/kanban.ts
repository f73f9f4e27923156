import { z } from 'zod';
import { id } from './api';
import { uploadedFile } from './interchange';
import { VALIDATION } from './messages';
import { dayDate, WORK_STATUSES } from './schedule';
import { hasProhibitedCharacters } from './validation';

/**
 * Kanban boards of a schedule and checklists of works and cards (entities kanban_board, kanban_column,
 * kanban_item, kanban_label, checklist; docs/product-rules.md, "Kanban boards and checklists").
 */
export const KANBAN_LIMITS = {
  boardNameMaxLength: 100,
  columnNameMaxLength: 100,
  labelNameMaxLength: 50,
  titleMaxLength: 255,
  descriptionMaxLength: 10_000,
  commentMaxLength: 4_000,
  checklistNameMaxLength: 255,
  checklistItemMaxLength: 500,
  boardsPerSchedule: 100,
  columnsPerBoard: 30,
  labelsPerBoard: 50,
  cardsPerBoard: 20_000,
  labelsPerCard: 20,
  assigneesPerCard: 20,
  checklistItems: 200,
  templatesPerSpace: 200,
  maxWipLimit: 10_000,
  /** A card's attachment, at most. */
  attachmentMaxBytes: 20 * 1024 * 1024,
  /** Weeks of throughput the statistics answer. */
  statsWeeks: 12,
} as const;

/** The file types a card accepts as attachments: documents, pictures, drawings and archives. */
export const KANBAN_ATTACHMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'image/vnd.dwg',
  'application/acad',
] as const;

/** A single-line text of at most `max` characters: trimmed, non-empty, no prohibited characters. */
const line = (max: number) =>
  z
    .string({ message: VALIDATION.required })
    .trim()
    .min(1, { message: VALIDATION.required })
    .max(max, { message: VALIDATION.maxLength })
    .refine((v) => !hasProhibitedCharacters(v), { message: VALIDATION.prohibitedCharacters });

/** Free text (a description, a comment): any characters but unstorable ones, at most `max`. */
const prose = (max: number) => z.string().max(max, { message: VALIDATION.maxLength });

const revision = z.number().int().min(1);
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: VALIDATION.outOfRange });
const wipLimit = z.number().int().min(1).max(KANBAN_LIMITS.maxWipLimit).nullable();

export const kanbanScheduleInput = z.object({ spaceId: id, scheduleId: id });
export const kanbanBoardInput = z.object({ spaceId: id, boardId: id });

export const createBoardInput = kanbanScheduleInput.extend({
  name: line(KANBAN_LIMITS.boardNameMaxLength),
  /** The version whose works cards link to; absent: the schedule's actual version. */
  versionId: id.nullable().optional(),
  /** Columns to start with; absent: To do, In progress, Done mapped to the work statuses. */
  columns: z
    .array(
      z.object({
        name: line(KANBAN_LIMITS.columnNameMaxLength),
        wipLimit: wipLimit.optional(),
        workStatus: z.enum(WORK_STATUSES).nullable().optional(),
      }),
    )
    .max(KANBAN_LIMITS.columnsPerBoard)
    .optional(),
});
export const updateBoardInput = kanbanBoardInput.extend({
  revision,
  name: line(KANBAN_LIMITS.boardNameMaxLength).optional(),
  versionId: id.nullable().optional(),
});
export const copyBoardInput = kanbanBoardInput.extend({
  name: line(KANBAN_LIMITS.boardNameMaxLength),
  /** Copy the cards too (with their labels, assignees and checklists), not only columns and labels. */
  withCards: z.boolean().optional(),
});

export const createColumnInput = kanbanBoardInput.extend({
  name: line(KANBAN_LIMITS.columnNameMaxLength),
  wipLimit: wipLimit.optional(),
  workStatus: z.enum(WORK_STATUSES).nullable().optional(),
  /** Put after this column; absent: last. */
  afterId: id.nullable().optional(),
});
export const updateColumnInput = z.object({
  spaceId: id,
  columnId: id,
  revision,
  name: line(KANBAN_LIMITS.columnNameMaxLength).optional(),
  wipLimit: wipLimit.optional(),
  workStatus: z.enum(WORK_STATUSES).nullable().optional(),
});
export const columnInput = z.object({ spaceId: id, columnId: id });
export const reorderColumnsInput = kanbanBoardInput.extend({
  columnIds: z.array(id).min(1).max(KANBAN_LIMITS.columnsPerBoard),
});

export const createLabelInput = kanbanBoardInput.extend({
  name: line(KANBAN_LIMITS.labelNameMaxLength),
  color,
});
export const updateLabelInput = z.object({
  spaceId: id,
  labelId: id,
  name: line(KANBAN_LIMITS.labelNameMaxLength).optional(),
  color: color.optional(),
});
export const labelInput = z.object({ spaceId: id, labelId: id });

export const createCardInput = z.object({
  spaceId: id,
  columnId: id,
  title: line(KANBAN_LIMITS.titleMaxLength).optional(),
  description: prose(KANBAN_LIMITS.descriptionMaxLength).optional(),
  /** A work of the board's version; its name is the title when none is given. */
  workId: id.nullable().optional(),
  dueDate: dayDate.nullable().optional(),
  labelIds: z.array(id).max(KANBAN_LIMITS.labelsPerCard).optional(),
});
export const cardInput = z.object({ spaceId: id, cardId: id });
export const updateCardInput = cardInput.extend({
  revision,
  title: line(KANBAN_LIMITS.titleMaxLength).optional(),
  description: prose(KANBAN_LIMITS.descriptionMaxLength).optional(),
  workId: id.nullable().optional(),
  dueDate: dayDate.nullable().optional(),
  labelIds: z.array(id).max(KANBAN_LIMITS.labelsPerCard).optional(),
});
export const moveCardInput = cardInput.extend({
  revision,
  columnId: id,
  /** Put right after this card of the target column; null: first; absent: last. */
  afterId: id.nullable().optional(),
});
export const assignCardInput = cardInput.extend({ userId: id });
export const commentCardInput = cardInput.extend({
  text: prose(KANBAN_LIMITS.commentMaxLength).refine((v) => v.trim().length > 0, {
    message: VALIDATION.required,
  }),
});
export const cardCommentInput = z.object({ spaceId: id, commentId: id });
export const cardFileInput = z.object({ spaceId: id, fileId: id });
/** A file attached to a card: a multipart `file` part (REST), checked against the size and the types above. */
export const attachCardFileInput = cardInput.extend({ file: uploadedFile });

export const KANBAN_DUE_FILTERS = ['overdue', 'week', 'none'] as const;
export const boardFilterInput = kanbanBoardInput.extend({
  labelIds: z.array(id).max(KANBAN_LIMITS.labelsPerBoard).optional(),
  assigneeIds: z.array(id).max(100).optional(),
  due: z.enum(KANBAN_DUE_FILTERS).optional(),
  workStatuses: z.array(z.enum(WORK_STATUSES)).max(3).optional(),
  /** The day "overdue" and "this week" are counted from (the browser's today); absent: the server's. */
  today: dayDate.optional(),
  text: z.string().max(255).optional(),
});

// ── checklists ────────────────────────────────────────────────────────────────────────────────
/** A checklist belongs to a work (of a version) or to a card, never both. */
export const checklistOwnerInput = z
  .object({ spaceId: id, workId: id.optional(), cardId: id.optional() })
  .refine((v) => (v.workId ? 1 : 0) + (v.cardId ? 1 : 0) === 1, {
    message: VALIDATION.required,
    path: ['workId'],
  });
export const createChecklistInput = z
  .object({
    spaceId: id,
    workId: id.optional(),
    cardId: id.optional(),
    name: line(KANBAN_LIMITS.checklistNameMaxLength),
    templateId: id.optional(),
    items: z.array(line(KANBAN_LIMITS.checklistItemMaxLength)).max(KANBAN_LIMITS.checklistItems).optional(),
  })
  .refine((v) => (v.workId ? 1 : 0) + (v.cardId ? 1 : 0) === 1, {
    message: VALIDATION.required,
    path: ['workId'],
  });
export const checklistInput = z.object({ spaceId: id, checklistId: id });
export const updateChecklistInput = checklistInput.extend({
  revision,
  name: line(KANBAN_LIMITS.checklistNameMaxLength),
});
export const addChecklistItemInput = checklistInput.extend({
  text: line(KANBAN_LIMITS.checklistItemMaxLength),
  assigneeId: id.nullable().optional(),
  dueDate: dayDate.nullable().optional(),
});
export const checklistItemInput = z.object({ spaceId: id, itemId: id });
export const updateChecklistItemInput = checklistItemInput.extend({
  text: line(KANBAN_LIMITS.checklistItemMaxLength).optional(),
  done: z.boolean().optional(),
  assigneeId: id.nullable().optional(),
  dueDate: dayDate.nullable().optional(),
});
export const reorderChecklistInput = checklistInput.extend({
  itemIds: z.array(id).min(1).max(KANBAN_LIMITS.checklistItems),
});
export const checklistTemplateInput = z.object({ spaceId: id, templateId: id });
export const createChecklistTemplateInput = z.object({
  spaceId: id,
  name: line(KANBAN_LIMITS.checklistNameMaxLength),
  items: z.array(line(KANBAN_LIMITS.checklistItemMaxLength)).max(KANBAN_LIMITS.checklistItems),
});
export const updateChecklistTemplateInput = checklistTemplateInput.extend({
  name: line(KANBAN_LIMITS.checklistNameMaxLength).optional(),
  items: z.array(line(KANBAN_LIMITS.checklistItemMaxLength)).max(KANBAN_LIMITS.checklistItems).optional(),
});
export const versionChecklistsInput = z.object({ spaceId: id, versionId: id });

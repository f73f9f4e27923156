import type { WORK_STATUSES } from '@takt/contracts';
import type { MessageId } from '@takt/i18n';
import type { inferRouterInputs } from '@trpc/server';
import type { AppRouter, RouterOutputs } from '../../lib/api-types';

/** A board as the kanban screen reads it, with its columns. */
export type Board = RouterOutputs['kanban']['boards']['get'];
/** A card opened: its fields, linked work, comments, files and history. */
export type CardDetail = RouterOutputs['kanban']['cards']['get'];
/** What a part of the opened card's dialog gets: the card, whether the user may change it, names of people. */
export interface CardPartProps {
  card: CardDetail;
  works: boolean;
  who: (id: string | null) => string;
  /** Reads the card (and the board's cards) again after a change. */
  refresh: () => void;
}
/** A card of a board's list (filtered). */
export type BoardCard = RouterOutputs['kanban']['cards']['list'][number];
/** A member of the space, as a card's assignee or a comment's author. */
export type Member = { id: string; login: string; firstName: string; lastName: string };

/** The label of a linked work's status. */
export const STATUS_LABEL: Record<(typeof WORK_STATUSES)[number], MessageId> = {
  not_started: 'work_status.not_started',
  in_progress: 'work_status.in_progress',
  completed: 'work_status.completed',
};

/** A member's name as the board shows it: last and first name, else the login. */
export const personName = (p: Member) => `${p.lastName} ${p.firstName}`.trim() || p.login;

/** A column of a board. */
export type BoardColumn = Board['columns'][number];
/** The cards list's input: the board and its filters. */
export type CardsInput = inferRouterInputs<AppRouter>['kanban']['cards']['list'];
/** The board's filters (label, assignee, due, work status). */
export type CardFilter = Omit<CardsInput, 'spaceId' | 'boardId'>;

/** Today as `YYYY-MM-DD` (what is overdue, and the cards list's due filters). */
export const today = () => new Date().toISOString().slice(0, 10);

import { z } from 'zod';
import { id } from './api';

/**
 * The kinds of notices and where each is shown: `notices` are what the system tells a user about work they
 * started (a calculation, an import); the `personal` area is what others did that concerns them (a timesheet
 * to approve, the curator's decision on their days, an assignment, a mention, a card).
 */
export const NOTICE_KINDS = {
  calculation_finished: 'notices',
  calculation_failed: 'notices',
  import_finished: 'notices',
  import_failed: 'notices',
  timesheet_submitted: 'personal',
  /** The curator's acceptance (or refusal) of a user's days. */
  timesheet_decided: 'personal',
  assignment: 'personal',
  mention: 'personal',
  card_assigned: 'personal',
} as const satisfies Record<string, NoticeArea>;

export type NoticeArea = 'notices' | 'personal';
export type NoticeKind = keyof typeof NOTICE_KINDS;

export const noticeKindsOf = (area: NoticeArea) =>
  (Object.keys(NOTICE_KINDS) as NoticeKind[]).filter((kind) => NOTICE_KINDS[kind] === area);

/** A notice as the API answers it. `params` depend on the kind (names, ids of the target, counts). */
export interface NoticeDto {
  id: string;
  kind: NoticeKind;
  area: NoticeArea;
  params: Record<string, unknown>;
  createdAt: string;
  checkedAt: string | null;
}

/** The live events of the notices, on the user's own topic. */
export const NOTICE_LIVE_KINDS = { created: 'notice.created', changed: 'notice.changed' } as const;

/** At most this many notices are listed per area (the newest). */
export const NOTICES_LIST_MAX = 200;

export const noticesListInput = z.object({
  spaceId: id,
  unchecked: z.boolean().optional(),
  limit: z.number().int().min(1).max(NOTICES_LIST_MAX).optional(),
});
export const noticeIdInput = z.object({ spaceId: id, noticeId: id });
export const noticesCheckInput = z.object({
  spaceId: id,
  /** The notices to mark checked; without it, all of the caller's notices of the space. */
  noticeIds: z.array(id).min(1).max(NOTICES_LIST_MAX).optional(),
});

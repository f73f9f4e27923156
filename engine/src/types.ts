/**
 * Types of the engine in one place: branded units, the plain-data input format and the options.
 * Result types live beside the result (`result.ts`).
 */

declare const brand: unique symbol;
type Brand<T, B extends string> = T & { readonly [brand]: B };

/** Calendar time: integer minutes since 2000-01-01T00:00 (no time zone, no daylight saving). */
export type Minutes = Brand<number, 'Minutes'>;
/** A count or coordinate of working minutes on one calendar. */
export type WorkingMinutes = Brand<number, 'WorkingMinutes'>;
/** Position of a work in the project's `works` array. */
export type WorkIndex = Brand<number, 'WorkIndex'>;

/** A date-time as `YYYY-MM-DDTHH:mm` (or `YYYY-MM-DD` for midnight), or minutes since the epoch. */
export type DateInput = string | Minutes;

/** A working interval within a day, `HH:mm` to `HH:mm`; a finish at or before the start crosses midnight. */
export interface WorkingIntervalInput {
  start: string;
  finish: string;
}

export interface CalendarExceptionInput {
  /** First day, `YYYY-MM-DD`. */
  date: string;
  /** Last day of a range of days, inclusive; defaults to `date`. */
  until?: string;
  /** Working intervals of these days; empty means non-working. */
  intervals: WorkingIntervalInput[];
}

export interface CalendarInput {
  id: string;
  name?: string;
  /** Every minute of every day is working time (P6's 24-hour calendar). `week`/`exceptions` are ignored. */
  allDay?: boolean;
  /** Working intervals per ISO weekday, Monday first (7 entries). Default: Mon–Fri 08–12 and 13–17. */
  week?: WorkingIntervalInput[][];
  exceptions?: CalendarExceptionInput[];
  /** Hours in a "day" of duration; default: the average working hours of the week's working days. */
  hoursPerDay?: number;
}

/**
 * `level_of_effort` (P6 LOE): spans from what its predecessors allow to what its successors need and
 * drives nothing. `wbs_summary` (P6 WBS summary activity): spans the works of its parent summary.
 */
export type WorkType =
  | 'sum'
  | 'task'
  | 'work'
  | 'milestone_start'
  | 'milestone_finish'
  | 'draft'
  | 'level_of_effort'
  | 'wbs_summary';

/**
 * The spec's limit types: on or after, on or before, exactly on; `mandatory` (P6's mandatory start /
 * finish, MS Project's must start / finish on) fixes the date in both passes, overriding relations.
 */
export type ConstraintType = 'not_earlier' | 'not_later' | 'in_date' | 'mandatory';

export interface ConstraintLimitInput {
  type: ConstraintType;
  date: DateInput;
}

export interface ConstraintInput {
  start?: ConstraintLimitInput;
  finish?: ConstraintLimitInput;
  /** P6's "As Late As Possible": use up the free float. */
  asLateAsPossible?: boolean;
}

export type WorkStatus = 'not_started' | 'in_progress' | 'completed';

export interface WorkInput {
  id: string;
  name?: string;
  parentId?: string | null;
  type: WorkType;
  /** Original duration in working minutes of the work's calendar (ignored for sums and milestones). */
  durationMinutes: number;
  /** Defaults to the project's default calendar. */
  calendarId?: string | null;
  constraint?: ConstraintInput | null;
  actualStart?: DateInput | null;
  actualFinish?: DateInput | null;
  /** Remaining working minutes of an in-progress work; default: duration minus the work done by the data date. */
  remainingMinutes?: number | null;
  /** Derived from the actual dates when absent. */
  status?: WorkStatus | null;
  /**
   * MS Project's manually scheduled task: a not-started work starts here whatever its predecessors,
   * constraints or the data date say; its late dates still come from the backward pass.
   */
  manualStart?: DateInput | null;
  /** P6's expected finish: with `useExpectedFinish` the remaining work is stretched or shrunk to end here. */
  expectedFinish?: DateInput | null;
}

export type RelationType = 'fs' | 'ss' | 'ff' | 'sf';

/** P6's "calendar for scheduling relationship lag". */
export type LagCalendar = 'predecessor' | 'successor' | '24h' | 'project';

export interface RelationInput {
  /** Defaults to `${predecessorId}->${successorId}`. */
  id?: string;
  predecessorId: string;
  successorId: string;
  type: RelationType;
  /** Working minutes on the lag calendar; negative is a lead. */
  lagMinutes?: number;
  /** Overrides `CalculateOptions.lagCalendar` for this relation. */
  lagCalendar?: LagCalendar;
}

export interface EngineProject {
  calendars: CalendarInput[];
  defaultCalendarId: string;
  works: WorkInput[];
  relations: RelationInput[];
  /** No work starts before this. */
  projectStart: DateInput;
  /** Progress is measured up to this instant; remaining work starts at or after it. Default: projectStart. */
  dataDate?: DateInput | null;
  /** P6's "must finish by": late dates are computed back from it instead of the early project finish. */
  projectFinish?: DateInput | null;
}

export type TotalFloatKind = 'start' | 'finish' | 'smallest';

export type CriticalDefinition = { kind: 'total_float'; thresholdMinutes: number } | { kind: 'longest_path' };

/**
 * P6's "when scheduling progressed activities use": retained logic, progress override, or actual dates
 * (progress overrides logic as with progress override, and actual dates after the data date are accepted
 * and drive successors).
 */
export type ProgressMode = 'retained_logic' | 'progress_override' | 'actual_dates';

/** P6's "calculate start-to-start lag from": a started predecessor's actual start or its remaining early start. */
export type StartLagFrom = 'actual_start' | 'early_start';

/** How start-side successors (SS, SF) bound a manually scheduled work's late dates. */
export type ManualStartLinks = 'bound' | 'ignore';

/** How the backward pass reads a successor's late date when the predecessor is on another calendar. */
export type CrossCalendarLate = 'exact' | 'previous_finish';

/** Where a finish limit dated in non-working time (a day boundary, 00:00) puts the work's finish. */
export type FinishLimitInstant = 'previous_finish' | 'next_start';

export interface CalculateOptions {
  /** Default `'predecessor'` (P6's default). */
  lagCalendar?: LagCalendar;
  /** P6's "compute total float as": start float, finish float (default) or the smallest of both. */
  totalFloat?: TotalFloatKind;
  /** Default: total float ≤ 0. */
  critical?: CriticalDefinition;
  /** P6's "when scheduling progressed activities use". Default `'retained_logic'`. */
  progress?: ProgressMode;
  /**
   * P6's "make open-ended activities critical": a work without successors has its late finish at its
   * early finish (no float), so it and the chain driving it are critical. Default false.
   */
  openEndsCritical?: boolean;
  /** P6's "use expected end dates": works with an `expectedFinish` finish their remaining work there. Default false. */
  useExpectedFinish?: boolean;
  /** P6's "calculate start-to-start lag from". Default `'actual_start'`. */
  startLagFrom?: StartLagFrom;
  /**
   * MS Project: SS and SF successors do not bound the late dates of a manually scheduled predecessor
   * (`'ignore'`). Default `'bound'` (plain CPM).
   */
  manualStartLinks?: ManualStartLinks;
  /**
   * MS Project: a manually scheduled work without any relation is not critical unless its float is
   * negative (a missed limit) (`false`). Default true (plain CPM: critical by its float like any work).
   */
  manualUnlinkedCritical?: boolean;
  /**
   * Backward pass across calendars. `'exact'` (default): a predecessor's late date is the exact inverse
   * of the forward step, so a driving chain has no float across calendars. `'previous_finish'` (P6): the
   * successor's late start (less the lag) is read as the end of the previous working time on the
   * successor's calendar, and the predecessor's late date is the latest working instant of its own
   * calendar at or before it.
   */
  crossCalendarLate?: CrossCalendarLate;
  /**
   * A finish limit whose date falls in non-working time (e.g. 00:00 of a working day). `'previous_finish'`
   * (default): the finish is the end of the previous working time (Fri 17:00). `'next_start'` (P6): the
   * finish is where the next working time starts (Mon 08:00) when the limit sets it.
   */
  finishLimitInstant?: FinishLimitInstant;
  /**
   * Relations into in-progress works that the progress mode leaves out of the forward pass (progress
   * override, actual dates) still bound their predecessors' late dates (P6). Default false.
   */
  startedSuccessorsBindLate?: boolean;
  /**
   * A start milestone whose early start is the data date (nothing later bounds it) starts at the data date
   * itself, even in non-working time (a data date at 00:00 shows the milestone at 00:00, P6), rather than
   * at the next working instant (08:00, the default, as MS Project). Default false.
   */
  startMilestoneAtDataDate?: boolean;
}

export interface ResolvedOptions {
  lagCalendar: LagCalendar;
  totalFloat: TotalFloatKind;
  critical: CriticalDefinition;
  progress: ProgressMode;
  openEndsCritical: boolean;
  useExpectedFinish: boolean;
  startLagFrom: StartLagFrom;
  manualStartLinks: ManualStartLinks;
  manualUnlinkedCritical: boolean;
  crossCalendarLate: CrossCalendarLate;
  finishLimitInstant: FinishLimitInstant;
  startedSuccessorsBindLate: boolean;
  startMilestoneAtDataDate: boolean;
}

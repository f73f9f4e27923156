/**
 * The shared in-memory interchange model: what every reader produces and every writer consumes. It keeps
 * what the source tools store (codes, WBS, activity types, both constraints, recorded dates, codes and
 * UDFs, resources) beside what the engine needs; `toEngineProject` maps it onto `@takt/engine`.
 * Dates are local `YYYY-MM-DDTHH:mm`; durations, lags and floats are minutes (working minutes of the
 * activity's calendar unless said otherwise).
 */
import type { ImportProblem, ImportProblemAction } from '@takt/contracts';
import type {
  CriticalDefinition,
  LagCalendar,
  ManualStartLinks,
  ProgressMode,
  StartLagFrom,
  TotalFloatKind,
} from '@takt/engine';

export type SourceFormat = 'xer' | 'pmxml' | 'mspdi' | 'json';

/** Whose conventions the recorded dates follow (P6 and MS Project present some instants differently). */
export type DateConvention = 'p6' | 'msproject';

export interface IxInterval {
  start: string; // HH:mm
  finish: string; // HH:mm; 00:00 = midnight at the end of the day
}

export interface IxCalendar {
  id: string;
  name: string;
  /** Seven days, Monday first. */
  week: IxInterval[][];
  /** Days whose hours differ from the week: [] intervals = non-working. */
  exceptions: { date: string; intervals: IxInterval[] }[];
  hoursPerDay?: number;
  allDay?: boolean;
  /** P6 base calendar / MSPDI BaseCalendarUID, already merged into week and exceptions. */
  baseId?: string;
}

export interface IxWbs {
  id: string;
  parentId: string | null;
  code: string;
  name: string;
}

/**
 * Activity types across the tools: P6 task_type (TT_Task, TT_Rsrc, TT_LOE, TT_Mile, TT_FinMile, TT_WBS)
 * and MS Project tasks (summary, milestone).
 */
export type IxActivityType =
  | 'task'
  | 'resource_dependent'
  | 'level_of_effort'
  | 'start_milestone'
  | 'finish_milestone'
  | 'wbs_summary'
  | 'summary';

/** P6's constraint types (MS Project's map onto them). */
export type IxConstraintType =
  | 'start_on'
  | 'start_on_or_before'
  | 'start_on_or_after'
  | 'finish_on'
  | 'finish_on_or_before'
  | 'finish_on_or_after'
  | 'mandatory_start'
  | 'mandatory_finish';

export interface IxConstraint {
  type: IxConstraintType;
  date: string;
}

/** Dates and floats the source tool calculated and stored. */
export interface IxRecorded {
  earlyStart?: string;
  earlyFinish?: string;
  lateStart?: string;
  lateFinish?: string;
  totalFloatMinutes?: number;
  freeFloatMinutes?: number;
  critical?: boolean;
  start?: string;
  finish?: string;
}

export type IxStatus = 'not_started' | 'in_progress' | 'completed';

export interface IxActivity {
  /** Unique within the model (XER task_id, PMXML ObjectId, MSPDI UID). */
  id: string;
  /** The id planners see (XER task_code, PMXML Id, MSPDI ID). */
  code: string;
  name: string;
  wbsId: string | null;
  /** MS Project outline parent (a summary activity). */
  parentId: string | null;
  type: IxActivityType;
  calendarId: string | null;
  durationMinutes: number;
  remainingMinutes?: number;
  constraint?: IxConstraint;
  constraint2?: IxConstraint;
  asLateAsPossible?: boolean;
  actualStart?: string;
  actualFinish?: string;
  status?: IxStatus;
  percentComplete?: number;
  baselineStart?: string;
  baselineFinish?: string;
  /** P6 expected finish (XER expect_end_date, PMXML ExpectedFinishDate). */
  expectedFinish?: string;
  /** MS Project manually scheduled task: it stays at its recorded Start. */
  manual?: boolean;
  /** MS Project elapsed duration (`ed`, `ew`, `emo`…): it runs on a 24-hour clock, not on working time. */
  elapsed?: boolean;
  /**
   * MS Project split task: the interruptions between its parts (local `YYYY-MM-DDTHH:mm`, start
   * inclusive, finish exclusive); the working time they hold lengthens the task's span.
   */
  splits?: { start: string; finish: string }[];
  /** MS Project "Scheduling ignores resource calendars" (only with a task calendar). */
  ignoreResourceCalendar?: boolean;
  /** MS Project fixed-duration task (Type 1): its span is its duration on the task calendar, not on its resources'. */
  fixedDuration?: boolean;
  recorded: IxRecorded;
  /** Activity codes: code type name → value. */
  codes: Record<string, string>;
  /** UDFs / MSPDI extended attributes: field name → value. */
  udfs: Record<string, string | number>;
  /** Physical volume of the work (spreadsheet imports, Takt archives) and its unit. */
  volume?: number;
  unit?: string;
}

export type IxRelationType = 'fs' | 'ss' | 'ff' | 'sf';

export interface IxRelation {
  id: string;
  predecessorId: string;
  successorId: string;
  type: IxRelationType;
  lagMinutes: number;
  /** Only when the relation itself fixes it (MSPDI elapsed lags = '24h'). */
  lagCalendar?: LagCalendar;
}

export interface IxResource {
  id: string;
  code: string;
  name: string;
  type: 'labor' | 'nonlabor' | 'material';
  calendarId: string | null;
}

export interface IxAssignment {
  id: string;
  activityId: string;
  resourceId: string;
  /** Planned units (hours of work, or quantity for materials). */
  plannedUnits?: number;
  actualUnits?: number;
  remainingUnits?: number;
}

/** Scheduling options, as the engine takes them, plus the source's settings the engine has no use for. */
export interface IxOptions {
  lagCalendar: LagCalendar;
  totalFloat: TotalFloatKind;
  critical: CriticalDefinition;
  progress: ProgressMode;
  /** P6 "make open-ended activities critical". */
  openEndsCritical?: boolean;
  /** P6 "actual dates" out-of-sequence mode (`progress` is then `'actual_dates'` too). */
  actualDatesMode?: boolean;
  /** P6 "use expected end dates". */
  useExpectedFinish?: boolean;
  /** P6 "calculate start-to-start lag from". */
  startLagFrom?: StartLagFrom;
  /** MS Project: SS/SF successors do not bound a manually scheduled task's late dates. */
  manualStartLinks?: ManualStartLinks;
  /** MS Project: a manually scheduled task without links is never critical. */
  manualUnlinkedCritical?: boolean;
  /** Source fields verbatim (SCHEDOPTIONS, PMXML project settings, MSPDI project settings). */
  raw: Record<string, string>;
}

export interface IxProject {
  format: SourceFormat;
  convention: DateConvention;
  code: string;
  name: string;
  start: string;
  dataDate?: string;
  /** "Must finish by". */
  mustFinishBy?: string;
  /** The finish the tool calculated. */
  scheduledFinish?: string;
  /**
   * MS Project's project summary task (UID 0): project data, not a work; its recorded dates are the
   * whole project's.
   */
  projectSummary?: { name: string; recorded: IxRecorded };
  defaultCalendarId: string;
  /** MS Project minutes per day (for day-based values); P6 uses each calendar's hours per day. */
  minutesPerDay?: number;
  calendars: IxCalendar[];
  wbs: IxWbs[];
  activities: IxActivity[];
  relations: IxRelation[];
  resources: IxResource[];
  assignments: IxAssignment[];
  options: IxOptions;
  /** Things read but not fully honoured (an LOE scheduled as a task, an external relation dropped…). */
  warnings: string[];
  /**
   * Record-level problems the reader got past: a value the tool accepted but Takt cannot take as written
   * (out of range, malformed, a dangling reference…). Each says where it was and what Takt did with it; the
   * rest of the file is read. A file is refused only when nothing schedulable can be read.
   */
  problems: IxProblem[];
  /** The text encoding the file was decoded in (detected or forced); absent for input given as text. */
  encoding?: 'utf-8' | 'windows-1252' | 'windows-1250' | 'windows-1251' | 'ibm866';
}

/** What a reader did with a value it could not take as written. */
export type IxProblemAction = ImportProblemAction;

/** One record-level problem of an input file: what the import report shows (translated by `code` in the UI). */
export type IxProblem = ImportProblem;

export const STANDARD_WEEK: IxInterval[][] = [0, 1, 2, 3, 4, 5, 6].map((d) =>
  d < 5
    ? [
        { start: '08:00', finish: '12:00' },
        { start: '13:00', finish: '17:00' },
      ]
    : [],
);

export function defaultOptions(): IxOptions {
  return {
    lagCalendar: 'predecessor',
    totalFloat: 'finish',
    critical: { kind: 'total_float', thresholdMinutes: 0 },
    progress: 'retained_logic',
    raw: {},
  };
}

export function emptyProject(format: SourceFormat, convention: DateConvention): IxProject {
  return {
    format,
    convention,
    code: '',
    name: '',
    start: '',
    defaultCalendarId: '',
    calendars: [],
    wbs: [],
    activities: [],
    relations: [],
    resources: [],
    assignments: [],
    options: defaultOptions(),
    warnings: [],
    problems: [],
  };
}

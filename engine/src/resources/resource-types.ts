/**
 * Input types of the resource side of the engine: resources, their availability, assignments of
 * resources to works and how an assignment's quantity is spread over the work's days.
 */

/**
 * The spec's resource kinds. `volume`: a physical quantity the work produces (m³, t); `labour`: hours of
 * work (man-hours); `cost`: money spent per unit used (a machine-hour, a tonne of steel); and
 * `distributed_price`: a sum of money spread over the work as it is (its price is not used).
 */
export type ResourceKind = 'volume' | 'labour' | 'cost' | 'distributed_price';

/** The spec's periods of histograms and plans. */
export type Period = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** The spec's plan kinds: the current plan, the approved (baseline) plan and the fact. */
export type PlanKind = 'plan' | 'approved_plan' | 'fact';

/** The spec's distribution modes: everything on the first day, on the last day, or evenly. */
export type DistributionMode = 'start' | 'end' | 'evenly';

/** The spec's reserved allocation modes. */
export type ReservedAllocationMode = 'by_date' | 'by_fact' | 'by_lag' | 'by_period' | 'by_volume';

/** A quantity on one day (`YYYY-MM-DD`) or in the period that starts on that day. */
export interface DatedQuantity {
  date: string;
  quantity: number;
}

/** A shape over a span of working time: a distribution mode, or weights of equal parts of the span. */
export type AllocationShape = DistributionMode | { curve: number[] };

/**
 * How an assignment's quantity is spread over days (default `evenly`).
 * - `start` / `end` / `evenly`: all on the work's first working day, its last, or in proportion to the
 *   working minutes of each day;
 * - `curve`: the work's working time cut into as many equal parts as there are weights, each part
 *   getting its weight's share, evenly inside the part (an S-curve, front- or back-loading);
 * - `by_lag`: the resource comes `lagMinutes` working minutes after the work starts (negative: before)
 *   and stays `durationMinutes` (default: until the work finishes), spread by `shape` (default evenly);
 * - `by_date`: fixed quantities on fixed days (a daily plan); they do not move with the work;
 * - `by_period`: fixed quantities per period (week, month, …), each spread evenly over the work's working
 *   days inside its period (over the period's working days when the work has none there); they do not
 *   move with the work;
 * - `by_fact`: the assignment's daily facts up to the data date, then the rest (quantity − actual)
 *   evenly over the work's remaining time;
 * - `by_volume`: in proportion to another assignment of the same work (its physical volume) — labour or
 *   money that follow the volume plan.
 */
export type AllocationInput =
  | { mode: DistributionMode }
  | { mode: 'curve'; weights: number[] }
  | { mode: 'by_lag'; lagMinutes: number; durationMinutes?: number | null; shape?: AllocationShape | null }
  | { mode: 'by_date'; days: DatedQuantity[] }
  | { mode: 'by_period'; period: Period; amounts: DatedQuantity[] }
  | { mode: 'by_fact' }
  | { mode: 'by_volume'; assignmentId: string };

/** Availability over a range of days, replacing `unitsPerDay` there. */
export interface AvailabilityPeriodInput {
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day, inclusive; default: open-ended. */
  until?: string | null;
  unitsPerDay: number;
}

export interface ResourceInput {
  id: string;
  name?: string;
  kind: ResourceKind;
  /** Unit of quantities (m³, h, ₽); for display only. */
  unit?: string | null;
  /** Money per unit; an assignment costs quantity × price (default 1 for `cost`, 0 for volume/labour). */
  price?: number | null;
  /** Units the resource can give per working day; absent: unlimited (never over-allocated). */
  unitsPerDay?: number | null;
  /** The resource works on the working days of this calendar only; absent: every day. */
  calendarId?: string | null;
  /** Availability over date ranges (on the calendar's working days); later entries win. */
  periods?: AvailabilityPeriodInput[] | null;
}

export interface AssignmentInput {
  /** Defaults to `${workId}:${resourceId}`; ids must be unique. */
  id?: string;
  workId: string;
  resourceId: string;
  /** Planned quantity over the whole work (for `by_date`/`by_period`: the sum of the entries). */
  quantity: number;
  /** Quantity of the approved plan; default `quantity`. */
  approvedQuantity?: number | null;
  /** Quantity done up to the data date; default: the sum of `actualDays`, else 0. */
  actualQuantity?: number | null;
  /** Daily facts (daily work plans, timesheets); without them the fact is spread over the actual dates. */
  actualDays?: DatedQuantity[] | null;
  /** Default `{ mode: 'evenly' }`. */
  allocation?: AllocationInput | null;
  /** Money per unit for this assignment; default: the resource's price. */
  price?: number | null;
}

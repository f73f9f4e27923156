import { EngineError } from '../engine-error.js';
import { projectCompile } from '../project-compile.js';
import type { ProjectModel } from '../project-model.js';
import { MINUTES_PER_DAY, timeFromIso } from '../time.js';
import type { CalculateOptions, EngineProject } from '../types.js';
import { PERIODS, periodNextStartDay, periodStartDay } from './periods.js';
import type {
  AllocationInput,
  AllocationShape,
  AssignmentInput,
  DatedQuantity,
  Period,
  ResourceInput,
  ResourceKind,
} from './resource-types.js';
import { SHAPE_CURVE, SHAPE_END, SHAPE_EVENLY, SHAPE_START, spreadCurveCumulative } from './spread.js';

export const RESOURCE_KINDS: readonly ResourceKind[] = ['volume', 'labour', 'cost', 'distributed_price'];

/**
 * How an assignment is placed: relative to the work's dates (0, what a mode array starts with), on fixed
 * days, by periods, or fact then remainder.
 */
export const MODE_BY_DATE = 1;
export const MODE_BY_PERIOD = 2;
export const MODE_BY_FACT = 3;

/** Quantities on days (days since 2000-01-01); for periods also the day after each period. */
export interface DayEntries {
  readonly day: Int32Array;
  readonly end: Int32Array | null;
  readonly quantity: Float64Array;
}

/** Availability of one resource over a range of days [fromDay, untilDay). */
export interface AvailabilityPeriod {
  readonly fromDay: number;
  readonly untilDay: number;
  readonly unitsPerDay: number;
}

/**
 * Resources and assignments compiled against a project model: struct-of-arrays over resource indices
 * (input order) and assignment indices (input order).
 */
export interface ResourceModel {
  readonly project: ProjectModel;
  readonly resourceIds: readonly string[];
  readonly resourceIndex: ReadonlyMap<string, number>;
  readonly resources: readonly ResourceInput[];
  /** Index into RESOURCE_KINDS. */
  readonly resourceKind: Uint8Array;
  readonly resourcePrice: Float64Array;
  /** Units per working day; Infinity when unlimited. */
  readonly unitsPerDay: Float64Array;
  /** Calendar index of the resource's working days, -1 for every day. */
  readonly resourceCalendar: Int32Array;
  readonly resourcePeriods: readonly (readonly AvailabilityPeriod[])[];

  readonly assignmentIds: readonly string[];
  readonly assignmentIndex: ReadonlyMap<string, number>;
  readonly work: Int32Array;
  readonly resource: Int32Array;
  readonly quantity: Float64Array;
  readonly approvedQuantity: Float64Array;
  readonly actualQuantity: Float64Array;
  /** Money per unit of each assignment. */
  readonly price: Float64Array;
  readonly mode: Uint8Array;
  readonly shape: Uint8Array;
  readonly curve: readonly (Float64Array | null)[];
  /** `by_lag`: working minutes from the work's start to the resource's start. */
  readonly lag: Int32Array;
  /** `by_lag`: how long the resource stays, -1 for "until the work finishes". */
  readonly window: Int32Array;
  /** `by_date`/`by_period` entries (shared with the assignment a `by_volume` one follows). */
  readonly entries: readonly (DayEntries | null)[];
  /** Factor on the entries (a `by_volume` assignment's share of the one it follows). */
  readonly entryScale: Float64Array;
  readonly facts: readonly (DayEntries | null)[];
}

function invalid(what: string, workId?: string): EngineError {
  return new EngineError('invalid_assignment', what, workId === undefined ? {} : { workIds: [workId] });
}

/** A `YYYY-MM-DD` date (a time of day is ignored) as days since 2000-01-01. */
export function resourceDayFromDate(date: string, what: string): number {
  if (typeof date !== 'string') throw new EngineError('invalid_date', `${what}: "${date}" is not a date`);
  try {
    return Math.floor(timeFromIso(date) / MINUTES_PER_DAY);
  } catch (error) {
    if (error instanceof EngineError) throw new EngineError(error.code, `${what}: ${error.message}`);
    throw error;
  }
}

const finiteNonNegative = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function compileResources(project: ProjectModel, resources: readonly ResourceInput[]) {
  if (!Array.isArray(resources)) throw new EngineError('invalid_resource', 'resources must be an array');
  const count = resources.length;
  const resourceIds: string[] = [];
  const resourceIndex = new Map<string, number>();
  const resourceKind = new Uint8Array(count);
  const resourcePrice = new Float64Array(count);
  const unitsPerDay = new Float64Array(count);
  const resourceCalendar = new Int32Array(count).fill(-1);
  const resourcePeriods: AvailabilityPeriod[][] = [];
  for (let r = 0; r < count; r++) {
    const resource = resources[r]!;
    const id = resource.id;
    if (typeof id !== 'string' || id === '') {
      throw new EngineError('invalid_resource', `resource #${r} has no id`);
    }
    if (resourceIndex.has(id)) throw new EngineError('duplicate_id', `resource id "${id}" is used twice`);
    resourceIndex.set(id, r);
    resourceIds.push(id);
    const bad = (what: string) => new EngineError('invalid_resource', `resource "${id}": ${what}`);
    const k = RESOURCE_KINDS.indexOf(resource.kind);
    if (k < 0) throw bad(`unknown kind "${resource.kind}"`);
    resourceKind[r] = k;
    const ownPrice = resource.price ?? (resource.kind === 'cost' ? 1 : 0);
    if (!finiteNonNegative(ownPrice)) throw bad('price must be a number ≥ 0');
    resourcePrice[r] = ownPrice;
    const units = resource.unitsPerDay ?? Number.POSITIVE_INFINITY;
    if (!(units >= 0) || Number.isNaN(units)) throw bad('unitsPerDay must be a number ≥ 0');
    unitsPerDay[r] = units;
    if (resource.calendarId != null) {
      const c = project.calendarIndex.get(resource.calendarId);
      if (c === undefined) {
        throw new EngineError(
          'unknown_calendar',
          `resource "${id}": calendar "${resource.calendarId}" is not defined`,
          {
            calendarId: resource.calendarId,
          },
        );
      }
      resourceCalendar[r] = c;
    }
    const own: AvailabilityPeriod[] = [];
    for (const period of resource.periods ?? []) {
      const fromDay = resourceDayFromDate(period.from, `resource "${id}": period`);
      const untilDay =
        period.until == null
          ? Number.POSITIVE_INFINITY
          : resourceDayFromDate(period.until, `resource "${id}": period`) + 1;
      if (untilDay <= fromDay) throw bad(`period ${period.from}…${period.until} ends before it starts`);
      if (!finiteNonNegative(period.unitsPerDay)) throw bad('a period needs unitsPerDay ≥ 0');
      own.push({ fromDay, untilDay, unitsPerDay: period.unitsPerDay });
    }
    resourcePeriods.push(own);
  }
  return {
    resourceIds,
    resourceIndex,
    resourceKind,
    resourcePrice,
    unitsPerDay,
    resourceCalendar,
    resourcePeriods,
  };
}

function compileEntries(
  entries: readonly DatedQuantity[],
  what: string,
  workId: string,
  periodOf?: (day: number) => { start: number; end: number },
): DayEntries {
  if (!Array.isArray(entries)) throw invalid(`${what} must be an array`, workId);
  const day = new Int32Array(entries.length);
  const end = periodOf ? new Int32Array(entries.length) : null;
  const quantity = new Float64Array(entries.length);
  for (let k = 0; k < entries.length; k++) {
    const entry = entries[k]!;
    const d = resourceDayFromDate(entry.date, what);
    if (!finiteNonNegative(entry.quantity)) throw invalid(`${what}: quantity must be a number ≥ 0`, workId);
    if (periodOf && end) {
      const period = periodOf(d);
      if (period.start !== d)
        throw invalid(`${what}: ${entry.date} is not the first day of a period`, workId);
      end[k] = period.end;
    }
    day[k] = d;
    quantity[k] = entry.quantity;
  }
  return { day, end, quantity };
}

function entriesTotal(entries: DayEntries): number {
  let total = 0;
  for (const quantity of entries.quantity) total += quantity;
  return total;
}

function shapeOf(shape: AllocationShape, what: string, workId: string): [number, Float64Array | null] {
  if (shape === 'evenly') return [SHAPE_EVENLY, null];
  if (shape === 'start') return [SHAPE_START, null];
  if (shape === 'end') return [SHAPE_END, null];
  if (typeof shape === 'object' && shape !== null && Array.isArray(shape.curve)) {
    return [SHAPE_CURVE, curveOf(shape.curve, what, workId)];
  }
  throw invalid(`${what}: unknown shape ${JSON.stringify(shape)}`, workId);
}

function curveOf(weights: readonly number[], what: string, workId: string): Float64Array {
  if (!Array.isArray(weights) || weights.length === 0 || !weights.every(finiteNonNegative)) {
    throw invalid(`${what}: curve weights must be numbers ≥ 0`, workId);
  }
  if (!weights.some((weight) => weight > 0)) throw invalid(`${what}: curve weights are all zero`, workId);
  return spreadCurveCumulative(weights);
}

/**
 * Validates resources and assignments against a compiled project. Throws `EngineError`
 * (`unknown_resource`, `unknown_work`, `invalid_resource`, `invalid_assignment`, `duplicate_id`,
 * `invalid_date`) naming the offending item.
 */
export function resourceModelCompile(
  project: ProjectModel,
  resources: readonly ResourceInput[],
  assignments: readonly AssignmentInput[],
): ResourceModel {
  const compiled = compileResources(project, resources);
  if (!Array.isArray(assignments)) throw invalid('assignments must be an array');
  const count = assignments.length;
  const assignmentIds: string[] = [];
  const assignmentIndex = new Map<string, number>();
  const work = new Int32Array(count);
  const resource = new Int32Array(count);
  const quantity = new Float64Array(count);
  const approvedQuantity = new Float64Array(count);
  const actualQuantity = new Float64Array(count);
  const price = new Float64Array(count);
  const mode = new Uint8Array(count);
  const shape = new Uint8Array(count);
  const curve: (Float64Array | null)[] = new Array(count).fill(null);
  const lag = new Int32Array(count);
  const window = new Int32Array(count).fill(-1);
  const entries: (DayEntries | null)[] = new Array(count).fill(null);
  const entryScale = new Float64Array(count).fill(1);
  const facts: (DayEntries | null)[] = new Array(count).fill(null);
  const followers: number[] = [];

  for (let a = 0; a < count; a++) {
    const input = assignments[a]!;
    const w = project.workIndex.get(input.workId);
    if (w === undefined) {
      throw new EngineError(
        'unknown_work',
        `assignment of "${input.resourceId}": work "${input.workId}" does not exist`,
        {
          workIds: [String(input.workId)],
        },
      );
    }
    const r = compiled.resourceIndex.get(input.resourceId);
    if (r === undefined) {
      throw new EngineError(
        'unknown_resource',
        `work "${input.workId}": resource "${input.resourceId}" does not exist`,
        {
          workIds: [input.workId],
        },
      );
    }
    const id = input.id ?? `${input.workId}:${input.resourceId}`;
    if (assignmentIndex.has(id)) {
      throw new EngineError('duplicate_id', `assignment id "${id}" is used twice`, {
        workIds: [input.workId],
      });
    }
    assignmentIndex.set(id, a);
    assignmentIds.push(id);
    const what = `assignment "${id}"`;
    work[a] = w;
    resource[a] = r;
    if (!finiteNonNegative(input.quantity))
      throw invalid(`${what}: quantity must be a number ≥ 0`, input.workId);
    quantity[a] = input.quantity;
    const approved = input.approvedQuantity ?? input.quantity;
    if (!finiteNonNegative(approved)) throw invalid(`${what}: approvedQuantity must be ≥ 0`, input.workId);
    approvedQuantity[a] = approved;
    if (input.actualDays != null)
      facts[a] = compileEntries(input.actualDays, `${what}: actualDays`, input.workId);
    const actual = input.actualQuantity ?? (facts[a] ? entriesTotal(facts[a]!) : 0);
    if (!finiteNonNegative(actual)) throw invalid(`${what}: actualQuantity must be ≥ 0`, input.workId);
    actualQuantity[a] = actual;
    const ownPrice = input.price ?? compiled.resourcePrice[r]!;
    if (!finiteNonNegative(ownPrice)) throw invalid(`${what}: price must be ≥ 0`, input.workId);
    price[a] = ownPrice;

    const allocation: AllocationInput = input.allocation ?? { mode: 'evenly' };
    switch (allocation.mode) {
      case 'evenly':
      case 'start':
      case 'end':
        [shape[a]] = shapeOf(allocation.mode, what, input.workId);
        break;
      case 'curve':
        shape[a] = SHAPE_CURVE;
        curve[a] = curveOf(allocation.weights, what, input.workId);
        break;
      case 'by_lag': {
        if (!Number.isInteger(allocation.lagMinutes))
          throw invalid(`${what}: lagMinutes must be whole minutes`, input.workId);
        lag[a] = allocation.lagMinutes;
        if (allocation.durationMinutes != null) {
          if (!Number.isInteger(allocation.durationMinutes) || allocation.durationMinutes < 0) {
            throw invalid(`${what}: durationMinutes must be whole minutes ≥ 0`, input.workId);
          }
          window[a] = allocation.durationMinutes;
        }
        [shape[a], curve[a]] = shapeOf(allocation.shape ?? 'evenly', what, input.workId);
        break;
      }
      case 'by_date':
      case 'by_period': {
        const own =
          allocation.mode === 'by_date'
            ? compileEntries(allocation.days, `${what}: days`, input.workId)
            : compileEntries(allocation.amounts, `${what}: amounts`, input.workId, (day) =>
                periodRange(allocation.period, day, what, input.workId),
              );
        const total = entriesTotal(own);
        if (Math.abs(total - input.quantity) > 1e-9 * Math.max(1, total)) {
          throw invalid(
            `${what}: the ${allocation.mode === 'by_date' ? 'days' : 'periods'} add up to ${total}, not the quantity ${input.quantity}`,
            input.workId,
          );
        }
        mode[a] = allocation.mode === 'by_date' ? MODE_BY_DATE : MODE_BY_PERIOD;
        entries[a] = own;
        break;
      }
      case 'by_fact':
        mode[a] = MODE_BY_FACT;
        break;
      case 'by_volume':
        followers.push(a);
        break;
      default:
        throw invalid(
          `${what}: unknown allocation mode "${(allocation as { mode: string }).mode}"`,
          input.workId,
        );
    }
  }
  // An assignment that follows the volume takes its placement; the volume itself must not follow another.
  for (const a of followers) {
    const input = assignments[a]!;
    const what = `assignment "${assignmentIds[a]}"`;
    const target = (input.allocation as { assignmentId: string }).assignmentId;
    const v = assignmentIndex.get(target);
    if (v === undefined)
      throw invalid(`${what}: assignment "${target}" to follow does not exist`, input.workId);
    if (work[v] !== work[a])
      throw invalid(`${what}: assignment "${target}" is on another work`, input.workId);
    if (followers.includes(v))
      throw invalid(`${what}: assignment "${target}" follows another one itself`, input.workId);
    mode[a] = mode[v]!;
    shape[a] = shape[v]!;
    curve[a] = curve[v] ?? null;
    lag[a] = lag[v]!;
    window[a] = window[v]!;
    entries[a] = entries[v] ?? null;
    if (entries[v]) {
      if (quantity[v] === 0 && quantity[a]! > 0) {
        throw invalid(`${what}: assignment "${target}" has no quantity to follow`, input.workId);
      }
      entryScale[a] = quantity[v] === 0 ? 0 : quantity[a]! / quantity[v]!;
    }
  }
  return {
    project,
    resources,
    ...compiled,
    assignmentIds,
    assignmentIndex,
    work,
    resource,
    quantity,
    approvedQuantity,
    actualQuantity,
    price,
    mode,
    shape,
    curve,
    lag,
    window,
    entries,
    entryScale,
    facts,
  };
}

function periodRange(
  period: string,
  day: number,
  what: string,
  workId: string,
): { start: number; end: number } {
  if (!PERIODS.includes(period as Period)) throw invalid(`${what}: unknown period "${period}"`, workId);
  const start = periodStartDay(period as Period, day);
  return { start, end: periodNextStartDay(period as Period, start) };
}

/** Compiles a project with its resources and assignments (once per version; histograms reuse it). */
export function resourcesCompile(
  project: EngineProject,
  resources: readonly ResourceInput[],
  assignments: readonly AssignmentInput[],
  options?: CalculateOptions,
): ResourceModel {
  return resourceModelCompile(projectCompile(project, options), resources, assignments);
}

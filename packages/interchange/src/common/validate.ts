/**
 * Checks every reader runs before handing a model out: unique ids, relations and references that
 * resolve, no cycles, values in range, consistent actual dates. Anything wrong is an `InterchangeError`
 * naming the activity (by its code) and the field. The P6 and MS Project readers first mend what their
 * tools would open (`repairProject`), so for them this is a last guard.
 */
import { inEngineRange } from './dates.js';
import { InterchangeError } from './errors.js';
import { type ByteSource, encodingUsed } from './input.js';
import { clampDate, type ProblemLog, usableDate } from './lenient.js';
import { type IxActivity, type IxProject, type IxRelation, STANDARD_WEEK } from './model.js';

/** 100 years of round-the-clock minutes: anything longer is a broken file, not a schedule. */
export const MAX_MINUTES = 100 * 366 * 1440;

/**
 * The items whose id has not come before, their ids added to `ids`; each later item with a taken id is
 * left out and reported as it stands in the file (`record`).
 */
function keepFirstOfId<T extends { id: string }>(
  log: ProblemLog,
  items: T[],
  ids: Set<string>,
  table: string,
  record: (item: T) => string,
  message: (id: string) => string,
): T[] {
  return items.filter((item) => {
    if (!ids.has(item.id)) return ids.add(item.id);
    log.add(
      'duplicate_id',
      'ignored',
      { table, record: record(item), field: 'id' },
      message(item.id),
      item.id,
    );
    return false;
  });
}

/**
 * How the P6 and MS Project readers end: the project is repaired (`repairProject`, which also drops
 * references to WBS nodes the file does not hold) and validated, and the encoding it was read in is noted.
 */
export function finishRead(p: IxProject, log: ProblemLog, source: ByteSource): IxProject {
  repairProject(p, log);
  validateProject(p);
  const used = encodingUsed(source);
  if (used) p.encoding = used;
  return p;
}

/**
 * What the P6 and MS Project readers run before `validateProject`: every model-level fault that the tool
 * itself would open is mended and reported in `log` instead of refusing the file — duplicate records (the
 * first is kept), references to records that are not there, values out of range, dates outside the
 * engine's range where they drive the schedule, contradictory actual dates, cycles (one relation of each
 * is left out). A file is still refused when nothing schedulable is left: no start date at all, no
 * activities.
 */
function repairProject(p: IxProject, log: ProblemLog): void {
  const el = p.format === 'xer' ? 'TASK' : p.format === 'mspdi' ? 'Task' : 'Activity';
  const relEl = p.format === 'xer' ? 'TASKPRED' : p.format === 'mspdi' ? 'PredecessorLink' : 'Relationship';
  const projectAt = (field: string) => ({ table: 'project', record: p.code || undefined, field });
  if (p.activities.length === 0)
    throw new InterchangeError('missing_value', 'the project has no activities to schedule', {
      element: el,
    });
  if (!p.start) {
    const earliest = earliestDate(p);
    if (!earliest)
      throw new InterchangeError('missing_value', 'project has no start date', {
        element: 'project',
        field: 'start',
      });
    p.start = earliest;
    log.add(
      'missing_value',
      'defaulted',
      projectAt('start'),
      `the project has no start date; its earliest date ${earliest} is used`,
      '',
      earliest,
    );
  }
  p.start = clampDate(log, p.start, projectAt('start'), 'project start');
  if (p.dataDate) p.dataDate = clampDate(log, p.dataDate, projectAt('data date'), 'data date');
  if (p.mustFinishBy && !usableDate(log, p.mustFinishBy, projectAt('must finish by'), 'must finish by'))
    p.mustFinishBy = undefined;

  const calendars = new Set<string>();
  p.calendars = keepFirstOfId(
    log,
    p.calendars,
    calendars,
    'calendar',
    (c) => c.name || c.id,
    (id) => `calendar ${id} appears again; the first is used`,
  );
  if (p.calendars.length === 0) {
    p.calendars.push({ id: 'standard', name: 'Standard', week: STANDARD_WEEK, exceptions: [] });
    calendars.add('standard');
    log.add(
      'missing_value',
      'defaulted',
      { table: 'calendar' },
      'the file has no calendar; a standard week (Monday–Friday 08:00–12:00, 13:00–17:00) is used',
      '',
      'Standard',
    );
  }
  if (!calendars.has(p.defaultCalendarId)) {
    const first = p.calendars[0]!;
    log.add(
      'unknown_reference',
      'defaulted',
      projectAt('calendar'),
      `default calendar "${p.defaultCalendarId}" is not in the file; "${first.name || first.id}" is used`,
      p.defaultCalendarId,
      first.id,
    );
    p.defaultCalendarId = first.id;
  }
  const wbs = new Set<string>();
  p.wbs = keepFirstOfId(
    log,
    p.wbs,
    wbs,
    'WBS',
    (w) => w.code,
    (id) => `WBS node ${id} appears again; the first is used`,
  );
  for (const w of p.wbs) if (w.parentId && !wbs.has(w.parentId)) w.parentId = null;

  const ids = new Map<string, IxActivity>();
  const codes = new Set<string>();
  const actualDatesMode = p.options.progress === 'actual_dates' || p.options.actualDatesMode === true;
  p.activities = p.activities.filter((a) => {
    const at = (field: string) => ({ table: el, record: a.code || a.id, field });
    if (ids.has(a.id)) {
      log.add(
        'duplicate_id',
        'ignored',
        at('id'),
        `activity id ${a.id} appears again; the first is kept`,
        a.id,
      );
      return false;
    }
    ids.set(a.id, a);
    if (a.code && codes.has(a.code)) {
      let k = 2;
      while (codes.has(`${a.code} (${k})`)) k++;
      const code = `${a.code} (${k})`;
      log.add(
        'duplicate_code',
        'defaulted',
        at('code'),
        `activity code ${a.code} appears again; this activity is read as ${code}`,
        a.code,
        code,
      );
      a.code = code;
    }
    codes.add(a.code);
    if (a.wbsId && !wbs.has(a.wbsId)) a.wbsId = null;
    if (a.calendarId && !calendars.has(a.calendarId)) {
      log.add(
        'unknown_reference',
        'defaulted',
        at('calendar'),
        `calendar ${a.calendarId} is not in the file; the project's default calendar is used`,
        a.calendarId,
        p.defaultCalendarId,
      );
      a.calendarId = null;
    }
    a.durationMinutes = minutesIn(log, a.durationMinutes, at('duration'), 'duration', 0);
    if (a.remainingMinutes !== undefined)
      a.remainingMinutes = minutesIn(
        log,
        a.remainingMinutes,
        at('remaining duration'),
        'remaining duration',
        0,
      );
    if (a.percentComplete !== undefined && !(a.percentComplete >= 0 && a.percentComplete <= 100)) {
      const to = Number.isFinite(a.percentComplete) ? Math.min(100, Math.max(0, a.percentComplete)) : 0;
      log.add(
        'out_of_range',
        'clamped',
        at('percent complete'),
        `percent complete ${a.percentComplete} is outside 0–100; ${to} is used`,
        String(a.percentComplete),
        String(to),
      );
      a.percentComplete = to;
    }
    if (a.actualStart) a.actualStart = clampDate(log, a.actualStart, at('actual start'), 'actual start');
    if (a.actualFinish) a.actualFinish = clampDate(log, a.actualFinish, at('actual finish'), 'actual finish');
    if (a.actualFinish && !a.actualStart) {
      log.add(
        'inconsistent_actuals',
        'defaulted',
        at('actual start'),
        `an actual finish without an actual start; the actual start is taken as ${a.actualFinish}`,
        '',
        a.actualFinish,
      );
      a.actualStart = a.actualFinish;
    }
    if (a.actualStart && a.actualFinish && a.actualFinish < a.actualStart) {
      log.add(
        'inconsistent_actuals',
        'clamped',
        at('actual finish'),
        `actual finish ${a.actualFinish} is before the actual start ${a.actualStart}; the actual start is used`,
        a.actualFinish,
        a.actualStart,
      );
      a.actualFinish = a.actualStart;
    }
    if (p.dataDate && !actualDatesMode)
      for (const [field, value] of [
        ['actual start', a.actualStart],
        ['actual finish', a.actualFinish],
      ] as const)
        if (value && value > p.dataDate)
          log.add(
            'actual_after_data_date',
            'kept',
            at(field),
            `${field} ${value} is after the data date ${p.dataDate}; kept as recorded`,
            value,
          );
    for (const key of ['constraint', 'constraint2'] as const) {
      const c = a[key];
      if (
        c &&
        !usableDate(
          log,
          c.date,
          at(key === 'constraint' ? 'constraint date' : 'secondary constraint date'),
          `constraint date`,
        )
      )
        a[key] = undefined;
    }
    if (a.expectedFinish && !usableDate(log, a.expectedFinish, at('expected finish'), 'expected finish'))
      a.expectedFinish = undefined;
    const manualStart = a.recorded.start ?? a.recorded.earlyStart;
    if (a.manual && manualStart && !usableDate(log, manualStart, at('start'), 'manually scheduled start'))
      a.manual = false;
    return true;
  });
  for (const a of p.activities)
    if (a.parentId && !ids.has(a.parentId)) {
      log.add(
        'unknown_reference',
        'ignored',
        { table: el, record: a.code, field: 'parent' },
        `parent ${a.parentId} is not in the file; the activity is placed at the top level`,
        a.parentId,
      );
      a.parentId = null;
    }

  const relIds = new Set<string>();
  p.relations = p.relations.filter((r) => {
    const at = (field: string) => ({ table: relEl, record: r.id, field });
    const pred = ids.get(r.predecessorId);
    const succ = ids.get(r.successorId);
    if (relIds.has(r.id)) {
      log.add('duplicate_id', 'ignored', at('id'), `relation ${r.id} appears again; the first is kept`, r.id);
      return false;
    }
    if (!pred || !succ) {
      const missing = pred ? r.successorId : r.predecessorId;
      log.add(
        'dangling_relation',
        'ignored',
        at(pred ? 'successor' : 'predecessor'),
        `relation ${r.id} refers to activity ${missing}, which is not in the file; left out`,
        missing,
      );
      return false;
    }
    if (pred === succ) {
      log.add(
        'cycle',
        'ignored',
        at('predecessor'),
        `activity ${pred.code} is its own predecessor; the relation is left out`,
        pred.code,
      );
      return false;
    }
    relIds.add(r.id);
    r.lagMinutes = minutesIn(log, r.lagMinutes, at('lag'), 'lag', -MAX_MINUTES);
    return true;
  });
  breakCycles(p, ids, log, relEl);
  const resources = new Set<string>();
  p.resources = keepFirstOfId(
    log,
    p.resources,
    resources,
    'resource',
    (r) => r.code || r.id,
    (id) => `resource ${id} appears again; the first is kept`,
  );
  for (const r of p.resources) if (r.calendarId && !calendars.has(r.calendarId)) r.calendarId = null;
  p.assignments = p.assignments.filter((a) => {
    if (ids.has(a.activityId) && resources.has(a.resourceId)) return true;
    const missing = ids.has(a.activityId) ? a.resourceId : a.activityId;
    log.add(
      'unknown_reference',
      'ignored',
      { table: 'assignment', record: a.id, field: ids.has(a.activityId) ? 'resource' : 'activity' },
      `assignment ${a.id} refers to ${missing}, which is not in the file; left out`,
      missing,
    );
    return false;
  });
  log.finish();
}

/** Whole minutes in `[min, MAX_MINUTES]`; anything else is clamped and reported. */
function minutesIn(
  log: ProblemLog,
  value: number,
  at: { table: string; record: string; field: string },
  what: string,
  min: number,
): number {
  if (Number.isInteger(value) && value >= min && value <= MAX_MINUTES) return value;
  const to = Number.isFinite(value) ? Math.min(MAX_MINUTES, Math.max(min, Math.round(value))) : 0;
  log.add(
    'out_of_range',
    'clamped',
    at,
    `${what} ${value} min is outside ${min}–${MAX_MINUTES} min; ${to} min is used`,
    String(value),
    String(to),
  );
  return to;
}

/** The earliest date an activity of the project has (actual, constraint, recorded), for a missing start. */
function earliestDate(p: IxProject): string | undefined {
  let first: string | undefined;
  const see = (d: string | undefined) => {
    if (d && inEngineRange(d) && (!first || d < first)) first = d;
  };
  see(p.dataDate);
  for (const a of p.activities) {
    see(a.actualStart);
    see(a.constraint?.date);
    see(a.recorded.earlyStart);
    see(a.recorded.start);
  }
  return first;
}

/**
 * Depth-first walk over the graph `out` (node → its outgoing edges), kept on an explicit stack since a
 * schedule's chains can be longer than the call stack allows. An edge that leads back to a node on the
 * current path closes a loop: `onLoop` gets that edge and the loop's nodes in order, starting where the
 * edge leads. The lenient and the strict check differ only in what they do with such an edge.
 */
function walkLoops<E>(
  starts: Iterable<string>,
  out: Map<string, E[]>,
  to: (edge: E) => string,
  onLoop: (edge: E, loop: string[]) => void,
): void {
  const state = new Map<string, 1 | 2>();
  for (const start of starts) {
    if (state.has(start)) continue;
    const stack: { id: string; next: number }[] = [{ id: start, next: 0 }];
    state.set(start, 1);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const list = out.get(top.id) ?? [];
      if (top.next >= list.length) {
        state.set(top.id, 2);
        stack.pop();
        continue;
      }
      const edge = list[top.next++]!;
      const next = to(edge);
      const st = state.get(next);
      if (st === 1) {
        const from = stack.findIndex((f) => f.id === next);
        onLoop(
          edge,
          stack.slice(from).map((f) => f.id),
        );
      } else if (st === undefined) {
        state.set(next, 1);
        stack.push({ id: next, next: 0 });
      }
    }
  }
}

/**
 * Each relation that closes a loop is left out and reported with the loop's activities, so what is
 * left has no cycle.
 */
function breakCycles(p: IxProject, ids: Map<string, IxActivity>, log: ProblemLog, relEl: string): void {
  const out = new Map<string, IxRelation[]>();
  for (const r of p.relations) {
    const list = out.get(r.predecessorId);
    if (list) list.push(r);
    else out.set(r.predecessorId, [r]);
  }
  const dropped = new Set<IxRelation>();
  walkLoops(
    p.activities.map((a) => a.id),
    out,
    (r) => r.successorId,
    (r, loop) => {
      const path = loop.map((id) => ids.get(id)?.code || id);
      dropped.add(r);
      log.add(
        'cycle',
        'ignored',
        { table: relEl, record: r.id, field: 'predecessor' },
        `relations form a cycle: ${[...path, path[0]].join(' → ')}; the relation ${ids.get(r.predecessorId)?.code} → ${ids.get(r.successorId)?.code} is left out`,
        r.id,
      );
    },
  );
  if (dropped.size > 0) p.relations = p.relations.filter((r) => !dropped.has(r));
}

export function validateProject(p: IxProject): void {
  const el = p.format === 'xer' ? 'TASK' : p.format === 'mspdi' ? 'Task' : 'Activity';
  const relEl = p.format === 'xer' ? 'TASKPRED' : p.format === 'mspdi' ? 'PredecessorLink' : 'Relationship';
  if (!p.start)
    throw new InterchangeError('missing_value', 'project has no start date', {
      element: 'project',
      field: 'start',
    });
  const calendars = new Set<string>();
  for (const c of p.calendars) {
    if (calendars.has(c.id))
      throw new InterchangeError('duplicate_id', `calendar ${c.id} appears twice`, {
        element: 'calendar',
        field: 'id',
      });
    calendars.add(c.id);
  }
  if (!calendars.has(p.defaultCalendarId)) {
    if (p.calendars.length === 0)
      throw new InterchangeError('missing_value', 'the file has no calendar', { element: 'calendar' });
    p.warnings.push(`default calendar "${p.defaultCalendarId}" not found; using "${p.calendars[0]!.name}"`);
    p.defaultCalendarId = p.calendars[0]!.id;
  }
  const wbs = new Set<string>();
  for (const w of p.wbs) {
    if (wbs.has(w.id))
      throw new InterchangeError('duplicate_id', `WBS ${w.code} appears twice`, {
        element: 'WBS',
        field: 'id',
      });
    wbs.add(w.id);
  }
  const ids = new Map<string, string>();
  const codes = new Set<string>();
  for (const a of p.activities) {
    const where = (field: string) => ({ element: `${el} ${a.code || a.id}`, field });
    if (ids.has(a.id))
      throw new InterchangeError('duplicate_id', `activity id ${a.id} appears twice`, where('id'));
    ids.set(a.id, a.code);
    if (a.code && codes.has(a.code))
      throw new InterchangeError('duplicate_id', `activity code ${a.code} appears twice`, where('code'));
    codes.add(a.code);
    if (a.calendarId && !calendars.has(a.calendarId))
      throw new InterchangeError('dangling_relation', `unknown calendar ${a.calendarId}`, where('calendar'));
    if (!Number.isInteger(a.durationMinutes) || a.durationMinutes < 0 || a.durationMinutes > MAX_MINUTES)
      throw new InterchangeError(
        'invalid_value',
        `duration ${a.durationMinutes} min is out of range`,
        where('duration'),
      );
    if (a.remainingMinutes !== undefined && (a.remainingMinutes < 0 || a.remainingMinutes > MAX_MINUTES))
      throw new InterchangeError(
        'invalid_value',
        `remaining ${a.remainingMinutes} min is out of range`,
        where('remaining'),
      );
    if (a.percentComplete !== undefined && (a.percentComplete < 0 || a.percentComplete > 100))
      throw new InterchangeError(
        'invalid_value',
        `percent complete ${a.percentComplete}`,
        where('percent complete'),
      );
    // an actual date after the data date is kept as recorded (P6 accepts it; `repairProject` reports it)
    if (a.actualStart && a.actualFinish && a.actualFinish < a.actualStart)
      throw new InterchangeError(
        'invalid_value',
        'actual finish before actual start',
        where('actual finish'),
      );
    if (a.actualFinish && !a.actualStart)
      throw new InterchangeError(
        'missing_value',
        'actual finish without actual start',
        where('actual start'),
      );
  }
  for (const a of p.activities) {
    if (a.parentId && !ids.has(a.parentId))
      throw new InterchangeError('dangling_relation', `unknown parent ${a.parentId}`, {
        element: `${el} ${a.code}`,
        field: 'parent',
      });
  }
  const relIds = new Set<string>();
  const succs = new Map<string, string[]>();
  for (const r of p.relations) {
    const where = (field: string) => ({ element: `${relEl} ${r.id}`, field });
    if (relIds.has(r.id))
      throw new InterchangeError('duplicate_id', `relation ${r.id} appears twice`, where('id'));
    relIds.add(r.id);
    if (!ids.has(r.predecessorId))
      throw new InterchangeError(
        'dangling_relation',
        `unknown predecessor ${r.predecessorId}`,
        where('predecessor'),
      );
    if (!ids.has(r.successorId))
      throw new InterchangeError(
        'dangling_relation',
        `unknown successor ${r.successorId}`,
        where('successor'),
      );
    if (r.predecessorId === r.successorId)
      throw new InterchangeError(
        'cycle',
        `activity ${ids.get(r.successorId)} is its own predecessor`,
        where('predecessor'),
      );
    if (!Number.isInteger(r.lagMinutes) || Math.abs(r.lagMinutes) > MAX_MINUTES)
      throw new InterchangeError('invalid_value', `lag ${r.lagMinutes} min is out of range`, where('lag'));
    const list = succs.get(r.predecessorId);
    if (list) list.push(r.successorId);
    else succs.set(r.predecessorId, [r.successorId]);
  }
  findCycle(p, succs, ids, relEl);
  const resources = new Set(p.resources.map((r) => r.id));
  for (const a of p.assignments) {
    if (!ids.has(a.activityId) || !resources.has(a.resourceId))
      throw new InterchangeError(
        'dangling_relation',
        `assignment ${a.id} refers to an unknown activity or resource`,
        {
          element: `assignment ${a.id}`,
          field: ids.has(a.activityId) ? 'resource' : 'activity',
        },
      );
  }
}

/** The first loop found is an error, reported with the codes of its activities in order. */
function findCycle(
  p: IxProject,
  succs: Map<string, string[]>,
  codes: Map<string, string>,
  relEl: string,
): void {
  walkLoops(
    p.activities.map((a) => a.id),
    succs,
    (s) => s,
    (_s, loop) => {
      const path = loop.map((id) => codes.get(id) || id);
      throw new InterchangeError('cycle', `relations form a cycle: ${[...path, path[0]].join(' → ')}`, {
        element: relEl,
        field: 'predecessor',
      });
    },
  );
}

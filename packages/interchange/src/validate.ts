/**
 * Checks every reader runs before handing a model out: unique ids, relations and references that
 * resolve, no cycles, values in range, actual dates not after the data date (unless P6's actual dates
 * mode schedules with them). Anything wrong is an
 * `InterchangeError` naming the activity (by its code) and the field.
 */
import { InterchangeError } from './errors.js';
import type { IxProject } from './model.js';

/** 100 years of round-the-clock minutes: anything longer is a broken file, not a schedule. */
export const MAX_MINUTES = 100 * 366 * 1440;

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
    // P6's "actual dates" mode schedules with actual dates after the data date as they are
    const actualDatesMode = p.options.progress === 'actual_dates' || p.options.actualDatesMode === true;
    if (p.dataDate && !actualDatesMode) {
      if (a.actualStart && a.actualStart > p.dataDate)
        throw new InterchangeError(
          'invalid_value',
          `actual start ${a.actualStart} is after the data date`,
          where('actual start'),
        );
      if (a.actualFinish && a.actualFinish > p.dataDate)
        throw new InterchangeError(
          'invalid_value',
          `actual finish ${a.actualFinish} is after the data date`,
          where('actual finish'),
        );
    }
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

/** Iterative DFS; a cycle is reported with the codes of its activities in order. */
function findCycle(
  p: IxProject,
  succs: Map<string, string[]>,
  codes: Map<string, string>,
  relEl: string,
): void {
  const state = new Map<string, 1 | 2>();
  for (const a of p.activities) {
    if (state.has(a.id)) continue;
    const stack: { id: string; next: number }[] = [{ id: a.id, next: 0 }];
    state.set(a.id, 1);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const list = succs.get(top.id) ?? [];
      if (top.next >= list.length) {
        state.set(top.id, 2);
        stack.pop();
        continue;
      }
      const s = list[top.next++]!;
      const st = state.get(s);
      if (st === 1) {
        const from = stack.findIndex((f) => f.id === s);
        const path = stack.slice(from).map((f) => codes.get(f.id) || f.id);
        throw new InterchangeError('cycle', `relations form a cycle: ${[...path, path[0]].join(' → ')}`, {
          element: relEl,
          field: 'predecessor',
        });
      }
      if (st === undefined) {
        state.set(s, 1);
        stack.push({ id: s, next: 0 });
      }
    }
  }
}

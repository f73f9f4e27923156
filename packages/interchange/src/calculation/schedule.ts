/**
 * Recalculates an imported model with the engine and presents the results as the source tool would
 * store them, so they can be compared with the dates the tool recorded:
 * - P6 (XER, PMXML): a completed activity's early dates are the data date and its late dates the next
 *   working instant of its calendar from the data date; its floats are empty. An in-progress activity's
 *   early start is its remaining early start.
 * - MS Project: the late finish of a manually scheduled task that a successor sets (before the project
 *   finish) is written as the successor-side instant, the next working instant (Friday 17:00 is shown
 *   as Monday 08:00); an automatically scheduled task's stays at the end of its working time (Friday
 *   17:00) — in files saved by Project 2003 to 2019 alike.
 */
import {
  type CalculatedWorkField,
  type Calendar,
  calculate,
  calendarCompile,
  calendarCreate24Hour,
  calendarNextWorkingInstant,
  EngineError,
  type Minutes,
  type ScheduleResult,
  timeFromIso,
  timeToIso,
  type WorkResultRow,
} from '@takt/engine';
import { InterchangeError } from '../common/errors.js';
import type { IxActivity, IxProject } from '../common/model.js';
import { toEngineProject } from './to-engine.js';

/** An activity's calculated fields, as the engine's result rows have them. */
export interface ScheduleRow extends Pick<WorkResultRow, CalculatedWorkField> {
  id: string;
  code: string;
  name: string;
}

export interface ScheduledProject {
  /** One row per activity (MS Project's project summary task is not one: see `projectRow`). */
  rows: ScheduleRow[];
  /**
   * The whole project as MS Project shows it in its project summary task (UID 0): earliest start,
   * latest finish, smallest floats, critical by the slack rule. Null unless the file has that task.
   */
  projectRow: ScheduleRow | null;
  result: ScheduleResult;
  warnings: string[];
}

export function scheduleProject(p: IxProject): ScheduledProject {
  const { project, options, warnings } = toEngineProject(p);
  let result: ScheduleResult;
  try {
    result = calculate(project, options);
  } catch (e) {
    if (e instanceof EngineError) {
      const codes = e.workIds.map((id) => p.activities.find((a) => a.id === id)?.code ?? id);
      throw new InterchangeError(e.code === 'cycle' ? 'cycle' : 'invalid_value', `${e.message}`, {
        element: codes.length ? `activity ${codes.join(' → ')}` : (e.relationId ?? e.calendarId ?? 'project'),
        field: e.code,
      });
    }
    throw e;
  }
  const calendars = new Map<string, Calendar>();
  const calendarOf = (id: string): Calendar => {
    let c = calendars.get(id);
    if (!c) {
      const input = project.calendars.find((x) => x.id === id);
      c = input ? calendarCompile(input) : calendarCreate24Hour();
      calendars.set(id, c);
    }
    return c;
  };
  const index = new Map(result.workIds.map((id, i) => [id, i]));
  // the calendar each work ran on (MS Project's elapsed and resource calendars included)
  const workCalendar = new Map(project.works.map((w) => [w.id, w.calendarId ?? project.defaultCalendarId]));
  const dataDate = result.dataDate;
  const rows = p.activities.map((a): ScheduleRow => {
    const i = index.get(a.id)!;
    const iso = (t: number) => (t < 0 ? null : timeToIso(t as Minutes));
    const row: ScheduleRow = {
      id: a.id,
      code: a.code,
      name: a.name,
      earlyStart: iso(result.earlyStart[i]!),
      earlyFinish: iso(result.earlyFinish[i]!),
      lateStart: iso(result.lateStart[i]!),
      lateFinish: iso(result.lateFinish[i]!),
      totalFloatMinutes: result.earlyStart[i]! < 0 ? null : result.totalFloat[i]!,
      freeFloatMinutes: result.earlyStart[i]! < 0 ? null : result.freeFloat[i]!,
      critical: result.critical[i] === 1,
    };
    const cal = () => calendarOf(workCalendar.get(a.id) ?? p.defaultCalendarId);
    if (p.convention === 'p6') p6Convention(a, row, dataDate, cal);
    else if (a.manual) msProjectConvention(row, result.projectFinish, cal);
    return row;
  });
  return { rows, projectRow: p.projectSummary ? projectSummaryRow(p, rows) : null, result, warnings };
}

function projectSummaryRow(p: IxProject, rows: ScheduleRow[]): ScheduleRow {
  const dated = rows.filter((r) => r.earlyStart !== null);
  const pick = (field: 'earlyStart' | 'earlyFinish' | 'lateStart' | 'lateFinish', latest: boolean) => {
    const values = dated.map((r) => r[field]).filter((v): v is string => v !== null);
    if (values.length === 0) return null;
    return values.reduce((a, b) => (b > a === latest ? b : a));
  };
  const least = (field: 'totalFloatMinutes' | 'freeFloatMinutes') => {
    const values = dated.map((r) => r[field]).filter((v): v is number => v !== null);
    return values.length === 0 ? null : Math.min(...values);
  };
  const totalFloat = least('totalFloatMinutes');
  const critical = p.options.critical;
  return {
    id: '0',
    code: '0',
    name: p.projectSummary?.name ?? p.name,
    earlyStart: pick('earlyStart', false),
    earlyFinish: pick('earlyFinish', true),
    lateStart: pick('lateStart', false),
    lateFinish: pick('lateFinish', true),
    totalFloatMinutes: totalFloat,
    freeFloatMinutes: least('freeFloatMinutes'),
    critical:
      critical.kind === 'total_float' && totalFloat !== null && totalFloat <= critical.thresholdMinutes,
  };
}

function p6Convention(a: IxActivity, row: ScheduleRow, dataDate: Minutes, cal: () => Calendar): void {
  if (row.earlyStart === null || a.type === 'summary') return;
  const status = a.actualFinish ? 'completed' : a.actualStart ? 'in_progress' : 'not_started';
  if (status === 'completed') {
    const late = timeToIso(calendarNextWorkingInstant(cal(), dataDate));
    row.earlyStart = row.earlyFinish = timeToIso(dataDate);
    row.lateStart = row.lateFinish = late;
    row.totalFloatMinutes = row.freeFloatMinutes = null;
  } else if (status === 'in_progress' && timeFromIso(row.earlyStart) < dataDate) {
    row.earlyStart = timeToIso(calendarNextWorkingInstant(cal(), dataDate));
  }
}

function msProjectConvention(row: ScheduleRow, projectFinish: Minutes, cal: () => Calendar): void {
  if (row.lateFinish === null) return;
  const lf = timeFromIso(row.lateFinish);
  if (lf < projectFinish) row.lateFinish = timeToIso(calendarNextWorkingInstant(cal(), lf));
}

/**
 * The interchange model → `@takt/engine` input. WBS nodes become `sum` works (ids `wbs:…`), activities
 * keep their model ids; the file's scheduling options become `CalculateOptions`: lag calendar, float,
 * critical rule, out-of-sequence mode, open ends, expected finishes, SS lag base, and MS Project's rules
 * for manually scheduled tasks. Level of effort and WBS summary activities, mandatory constraints,
 * manually scheduled tasks (at their recorded start) and expected finishes map onto the engine's own
 * kinds. What the engine cannot express is scheduled as closely as it can and listed in `warnings`.
 */
import type { CalculateOptions, ConstraintInput, EngineProject, WorkInput, WorkType } from '@takt/engine';
import type { IxActivity, IxConstraint, IxProject } from '../common/model.js';
import { calendarCache, msProjectCalendars, splitMinutes } from '../mspdi/scheduling.js';

export interface EngineImport {
  project: EngineProject;
  options: CalculateOptions;
  warnings: string[];
}

const ENGINE_TYPE: Record<IxActivity['type'], WorkType> = {
  task: 'task',
  resource_dependent: 'task',
  level_of_effort: 'level_of_effort',
  wbs_summary: 'wbs_summary',
  start_milestone: 'milestone_start',
  finish_milestone: 'milestone_finish',
  summary: 'sum',
};

export function toEngineProject(p: IxProject): EngineImport {
  const warnings: string[] = [...p.warnings];
  const works: WorkInput[] = [];
  const hasChildren = new Set<string>();
  for (const a of p.activities) if (a.parentId) hasChildren.add(a.parentId);
  for (const a of p.activities) if (a.wbsId) hasChildren.add(a.wbsId);
  for (const w of p.wbs) if (w.parentId) hasChildren.add(w.parentId);
  for (const w of p.wbs)
    works.push({ id: w.id, name: w.name, type: 'sum', parentId: w.parentId, durationMinutes: 0 });
  // MS Project: elapsed durations, resource calendars, split tasks (see mspdi/scheduling.ts)
  const ms = p.convention === 'msproject' ? msProjectCalendars(p) : null;
  if (ms) warnings.push(...ms.warnings);
  // MS Project without a status date: progress does not move the tasks that have not started, and a
  // started task's remaining work follows its actual work (its finish is its start plus its duration)
  const noStatusDate =
    p.convention === 'msproject' && !p.dataDate && p.activities.some((a) => a.actualStart || a.actualFinish);
  for (const a of p.activities) {
    let type = ENGINE_TYPE[a.type];
    if (type === 'sum' && !hasChildren.has(a.id)) type = 'task';
    const work: WorkInput = {
      id: a.id,
      name: a.name,
      type,
      parentId: a.parentId ?? a.wbsId,
      durationMinutes: type === 'sum' ? 0 : a.durationMinutes,
      calendarId: ms?.calendarOf.get(a.id) ?? a.calendarId,
    };
    const constraint = engineConstraint(a, warnings);
    if (constraint) work.constraint = constraint;
    if (a.actualStart) work.actualStart = a.actualStart;
    if (a.actualFinish) work.actualFinish = a.actualFinish;
    if (a.status && type !== 'sum') {
      // the engine derives a status from actual dates; a status without them is not progress it can use
      if (a.status === 'completed' && a.actualFinish) work.status = 'completed';
      else if (a.status === 'in_progress' && a.actualStart && !a.actualFinish) work.status = 'in_progress';
    }
    if (work.status === 'in_progress' && a.remainingMinutes !== undefined && !noStatusDate)
      work.remainingMinutes = a.remainingMinutes;
    if (a.expectedFinish && type !== 'sum') work.expectedFinish = a.expectedFinish;
    if (a.manual && type !== 'sum') {
      const start = a.recorded.start ?? a.recorded.earlyStart;
      if (start) work.manualStart = start;
      else warnings.push(`${a.code}: manually scheduled task without a Start, scheduled automatically`);
    }
    works.push(work);
  }
  const project: EngineProject = {
    calendars: [...p.calendars, ...(ms?.extra ?? [])].map((c) => ({
      id: c.id,
      name: c.name,
      allDay: c.allDay,
      week: c.week.map((day) => day.map((i) => ({ start: i.start, finish: i.finish }))),
      exceptions: c.exceptions.map((e) => ({ date: e.date, intervals: e.intervals.map((i) => ({ ...i })) })),
      ...(c.hoursPerDay && c.hoursPerDay > 0 ? { hoursPerDay: c.hoursPerDay } : {}),
    })),
    defaultCalendarId: p.defaultCalendarId,
    works,
    relations: p.relations.map((r) => ({
      id: r.id,
      predecessorId: r.predecessorId,
      successorId: r.successorId,
      type: r.type,
      lagMinutes: r.lagMinutes,
      ...(r.lagCalendar ? { lagCalendar: r.lagCalendar } : {}),
    })),
    projectStart: p.start,
    dataDate: p.dataDate ?? null,
    projectFinish: p.mustFinishBy ?? null,
  };
  if (ms) addSplits(p, project);
  const o = p.options;
  const options: CalculateOptions = {
    lagCalendar: o.lagCalendar,
    totalFloat: o.totalFloat,
    critical: o.critical,
    // without a data date, actuals may lie anywhere after the project start
    progress: o.actualDatesMode || noStatusDate ? 'actual_dates' : o.progress,
    openEndsCritical: o.openEndsCritical ?? false,
    useExpectedFinish: o.useExpectedFinish ?? false,
    startLagFrom: o.startLagFrom ?? 'actual_start',
    manualStartLinks: o.manualStartLinks ?? 'bound',
    manualUnlinkedCritical: o.manualUnlinkedCritical ?? true,
    ...(p.convention === 'p6' ? P6_BEHAVIOUR : {}),
  };
  return { project, options, warnings };
}

/**
 * How P6 calculates where it differs from plain CPM and MS Project, whatever the project's settings: a
 * finish constraint dated at a day boundary finishes where that day's work starts; late dates across
 * calendars read the successor's late start as the end of its previous working time; relations into
 * started activities still bound their predecessors' late dates when progress overrides them; a start
 * milestone at the data date starts at the data date itself, also at 00:00.
 */
const P6_BEHAVIOUR: CalculateOptions = {
  finishLimitInstant: 'next_start',
  crossCalendarLate: 'previous_finish',
  startedSuccessorsBindLate: true,
  startMilestoneAtDataDate: true,
};

/** A split task's span: its duration and the working time of its interruptions, on the calendar it runs on. */
function addSplits(p: IxProject, project: EngineProject): void {
  const calendarOf = calendarCache(project.calendars);
  const works = new Map(project.works.map((w) => [w.id, w]));
  for (const a of p.activities) {
    const work = works.get(a.id);
    if (!a.splits || !work || work.type === 'sum' || work.status === 'completed') continue;
    const calendar = calendarOf(work.calendarId ?? project.defaultCalendarId);
    work.durationMinutes += splitMinutes(a, calendar);
    // an interruption still ahead lengthens the remaining work too
    if (work.remainingMinutes != null && p.dataDate)
      work.remainingMinutes += splitMinutes(a, calendar, p.dataDate);
  }
}

function engineConstraint(a: IxActivity, warnings: string[]): ConstraintInput | null {
  const c: ConstraintInput = {};
  const put = (x: IxConstraint | undefined) => {
    if (!x) return;
    const side = x.type.startsWith('start') || x.type === 'mandatory_start' ? 'start' : 'finish';
    const type = x.type.startsWith('mandatory')
      ? 'mandatory'
      : x.type.endsWith('or_before')
        ? 'not_later'
        : x.type.endsWith('or_after')
          ? 'not_earlier'
          : 'in_date';
    const first = c[side];
    if (first) {
      // two limits of one kind on one side: the tighter one is the whole of both
      if (first.type === type && type === 'not_later') {
        if (x.date < (first.date as string)) first.date = x.date;
      } else if (first.type === type && type === 'not_earlier') {
        if (x.date > (first.date as string)) first.date = x.date;
      } else warnings.push(`${a.code}: second ${side} constraint ignored (the engine keeps one per side)`);
      return;
    }
    c[side] = { type, date: x.date };
  };
  put(a.constraint);
  put(a.constraint2);
  if (a.asLateAsPossible) c.asLateAsPossible = true;
  return c.start || c.finish || c.asLateAsPossible ? c : null;
}

/**
 * Primavera P6 XML (`APIBusinessObjects`) from the interchange model plus the calculated rows when given
 * (early/late dates and floats). Yields the file in chunks, so a large schedule is never one string.
 * Checked by `checkPmxml`.
 */
import type { ScheduleRow } from '../calculation/schedule.js';
import type { IxConstraintType, IxProject } from '../common/model.js';
import { hoursPerDay, p6Wbs } from '../common/p6-write.js';
import { fit, uniqueCodes } from '../common/write-text.js';
import { el, xmlDate } from '../common/xml-write.js';
import { P6_LIMITS } from './check.js';

const PMXML_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const PMXML_TYPE: Record<string, string> = {
  task: 'Task Dependent',
  resource_dependent: 'Resource Dependent',
  level_of_effort: 'Level of Effort',
  start_milestone: 'Start Milestone',
  finish_milestone: 'Finish Milestone',
  wbs_summary: 'WBS Summary',
  summary: 'Task Dependent',
};
const PMXML_CSTR: Record<IxConstraintType, string> = {
  start_on: 'Start On',
  start_on_or_before: 'Start On or Before',
  start_on_or_after: 'Start On or After',
  finish_on: 'Finish On',
  finish_on_or_before: 'Finish On or Before',
  finish_on_or_after: 'Finish On or After',
  mandatory_start: 'Mandatory Start',
  mandatory_finish: 'Mandatory Finish',
};
const PMXML_REL: Record<string, string> = {
  fs: 'Finish to Start',
  ss: 'Start to Start',
  ff: 'Finish to Finish',
  sf: 'Start to Finish',
};
const PMXML_LAGCAL: Record<string, string> = {
  predecessor: 'Predecessor Activity Calendar',
  successor: 'Successor Activity Calendar',
  '24h': '24 Hour Calendar',
  project: 'Project Default Calendar',
};

/** P6 API work times are inclusive minutes: 12:00 is written 11:59, 24:00 as 23:59. */
const inclusive = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const t = (h * 60 + m + 1439) % 1440 || 1439;
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}:00`;
};

export function* writePmxml(p: IxProject, rows?: ScheduleRow[]): Generator<string> {
  const rowOf = new Map(rows?.map((r) => [r.id, r]));
  const num = (s: string) => (/^\d+$/.test(s) ? s : undefined);
  const ids = new Map<string, number>();
  const used = new Set<number>();
  let next = 1000;
  const oid = (key: string) => {
    let v = ids.get(key);
    if (v === undefined) {
      v = Number(num(key.replace(/^\w+:/, '')) ?? 0) || next++;
      while (used.has(v)) v = next++;
      ids.set(key, v);
      used.add(v);
    }
    return v;
  };
  const projOid = 1;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<APIBusinessObjects xmlns="http://xmlns.oracle.com/Primavera/P6/V18.1/API/BusinessObjects">\n';
  for (const c of p.calendars) {
    const hours = (list: { start: string; finish: string }[]) =>
      list
        .map(
          (i) => `<WorkTime>${el('Start', `${i.start}:00`)}${el('Finish', inclusive(i.finish))}</WorkTime>`,
        )
        .join('');
    yield `<Calendar>${el('HoursPerDay', hoursPerDay(c))}${el('IsDefault', c.id === p.defaultCalendarId ? 1 : 0)}${el('Name', fit(c.name || c.id, P6_LIMITS.calendarName))}${el('ObjectId', oid(`cal:${c.id}`))}${el('ProjectObjectId', projOid)}${el('Type', 'Project')}<StandardWorkWeek>` +
      `${c.week.map((d, k) => `<StandardWorkHours>${el('DayOfWeek', PMXML_DAYS[k])}${hours(d)}</StandardWorkHours>`).join('')}</StandardWorkWeek><HolidayOrExceptions>` +
      `${c.exceptions.map((e) => `<HolidayOrException>${el('Date', `${e.date}T00:00:00`)}${hours(e.intervals)}</HolidayOrException>`).join('')}</HolidayOrExceptions></Calendar>\n`;
  }
  const resCodes = uniqueCodes(
    p.resources.map((r) => r.code),
    P6_LIMITS.resourceId,
    (k) => `R${k + 1}`,
  );
  for (const [k, r] of p.resources.entries())
    yield `<Resource>${el('Id', resCodes[k])}${el('Name', fit(r.name || resCodes[k]!, P6_LIMITS.resourceName))}${el('ObjectId', oid(`res:${r.id}`))}${el('ResourceType', r.type === 'material' ? 'Material' : r.type === 'nonlabor' ? 'Nonlabor' : 'Labor')}</Resource>\n`;
  const o = p.options;
  yield `<Project>${el('ActivityDefaultCalendarObjectId', oid(`cal:${p.defaultCalendarId}`))}${el('ComputeTotalFloatType', o.totalFloat === 'smallest' ? 'Smallest of Start Float and Finish Float' : o.totalFloat === 'start' ? 'Start Float = Late Start - Early Start' : 'Finish Float = Late Finish - Early Finish')}` +
    `${el('CriticalActivityFloatThreshold', o.critical.kind === 'total_float' ? o.critical.thresholdMinutes / 60 : 0)}${el('CriticalActivityPathType', o.critical.kind === 'longest_path' ? 'Longest Path' : 'Critical Float')}` +
    `${el('DataDate', xmlDate(p.dataDate ?? p.start))}${el('Id', fit(p.code || p.name || 'TAKT', P6_LIMITS.projectId))}${el('MakeOpenEndedActivitiesCritical', o.openEndsCritical ? 1 : 0)}${el('MustFinishByDate', xmlDate(p.mustFinishBy))}${el('Name', fit(p.name, P6_LIMITS.projectName))}${el('ObjectId', projOid)}` +
    `${el('OutOfSequenceScheduleType', o.actualDatesMode || o.progress === 'actual_dates' ? 'Actual Dates' : o.progress === 'progress_override' ? 'Progress Override' : 'Retained Logic')}${el('PlannedStartDate', xmlDate(p.start))}${el('RelationshipLagCalendar', PMXML_LAGCAL[o.lagCalendar])}${el('ScheduledFinishDate', xmlDate(p.scheduledFinish))}` +
    `${el('StartToStartLagCalculationType', o.startLagFrom === 'early_start' ? 1 : 0)}${el('UseExpectedFinishDates', o.useExpectedFinish ? 1 : 0)}\n`;
  const { wbs, wbsOf } = p6Wbs(p);
  const wbsCodes = uniqueCodes(
    wbs.map((w) => w.code),
    P6_LIMITS.wbsCode,
    (k) => `WBS${k + 1}`,
  );
  const activityIds = uniqueCodes(
    p.activities.map((a) => a.code),
    P6_LIMITS.activityId,
    (k) => `A${k + 1}`,
  );
  for (const [k, w] of wbs.entries())
    yield `<WBS>${el('Code', wbsCodes[k])}${el('Name', fit(w.name, P6_LIMITS.wbsName))}${el('ObjectId', oid(w.id))}${el('ParentObjectId', w.parentId ? oid(w.parentId) : undefined)}${el('ProjectObjectId', projOid)}</WBS>\n`;
  for (const [k, a] of p.activities.entries()) {
    if (a.type === 'summary') continue;
    const r = rowOf.get(a.id);
    const status = a.actualFinish ? 'Completed' : a.actualStart ? 'In Progress' : 'Not Started';
    const h = (m: number | null | undefined) => (m === null || m === undefined ? undefined : m / 60);
    const c1 =
      a.asLateAsPossible && !a.constraint
        ? 'As Late As Possible'
        : a.constraint
          ? PMXML_CSTR[a.constraint.type]
          : undefined;
    yield `<Activity>${el('ActualFinishDate', xmlDate(a.actualFinish))}${el('ActualStartDate', xmlDate(a.actualStart))}${el('CalendarObjectId', oid(`cal:${a.calendarId ?? p.defaultCalendarId}`))}` +
      `${el('EarlyFinishDate', xmlDate(r?.earlyFinish ?? a.recorded.earlyFinish))}${el('EarlyStartDate', xmlDate(r?.earlyStart ?? a.recorded.earlyStart))}${el('ExpectedFinishDate', xmlDate(a.expectedFinish))}${el('FreeFloat', h(r?.freeFloatMinutes ?? a.recorded.freeFloatMinutes))}${el('Id', activityIds[k])}` +
      `${el('LateFinishDate', xmlDate(r?.lateFinish ?? a.recorded.lateFinish))}${el('LateStartDate', xmlDate(r?.lateStart ?? a.recorded.lateStart))}${el('Name', fit(a.name, P6_LIMITS.activityName))}${el('ObjectId', oid(`act:${a.id}`))}` +
      `${el('PhysicalPercentComplete', a.percentComplete !== undefined ? a.percentComplete / 100 : undefined)}${el('PlannedDuration', a.durationMinutes / 60)}${el('PrimaryConstraintDate', xmlDate(a.constraint?.date))}${el('PrimaryConstraintType', c1)}` +
      `${el('ProjectObjectId', projOid)}${el('RemainingDuration', h(a.actualFinish ? 0 : (a.remainingMinutes ?? a.durationMinutes)))}${el('SecondaryConstraintDate', xmlDate(a.constraint2?.date))}${el('SecondaryConstraintType', a.constraint2 ? PMXML_CSTR[a.constraint2.type] : undefined)}` +
      `${el('Status', status)}${el('TotalFloat', h(r?.totalFloatMinutes ?? a.recorded.totalFloatMinutes))}${el('Type', PMXML_TYPE[a.type])}${el('WBSObjectId', wbsOf(a) ? oid(wbsOf(a)!) : undefined)}</Activity>\n`;
  }
  for (const r of p.relations)
    yield `<Relationship>${el('Lag', r.lagMinutes / 60)}${el('ObjectId', oid(`rel:${r.id}`))}${el('PredecessorActivityObjectId', oid(`act:${r.predecessorId}`))}${el('ProjectObjectId', projOid)}${el('SuccessorActivityObjectId', oid(`act:${r.successorId}`))}${el('Type', PMXML_REL[r.type])}</Relationship>\n`;
  for (const a of p.assignments)
    yield `<ResourceAssignment>${el('ActivityObjectId', oid(`act:${a.activityId}`))}${el('ObjectId', oid(`asg:${a.id}`))}${el('PlannedUnits', a.plannedUnits)}${el('ProjectObjectId', projOid)}${el('ResourceObjectId', oid(`res:${a.resourceId}`))}</ResourceAssignment>\n`;
  yield '</Project>\n</APIBusinessObjects>\n';
}

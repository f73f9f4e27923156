/**
 * MS Project XML (MSPDI) from the interchange model plus the calculated rows when given (early/late dates
 * and slack). Yields the file in chunks, so a large schedule is never one string. Checked by `checkMspdi`.
 */
import type { ScheduleRow } from '../calculation/schedule.js';
import type { IxConstraintType, IxProject } from '../common/model.js';
import { outline } from '../common/outline.js';
import { fit } from '../common/write-text.js';
import { el, xmlDate } from '../common/xml-write.js';

/** xsd:duration of minutes (`PT8H0M0S`; a negative one `-PT1H30M0S`). */
const isoDur = (minutes: number) => {
  const m = Math.abs(Math.round(minutes));
  return `${minutes < 0 ? '-' : ''}PT${Math.floor(m / 60)}H${m % 60}M0S`;
};

const MSPDI_CSTR: Record<IxConstraintType, string> = {
  start_on: '2',
  finish_on: '3',
  start_on_or_after: '4',
  start_on_or_before: '5',
  finish_on_or_after: '6',
  finish_on_or_before: '7',
  mandatory_start: '2',
  mandatory_finish: '3',
};
const MSPDI_LINK: Record<string, string> = { ff: '0', fs: '1', sf: '2', ss: '3' };

export function* writeMspdi(p: IxProject, rows?: ScheduleRow[]): Generator<string> {
  const rowOf = new Map(rows?.map((r) => [r.id, r]));
  const minutesPerDay =
    p.minutesPerDay ??
    Math.round((p.calendars.find((c) => c.id === p.defaultCalendarId)?.hoursPerDay ?? 8) * 60);
  const calUid = new Map(p.calendars.map((c, k) => [c.id, String(k + 1)]));
  // must start/finish on are mandatory when tasks honor their constraint dates, else soft "start on"
  const honorConstraints = p.activities.some(
    (a) => a.constraint?.type.startsWith('mandatory') || a.constraint2?.type.startsWith('mandatory'),
  );
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Project xmlns="http://schemas.microsoft.com/project">\n';
  yield `${el('SaveVersion', 14)}${el('Name', fit(p.code || p.name, 255))}${el('Title', fit(p.name, 512))}${el('ScheduleFromStart', 1)}${el('StartDate', xmlDate(p.start))}${el('FinishDate', xmlDate(p.scheduledFinish))}`;
  yield `${el('CriticalSlackLimit', p.options.critical.kind === 'total_float' ? Math.round(p.options.critical.thresholdMinutes / minutesPerDay) : 0)}${el('CurrencyCode', 'USD')}${el('CalendarUID', calUid.get(p.defaultCalendarId))}${el('MinutesPerDay', minutesPerDay)}${el('HonorConstraints', honorConstraints ? 1 : 0)}${el('StatusDate', xmlDate(p.dataDate))}\n`;
  yield '<Calendars>\n';
  for (const c of p.calendars) {
    const times = (list: { start: string; finish: string }[]) =>
      list.length
        ? `<WorkingTimes>${list.map((i) => `<WorkingTime>${el('FromTime', `${i.start}:00`)}${el('ToTime', `${i.finish === '00:00' ? '24:00' : i.finish}:00`)}</WorkingTime>`).join('')}</WorkingTimes>`
        : '';
    const days = c.week
      .map(
        (d, k) =>
          `<WeekDay>${el('DayType', ((k + 1) % 7) + 1)}${el('DayWorking', d.length ? 1 : 0)}${times(d)}</WeekDay>`,
      )
      .join('');
    const exc = c.exceptions
      .map(
        (e) =>
          `<Exception><EnteredByOccurrences>0</EnteredByOccurrences><TimePeriod>${el('FromDate', `${e.date}T00:00:00`)}${el('ToDate', `${e.date}T23:59:00`)}</TimePeriod><Type>1</Type>${el('DayWorking', e.intervals.length ? 1 : 0)}${times(e.intervals)}</Exception>`,
      )
      .join('');
    yield `<Calendar>${el('UID', calUid.get(c.id))}${el('Name', fit(c.name || c.id, 512))}${el('IsBaseCalendar', 1)}${el('BaseCalendarUID', -1)}<WeekDays>${days}</WeekDays>${exc ? `<Exceptions>${exc}</Exceptions>` : ''}</Calendar>\n`;
  }
  yield '</Calendars>\n<Tasks>\n';
  const uidOf = new Map<string, number>();
  const items = outline(p);
  items.forEach((it, k) => {
    uidOf.set(it.id, k + 1);
  });
  const byId = new Map(p.activities.map((a) => [a.id, a]));
  const wbsById = new Map(p.wbs.map((w) => [w.id, w]));
  const preds = new Map<string, typeof p.relations>();
  for (const r of p.relations) {
    const list = preds.get(r.successorId);
    if (list) list.push(r);
    else preds.set(r.successorId, [r]);
  }
  for (const [k, it] of items.entries()) {
    const uid = k + 1;
    if (it.kind === 'wbs') {
      const w = wbsById.get(it.id)!;
      yield `<Task>${el('UID', uid)}${el('ID', uid)}${el('Name', fit(w.name || w.code, 512))}${el('WBS', w.code)}${el('OutlineLevel', it.level)}${el('Milestone', 0)}${el('Summary', 1)}</Task>\n`;
      continue;
    }
    const a = byId.get(it.id)!;
    const r = rowOf.get(a.id);
    const c = a.constraint;
    const links = (preds.get(a.id) ?? [])
      .map(
        (l) =>
          `<PredecessorLink>${el('PredecessorUID', uidOf.get(l.predecessorId))}${el('Type', MSPDI_LINK[l.type])}${el('CrossProject', 0)}${el('LinkLag', l.lagMinutes * 10)}${el('LagFormat', l.lagCalendar === '24h' ? 6 : 5)}</PredecessorLink>`,
      )
      .join('');
    const summary = a.type === 'summary';
    const pick = (calc: string | null | undefined, rec: string | undefined) => xmlDate(calc ?? rec);
    const total = r?.totalFloatMinutes ?? a.recorded.totalFloatMinutes;
    const free = r?.freeFloatMinutes ?? a.recorded.freeFloatMinutes;
    // element order of the MSPDI Task sequence (checked by checkMspdi)
    yield `<Task>${el('UID', uid)}${el('ID', /^\d+$/.test(a.code) ? a.code : uid)}${el('Name', fit(a.name, 512))}${a.manual ? el('Manual', 1) : ''}${a.fixedDuration ? el('Type', 1) : ''}${el('WBS', a.code)}${el('OutlineLevel', it.level)}` +
      `${el('Start', pick(r?.earlyStart, a.recorded.start ?? a.recorded.earlyStart))}${el('Finish', pick(r?.earlyFinish, a.recorded.finish ?? a.recorded.earlyFinish))}${el('Duration', isoDur(a.durationMinutes))}${el('DurationFormat', a.elapsed ? 8 : 7)}` +
      `${el('Milestone', a.type.endsWith('milestone') ? 1 : 0)}${el('Summary', summary ? 1 : 0)}${el('Critical', r ? (r.critical ? 1 : 0) : undefined)}` +
      `${el('EarlyStart', pick(r?.earlyStart, a.recorded.earlyStart))}${el('EarlyFinish', pick(r?.earlyFinish, a.recorded.earlyFinish))}${el('LateStart', pick(r?.lateStart, a.recorded.lateStart))}${el('LateFinish', pick(r?.lateFinish, a.recorded.lateFinish))}` +
      `${el('FreeSlack', free != null ? free * 10 : undefined)}${el('TotalSlack', total != null ? total * 10 : undefined)}` +
      `${el('PercentComplete', a.percentComplete !== undefined ? Math.round(a.percentComplete) : undefined)}${el('ActualStart', xmlDate(a.actualStart))}${el('ActualFinish', xmlDate(a.actualFinish))}` +
      `${a.remainingMinutes !== undefined ? el('RemainingDuration', isoDur(a.remainingMinutes)) : ''}` +
      `${el('ConstraintType', a.asLateAsPossible && !c ? 1 : c ? MSPDI_CSTR[c.type] : 0)}${el('CalendarUID', a.calendarId ? calUid.get(a.calendarId) : -1)}${el('ConstraintDate', xmlDate(c?.date))}${el('Deadline', a.constraint2?.type === 'finish_on_or_before' ? xmlDate(a.constraint2.date) : undefined)}` +
      `${a.ignoreResourceCalendar ? el('IgnoreResourceCalendar', 1) : ''}${links}${a.baselineStart || a.baselineFinish ? `<Baseline>${el('Number', 0)}${el('Start', xmlDate(a.baselineStart))}${el('Finish', xmlDate(a.baselineFinish))}</Baseline>` : ''}</Task>\n`;
  }
  yield '</Tasks>\n<Resources>\n';
  const resUid = new Map(p.resources.map((r, k) => [r.id, k + 1]));
  // MSPDI resource types: 0 material, 1 work (people and equipment), 2 cost
  for (const r of p.resources)
    yield `<Resource>${el('UID', resUid.get(r.id))}${el('ID', resUid.get(r.id))}${el('Name', fit(r.name || r.code, 512))}${el('Type', r.type === 'material' ? 0 : 1)}${el('Initials', fit(r.code, 512))}${el('CalendarUID', r.calendarId ? calUid.get(r.calendarId) : undefined)}</Resource>\n`;
  yield '</Resources>\n<Assignments>\n';
  for (const [k, a] of p.assignments.entries())
    yield `<Assignment>${el('UID', k + 1)}${el('TaskUID', uidOf.get(a.activityId))}${el('ResourceUID', resUid.get(a.resourceId))}${a.plannedUnits !== undefined ? el('Work', isoDur(Math.round(a.plannedUnits * 60))) : ''}</Assignment>\n`;
  yield '</Assignments>\n</Project>\n';
}

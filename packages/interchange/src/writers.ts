/**
 * Writers: XER (P6's table/field layout), MSPDI, PMXML and CSV, from the interchange model plus the
 * calculated rows when given (early/late dates and floats are written where the format has them).
 * Each yields the file in chunks, so a large schedule is never one string.
 */
import { serialFromDate, xerDate } from './dates.js';
import type { IxActivity, IxConstraintType, IxProject } from './model.js';
import { writeClndrData } from './p6-calendar.js';
import type { ScheduleRow } from './schedule.js';
import { XER_CONSTRAINTS, XER_LAG_CALENDARS, XER_RELATIONS, XER_TASK_TYPES } from './xer-reader.js';

const invert = <K extends string, V extends string>(m: Record<K, V>) =>
  Object.fromEntries(Object.entries(m).map(([k, v]) => [v, k])) as Record<V, K>;
const XER_TYPE_OF = invert(XER_TASK_TYPES);
const XER_CSTR_OF = invert(XER_CONSTRAINTS);
const XER_REL_OF = invert(XER_RELATIONS);
const XER_LAGCAL_OF = invert(XER_LAG_CALENDARS);

const hrs = (minutes: number | null | undefined) =>
  minutes === null || minutes === undefined ? '' : String(minutes / 60);
const xerText = (s: string) => s.replace(/[\t\r\n]+/g, ' ');

/** P6 has no summary activities: MS Project summaries become WBS nodes (ids `sum:…`). */
function p6Wbs(p: IxProject): { wbs: IxProject['wbs']; wbsOf: (a: IxActivity) => string | null } {
  const summaries = new Set(p.activities.filter((a) => a.type === 'summary').map((a) => a.id));
  const wbsOf = (a: IxActivity) => (a.parentId && summaries.has(a.parentId) ? `sum:${a.parentId}` : a.wbsId);
  const wbs = [
    ...p.wbs,
    ...p.activities
      .filter((a) => a.type === 'summary')
      .map((a) => ({ id: `sum:${a.id}`, parentId: wbsOf(a), code: a.code, name: a.name })),
  ];
  return { wbs, wbsOf };
}

export function* writeXer(p: IxProject, rows?: ScheduleRow[]): Generator<string> {
  const rowOf = new Map(rows?.map((r) => [r.id, r]));
  const projId = '1';
  const table = function* (
    name: string,
    fields: string[],
    records: Iterable<(string | number | undefined)[]>,
  ) {
    yield `%T\t${name}\n%F\t${fields.join('\t')}\n`;
    for (const r of records)
      yield `%R\t${r.map((v) => (v === undefined ? '' : xerText(String(v)))).join('\t')}\n`;
  };
  yield `ERMHDR\t8.0\t${new Date().toISOString().slice(0, 10)}\tProject\tadmin\ttakt\tdbxDatabaseNoName\tProject Management\tUSD\n`;
  const calIds = new Map(p.calendars.map((c, k) => [c.id, String(k + 1)]));
  const critical = p.options.critical;
  yield* table(
    'PROJECT',
    [
      'proj_id',
      'proj_short_name',
      'clndr_id',
      'plan_start_date',
      'plan_end_date',
      'scd_end_date',
      'last_recalc_date',
      'critical_path_type',
      'critical_drtn_hr_cnt',
      'project_flag',
    ],
    [
      [
        projId,
        p.code || p.name || 'TAKT',
        calIds.get(p.defaultCalendarId),
        xerDate(p.start),
        xerDate(p.mustFinishBy),
        xerDate(p.scheduledFinish),
        xerDate(p.dataDate ?? p.start),
        critical.kind === 'longest_path' ? 'CT_DrivPath' : 'CT_TotFloat',
        critical.kind === 'total_float' ? hrs(critical.thresholdMinutes) : '0',
        'Y',
      ],
    ],
  );
  yield* table(
    'CALENDAR',
    [
      'clndr_id',
      'default_flag',
      'clndr_name',
      'proj_id',
      'base_clndr_id',
      'clndr_type',
      'day_hr_cnt',
      'clndr_data',
    ],
    p.calendars.map((c) => [
      calIds.get(c.id),
      c.id === p.defaultCalendarId ? 'Y' : 'N',
      c.name || c.id,
      projId,
      '',
      'CA_Project',
      c.hoursPerDay ?? '',
      writeClndrData(c.week, c.exceptions),
    ]),
  );
  const o = p.options;
  yield* table(
    'SCHEDOPTIONS',
    [
      'schedoptions_id',
      'proj_id',
      'sched_calendar_on_relationship_lag',
      'sched_float_type',
      'sched_retained_logic',
      'sched_progress_override',
      'sched_open_critical_flag',
    ],
    [
      [
        '1',
        projId,
        XER_LAGCAL_OF[o.lagCalendar],
        o.totalFloat === 'start' ? 'FT_SF' : o.totalFloat === 'smallest' ? 'FT_SM' : 'FT_FF',
        o.progress === 'retained_logic' && !o.actualDatesMode ? 'Y' : 'N',
        o.progress === 'progress_override' ? 'Y' : 'N',
        o.openEndsCritical ? 'Y' : 'N',
      ],
    ],
  );
  const { wbs, wbsOf } = p6Wbs(p);
  const wbsIds = new Map(wbs.map((w, k) => [w.id, String(k + 2)]));
  yield* table(
    'PROJWBS',
    ['wbs_id', 'proj_id', 'seq_num', 'proj_node_flag', 'wbs_short_name', 'wbs_name', 'parent_wbs_id'],
    [
      ['1', projId, 0, 'Y', p.code || 'TAKT', p.name, ''],
      ...wbs.map((w, k) => [
        wbsIds.get(w.id),
        projId,
        k + 1,
        'N',
        w.code,
        w.name,
        w.parentId ? wbsIds.get(w.parentId) : '1',
      ]),
    ],
  );
  const taskIds = new Map(p.activities.map((a, k) => [a.id, String(k + 1)]));
  yield* table(
    'TASK',
    [
      'task_id',
      'proj_id',
      'wbs_id',
      'clndr_id',
      'phys_complete_pct',
      'task_type',
      'status_code',
      'task_code',
      'task_name',
      'total_float_hr_cnt',
      'free_float_hr_cnt',
      'remain_drtn_hr_cnt',
      'target_drtn_hr_cnt',
      'cstr_date',
      'act_start_date',
      'act_end_date',
      'late_start_date',
      'late_end_date',
      'early_start_date',
      'early_end_date',
      'target_start_date',
      'target_end_date',
      'cstr_type',
      'cstr_date2',
      'cstr_type2',
    ],
    (function* () {
      for (const a of p.activities) {
        if (a.type === 'summary') continue; // MS Project summaries become WBS in P6
        const r = rowOf.get(a.id);
        const status = a.actualFinish ? 'TK_Complete' : a.actualStart ? 'TK_Active' : 'TK_NotStart';
        const remain = a.actualFinish ? 0 : (a.remainingMinutes ?? a.durationMinutes);
        const c1 =
          a.asLateAsPossible && !a.constraint
            ? 'CS_ALAP'
            : a.constraint
              ? XER_CSTR_OF[a.constraint.type]
              : '';
        yield [
          taskIds.get(a.id),
          projId,
          wbsOf(a) ? wbsIds.get(wbsOf(a)!) : '1',
          a.calendarId ? calIds.get(a.calendarId) : calIds.get(p.defaultCalendarId),
          a.percentComplete ?? '',
          XER_TYPE_OF[a.type as Exclude<IxActivity['type'], 'summary'>],
          status,
          a.code,
          a.name,
          hrs(r?.totalFloatMinutes ?? a.recorded.totalFloatMinutes),
          hrs(r?.freeFloatMinutes ?? a.recorded.freeFloatMinutes),
          hrs(remain),
          hrs(a.durationMinutes),
          xerDate(a.constraint?.date),
          xerDate(a.actualStart),
          xerDate(a.actualFinish),
          xerDate(r?.lateStart ?? a.recorded.lateStart),
          xerDate(r?.lateFinish ?? a.recorded.lateFinish),
          xerDate(r?.earlyStart ?? a.recorded.earlyStart),
          xerDate(r?.earlyFinish ?? a.recorded.earlyFinish),
          xerDate(a.baselineStart),
          xerDate(a.baselineFinish),
          c1,
          xerDate(a.constraint2?.date),
          a.constraint2 ? XER_CSTR_OF[a.constraint2.type] : '',
        ];
      }
    })(),
  );
  yield* table(
    'TASKPRED',
    ['task_pred_id', 'task_id', 'pred_task_id', 'proj_id', 'pred_proj_id', 'pred_type', 'lag_hr_cnt'],
    p.relations.map((r, k) => [
      k + 1,
      taskIds.get(r.successorId),
      taskIds.get(r.predecessorId),
      projId,
      projId,
      XER_REL_OF[r.type],
      hrs(r.lagMinutes),
    ]),
  );
  const resIds = new Map(p.resources.map((r, k) => [r.id, String(k + 1)]));
  yield* table(
    'RSRC',
    ['rsrc_id', 'rsrc_short_name', 'rsrc_name', 'rsrc_type', 'clndr_id'],
    p.resources.map((r) => [
      resIds.get(r.id),
      r.code,
      r.name,
      r.type === 'material' ? 'RT_Mat' : r.type === 'nonlabor' ? 'RT_Equip' : 'RT_Labor',
      r.calendarId ? calIds.get(r.calendarId) : '',
    ]),
  );
  yield* table(
    'TASKRSRC',
    ['taskrsrc_id', 'task_id', 'proj_id', 'rsrc_id', 'target_qty', 'act_reg_qty', 'remain_qty'],
    p.assignments.map((a, k) => [
      k + 1,
      taskIds.get(a.activityId),
      projId,
      resIds.get(a.resourceId),
      a.plannedUnits,
      a.actualUnits,
      a.remainingUnits,
    ]),
  );
  const codeTypes = [...new Set(p.activities.flatMap((a) => Object.keys(a.codes)))];
  const codeValues = new Map<string, string>();
  for (const a of p.activities)
    for (const [t, v] of Object.entries(a.codes))
      if (!codeValues.has(`${t}\u0000${v}`)) codeValues.set(`${t}\u0000${v}`, String(codeValues.size + 1));
  yield* table(
    'ACTVTYPE',
    ['actv_code_type_id', 'actv_code_type', 'proj_id', 'actv_code_type_scope'],
    codeTypes.map((t, k) => [k + 1, t, projId, 'AS_Project']),
  );
  yield* table(
    'ACTVCODE',
    ['actv_code_id', 'actv_code_type_id', 'short_name', 'actv_code_name'],
    [...codeValues].map(([key, id]) => {
      const [t, v] = key.split('\u0000') as [string, string];
      return [id, codeTypes.indexOf(t) + 1, v, v];
    }),
  );
  yield* table(
    'TASKACTV',
    ['task_id', 'actv_code_type_id', 'actv_code_id', 'proj_id'],
    p.activities.flatMap((a) =>
      Object.entries(a.codes).map(([t, v]) => [
        taskIds.get(a.id),
        codeTypes.indexOf(t) + 1,
        codeValues.get(`${t}\u0000${v}`),
        projId,
      ]),
    ),
  );
  const udfTypes = [...new Set(p.activities.flatMap((a) => Object.keys(a.udfs)))];
  yield* table(
    'UDFTYPE',
    ['udf_type_id', 'table_name', 'udf_type_name', 'udf_type_label', 'logical_data_type'],
    udfTypes.map((t, k) => [k + 1, 'TASK', `user_field_${k + 1}`, t, 'FT_TEXT']),
  );
  yield* table(
    'UDFVALUE',
    ['udf_type_id', 'fk_id', 'proj_id', 'udf_text'],
    p.activities.flatMap((a) =>
      Object.entries(a.udfs).map(([t, v]) => [udfTypes.indexOf(t) + 1, taskIds.get(a.id), projId, String(v)]),
    ),
  );
  yield '%E\n';
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const el = (name: string, value: string | number | undefined | null) =>
  value === undefined || value === null || value === '' ? '' : `<${name}>${esc(String(value))}</${name}>`;
const xmlDate = (iso: string | undefined | null) => (iso ? `${iso}:00` : undefined);
const isoDur = (minutes: number) => `PT${Math.trunc(minutes / 60)}H${Math.abs(minutes % 60)}M0S`;

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
const PMXML_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Outline levels for MSPDI: WBS nodes become summary tasks, activities sit under their WBS/parent. */
function outline(p: IxProject): { kind: 'wbs' | 'act'; id: string; level: number }[] {
  const out: { kind: 'wbs' | 'act'; id: string; level: number }[] = [];
  const wbsKids = new Map<string | null, string[]>();
  for (const w of p.wbs) wbsKids.set(w.parentId, [...(wbsKids.get(w.parentId) ?? []), w.id]);
  const actKids = new Map<string | null, IxActivity[]>();
  for (const a of p.activities) {
    const key = a.parentId ?? a.wbsId;
    actKids.set(key, [...(actKids.get(key) ?? []), a]);
  }
  const visitAct = (a: IxActivity, level: number) => {
    out.push({ kind: 'act', id: a.id, level });
    for (const c of actKids.get(a.id) ?? []) visitAct(c, level + 1);
  };
  const visitWbs = (id: string | null, level: number) => {
    for (const w of wbsKids.get(id) ?? []) {
      out.push({ kind: 'wbs', id: w, level });
      visitWbs(w, level + 1);
    }
    for (const a of actKids.get(id) ?? []) visitAct(a, level);
  };
  visitWbs(null, 1);
  return out;
}

export function* writeMspdi(p: IxProject, rows?: ScheduleRow[]): Generator<string> {
  const rowOf = new Map(rows?.map((r) => [r.id, r]));
  const minutesPerDay =
    p.minutesPerDay ??
    Math.round((p.calendars.find((c) => c.id === p.defaultCalendarId)?.hoursPerDay ?? 8) * 60);
  const calUid = new Map(p.calendars.map((c, k) => [c.id, String(k + 1)]));
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Project xmlns="http://schemas.microsoft.com/project">\n';
  yield `${el('SaveVersion', 14)}${el('Name', p.code || p.name)}${el('Title', p.name)}${el('ScheduleFromStart', 1)}${el('StartDate', xmlDate(p.start))}${el('FinishDate', xmlDate(p.scheduledFinish))}`;
  yield `${el('CriticalSlackLimit', p.options.critical.kind === 'total_float' ? Math.round(p.options.critical.thresholdMinutes / minutesPerDay) : 0)}${el('CalendarUID', calUid.get(p.defaultCalendarId))}${el('MinutesPerDay', minutesPerDay)}${el('StatusDate', xmlDate(p.dataDate))}\n`;
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
    yield `<Calendar>${el('UID', calUid.get(c.id))}${el('Name', c.name || c.id)}${el('IsBaseCalendar', 1)}${el('BaseCalendarUID', -1)}<WeekDays>${days}</WeekDays>${exc ? `<Exceptions>${exc}</Exceptions>` : ''}</Calendar>\n`;
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
  for (const r of p.relations) preds.set(r.successorId, [...(preds.get(r.successorId) ?? []), r]);
  for (const [k, it] of items.entries()) {
    const uid = k + 1;
    if (it.kind === 'wbs') {
      const w = wbsById.get(it.id)!;
      yield `<Task>${el('UID', uid)}${el('ID', uid)}${el('Name', w.name || w.code)}${el('WBS', w.code)}${el('OutlineLevel', it.level)}${el('Summary', 1)}${el('Milestone', 0)}</Task>\n`;
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
    yield `<Task>${el('UID', uid)}${el('ID', /^\d+$/.test(a.code) ? a.code : uid)}${el('Name', a.name)}${el('WBS', a.code)}${el('OutlineLevel', it.level)}${el('Summary', summary ? 1 : 0)}${el('Milestone', a.type.endsWith('milestone') ? 1 : 0)}` +
      `${el('Start', pick(r?.earlyStart, a.recorded.start ?? a.recorded.earlyStart))}${el('Finish', pick(r?.earlyFinish, a.recorded.finish ?? a.recorded.earlyFinish))}${el('Duration', isoDur(a.durationMinutes))}${el('DurationFormat', 7)}` +
      `${el('EarlyStart', pick(r?.earlyStart, a.recorded.earlyStart))}${el('EarlyFinish', pick(r?.earlyFinish, a.recorded.earlyFinish))}${el('LateStart', pick(r?.lateStart, a.recorded.lateStart))}${el('LateFinish', pick(r?.lateFinish, a.recorded.lateFinish))}` +
      `${el('TotalSlack', (r?.totalFloatMinutes ?? a.recorded.totalFloatMinutes) !== undefined && (r?.totalFloatMinutes ?? a.recorded.totalFloatMinutes) !== null ? (r?.totalFloatMinutes ?? a.recorded.totalFloatMinutes)! * 10 : undefined)}` +
      `${el('FreeSlack', (r?.freeFloatMinutes ?? a.recorded.freeFloatMinutes) != null ? (r?.freeFloatMinutes ?? a.recorded.freeFloatMinutes)! * 10 : undefined)}${el('Critical', r ? (r.critical ? 1 : 0) : undefined)}` +
      `${el('PercentComplete', a.percentComplete !== undefined ? Math.round(a.percentComplete) : undefined)}${el('ActualStart', xmlDate(a.actualStart))}${el('ActualFinish', xmlDate(a.actualFinish))}` +
      `${a.remainingMinutes !== undefined ? el('RemainingDuration', isoDur(a.remainingMinutes)) : ''}` +
      `${el('ConstraintType', a.asLateAsPossible && !c ? 1 : c ? MSPDI_CSTR[c.type] : 0)}${el('ConstraintDate', xmlDate(c?.date))}${el('CalendarUID', a.calendarId ? calUid.get(a.calendarId) : -1)}` +
      `${a.baselineStart || a.baselineFinish ? `<Baseline>${el('Number', 0)}${el('Start', xmlDate(a.baselineStart))}${el('Finish', xmlDate(a.baselineFinish))}</Baseline>` : ''}${links}</Task>\n`;
  }
  yield '</Tasks>\n<Resources>\n';
  const resUid = new Map(p.resources.map((r, k) => [r.id, k + 1]));
  for (const r of p.resources)
    yield `<Resource>${el('UID', resUid.get(r.id))}${el('ID', resUid.get(r.id))}${el('Name', r.name || r.code)}${el('Initials', r.code)}${el('Type', r.type === 'material' ? 0 : r.type === 'nonlabor' ? 2 : 1)}</Resource>\n`;
  yield '</Resources>\n<Assignments>\n';
  for (const [k, a] of p.assignments.entries())
    yield `<Assignment>${el('UID', k + 1)}${el('TaskUID', uidOf.get(a.activityId))}${el('ResourceUID', resUid.get(a.resourceId))}${a.plannedUnits !== undefined ? el('Work', isoDur(Math.round(a.plannedUnits * 60))) : ''}</Assignment>\n`;
  yield '</Assignments>\n</Project>\n';
}

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
  let next = 1000;
  const oid = (key: string) => {
    let v = ids.get(key);
    if (v === undefined) {
      v = Number(num(key.replace(/^\w+:/, '')) ?? 0) || next++;
      while ([...ids.values()].includes(v)) v = next++;
      ids.set(key, v);
    }
    return v;
  };
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<APIBusinessObjects xmlns="http://xmlns.oracle.com/Primavera/P6/V18.1/API/BusinessObjects">\n';
  for (const c of p.calendars) {
    const hours = (list: { start: string; finish: string }[]) =>
      list
        .map(
          (i) => `<WorkTime>${el('Start', `${i.start}:00`)}${el('Finish', inclusive(i.finish))}</WorkTime>`,
        )
        .join('');
    yield `<Calendar>${el('HoursPerDay', c.hoursPerDay)}${el('IsDefault', c.id === p.defaultCalendarId ? 1 : 0)}${el('Name', c.name || c.id)}${el('ObjectId', oid(`cal:${c.id}`))}${el('Type', 'Project')}<StandardWorkWeek>` +
      `${c.week.map((d, k) => `<StandardWorkHours>${el('DayOfWeek', PMXML_DAYS[k])}${hours(d)}</StandardWorkHours>`).join('')}</StandardWorkWeek><HolidayOrExceptions>` +
      `${c.exceptions.map((e) => `<HolidayOrException>${el('Date', `${e.date}T00:00:00`)}${hours(e.intervals)}</HolidayOrException>`).join('')}</HolidayOrExceptions></Calendar>\n`;
  }
  for (const r of p.resources)
    yield `<Resource>${el('Id', r.code)}${el('Name', r.name)}${el('ObjectId', oid(`res:${r.id}`))}${el('ResourceType', r.type === 'material' ? 'Material' : r.type === 'nonlabor' ? 'Nonlabor' : 'Labor')}</Resource>\n`;
  const o = p.options;
  const projOid = 1;
  yield `<Project>${el('ActivityDefaultCalendarObjectId', oid(`cal:${p.defaultCalendarId}`))}${el('ComputeTotalFloatType', o.totalFloat === 'smallest' ? 'Smallest of Start Float and Finish Float' : o.totalFloat === 'start' ? 'Start Float' : 'Finish Float')}` +
    `${el('CriticalActivityFloatThreshold', o.critical.kind === 'total_float' ? o.critical.thresholdMinutes / 60 : 0)}${el('CriticalActivityPathType', o.critical.kind === 'longest_path' ? 'Longest Path' : 'Critical Float')}` +
    `${el('DataDate', xmlDate(p.dataDate ?? p.start))}${el('Id', p.code || 'TAKT')}${el('MakeOpenEndedActivitiesCritical', o.openEndsCritical ? 1 : 0)}${el('MustFinishByDate', xmlDate(p.mustFinishBy))}${el('Name', p.name)}${el('ObjectId', projOid)}` +
    `${el('OutOfSequenceScheduleType', o.actualDatesMode ? 'Actual Dates' : o.progress === 'progress_override' ? 'Progress Override' : 'Retained Logic')}${el('PlannedStartDate', xmlDate(p.start))}${el('RelationshipLagCalendar', PMXML_LAGCAL[o.lagCalendar])}${el('ScheduledFinishDate', xmlDate(p.scheduledFinish))}\n`;
  const { wbs, wbsOf } = p6Wbs(p);
  for (const w of wbs)
    yield `<WBS>${el('Code', w.code)}${el('Name', w.name)}${el('ObjectId', oid(w.id))}${el('ParentObjectId', w.parentId ? oid(w.parentId) : undefined)}${el('ProjectObjectId', projOid)}</WBS>\n`;
  for (const a of p.activities) {
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
      `${el('EarlyFinishDate', xmlDate(r?.earlyFinish ?? a.recorded.earlyFinish))}${el('EarlyStartDate', xmlDate(r?.earlyStart ?? a.recorded.earlyStart))}${el('FreeFloat', h(r?.freeFloatMinutes ?? a.recorded.freeFloatMinutes))}${el('Id', a.code)}` +
      `${el('LateFinishDate', xmlDate(r?.lateFinish ?? a.recorded.lateFinish))}${el('LateStartDate', xmlDate(r?.lateStart ?? a.recorded.lateStart))}${el('Name', a.name)}${el('ObjectId', oid(`act:${a.id}`))}` +
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

/** CSV of the schedule (the CLI's table): `;`-free, RFC 4180 quoting, dates `YYYY-MM-DDTHH:mm`. */
export function* writeScheduleCsv(rows: ScheduleRow[]): Generator<string> {
  const q = (v: string | number | boolean | null) => {
    const s = v === null ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  yield 'code,name,earlyStart,earlyFinish,lateStart,lateFinish,totalFloatHours,freeFloatHours,critical\n';
  for (const r of rows)
    yield `${[r.code, r.name, r.earlyStart, r.earlyFinish, r.lateStart, r.lateFinish, r.totalFloatMinutes === null ? null : r.totalFloatMinutes / 60, r.freeFloatMinutes === null ? null : r.freeFloatMinutes / 60, r.critical].map(q).join(',')}\n`;
}

export { serialFromDate };

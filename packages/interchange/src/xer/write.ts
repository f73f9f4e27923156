/**
 * Writers: XER (P6's table/field layout), MSPDI, PMXML and CSV, from the interchange model plus the
 * calculated rows when given (early/late dates and floats are written where the format has them).
 * Each yields the file in chunks, so a large schedule is never one string.
 */

import type { ScheduleRow } from '../calculation/schedule.js';
import { serialFromDate, xerDate } from '../common/dates.js';
import type { IxActivity, IxConstraintType, IxProject } from '../common/model.js';
import { P6_LIMITS } from '../pmxml/check.js';
import { neutralizeFormula } from '../tabular/formula-guard.js';
import { writeClndrData } from './calendar-data.js';
import { XER_CONSTRAINTS, XER_LAG_CALENDARS, XER_RELATIONS, XER_TASK_TYPES } from './codes.js';
import { XER_LAYOUT } from './layout.js';

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

/** Text cut to a tool's length limit (by characters). */
const fit = (s: string, max: number) => ([...s].length > max ? [...s].slice(0, max).join('') : s);

/**
 * Codes cut to a length limit stay unique: a cut code that is already taken gets `~2`, `~3`… (still
 * within the limit). Empty codes become `fallback`.
 */
export function uniqueCodes(
  values: readonly string[],
  max: number,
  fallback: (k: number) => string,
): string[] {
  const taken = new Set<string>();
  return values.map((value, k) => {
    const base = fit(value.trim() || fallback(k), max);
    let code = base;
    for (let n = 2; taken.has(code); n++) {
      const suffix = `~${n}`;
      code = fit(base, max - suffix.length) + suffix;
    }
    taken.add(code);
    return code;
  });
}

/** Hours of a calendar's working day (P6 `day_hr_cnt`): the calendar's own, or the week's average working day. */
function hoursPerDay(c: IxProject['calendars'][number]): number {
  if (c.hoursPerDay && c.hoursPerDay > 0) return c.hoursPerDay;
  const days = c.week.filter((d) => d.length > 0);
  return days.length ? Math.round((weekHours(c) / days.length) * 100) / 100 : 8;
}

function weekHours(c: IxProject['calendars'][number]): number {
  let minutes = 0;
  for (const day of c.week)
    for (const i of day) {
      const [sh, sm] = i.start.split(':').map(Number) as [number, number];
      const [fh, fm] = i.finish.split(':').map(Number) as [number, number];
      minutes += (fh * 60 + fm || 1440) - (sh * 60 + sm);
    }
  return Math.round((minutes / 60) * 100) / 100;
}

type XerValue = string | number | undefined;

/** One XER table: `%T`, `%F` with the given fields in P6's order, one `%R` per record. */
function* xerTable(
  name: string,
  records: Iterable<Record<string, XerValue>>,
  fields: readonly string[],
): Generator<string> {
  const order = XER_LAYOUT[name]?.fields ?? fields;
  const columns = [...fields].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  yield `%T\t${name}\n%F\t${columns.join('\t')}\n`;
  for (const r of records)
    yield `%R\t${columns.map((f) => (r[f] === undefined ? '' : xerText(String(r[f])))).join('\t')}\n`;
}

/**
 * XER as P6 exports it: ERMHDR, then PROJECT, CALENDAR, SCHEDOPTIONS, PROJWBS, RSRC, ACTVTYPE, TASK,
 * ACTVCODE, TASKPRED, TASKRSRC, TASKACTV, UDFTYPE, UDFVALUE, each with its fields in P6's order and the
 * fields P6 needs (default percent-complete/duration/activity types, WBS status…); ids, codes and names
 * cut to P6's lengths (codes stay unique). Checked by `checkXer`.
 */
export function* writeXer(p: IxProject, rows?: ScheduleRow[]): Generator<string> {
  const rowOf = new Map(rows?.map((r) => [r.id, r]));
  const projId = '1';
  yield `ERMHDR\t8.0\t${new Date().toISOString().slice(0, 10)}\tProject\tadmin\ttakt\tdbxDatabaseNoName\tProject Management\tUSD\n`;
  const calIds = new Map(p.calendars.map((c, k) => [c.id, String(k + 1)]));
  const defaultCal = calIds.get(p.defaultCalendarId) ?? '1';
  const critical = p.options.critical;
  const projectCode = fit(p.code || p.name || 'TAKT', 40);
  yield* xerTable(
    'PROJECT',
    [
      {
        proj_id: projId,
        project_flag: 'Y',
        def_complete_pct_type: 'CP_Drtn',
        proj_short_name: projectCode,
        clndr_id: defaultCal,
        critical_drtn_hr_cnt: critical.kind === 'total_float' ? hrs(critical.thresholdMinutes) : '0',
        last_recalc_date: xerDate(p.dataDate ?? p.start),
        plan_start_date: xerDate(p.start),
        plan_end_date: xerDate(p.mustFinishBy),
        scd_end_date: xerDate(p.scheduledFinish),
        def_duration_type: 'DT_FixedDrtn',
        def_task_type: 'TT_Task',
        critical_path_type: critical.kind === 'longest_path' ? 'CT_DrivPath' : 'CT_TotFloat',
      },
    ],
    [
      'proj_id',
      'project_flag',
      'def_complete_pct_type',
      'proj_short_name',
      'clndr_id',
      'critical_drtn_hr_cnt',
      'last_recalc_date',
      'plan_start_date',
      'plan_end_date',
      'scd_end_date',
      'def_duration_type',
      'def_task_type',
      'critical_path_type',
    ],
  );
  const calNames = uniqueCodes(
    p.calendars.map((c) => c.name || c.id),
    255,
    (k) => `Calendar ${k + 1}`,
  );
  yield* xerTable(
    'CALENDAR',
    p.calendars.map((c, k) => {
      const day = hoursPerDay(c);
      const week = weekHours(c);
      return {
        clndr_id: calIds.get(c.id),
        default_flag: c.id === p.defaultCalendarId ? 'Y' : 'N',
        clndr_name: calNames[k],
        proj_id: projId,
        clndr_type: 'CA_Project',
        day_hr_cnt: day,
        week_hr_cnt: week,
        month_hr_cnt: Math.round(((week * 52) / 12) * 100) / 100,
        year_hr_cnt: Math.round(week * 52 * 100) / 100,
        clndr_data: writeClndrData(c.week, c.exceptions),
      };
    }),
    [
      'clndr_id',
      'default_flag',
      'clndr_name',
      'proj_id',
      'clndr_type',
      'day_hr_cnt',
      'week_hr_cnt',
      'month_hr_cnt',
      'year_hr_cnt',
      'clndr_data',
    ],
  );
  const o = p.options;
  yield* xerTable(
    'SCHEDOPTIONS',
    [
      {
        schedoptions_id: '1',
        proj_id: projId,
        sched_open_critical_flag: o.openEndsCritical ? 'Y' : 'N',
        sched_retained_logic: o.progress === 'retained_logic' && !o.actualDatesMode ? 'Y' : 'N',
        sched_float_type:
          o.totalFloat === 'start' ? 'FT_SF' : o.totalFloat === 'smallest' ? 'FT_SM' : 'FT_FF',
        sched_calendar_on_relationship_lag: XER_LAGCAL_OF[o.lagCalendar],
        sched_progress_override: o.progress === 'progress_override' ? 'Y' : 'N',
        sched_use_expect_end_flag: o.useExpectedFinish ? 'Y' : 'N',
        sched_lag_early_start_flag: o.startLagFrom === 'early_start' ? 'Y' : 'N',
      },
    ],
    [
      'schedoptions_id',
      'proj_id',
      'sched_open_critical_flag',
      'sched_retained_logic',
      'sched_float_type',
      'sched_calendar_on_relationship_lag',
      'sched_progress_override',
      'sched_use_expect_end_flag',
      'sched_lag_early_start_flag',
    ],
  );
  const { wbs, wbsOf } = p6Wbs(p);
  const wbsIds = new Map(wbs.map((w, k) => [w.id, String(k + 2)]));
  const wbsCodes = uniqueCodes(
    wbs.map((w) => w.code),
    40,
    (k) => `WBS${k + 1}`,
  );
  yield* xerTable(
    'PROJWBS',
    [
      {
        wbs_id: '1',
        proj_id: projId,
        seq_num: 0,
        proj_node_flag: 'Y',
        status_code: 'WS_Open',
        wbs_short_name: projectCode,
        wbs_name: fit(p.name || projectCode, 100),
      },
      ...wbs.map((w, k) => ({
        wbs_id: wbsIds.get(w.id),
        proj_id: projId,
        seq_num: k + 1,
        proj_node_flag: 'N',
        status_code: 'WS_Open',
        wbs_short_name: wbsCodes[k],
        wbs_name: fit(w.name || wbsCodes[k]!, 100),
        parent_wbs_id: w.parentId ? wbsIds.get(w.parentId) : '1',
      })),
    ],
    [
      'wbs_id',
      'proj_id',
      'seq_num',
      'proj_node_flag',
      'status_code',
      'wbs_short_name',
      'wbs_name',
      'parent_wbs_id',
    ],
  );
  const resIds = new Map(p.resources.map((r, k) => [r.id, String(k + 1)]));
  const resCodes = uniqueCodes(
    p.resources.map((r) => r.code),
    255,
    (k) => `R${k + 1}`,
  );
  yield* xerTable(
    'RSRC',
    p.resources.map((r, k) => ({
      rsrc_id: resIds.get(r.id),
      clndr_id: (r.calendarId && calIds.get(r.calendarId)) || defaultCal,
      rsrc_name: fit(r.name || resCodes[k]!, 100),
      rsrc_short_name: resCodes[k],
      rsrc_type: r.type === 'material' ? 'RT_Mat' : r.type === 'nonlabor' ? 'RT_Equip' : 'RT_Labor',
    })),
    ['rsrc_id', 'clndr_id', 'rsrc_name', 'rsrc_short_name', 'rsrc_type'],
  );
  const codeTypes = [...new Set(p.activities.flatMap((a) => Object.keys(a.codes)))];
  const codeTypeNames = uniqueCodes(codeTypes, 40, (k) => `Code ${k + 1}`);
  const codeValues = new Map<string, string>();
  const codeLength = new Map<string, number>();
  for (const a of p.activities)
    for (const [t, v] of Object.entries(a.codes)) {
      if (!codeValues.has(`${t}\u0000${v}`)) codeValues.set(`${t}\u0000${v}`, String(codeValues.size + 1));
      codeLength.set(t, Math.max(codeLength.get(t) ?? 1, [...v].length));
    }
  yield* xerTable(
    'ACTVTYPE',
    codeTypes.map((t, k) => ({
      actv_code_type_id: k + 1,
      actv_short_len: Math.min(60, codeLength.get(t) ?? 1),
      seq_num: k + 1,
      actv_code_type: codeTypeNames[k],
      proj_id: projId,
      actv_code_type_scope: 'AS_Project',
    })),
    ['actv_code_type_id', 'actv_short_len', 'seq_num', 'actv_code_type', 'proj_id', 'actv_code_type_scope'],
  );
  const taskIds = new Map(p.activities.map((a, k) => [a.id, String(k + 1)]));
  const taskCodes = uniqueCodes(
    p.activities.map((a) => a.code),
    40,
    (k) => `A${k + 1}`,
  );
  const taskCode = new Map(p.activities.map((a, k) => [a.id, taskCodes[k]!]));
  yield* xerTable(
    'TASK',
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
        const wbsId = wbsOf(a);
        const code = taskCode.get(a.id)!;
        yield {
          task_id: taskIds.get(a.id),
          proj_id: projId,
          wbs_id: wbsId ? wbsIds.get(wbsId) : '1',
          clndr_id: (a.calendarId && calIds.get(a.calendarId)) || defaultCal,
          phys_complete_pct: a.percentComplete ?? 0,
          complete_pct_type: a.percentComplete !== undefined ? 'CP_Phys' : 'CP_Drtn',
          task_type: XER_TYPE_OF[a.type as Exclude<IxActivity['type'], 'summary'>],
          duration_type: 'DT_FixedDrtn',
          status_code: status,
          task_code: code,
          task_name: fit(a.name || code, 120),
          total_float_hr_cnt: hrs(r?.totalFloatMinutes ?? a.recorded.totalFloatMinutes),
          free_float_hr_cnt: hrs(r?.freeFloatMinutes ?? a.recorded.freeFloatMinutes),
          remain_drtn_hr_cnt: hrs(remain),
          target_drtn_hr_cnt: hrs(a.durationMinutes),
          cstr_date: xerDate(a.constraint?.date),
          act_start_date: xerDate(a.actualStart),
          act_end_date: xerDate(a.actualFinish),
          late_start_date: xerDate(r?.lateStart ?? a.recorded.lateStart),
          late_end_date: xerDate(r?.lateFinish ?? a.recorded.lateFinish),
          early_start_date: xerDate(r?.earlyStart ?? a.recorded.earlyStart),
          early_end_date: xerDate(r?.earlyFinish ?? a.recorded.earlyFinish),
          target_start_date: xerDate(a.baselineStart),
          target_end_date: xerDate(a.baselineFinish),
          expect_end_date: xerDate(a.expectedFinish),
          cstr_type: c1,
          cstr_date2: xerDate(a.constraint2?.date),
          cstr_type2: a.constraint2 ? XER_CSTR_OF[a.constraint2.type] : '',
        };
      }
    })(),
    [
      'task_id',
      'proj_id',
      'wbs_id',
      'clndr_id',
      'phys_complete_pct',
      'complete_pct_type',
      'task_type',
      'duration_type',
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
      'expect_end_date',
      'cstr_type',
      'cstr_date2',
      'cstr_type2',
    ],
  );
  yield* xerTable(
    'ACTVCODE',
    [...codeValues].map(([key, id]) => {
      const [t, v] = key.split('\u0000') as [string, string];
      return {
        actv_code_id: id,
        actv_code_type_id: codeTypes.indexOf(t) + 1,
        actv_code_name: fit(v, 100),
        short_name: fit(v, 60),
        seq_num: id,
      };
    }),
    ['actv_code_id', 'actv_code_type_id', 'actv_code_name', 'short_name', 'seq_num'],
  );
  yield* xerTable(
    'TASKPRED',
    p.relations.map((r, k) => ({
      task_pred_id: k + 1,
      task_id: taskIds.get(r.successorId),
      pred_task_id: taskIds.get(r.predecessorId),
      proj_id: projId,
      pred_proj_id: projId,
      pred_type: XER_REL_OF[r.type],
      lag_hr_cnt: hrs(r.lagMinutes),
    })),
    ['task_pred_id', 'task_id', 'pred_task_id', 'proj_id', 'pred_proj_id', 'pred_type', 'lag_hr_cnt'],
  );
  yield* xerTable(
    'TASKRSRC',
    p.assignments.map((a, k) => ({
      taskrsrc_id: k + 1,
      task_id: taskIds.get(a.activityId),
      proj_id: projId,
      rsrc_id: resIds.get(a.resourceId),
      remain_qty: a.remainingUnits,
      target_qty: a.plannedUnits,
      act_reg_qty: a.actualUnits,
    })),
    ['taskrsrc_id', 'task_id', 'proj_id', 'rsrc_id', 'remain_qty', 'target_qty', 'act_reg_qty'],
  );
  yield* xerTable(
    'TASKACTV',
    (function* () {
      for (const a of p.activities)
        for (const [t, v] of Object.entries(a.codes))
          yield {
            task_id: taskIds.get(a.id),
            actv_code_type_id: codeTypes.indexOf(t) + 1,
            actv_code_id: codeValues.get(`${t}\u0000${v}`),
            proj_id: projId,
          };
    })(),
    ['task_id', 'actv_code_type_id', 'actv_code_id', 'proj_id'],
  );
  const udfTypes = [...new Set(p.activities.flatMap((a) => Object.keys(a.udfs)))];
  const udfLabels = uniqueCodes(udfTypes, 40, (k) => `Field ${k + 1}`);
  // A field whose values are all numbers is a number field (integer or 2 decimals), so it reads back as numbers.
  const numeric = new Set(
    udfTypes.filter((t) => p.activities.every((a) => !(t in a.udfs) || typeof a.udfs[t] === 'number')),
  );
  const integer = (t: string) =>
    p.activities.every((a) => !(t in a.udfs) || Number.isInteger(a.udfs[t] as number));
  yield* xerTable(
    'UDFTYPE',
    udfTypes.map((t, k) => ({
      udf_type_id: k + 1,
      table_name: 'TASK',
      udf_type_name: `user_field_${k + 1}`,
      udf_type_label: udfLabels[k],
      logical_data_type: numeric.has(t) ? (integer(t) ? 'FT_INT' : 'FT_FLOAT_2_DECIMALS') : 'FT_TEXT',
    })),
    ['udf_type_id', 'table_name', 'udf_type_name', 'udf_type_label', 'logical_data_type'],
  );
  yield* xerTable(
    'UDFVALUE',
    (function* () {
      for (const a of p.activities)
        for (const [t, v] of Object.entries(a.udfs))
          yield {
            udf_type_id: udfTypes.indexOf(t) + 1,
            fk_id: taskIds.get(a.id),
            proj_id: projId,
            udf_number: numeric.has(t) ? v : '',
            udf_text: numeric.has(t) ? '' : fit(String(v), 255),
          };
    })(),
    ['udf_type_id', 'fk_id', 'proj_id', 'udf_number', 'udf_text'],
  );
  yield '%E\n';
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const el = (name: string, value: string | number | undefined | null) =>
  value === undefined || value === null || value === '' ? '' : `<${name}>${esc(String(value))}</${name}>`;
const xmlDate = (iso: string | undefined | null) => (iso ? `${iso}:00` : undefined);
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
const PMXML_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Outline levels for MSPDI: WBS nodes become summary tasks, activities sit under their WBS/parent. */
export function outline(p: IxProject): { kind: 'wbs' | 'act'; id: string; level: number }[] {
  const out: { kind: 'wbs' | 'act'; id: string; level: number }[] = [];
  const wbsKids = new Map<string | null, string[]>();
  for (const w of p.wbs) {
    const list = wbsKids.get(w.parentId);
    if (list) list.push(w.id);
    else wbsKids.set(w.parentId, [w.id]);
  }
  const actKids = new Map<string | null, IxActivity[]>();
  for (const a of p.activities) {
    const key = a.parentId ?? a.wbsId;
    const list = actKids.get(key);
    if (list) list.push(a);
    else actKids.set(key, [a]);
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

/** CSV of the schedule (the CLI's table): `;`-free, RFC 4180 quoting, dates `YYYY-MM-DDTHH:mm`. */
export function* writeScheduleCsv(rows: ScheduleRow[]): Generator<string> {
  const q = (v: string | number | boolean | null) => {
    // Codes and names are user text: guarded against formula injection; numbers stay numbers.
    const s = v === null ? '' : typeof v === 'string' ? neutralizeFormula(v) : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  yield 'code,name,earlyStart,earlyFinish,lateStart,lateFinish,totalFloatHours,freeFloatHours,critical\n';
  for (const r of rows)
    yield `${[r.code, r.name, r.earlyStart, r.earlyFinish, r.lateStart, r.lateFinish, r.totalFloatMinutes === null ? null : r.totalFloatMinutes / 60, r.freeFloatMinutes === null ? null : r.freeFloatMinutes / 60, r.critical].map(q).join(',')}\n`;
}

export { serialFromDate };

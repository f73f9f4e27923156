/**
 * XER (P6's table/field layout) from the interchange model plus the calculated rows when given (early/late
 * dates and floats). Yields the file in chunks, so a large schedule is never one string.
 */
import type { ScheduleRow } from '../calculation/schedule.js';
import { xerDate } from '../common/dates.js';
import type { IxActivity, IxProject } from '../common/model.js';
import { hoursPerDay, p6Wbs, weekHours } from '../common/p6-write.js';
import { fit, uniqueCodes } from '../common/write-text.js';
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

type XerValue = string | number | undefined;

/**
 * One XER table: `%T`, `%F` with every field P6 needs for it (the layout's required fields) and the
 * optional ones the writer fills, in P6's order, then one `%R` per record.
 */
function* xerTable(
  name: string,
  records: Iterable<Record<string, XerValue>>,
  optional: readonly string[] = [],
): Generator<string> {
  const layout = XER_LAYOUT[name]!;
  const written = new Set([...layout.required, ...optional]);
  const columns = layout.fields.filter((f) => written.has(f));
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
    ['critical_drtn_hr_cnt', 'plan_end_date', 'scd_end_date'],
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
    ['proj_id', 'week_hr_cnt', 'month_hr_cnt', 'year_hr_cnt'],
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
    ['parent_wbs_id'],
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
    ['seq_num', 'proj_id'],
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
      'total_float_hr_cnt',
      'free_float_hr_cnt',
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
    ['actv_code_name', 'seq_num'],
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
    ['remain_qty', 'target_qty', 'act_reg_qty'],
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
    ['proj_id', 'udf_number', 'udf_text'],
  );
  yield '%E\n';
}

/**
 * One handler per XER table the reader keeps, chosen by the table's name (`XER_TABLES`); the tables a
 * schedule does not need are skipped. Each handler reads the current `%R` record through the lenient
 * helpers of `XerReading`, which report what they cannot take; a handler that throws (a missing id) has
 * its record left out by the reader.
 */
import type { IxActivity } from '../common/model.js';
import { own } from '../common/p6-values.js';
import { XER_CONSTRAINTS, XER_LAG_CALENDARS, XER_RELATIONS, XER_TASK_TYPES } from './codes.js';
import type { XerReading } from './reading.js';

export interface XerTable {
  /** The fields that name one of its records in a problem, the first filled one (a code, else the id). */
  names?: readonly string[];
  read(r: XerReading): void;
}

/** The first project (or the one asked for) that is a project, not an EPS node (`project_flag` N). */
function readProject(r: XerReading): void {
  const { project } = r;
  const id = r.required('proj_id');
  if (r.projId !== null) return;
  if (r.projectId && r.projectId !== id && r.projectId !== r.get('proj_short_name')) return;
  if (r.get('project_flag') === 'N') return;
  r.projId = own(id);
  project.code = own(r.get('proj_short_name'));
  project.name = project.code;
  project.defaultCalendarId = own(r.get('clndr_id'));
  project.start = r.date('plan_start_date') ?? '';
  project.dataDate = r.date('last_recalc_date') ?? r.date('next_data_date');
  project.mustFinishBy = r.date('plan_end_date');
  project.scheduledFinish = r.date('scd_end_date');
  r.criticalType = own(r.get('critical_path_type'));
  r.criticalHours = r.num('critical_drtn_hr_cnt') ?? 0;
  project.options.raw.critical_path_type = r.criticalType;
  project.options.raw.critical_drtn_hr_cnt = own(r.get('critical_drtn_hr_cnt'));
}

/** Every calendar is kept until the end: which ones the project uses is known only then. */
function readCalendar(r: XerReading): void {
  r.calendars.push({
    id: own(r.required('clndr_id')),
    name: own(r.get('clndr_name')),
    baseId: own(r.get('base_clndr_id')),
    hoursPerDay: r.num('day_hr_cnt', 24),
    data: own(r.get('clndr_data')),
    line: r.row.line,
    projId: own(r.get('proj_id')),
  });
}

function readScheduleOptions(r: XerReading): void {
  if (r.get('proj_id') !== r.projId) return;
  const { options } = r.project;
  for (const [f] of r.row.fields) options.raw[f] = own(r.get(f));
  if (r.get('sched_calendar_on_relationship_lag'))
    options.lagCalendar = r.known(
      XER_LAG_CALENDARS,
      'sched_calendar_on_relationship_lag',
      'rcal_Predecessor',
    );
  const ft = r.get('sched_float_type');
  options.totalFloat = ft === 'FT_SF' ? 'start' : ft === 'FT_SM' ? 'smallest' : 'finish';
  if (r.get('sched_progress_override') === 'Y') options.progress = 'progress_override';
  else if (r.get('sched_retained_logic') !== 'Y') {
    options.progress = 'actual_dates';
    options.actualDatesMode = true;
  }
  options.openEndsCritical = r.get('sched_open_critical_flag') === 'Y';
  options.useExpectedFinish = r.get('sched_use_expect_end_flag') === 'Y';
  options.startLagFrom = r.get('sched_lag_early_start_flag') === 'Y' ? 'early_start' : 'actual_start';
}

/** WBS nodes of the project; its root node (`proj_node_flag` Y) is the project itself, not a node. */
function readWbs(r: XerReading): void {
  if (r.get('proj_id') !== r.projId) return;
  const id = r.required('wbs_id');
  if (r.get('proj_node_flag') === 'Y') {
    r.wbsProjectNodes.add(own(id));
    return;
  }
  r.project.wbs.push({
    id: r.wbsKey(id),
    parentId: r.get('parent_wbs_id') ? r.wbsKey(r.get('parent_wbs_id')) : null,
    code: own(r.get('wbs_short_name')),
    name: own(r.get('wbs_name')),
  });
}

const CONSTRAINT_FIELDS = [
  ['cstr_type', 'cstr_date', 'constraint'],
  ['cstr_type2', 'cstr_date2', 'constraint2'],
] as const;

/** The primary and secondary constraints; one P6 does not define, or without its date, is left out. */
function readConstraints(r: XerReading, a: IxActivity): void {
  for (const [typeField, dateField, key] of CONSTRAINT_FIELDS) {
    const c = r.get(typeField);
    if (!c) continue;
    if (c === 'CS_ALAP') {
      a.asLateAsPossible = true;
      continue;
    }
    const t = Object.hasOwn(XER_CONSTRAINTS, c) ? XER_CONSTRAINTS[c] : undefined;
    if (!t) {
      r.log.add(
        'unknown_value',
        'ignored',
        r.row.at(typeField),
        `unknown constraint type "${c}"; no constraint`,
        c,
      );
      continue;
    }
    const d = r.date(dateField);
    if (!d) {
      r.log.add(
        'missing_value',
        'ignored',
        r.row.at(dateField),
        `constraint ${c} without a date; no constraint`,
        c,
      );
      continue;
    }
    a[key] = { type: t, date: d };
  }
}

function readTask(r: XerReading): void {
  const id = r.required('task_id');
  if (r.get('proj_id') !== r.projId) {
    r.otherProjectTasks.add(own(id));
    return;
  }
  if (r.activities.has(id)) {
    r.log.add(
      'duplicate_id',
      'ignored',
      r.row.at('task_id'),
      `task_id ${id} appears again; the first is kept`,
      id,
    );
    return;
  }
  const type = r.known(XER_TASK_TYPES, 'task_type', 'TT_Task');
  const status = r.get('status_code');
  if (status && status !== 'TK_NotStart' && status !== 'TK_Active' && status !== 'TK_Complete')
    r.log.add(
      'unknown_value',
      'defaulted',
      r.row.at('status_code'),
      `unknown status_code "${status}"; TK_NotStart is used`,
      status,
      'TK_NotStart',
    );
  const a: IxActivity = {
    id: own(id),
    code: own(r.get('task_code')),
    name: own(r.get('task_name')),
    wbsId: r.get('wbs_id') ? r.wbsKey(r.get('wbs_id')) : null,
    parentId: null,
    type,
    calendarId: r.values.shared(r.get('clndr_id')) || null,
    durationMinutes: r.plannedDuration(status),
    status: status === 'TK_Complete' ? 'completed' : status === 'TK_Active' ? 'in_progress' : 'not_started',
    actualStart: r.date('act_start_date'),
    actualFinish: r.date('act_end_date'),
    baselineStart: r.date('target_start_date'),
    baselineFinish: r.date('target_end_date'),
    expectedFinish: r.date('expect_end_date'),
    // P6's Late Start/Finish are its Remaining Late Start/Finish. A completed activity has none (blank
    // rem_late_* and total float): its late_* fields then hold dates of some earlier calculation, not of
    // the one the file records, so they are not taken as calculated values. (Two literals, not a
    // spread: a literal keeps every property inside the object, a spread needs a second array each.)
    recorded:
      status === 'TK_Complete' && !r.get('rem_late_start_date') && !r.get('rem_late_end_date')
        ? {
            earlyStart: r.date('early_start_date'),
            earlyFinish: r.date('early_end_date'),
            totalFloatMinutes: r.hours('total_float_hr_cnt'),
            freeFloatMinutes: r.hours('free_float_hr_cnt'),
          }
        : {
            earlyStart: r.date('early_start_date'),
            earlyFinish: r.date('early_end_date'),
            lateStart: r.date('late_start_date'),
            lateFinish: r.date('late_end_date'),
            totalFloatMinutes: r.hours('total_float_hr_cnt'),
            freeFloatMinutes: r.hours('free_float_hr_cnt'),
          },
    codes: {},
    udfs: {},
  };
  if (a.status === 'in_progress') a.remainingMinutes = r.hours('remain_drtn_hr_cnt');
  const pct = r.num('phys_complete_pct');
  if (pct !== undefined) a.percentComplete = pct;
  if (r.criticalType === 'CT_DrivPath' && r.get('driving_path_flag'))
    a.recorded.critical = r.get('driving_path_flag') === 'Y';
  readConstraints(r, a);
  r.activities.set(a.id, a);
  r.project.activities.push(a);
}

/**
 * A relation between two activities read before it (P6 writes TASK first). One to an activity of another
 * project is dropped with a warning; one to an activity that is not in the file is a problem.
 */
function readRelation(r: XerReading): void {
  const succ = r.required('task_id');
  const pred = r.required('pred_task_id');
  const successor = r.activities.get(succ);
  const predecessor = r.activities.get(pred);
  if (!successor || !predecessor) {
    if (
      r.otherProjectTasks.has(succ) ||
      r.otherProjectTasks.has(pred) ||
      r.get('pred_proj_id') !== r.get('proj_id')
    ) {
      if (successor || predecessor)
        r.project.warnings.push(
          own(`TASKPRED ${r.get('task_pred_id')}: relation to another project dropped`),
        );
      return;
    }
    const missing = successor ? pred : succ;
    r.log.add(
      'dangling_relation',
      'ignored',
      r.row.at(successor ? 'pred_task_id' : 'task_id'),
      `relation ${r.get('task_pred_id')} refers to task ${missing}, which is not in the file; left out`,
      missing,
    );
    return;
  }
  const t = r.known(XER_RELATIONS, 'pred_type', 'PR_FS');
  const relationId = r.get('task_pred_id');
  r.project.relations.push({
    id: relationId ? own(relationId) : `${predecessor.id}->${successor.id}`,
    predecessorId: predecessor.id,
    successorId: successor.id,
    type: t,
    lagMinutes: r.hours('lag_hr_cnt') ?? 0,
  });
}

function readCodeType(r: XerReading): void {
  r.codeTypes.set(own(r.get('actv_code_type_id')), own(r.get('actv_code_type')));
}

function readCodeValue(r: XerReading): void {
  r.codeValues.set(own(r.get('actv_code_id')), {
    type: own(r.get('actv_code_type_id')),
    value: own(r.get('short_name')),
  });
}

/** An activity's value of a code: the code type's name → the value's short name. */
function readActivityCode(r: XerReading): void {
  const a = r.activities.get(r.get('task_id'));
  const v = r.codeValues.get(r.get('actv_code_id'));
  if (a && v) a.codes[r.codeTypes.get(v.type) ?? v.type] = v.value;
}

function readUdfType(r: XerReading): void {
  r.udfTypes.set(own(r.get('udf_type_id')), {
    table: own(r.get('table_name')),
    label: own(r.get('udf_type_label')),
  });
}

/** A user-defined field's value of an activity; UDFs of other tables (WBS, projects…) are not kept. */
function readUdfValue(r: XerReading): void {
  const type = r.udfTypes.get(r.get('udf_type_id'));
  if (type?.table !== 'TASK') return;
  const a = r.activities.get(r.get('fk_id'));
  if (!a) return;
  // One of the value fields is filled, by the UDF's type; a number may be 0.
  const n = r.num('udf_number');
  const text = r.get('udf_text');
  a.udfs[type.label] =
    (text && own(text)) ||
    r.date('udf_date') ||
    (n !== undefined ? n : r.values.shared(r.get('udf_code_id')));
}

function readResource(r: XerReading): void {
  const kind = r.get('rsrc_type');
  r.project.resources.push({
    id: own(r.required('rsrc_id')),
    code: own(r.get('rsrc_short_name')),
    name: own(r.get('rsrc_name')),
    type: kind === 'RT_Mat' ? 'material' : kind === 'RT_Equip' ? 'nonlabor' : 'labor',
    calendarId: r.values.shared(r.get('clndr_id')) || null,
  });
}

function readAssignment(r: XerReading): void {
  const a = r.activities.get(r.get('task_id'));
  if (!a) return;
  r.project.assignments.push({
    id: own(r.required('taskrsrc_id')),
    activityId: a.id,
    resourceId: r.values.shared(r.get('rsrc_id')),
    plannedUnits: r.num('target_qty'),
    actualUnits: r.num('act_reg_qty'),
    remainingUnits: r.num('remain_qty'),
  });
}

export const XER_TABLES: ReadonlyMap<string, XerTable> = new Map<string, XerTable>([
  ['PROJECT', { names: ['proj_short_name', 'proj_id'], read: readProject }],
  ['CALENDAR', { names: ['clndr_name', 'clndr_id'], read: readCalendar }],
  ['SCHEDOPTIONS', { names: ['proj_id'], read: readScheduleOptions }],
  ['PROJWBS', { names: ['wbs_short_name', 'wbs_id'], read: readWbs }],
  ['TASK', { names: ['task_code', 'task_id'], read: readTask }],
  ['TASKPRED', { names: ['task_pred_id'], read: readRelation }],
  ['ACTVTYPE', { names: ['actv_code_type', 'actv_code_type_id'], read: readCodeType }],
  ['ACTVCODE', { names: ['short_name', 'actv_code_id'], read: readCodeValue }],
  ['TASKACTV', { read: readActivityCode }],
  ['UDFTYPE', { names: ['udf_type_label', 'udf_type_id'], read: readUdfType }],
  ['UDFVALUE', { names: ['fk_id'], read: readUdfValue }],
  ['RSRC', { names: ['rsrc_short_name', 'rsrc_id'], read: readResource }],
  ['TASKRSRC', { names: ['taskrsrc_id'], read: readAssignment }],
]);

/**
 * Primavera P6 XER reader. XER is tab-separated text: `ERMHDR` (version, export date, …), then per table
 * `%T name`, `%F field…` and `%R value…` rows, ending with `%E`. Lines are read one at a time from a
 * stream; only the tables a schedule needs are kept (PROJECT, CALENDAR, SCHEDOPTIONS, PROJWBS, TASK,
 * TASKPRED, ACTVTYPE/ACTVCODE/TASKACTV, UDFTYPE/UDFVALUE, RSRC/TASKRSRC). With several projects in one
 * file the first (or `projectId`) is read; relations to other projects are dropped with a warning.
 * Kept texts are copied off the decoded input, and each distinct date and hours text is parsed once
 * (`P6Values`): relations and assignments share their activities' id strings.
 */
import type { LagCalendar } from '@takt/engine';
import { number } from './dates.js';
import { InterchangeError } from './errors.js';
import { type ByteSource, chunksOf, type Encoding, TextDecoderAuto } from './input.js';
import {
  emptyProject,
  type IxActivity,
  type IxActivityType,
  type IxCalendar,
  type IxConstraintType,
  type IxProject,
  type IxRelationType,
  STANDARD_WEEK,
} from './model.js';
import { parseClndrData } from './p6-calendar.js';
import { type Locator, own, P6Values } from './p6-values.js';
import { validateProject } from './validate.js';

export interface XerReadOptions {
  encoding?: Encoding;
  /** proj_id or proj_short_name; default the first project. */
  projectId?: string;
}

export const XER_TASK_TYPES: Record<string, IxActivityType> = {
  TT_Task: 'task',
  TT_Rsrc: 'resource_dependent',
  TT_LOE: 'level_of_effort',
  TT_Mile: 'start_milestone',
  TT_FinMile: 'finish_milestone',
  TT_WBS: 'wbs_summary',
};
export const XER_CONSTRAINTS: Record<string, IxConstraintType> = {
  CS_MSO: 'start_on',
  CS_MSOB: 'start_on_or_before',
  CS_MSOA: 'start_on_or_after',
  CS_MEO: 'finish_on',
  CS_MEOB: 'finish_on_or_before',
  CS_MEOA: 'finish_on_or_after',
  CS_MANDSTART: 'mandatory_start',
  CS_MANDFIN: 'mandatory_finish',
};
export const XER_RELATIONS: Record<string, IxRelationType> = {
  PR_FS: 'fs',
  PR_SS: 'ss',
  PR_FF: 'ff',
  PR_SF: 'sf',
};
export const XER_LAG_CALENDARS: Record<string, LagCalendar> = {
  rcal_Predecessor: 'predecessor',
  rcal_Successor: 'successor',
  rcal_24Hour: '24h',
  rcal_ProjDefault: 'project',
};

interface RawCalendar {
  id: string;
  name: string;
  baseId: string;
  hoursPerDay: number | undefined;
  data: string;
  line: number;
  projId: string;
}

/**
 * The line being read: its cells (`text.split('\t')`, found by the positions of its tabs, so that only the
 * values read become strings) and, for a `%R` line, its values by the current table's `%F` field names.
 */
class Row implements Locator {
  line = 0;
  table = '';
  text = '';
  /** Positions of the line's tabs; `count` of them are this line's. */
  private readonly tabs: number[] = [];
  count = 0;
  fields: Map<string, number> = new Map();

  read(text: string): void {
    this.text = text;
    let n = 0;
    for (let i = text.indexOf('\t'); i >= 0; i = text.indexOf('\t', i + 1)) this.tabs[n++] = i;
    this.count = n;
  }

  /** Cell `k` as `split` gives it; undefined past the last. */
  cell(k: number): string | undefined {
    if (k > this.count) return undefined;
    const start = k === 0 ? 0 : this.tabs[k - 1]! + 1;
    return this.text.slice(start, k < this.count ? this.tabs[k] : this.text.length);
  }

  get(f: string): string {
    const k = this.fields.get(f);
    return k === undefined ? '' : (this.cell(k) ?? '').trim();
  }

  where(field: string) {
    return { line: this.line, element: this.table, field };
  }

  required(f: string): string {
    const v = this.get(f);
    if (!v) throw new InterchangeError('missing_value', 'required value is empty', this.where(f));
    return v;
  }
}

export async function readXer(source: ByteSource, options: XerReadOptions = {}): Promise<IxProject> {
  const project = emptyProject('xer', 'p6');
  const values = new P6Values();
  const row = new Row();
  let table = '';
  let fields: Map<string, number> = new Map();
  let fieldCount = 0;
  let sawHeader = false;
  let sawEnd = false;
  let projId: string | null = null;
  let criticalType = '';
  let criticalHours = 0;
  const calendars: RawCalendar[] = [];
  const wbsProjectNodes = new Set<string>();
  /** `wbs:<wbs_id>` by wbs_id, one string for all activities of a WBS node. */
  const wbsKeys = new Map<string, string>();
  const wbsKey = (id: string) => {
    let key = wbsKeys.get(id);
    if (key === undefined) {
      key = own(`wbs:${id}`);
      wbsKeys.set(own(id), key);
    }
    return key;
  };
  const activities = new Map<string, IxActivity>();
  const codeTypes = new Map<string, string>();
  const codeValues = new Map<string, { type: string; value: string }>();
  const udfTypes = new Map<string, { table: string; label: string }>();
  const otherProjectTasks = new Set<string>();
  let lastLine = 0;

  const get = (f: string) => row.get(f);
  const required = (f: string) => row.required(f);
  const where = (field: string) => row.where(field);
  const date = (f: string) => {
    const v = row.get(f);
    return v ? values.date(v, row, f) : undefined;
  };
  const hours = (f: string) => {
    const v = row.get(f);
    return v ? values.minutes(v, row, f) : undefined;
  };

  const onLine = (line: number, text: string): void => {
    lastLine = line;
    if (text === '') return;
    if (sawEnd) {
      if (text.trim() === '') return;
      throw new InterchangeError('syntax', 'data after %E', { line });
    }
    row.read(text);
    const tag = row.cell(0)!;
    if (!sawHeader) {
      if (tag !== 'ERMHDR')
        throw new InterchangeError('syntax', 'not an XER file (no ERMHDR header)', { line });
      sawHeader = true;
      project.options.raw.ermhdr_version = own(row.cell(1) ?? '');
      return;
    }
    if (tag === '%T') {
      table = own((row.cell(1) ?? '').trim());
      fields = new Map();
      fieldCount = 0;
      return;
    }
    if (tag === '%F') {
      const cells = text.split('\t');
      fields = new Map(cells.slice(1).map((f, k) => [own(f.trim()), k + 1]));
      fieldCount = cells.length - 1;
      return;
    }
    if (tag === '%E') {
      sawEnd = true;
      return;
    }
    if (tag !== '%R')
      throw new InterchangeError('syntax', `unexpected line start "${tag.slice(0, 20)}"`, { line });
    if (!table || fieldCount === 0) throw new InterchangeError('syntax', '%R before %T/%F', { line });
    if (row.count > fieldCount)
      throw new InterchangeError('syntax', `${row.count} values for ${fieldCount} fields`, {
        line,
        element: table,
      });
    row.line = line;
    row.table = table;
    row.fields = fields;

    switch (table) {
      case 'PROJECT': {
        const id = required('proj_id');
        if (projId !== null) break;
        if (options.projectId && options.projectId !== id && options.projectId !== get('proj_short_name'))
          break;
        if (get('project_flag') === 'N') break;
        projId = own(id);
        project.code = own(get('proj_short_name'));
        project.name = project.code;
        project.defaultCalendarId = own(get('clndr_id'));
        project.start = date('plan_start_date') ?? '';
        project.dataDate = date('last_recalc_date') ?? date('next_data_date');
        project.mustFinishBy = date('plan_end_date');
        project.scheduledFinish = date('scd_end_date');
        criticalType = own(get('critical_path_type'));
        criticalHours = get('critical_drtn_hr_cnt')
          ? number(get('critical_drtn_hr_cnt'), where('critical_drtn_hr_cnt'))
          : 0;
        project.options.raw.critical_path_type = criticalType;
        project.options.raw.critical_drtn_hr_cnt = own(get('critical_drtn_hr_cnt'));
        break;
      }
      case 'CALENDAR': {
        const day = get('day_hr_cnt');
        calendars.push({
          id: own(required('clndr_id')),
          name: own(get('clndr_name')),
          baseId: own(get('base_clndr_id')),
          hoursPerDay: day ? number(day, where('day_hr_cnt'), 24) : undefined,
          data: own(get('clndr_data')),
          line,
          projId: own(get('proj_id')),
        });
        break;
      }
      case 'SCHEDOPTIONS': {
        if (get('proj_id') !== projId) break;
        for (const [f] of fields) project.options.raw[f] = own(get(f));
        const lag = get('sched_calendar_on_relationship_lag');
        if (lag) {
          const mapped = XER_LAG_CALENDARS[lag];
          if (!mapped)
            throw new InterchangeError(
              'invalid_value',
              `unknown lag calendar "${lag}"`,
              where('sched_calendar_on_relationship_lag'),
            );
          project.options.lagCalendar = mapped;
        }
        const ft = get('sched_float_type');
        project.options.totalFloat = ft === 'FT_SF' ? 'start' : ft === 'FT_SM' ? 'smallest' : 'finish';
        if (get('sched_progress_override') === 'Y') project.options.progress = 'progress_override';
        else if (get('sched_retained_logic') !== 'Y') {
          project.options.progress = 'actual_dates';
          project.options.actualDatesMode = true;
        }
        project.options.openEndsCritical = get('sched_open_critical_flag') === 'Y';
        project.options.useExpectedFinish = get('sched_use_expect_end_flag') === 'Y';
        project.options.startLagFrom =
          get('sched_lag_early_start_flag') === 'Y' ? 'early_start' : 'actual_start';
        break;
      }
      case 'PROJWBS': {
        if (get('proj_id') !== projId) break;
        const id = required('wbs_id');
        if (get('proj_node_flag') === 'Y') {
          wbsProjectNodes.add(own(id));
          break;
        }
        project.wbs.push({
          id: wbsKey(id),
          parentId: get('parent_wbs_id') ? wbsKey(get('parent_wbs_id')) : null,
          code: own(get('wbs_short_name')),
          name: own(get('wbs_name')),
        });
        break;
      }
      case 'TASK': {
        const id = required('task_id');
        if (get('proj_id') !== projId) {
          otherProjectTasks.add(own(id));
          break;
        }
        if (activities.has(id))
          throw new InterchangeError('duplicate_id', `task_id ${id} appears twice`, where('task_id'));
        const typeCode = get('task_type');
        const type = XER_TASK_TYPES[typeCode];
        if (!type)
          throw new InterchangeError('invalid_value', `unknown task_type "${typeCode}"`, where('task_type'));
        const status = get('status_code');
        const a: IxActivity = {
          id: own(id),
          code: own(get('task_code')),
          name: own(get('task_name')),
          wbsId: get('wbs_id') ? wbsKey(get('wbs_id')) : null,
          parentId: null,
          type,
          calendarId: values.shared(get('clndr_id')) || null,
          durationMinutes: hours('target_drtn_hr_cnt') ?? 0,
          status:
            status === 'TK_Complete' ? 'completed' : status === 'TK_Active' ? 'in_progress' : 'not_started',
          actualStart: date('act_start_date'),
          actualFinish: date('act_end_date'),
          baselineStart: date('target_start_date'),
          baselineFinish: date('target_end_date'),
          expectedFinish: date('expect_end_date'),
          // P6's Late Start/Finish are its Remaining Late Start/Finish. A completed activity has none (blank
          // rem_late_* and total float): its late_* fields then hold dates of some earlier calculation, not of
          // the one the file records, so they are not taken as calculated values. (Two literals, not a
          // spread: a literal keeps every property inside the object, a spread needs a second array each.)
          recorded:
            status === 'TK_Complete' && !get('rem_late_start_date') && !get('rem_late_end_date')
              ? {
                  earlyStart: date('early_start_date'),
                  earlyFinish: date('early_end_date'),
                  totalFloatMinutes: hours('total_float_hr_cnt'),
                  freeFloatMinutes: hours('free_float_hr_cnt'),
                }
              : {
                  earlyStart: date('early_start_date'),
                  earlyFinish: date('early_end_date'),
                  lateStart: date('late_start_date'),
                  lateFinish: date('late_end_date'),
                  totalFloatMinutes: hours('total_float_hr_cnt'),
                  freeFloatMinutes: hours('free_float_hr_cnt'),
                },
          codes: {},
          udfs: {},
        };
        if (a.status === 'in_progress') a.remainingMinutes = hours('remain_drtn_hr_cnt');
        if (get('phys_complete_pct'))
          a.percentComplete = number(get('phys_complete_pct'), where('phys_complete_pct'), 100);
        if (criticalType === 'CT_DrivPath' && get('driving_path_flag'))
          a.recorded.critical = get('driving_path_flag') === 'Y';
        for (const [typeField, dateField, key] of CONSTRAINT_FIELDS) {
          const c = get(typeField);
          if (!c) continue;
          if (c === 'CS_ALAP') {
            a.asLateAsPossible = true;
            continue;
          }
          const t = XER_CONSTRAINTS[c];
          if (!t) throw new InterchangeError('invalid_value', `unknown constraint "${c}"`, where(typeField));
          const d = date(dateField);
          if (!d)
            throw new InterchangeError('missing_value', `constraint ${c} without a date`, where(dateField));
          a[key] = { type: t, date: d };
        }
        activities.set(a.id, a);
        project.activities.push(a);
        break;
      }
      case 'TASKPRED': {
        const succ = required('task_id');
        const pred = required('pred_task_id');
        const successor = activities.get(succ);
        const predecessor = activities.get(pred);
        if (!successor || !predecessor) {
          if (
            otherProjectTasks.has(succ) ||
            otherProjectTasks.has(pred) ||
            get('pred_proj_id') !== get('proj_id')
          ) {
            if (successor || predecessor)
              project.warnings.push(
                own(`TASKPRED ${get('task_pred_id')}: relation to another project dropped`),
              );
            break;
          }
          throw new InterchangeError(
            'dangling_relation',
            `relation ${get('task_pred_id')} refers to unknown task ${successor ? pred : succ}`,
            where(successor ? 'pred_task_id' : 'task_id'),
          );
        }
        const t = XER_RELATIONS[get('pred_type')];
        if (!t)
          throw new InterchangeError(
            'invalid_value',
            `unknown pred_type "${get('pred_type')}"`,
            where('pred_type'),
          );
        const relationId = get('task_pred_id');
        project.relations.push({
          id: relationId ? own(relationId) : `${predecessor.id}->${successor.id}`,
          predecessorId: predecessor.id,
          successorId: successor.id,
          type: t,
          lagMinutes: hours('lag_hr_cnt') ?? 0,
        });
        break;
      }
      case 'ACTVTYPE':
        codeTypes.set(own(get('actv_code_type_id')), own(get('actv_code_type')));
        break;
      case 'ACTVCODE':
        codeValues.set(own(get('actv_code_id')), {
          type: own(get('actv_code_type_id')),
          value: own(get('short_name')),
        });
        break;
      case 'TASKACTV': {
        const a = activities.get(get('task_id'));
        const v = codeValues.get(get('actv_code_id'));
        if (a && v) a.codes[codeTypes.get(v.type) ?? v.type] = v.value;
        break;
      }
      case 'UDFTYPE':
        udfTypes.set(own(get('udf_type_id')), {
          table: own(get('table_name')),
          label: own(get('udf_type_label')),
        });
        break;
      case 'UDFVALUE': {
        const type = udfTypes.get(get('udf_type_id'));
        if (type?.table !== 'TASK') break;
        const a = activities.get(get('fk_id'));
        if (!a) break;
        // One of the value fields is filled, by the UDF's type; a number may be 0.
        const n = get('udf_number');
        const text = get('udf_text');
        a.udfs[type.label] =
          (text && own(text)) ||
          date('udf_date') ||
          (n !== '' ? number(n, where('udf_number')) : values.shared(get('udf_code_id')));
        break;
      }
      case 'RSRC':
        project.resources.push({
          id: own(required('rsrc_id')),
          code: own(get('rsrc_short_name')),
          name: own(get('rsrc_name')),
          type:
            get('rsrc_type') === 'RT_Mat'
              ? 'material'
              : get('rsrc_type') === 'RT_Equip'
                ? 'nonlabor'
                : 'labor',
          calendarId: values.shared(get('clndr_id')) || null,
        });
        break;
      case 'TASKRSRC': {
        const a = activities.get(get('task_id'));
        if (!a) break;
        const num = (f: string) => (get(f) ? number(get(f), where(f)) : undefined);
        project.assignments.push({
          id: own(required('taskrsrc_id')),
          activityId: a.id,
          resourceId: values.shared(get('rsrc_id')),
          plannedUnits: num('target_qty'),
          actualUnits: num('act_reg_qty'),
          remainingUnits: num('remain_qty'),
        });
        break;
      }
      default:
        break;
    }
  };
  await eachLine(source, options.encoding, onLine);
  if (!sawHeader) throw new InterchangeError('truncated', 'empty file', { line: 1 });
  if (!sawEnd) throw new InterchangeError('truncated', 'file ends before %E', { line: lastLine });
  if (projId === null)
    throw new InterchangeError('missing_value', 'no project in the file', { element: 'PROJECT' });

  if (criticalType === 'CT_DrivPath') project.options.critical = { kind: 'longest_path' };
  else project.options.critical = { kind: 'total_float', thresholdMinutes: Math.round(criticalHours * 60) };

  // calendars: global, resource and this project's; base calendars fill in a missing week
  const byId = new Map(calendars.map((c) => [c.id, c]));
  const resolve = (raw: RawCalendar, depth: number): IxCalendar => {
    const where = { line: raw.line, element: 'CALENDAR', field: 'clndr_data' };
    const parsed = raw.data ? parseClndrData(raw.data, where) : { week: null, exceptions: [] };
    const base = raw.baseId && depth < 10 ? byId.get(raw.baseId) : undefined;
    const baseCal = base ? resolve(base, depth + 1) : undefined;
    return {
      id: raw.id,
      name: raw.name,
      week: parsed.week ?? baseCal?.week ?? STANDARD_WEEK,
      exceptions: parsed.week || !baseCal ? parsed.exceptions : [...baseCal.exceptions, ...parsed.exceptions],
      hoursPerDay: raw.hoursPerDay,
      baseId: raw.baseId || undefined,
    };
  };
  for (const raw of calendars)
    if (!raw.projId || raw.projId === projId) project.calendars.push(resolve(raw, 0));
  const wbsIds = new Set(project.wbs.map((w) => w.id));
  for (const w of project.wbs) if (w.parentId && !wbsIds.has(w.parentId)) w.parentId = null;
  for (const a of project.activities) if (a.wbsId && !wbsIds.has(a.wbsId)) a.wbsId = null;
  if (!project.start) project.start = project.dataDate ?? '';
  validateProject(project);
  return project;
}

const CONSTRAINT_FIELDS = [
  ['cstr_type', 'cstr_date', 'constraint'],
  ['cstr_type2', 'cstr_date2', 'constraint2'],
] as const;

/**
 * `linesOf`, with the lines of each decoded chunk handed over in one synchronous loop (not one await per
 * line): decoded lines without `\r\n`, 1-based line numbers; an encoding error comes after the lines
 * before its chunk.
 */
async function eachLine(
  source: ByteSource,
  encoding: Encoding | undefined,
  onLine: (line: number, text: string) => void,
): Promise<void> {
  const decoder = new TextDecoderAuto(encoding);
  let rest = '';
  let line = 0;
  for await (const chunk of chunksOf(source)) {
    rest += decoder.decode(chunk);
    let start = 0;
    for (let i = rest.indexOf('\n'); i >= 0; i = rest.indexOf('\n', start)) {
      const text = rest.charCodeAt(i - 1) === 13 ? rest.slice(start, i - 1) : rest.slice(start, i);
      start = i + 1;
      onLine(++line, text);
    }
    rest = rest.slice(start);
  }
  rest += decoder.decode(new Uint8Array(0), true);
  if (rest.length > 0) onLine(++line, rest.endsWith('\r') ? rest.slice(0, -1) : rest);
}

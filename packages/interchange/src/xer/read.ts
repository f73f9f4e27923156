/**
 * Primavera P6 XER reader. XER is tab-separated text: `ERMHDR` (version, export date, …), then per table
 * `%T name`, `%F field…` and `%R value…` rows, ending with `%E`. As P6 does, it opens files whose first
 * line is not the header (a BOM, blank lines, text before it, no header at all but `%T` tables), and a
 * record with a value it cannot take is read without that value (or with P6's default for it), each such
 * value reported in `problems`; a record without its id is left out, reported too. Lines are read one at a time from a
 * stream; only the tables a schedule needs are kept (PROJECT, CALENDAR, SCHEDOPTIONS, PROJWBS, TASK,
 * TASKPRED, ACTVTYPE/ACTVCODE/TASKACTV, UDFTYPE/UDFVALUE, RSRC/TASKRSRC). With several projects in one
 * file the first (or `projectId`) is read; relations to other projects are dropped with a warning.
 * Kept texts are copied off the decoded input, and each distinct date and hours text is parsed once
 * (`P6Values`): relations and assignments share their activities' id strings.
 */
import { number } from '../common/dates.js';
import { InterchangeError } from '../common/errors.js';
import { type ByteSource, chunksOf, decoderFor, type Encoding, encodingUsed } from '../common/input.js';
import { type ProblemAt, ProblemLog } from '../common/lenient.js';
import {
  emptyProject,
  type IxActivity,
  type IxCalendar,
  type IxProject,
  STANDARD_WEEK,
} from '../common/model.js';
import { type Locator, own, P6Values } from '../common/p6-values.js';
import { MAX_MINUTES, repairProject, validateProject } from '../common/validate.js';
import { parseClndrData } from './calendar-data.js';
import { XER_CONSTRAINTS, XER_LAG_CALENDARS, XER_RELATIONS, XER_TASK_TYPES } from './codes.js';

export interface XerReadOptions {
  encoding?: Encoding;
  /** proj_id or proj_short_name; default the first project. */
  projectId?: string;
}

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

  /** Where a problem is: line, table, the record as planners know it (its code or name) and the field. */
  at(field?: string): ProblemAt {
    const names = RECORD_NAMES[this.table];
    let record = '';
    for (const f of names ?? []) {
      record = this.get(f);
      if (record) break;
    }
    return { line: this.line, table: this.table, record: record || undefined, field };
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
  const log = new ProblemLog(project.problems);
  /** Lines before the header or the first table that are neither (at most `MAX_LEAD_LINES`). */
  let leadLines = 0;
  let sawTable = false;

  const get = (f: string) => row.get(f);
  const required = (f: string) => row.required(f);
  const date = (f: string) => {
    const v = row.get(f);
    if (!v) return undefined;
    try {
      return values.date(v, row, f);
    } catch (e) {
      log.fromError(e, 'ignored', row.at(f), v);
      return undefined;
    }
  };
  const hours = (f: string) => {
    const v = row.get(f);
    if (!v) return undefined;
    try {
      return values.minutes(v, row, f);
    } catch (e) {
      log.fromError(e, 'ignored', row.at(f), v);
      return undefined;
    }
  };
  const num = (f: string, max?: number) => {
    const v = row.get(f);
    if (!v) return undefined;
    try {
      return number(v, row.where(f), max);
    } catch (e) {
      log.fromError(e, 'ignored', row.at(f), v);
      return undefined;
    }
  };
  /** A type code P6 does not define: its default, reported. */
  const known = <T>(map: Record<string, T>, f: string, fallback: string): T => {
    const v = get(f);
    const mapped = Object.hasOwn(map, v) ? map[v] : undefined;
    if (mapped !== undefined) return mapped;
    if (v)
      log.add(
        'unknown_value',
        'defaulted',
        row.at(f),
        `unknown ${f} "${v}"; P6's default ${fallback} is used`,
        v,
        fallback,
      );
    return map[fallback]!;
  };

  const onLine = (line: number, raw: string): void => {
    lastLine = line;
    if (raw === '') return;
    let text = raw;
    if (text.includes('\0')) {
      text = text.replaceAll('\0', '');
      log.add('invalid_line', 'ignored', { line }, 'NUL characters in the line are left out', raw);
    }
    if (ignoreRest) return;
    if (sawEnd) {
      if (text.trim() === '') return;
      log.add('invalid_line', 'ignored', { line }, 'data after %E (the end of the file) is not read', text);
      ignoreRest = true;
      return;
    }
    row.read(text);
    const tag = row
      .cell(0)!
      .replace(/^\uFEFF/, '')
      .trim();
    if (tag === 'ERMHDR') {
      if (!sawHeader) project.options.raw.ermhdr_version = own(row.cell(1) ?? '');
      sawHeader = true;
      return;
    }
    if (!sawHeader && !sawTable && tag !== '%T') {
      // a P6 export may start with a BOM, blank lines or a line of some other program
      if (text.trim() === '') return;
      if (++leadLines > MAX_LEAD_LINES)
        throw new InterchangeError(
          'unsupported_format',
          'not an XER file (no ERMHDR header and no %T table)',
          {
            line,
          },
        );
      log.add('invalid_line', 'ignored', { line }, 'a line before the XER header is not read', text);
      return;
    }
    if (tag === '%T') {
      sawTable = true;
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
    if (tag !== '%R') {
      if (text.trim() !== '')
        log.add(
          'invalid_line',
          'ignored',
          { line, table: table || undefined },
          `a line starting "${tag.slice(0, 20)}" is not an XER row (%T, %F, %R, %E); not read`,
          text,
        );
      return;
    }
    if (!table || fieldCount === 0) {
      log.add(
        'invalid_line',
        'ignored',
        { line },
        'a %R row before its table (%T) and fields (%F); not read',
        text,
      );
      return;
    }
    row.line = line;
    row.table = table;
    row.fields = fields;
    if (row.count > fieldCount)
      log.add(
        'invalid_line',
        'ignored',
        row.at(),
        `${row.count} values for ${fieldCount} fields; the values past the last field are not read`,
        text,
      );
    try {
      readRow();
    } catch (e) {
      if (!(e instanceof InterchangeError)) throw e;
      log.add(
        e.code === 'missing_value' ? 'missing_value' : 'invalid_value',
        'ignored',
        row.at(e.field),
        `${e.message.replace(/^.*?field [^:]+: /, '')}; the ${table} record is not read`,
        text,
      );
    }
  };

  const readRow = (): void => {
    const line = row.line;
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
        criticalHours = num('critical_drtn_hr_cnt') ?? 0;
        project.options.raw.critical_path_type = criticalType;
        project.options.raw.critical_drtn_hr_cnt = own(get('critical_drtn_hr_cnt'));
        break;
      }
      case 'CALENDAR': {
        calendars.push({
          id: own(required('clndr_id')),
          name: own(get('clndr_name')),
          baseId: own(get('base_clndr_id')),
          hoursPerDay: num('day_hr_cnt', 24),
          data: own(get('clndr_data')),
          line,
          projId: own(get('proj_id')),
        });
        break;
      }
      case 'SCHEDOPTIONS': {
        if (get('proj_id') !== projId) break;
        for (const [f] of fields) project.options.raw[f] = own(get(f));
        if (get('sched_calendar_on_relationship_lag'))
          project.options.lagCalendar = known(
            XER_LAG_CALENDARS,
            'sched_calendar_on_relationship_lag',
            'rcal_Predecessor',
          );
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
        if (activities.has(id)) {
          log.add(
            'duplicate_id',
            'ignored',
            row.at('task_id'),
            `task_id ${id} appears again; the first is kept`,
            id,
          );
          break;
        }
        const type = known(XER_TASK_TYPES, 'task_type', 'TT_Task');
        const status = get('status_code');
        if (status && status !== 'TK_NotStart' && status !== 'TK_Active' && status !== 'TK_Complete')
          log.add(
            'unknown_value',
            'defaulted',
            row.at('status_code'),
            `unknown status_code "${status}"; TK_NotStart is used`,
            status,
            'TK_NotStart',
          );
        const a: IxActivity = {
          id: own(id),
          code: own(get('task_code')),
          name: own(get('task_name')),
          wbsId: get('wbs_id') ? wbsKey(get('wbs_id')) : null,
          parentId: null,
          type,
          calendarId: values.shared(get('clndr_id')) || null,
          durationMinutes: plannedDuration(status),
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
        const pct = num('phys_complete_pct');
        if (pct !== undefined) a.percentComplete = pct;
        if (criticalType === 'CT_DrivPath' && get('driving_path_flag'))
          a.recorded.critical = get('driving_path_flag') === 'Y';
        for (const [typeField, dateField, key] of CONSTRAINT_FIELDS) {
          const c = get(typeField);
          if (!c) continue;
          if (c === 'CS_ALAP') {
            a.asLateAsPossible = true;
            continue;
          }
          const t = Object.hasOwn(XER_CONSTRAINTS, c) ? XER_CONSTRAINTS[c] : undefined;
          if (!t) {
            log.add(
              'unknown_value',
              'ignored',
              row.at(typeField),
              `unknown constraint type "${c}"; no constraint`,
              c,
            );
            continue;
          }
          const d = date(dateField);
          if (!d) {
            log.add(
              'missing_value',
              'ignored',
              row.at(dateField),
              `constraint ${c} without a date; no constraint`,
              c,
            );
            continue;
          }
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
          const missing = successor ? pred : succ;
          log.add(
            'dangling_relation',
            'ignored',
            row.at(successor ? 'pred_task_id' : 'task_id'),
            `relation ${get('task_pred_id')} refers to task ${missing}, which is not in the file; left out`,
            missing,
          );
          break;
        }
        const t = known(XER_RELATIONS, 'pred_type', 'PR_FS');
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
        const n = num('udf_number');
        const text = get('udf_text');
        a.udfs[type.label] =
          (text && own(text)) ||
          date('udf_date') ||
          (n !== undefined ? n : values.shared(get('udf_code_id')));
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
  /**
   * The planned duration (target_drtn_hr_cnt). P6 calculates with the remaining duration: for a
   * not-started activity it equals the planned one unless edited, for an in-progress one it is read
   * separately, for a completed one it is zero. So a planned duration that cannot be read or is beyond
   * any schedule (real exports have 5,469,776 h) is replaced by the remaining duration, which is what
   * P6 used, and reported.
   */
  const plannedDuration = (status: string): number => {
    const v = get('target_drtn_hr_cnt');
    if (!v) return 0;
    let planned: number | undefined;
    try {
      planned = values.minutes(v, row, 'target_drtn_hr_cnt');
    } catch {
      planned = undefined;
    }
    if (planned !== undefined && planned >= 0 && planned <= MAX_MINUTES) return planned;
    const remainText = get('remain_drtn_hr_cnt');
    let remaining = 0;
    if (status !== 'TK_Complete' && remainText)
      try {
        const r = values.minutes(remainText, row, 'remain_drtn_hr_cnt');
        if (r >= 0 && r <= MAX_MINUTES) remaining = r;
      } catch {
        remaining = 0;
      }
    const hoursText = `${Math.round((remaining / 60) * 100) / 100} h`;
    log.add(
      planned === undefined && !/^-?\d+(\.\d+)?$/.test(v.trim()) ? 'invalid_number' : 'out_of_range',
      'clamped',
      row.at('target_drtn_hr_cnt'),
      `planned duration ${v} h cannot be scheduled; it does not drive P6's calculation (the remaining duration does), so the remaining duration ${hoursText} is used`,
      v,
      hoursText,
    );
    return remaining;
  };
  let ignoreRest = false;
  await eachLine(source, options.encoding, onLine);
  if (!sawHeader && !sawTable)
    throw new InterchangeError('truncated', 'empty file: no XER header and no table', { line: 1 });
  if (!sawEnd) throw new InterchangeError('truncated', 'file ends before %E', { line: lastLine });
  if (projId === null)
    throw new InterchangeError('missing_value', 'no project in the file', { element: 'PROJECT' });

  if (criticalType === 'CT_DrivPath') project.options.critical = { kind: 'longest_path' };
  else project.options.critical = { kind: 'total_float', thresholdMinutes: Math.round(criticalHours * 60) };

  // calendars: global, resource and this project's; base calendars fill in a missing week
  const byId = new Map(calendars.map((c) => [c.id, c]));
  const resolve = (raw: RawCalendar, depth: number): IxCalendar => {
    const where = { line: raw.line, element: 'CALENDAR', field: 'clndr_data' };
    let parsed: ReturnType<typeof parseClndrData> = { week: null, exceptions: [] };
    try {
      if (raw.data) parsed = parseClndrData(raw.data, where);
    } catch (e) {
      if (!(e instanceof InterchangeError)) throw e;
      if (depth === 0)
        log.add(
          'calendar_data',
          'defaulted',
          { line: raw.line, table: 'CALENDAR', record: raw.name || raw.id, field: 'clndr_data' },
          `${e.message.replace(/^.*?field clndr_data: /, '')}; the calendar is read as its base calendar's week, else the standard week`,
          raw.data,
          'standard week',
        );
    }
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
  repairProject(project, log);
  validateProject(project);
  const used = encodingUsed(source);
  if (used) project.encoding = used;
  return project;
}

/** Lines before the header or the first table that may be skipped before the file is not an XER. */
const MAX_LEAD_LINES = 20;

/** The fields that name a record of each table in a problem (the first filled one). */
const RECORD_NAMES: Record<string, readonly string[]> = {
  PROJECT: ['proj_short_name', 'proj_id'],
  CALENDAR: ['clndr_name', 'clndr_id'],
  SCHEDOPTIONS: ['proj_id'],
  PROJWBS: ['wbs_short_name', 'wbs_id'],
  TASK: ['task_code', 'task_id'],
  TASKPRED: ['task_pred_id'],
  ACTVTYPE: ['actv_code_type', 'actv_code_type_id'],
  ACTVCODE: ['short_name', 'actv_code_id'],
  UDFTYPE: ['udf_type_label', 'udf_type_id'],
  UDFVALUE: ['fk_id'],
  RSRC: ['rsrc_short_name', 'rsrc_id'],
  TASKRSRC: ['taskrsrc_id'],
};

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
  const decoder = decoderFor(source, encoding);
  let rest = '';
  let line = 0;
  const take = (decoded: string) => {
    rest += decoded;
    let start = 0;
    for (let i = rest.indexOf('\n'); i >= 0; i = rest.indexOf('\n', start)) {
      const text = rest.charCodeAt(i - 1) === 13 ? rest.slice(start, i - 1) : rest.slice(start, i);
      start = i + 1;
      onLine(++line, text);
    }
    rest = rest.slice(start);
  };
  for await (const chunk of chunksOf(source)) take(decoder.decode(chunk));
  // the decoder may have held bytes back (to detect a code page): the last call can bring many lines
  take(decoder.decode(new Uint8Array(0), true));
  if (rest.length > 0) onLine(++line, rest.endsWith('\r') ? rest.slice(0, -1) : rest);
}

/**
 * Primavera P6 XML (PMXML, root `APIBusinessObjects`) reader, streaming one Calendar, WBS, Activity,
 * Relationship, Resource or ResourceAssignment at a time. Durations, lags and floats are hours; work-time
 * finishes are inclusive minutes (11:59 = until 12:00). Schedule options are Project fields (or a
 * `ScheduleOptions` element). With several projects the first with activities (or `projectId`) is read.
 * Each Activity becomes an activity as its end tag arrives (see `pmxml/records.ts`), whichever project it
 * is in; one whose conversion fails is kept as its texts and converted again at the end, so errors come in
 * the order of the file's parts (XML, the project's settings, calendars, activities, relationships and
 * assignments). Kept texts are copied off the parser's input; equal dates share one string (`P6Values`).
 * A value P6 would open but Takt cannot take as written is left out or replaced by P6's default and
 * reported in `problems` (see `lenient.ts`); the file is refused only when nothing schedulable is left.
 */
import type { LagCalendar } from '@takt/engine';
import { hhmm, inEngineRange, isoDate, minutesFromHours, number } from '../common/dates.js';
import { InterchangeError } from '../common/errors.js';
import type { ByteSource, Encoding } from '../common/input.js';
import { ProblemLog } from '../common/lenient.js';
import {
  emptyProject,
  type IxActivity,
  type IxActivityType,
  type IxCalendar,
  type IxConstraintType,
  type IxInterval,
  type IxProblem,
  type IxProject,
  type IxRelationType,
  type IxWbs,
  STANDARD_WEEK,
} from '../common/model.js';
import { type Locator, own, P6Values } from '../common/p6-values.js';
import { finishRead } from '../common/validate.js';
import { child, childrenNamed, childText, type XNode } from '../common/xml-stream.js';
import {
  ACTIVITY,
  type ActivityRecord,
  ASSIGNMENT,
  CODE,
  type Fields,
  type LaterKind,
  RELATIONSHIP,
  RESOURCE,
  readPmxmlRecords,
  UDF,
  WBS,
} from './records.js';

export const PMXML_TYPES: Record<string, IxActivityType> = {
  'Task Dependent': 'task',
  'Resource Dependent': 'resource_dependent',
  'Level of Effort': 'level_of_effort',
  'Start Milestone': 'start_milestone',
  'Finish Milestone': 'finish_milestone',
  'WBS Summary': 'wbs_summary',
};
export const PMXML_CONSTRAINTS: Record<string, IxConstraintType | 'alap'> = {
  'Start On': 'start_on',
  'Start On or Before': 'start_on_or_before',
  'Start On or After': 'start_on_or_after',
  'Finish On': 'finish_on',
  'Finish On or Before': 'finish_on_or_before',
  'Finish On or After': 'finish_on_or_after',
  'Mandatory Start': 'mandatory_start',
  'Mandatory Finish': 'mandatory_finish',
  'As Late As Possible': 'alap',
};
export const PMXML_RELATIONS: Record<string, IxRelationType> = {
  'Finish to Start': 'fs',
  'Start to Start': 'ss',
  'Finish to Finish': 'ff',
  'Start to Finish': 'sf',
};
export const PMXML_LAG_CALENDARS: Record<string, LagCalendar> = {
  'Predecessor Activity Calendar': 'predecessor',
  'Successor Activity Calendar': 'successor',
  '24 Hour Calendar': '24h',
  'Project Default Calendar': 'project',
};
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** An activity whose conversion failed: converted again at the end, where its error (if it is read) is thrown. */
class FailedActivity {
  constructor(readonly record: ActivityRecord) {}
}

/** The records of one depth-2 Project (or those shared by all), in the file's order. */
class Bucket {
  settings: Record<string, string> = {};
  hasActivity = false;
  scheduleOptions: [string, string][] | undefined;
  /** WBS nodes and activities, with each one's line and ProjectObjectId. */
  readonly first: (IxWbs | IxActivity | FailedActivity)[] = [];
  readonly firstLines: number[] = [];
  readonly firstProjects: string[] = [];
  /** Relationships, resources and assignments: their texts, converted at the end. */
  readonly later: { kind: LaterKind; line: number; fields: Fields }[] = [];
}

/** Where in an activity: its line, `Activity <Id or ObjectId>` and the field. */
class ActivityAt implements Locator {
  line = 0;
  name = '';
  where(field: string) {
    return { line: this.line, element: `Activity ${this.name}`, field };
  }
}

export async function readPmxml(
  source: ByteSource,
  options: { encoding?: Encoding; projectId?: string } = {},
): Promise<IxProject> {
  const p = emptyProject('pmxml', 'p6');
  const values = new P6Values();
  const calendars: XNode[] = [];
  const perProject = new Map<string, Bucket>();
  const bucket = (project: number) => {
    const key = project === 0 ? 'shared' : String(project);
    let b = perProject.get(key);
    if (!b) {
      b = new Bucket();
      perProject.set(key, b);
    }
    return b;
  };
  /** `wbs:<ObjectId>` by ObjectId, one string for all activities of a WBS node. */
  const wbsKeys = new Map<string, string>();
  const wbsKey = (id: string) => {
    let key = wbsKeys.get(id);
    if (key === undefined) {
      key = own(`wbs:${id}`);
      wbsKeys.set(own(id), key);
    }
    return key;
  };
  const at = new ActivityAt();
  const log = new ProblemLog(p.problems);
  /** Problems of each activity read, reported once its project is known to be the one read. */
  const activityProblems = new Map<IxActivity, IxProblem[]>();
  const scratch = new ProblemLog([]);
  const convert = (r: ActivityRecord) => {
    const a = activityOf(r, values, at, wbsKey, scratch);
    if (scratch.list.length > 0) activityProblems.set(a, scratch.list.splice(0));
    return a;
  };
  const root = await readPmxmlRecords(
    source,
    {
      setting(project, name, text) {
        // CriticalActivityFloatThreshold may repeat; the first wins
        bucket(project).settings[name] ??= own(text);
      },
      calendar: (node) => calendars.push(ownTexts(node)),
      activity(project, r) {
        const b = bucket(project);
        b.hasActivity = true;
        let a: IxActivity | FailedActivity;
        try {
          a = convert(r);
        } catch {
          const copy = (f: Fields) => f.map((t) => t && own(t));
          a = new FailedActivity({
            line: r.line,
            fields: copy(r.fields),
            udfs: r.udfs.map(copy),
            codes: r.codes.map(copy),
          });
        }
        b.first.push(a);
        b.firstLines.push(r.line);
        b.firstProjects.push(values.shared(r.fields[ACTIVITY.ProjectObjectId] ?? ''));
      },
      wbs(project, line, f) {
        const b = bucket(project);
        const parent = f[WBS.ParentObjectId];
        b.first.push({
          id: wbsKey(f[WBS.ObjectId] ?? ''),
          parentId: parent ? wbsKey(parent) : null,
          code: own(f[WBS.Code] ?? ''),
          name: own(f[WBS.Name] ?? ''),
        });
        b.firstLines.push(line);
        b.firstProjects.push(values.shared(f[WBS.ProjectObjectId] ?? ''));
      },
      later(project, kind, line, f) {
        const fields =
          kind === 'Relationship'
            ? [
                own(f[RELATIONSHIP.ObjectId] ?? ''),
                values.shared(f[RELATIONSHIP.PredecessorActivityObjectId] ?? ''),
                values.shared(f[RELATIONSHIP.SuccessorActivityObjectId] ?? ''),
                values.shared(f[RELATIONSHIP.Type] ?? ''),
                values.shared(f[RELATIONSHIP.Lag] ?? ''),
              ]
            : f.map((t) => t && own(t));
        bucket(project).later.push({ kind, line, fields });
      },
      scheduleOptions(project, children) {
        const b = bucket(project);
        b.scheduleOptions ??= children.map(([name, text]) => [own(name), own(text)]);
      },
      skipped: (project) => void bucket(project),
    },
    options.encoding,
  );
  if (root !== 'APIBusinessObjects')
    throw new InterchangeError(
      'unsupported_format',
      `root element <${root}> is not a P6 <APIBusinessObjects>`,
    );
  const candidates = [...perProject].filter(([k]) => k !== 'shared');
  const chosen =
    candidates.find(
      ([, b]) =>
        options.projectId &&
        (b.settings.Id === options.projectId || b.settings.ObjectId === options.projectId),
    ) ??
    candidates.find(([, b]) => b.hasActivity) ??
    candidates[0];
  if (!chosen) throw new InterchangeError('missing_value', 'no Project element', { element: 'Project' });
  const b = chosen[1];
  const later = [...b.later, ...(perProject.get('shared')?.later ?? [])];
  perProject.clear();
  const { settings } = b;
  for (const [name, text] of b.scheduleOptions ?? []) settings[name] ??= text;
  p.options.raw = settings;
  const where = (field: string) => ({ element: 'Project', field });
  const projectAt = (field: string) => ({ table: 'Project', record: settings.Id, field });
  const date = (v: string | undefined, field: string) =>
    log.readOrIgnore(
      v,
      () => projectAt(field),
      (text) => isoDate(text, where(field)),
    );
  p.code = settings.Id ?? '';
  p.name = settings.Name ?? '';
  p.start = date(settings.PlannedStartDate || settings.StartDate, 'PlannedStartDate') ?? '';
  p.dataDate = date(settings.DataDate, 'DataDate');
  p.mustFinishBy = date(settings.MustFinishByDate, 'MustFinishByDate');
  p.scheduledFinish = date(settings.ScheduledFinishDate, 'ScheduledFinishDate');
  p.defaultCalendarId = settings.ActivityDefaultCalendarObjectId ?? '';
  const lag = settings.RelationshipLagCalendar;
  if (lag) {
    const m = Object.hasOwn(PMXML_LAG_CALENDARS, lag) ? PMXML_LAG_CALENDARS[lag] : undefined;
    if (m) p.options.lagCalendar = m;
    else
      log.add(
        'unknown_value',
        'defaulted',
        projectAt('RelationshipLagCalendar'),
        `unknown relationship lag calendar "${lag}"; P6's default Predecessor Activity Calendar is used`,
        lag,
        'Predecessor Activity Calendar',
      );
  }
  const tf = settings.ComputeTotalFloatType ?? '';
  p.options.totalFloat = tf.startsWith('Smallest')
    ? 'smallest'
    : tf.startsWith('Start Float')
      ? 'start'
      : 'finish';
  const oos = settings.OutOfSequenceScheduleType ?? 'Retained Logic';
  if (oos === 'Progress Override') p.options.progress = 'progress_override';
  else if (oos === 'Actual Dates') {
    p.options.progress = 'actual_dates';
    p.options.actualDatesMode = true;
  }
  p.options.useExpectedFinish =
    settings.UseExpectedFinishDates === '1' || settings.UseExpectedFinishDates === 'true';
  // a boolean in the schema: true = from the (remaining) early start
  const ssLag = settings.StartToStartLagCalculationType;
  p.options.startLagFrom = ssLag === '1' || ssLag === 'true' ? 'early_start' : 'actual_start';
  if (settings.CriticalActivityPathType === 'Longest Path') p.options.critical = { kind: 'longest_path' };
  else {
    let th = 0;
    try {
      if (settings.CriticalActivityFloatThreshold)
        th = minutesFromHours(
          settings.CriticalActivityFloatThreshold,
          where('CriticalActivityFloatThreshold'),
        );
    } catch (e) {
      log.fromError(
        e,
        'defaulted',
        projectAt('CriticalActivityFloatThreshold'),
        settings.CriticalActivityFloatThreshold ?? '',
        '0',
      );
    }
    p.options.critical = { kind: 'total_float', thresholdMinutes: th };
  }
  p.options.openEndsCritical = settings.MakeOpenEndedActivitiesCritical === '1';

  p.calendars = calendars.map((n) => readCalendar(n, log));
  const projectObjectId = settings.ObjectId;
  /** The activities' ids, each the activity's own id string. */
  const activityIds = new Map<string, string>();
  const foreign = new Set<string>();
  for (let i = 0; i < b.first.length; i++) {
    const e = b.first[i]!;
    b.first[i] = FREED;
    const project = b.firstProjects[i]!;
    const mine = !projectObjectId || !project || project === projectObjectId;
    const failed = e instanceof FailedActivity ? e : undefined;
    const converted = !failed && 'type' in e ? e : undefined;
    if (!failed && !converted) {
      if (mine) p.wbs.push(e as IxWbs);
      continue;
    }
    const f = failed?.record.fields;
    const id = f ? (f[ACTIVITY.ObjectId] ?? '') : converted!.id;
    if (!mine) {
      foreign.add(id);
      continue;
    }
    at.line = b.firstLines[i]!;
    at.name = (f ? f[ACTIVITY.Id] : converted!.code) || id;
    const problemAt = { line: at.line, table: 'Activity', record: at.name || undefined, field: 'ObjectId' };
    if (!id) {
      log.add('missing_value', 'ignored', problemAt, 'an activity without ObjectId is not read', '');
      continue;
    }
    if (activityIds.has(id)) {
      log.add('duplicate_id', 'ignored', problemAt, `ObjectId ${id} appears again; the first is kept`, id);
      continue;
    }
    const a = failed ? convert(failed.record) : converted!;
    activityIds.set(a.id, a.id);
    p.activities.push(a);
    const problems = activityProblems.get(a);
    if (problems) log.addAll(problems);
  }
  for (let i = 0; i < later.length; i++) {
    const { kind, line, fields: f } = later[i]!;
    later[i] = FREED_LATER;
    if (kind === 'Relationship') {
      const objectId = f[RELATIONSHIP.ObjectId] ?? '';
      const w = (field: string) => ({ line, element: `Relationship ${objectId}`, field });
      const relAt = (field: string) => ({
        line,
        table: 'Relationship',
        record: objectId || undefined,
        field,
      });
      const predText = f[RELATIONSHIP.PredecessorActivityObjectId] ?? '';
      const succText = f[RELATIONSHIP.SuccessorActivityObjectId] ?? '';
      const pred = activityIds.get(predText);
      const succ = activityIds.get(succText);
      if (pred === undefined || succ === undefined) {
        if ((foreign.has(predText) || foreign.has(succText)) && (pred !== undefined || succ !== undefined)) {
          p.warnings.push(`relationship ${objectId} to another project dropped`);
          continue;
        }
        if (pred === undefined && succ === undefined) continue;
        const missing = pred !== undefined ? succText : predText;
        log.add(
          'dangling_relation',
          'ignored',
          relAt(pred !== undefined ? 'SuccessorActivityObjectId' : 'PredecessorActivityObjectId'),
          `relationship ${objectId} refers to activity ${missing}, which is not in the file; left out`,
          missing,
        );
        continue;
      }
      const typeText = f[RELATIONSHIP.Type] ?? '';
      let type = PMXML_RELATIONS[typeText || 'Finish to Start'];
      if (!type || !Object.hasOwn(PMXML_RELATIONS, typeText || 'Finish to Start')) {
        log.add(
          'unknown_value',
          'defaulted',
          relAt('Type'),
          `unknown relationship type "${typeText}"; Finish to Start is used`,
          typeText,
          'Finish to Start',
        );
        type = 'fs';
      }
      const lag = f[RELATIONSHIP.Lag] ?? '';
      let lagMinutes = 0;
      try {
        if (lag) lagMinutes = values.minutes(lag, { where: w }, 'Lag');
      } catch (e) {
        log.fromError(e, 'defaulted', relAt('Lag'), lag, '0');
      }
      p.relations.push({
        id: objectId || `${pred}->${succ}`,
        predecessorId: pred,
        successorId: succ,
        type,
        lagMinutes,
      });
    } else if (kind === 'Resource') {
      const resourceType = f[RESOURCE.ResourceType];
      p.resources.push({
        id: f[RESOURCE.ObjectId] ?? '',
        code: f[RESOURCE.Id] ?? '',
        name: f[RESOURCE.Name] ?? '',
        type: resourceType === 'Material' ? 'material' : resourceType === 'Nonlabor' ? 'nonlabor' : 'labor',
        calendarId: f[RESOURCE.CalendarObjectId] || null,
      });
    } else {
      const activityId = activityIds.get(f[ASSIGNMENT.ActivityObjectId] ?? '');
      if (activityId === undefined) continue;
      const units = (k: number, field: string) => {
        const text = f[k];
        if (!text) return undefined;
        try {
          return number(text, { line, element: 'ResourceAssignment', field });
        } catch (e) {
          log.fromError(
            e,
            'ignored',
            { line, table: 'ResourceAssignment', record: f[ASSIGNMENT.ObjectId], field },
            text,
          );
          return undefined;
        }
      };
      p.assignments.push({
        id: f[ASSIGNMENT.ObjectId] ?? '',
        activityId,
        resourceId: f[ASSIGNMENT.ResourceObjectId] ?? '',
        plannedUnits: units(ASSIGNMENT.PlannedUnits, 'PlannedUnits'),
        actualUnits: units(ASSIGNMENT.ActualUnits, 'ActualUnits'),
        remainingUnits: units(ASSIGNMENT.RemainingUnits, 'RemainingUnits'),
      });
    }
  }
  const calIds = new Set(p.calendars.map((c) => c.id));
  for (const r of p.resources) if (r.calendarId && !calIds.has(r.calendarId)) r.calendarId = null;
  const resIds = new Set(p.resources.map((r) => r.id));
  p.assignments = p.assignments.filter((a) => resIds.has(a.resourceId));
  if (!p.start) p.start = p.dataDate ?? '';
  return finishRead(p, log, source);
}

/** The calendar's texts copied off the parser's input. */
function ownTexts(node: XNode): XNode {
  node.text = own(node.text);
  for (const c of node.children) ownTexts(c);
  return node;
}

/** What a slot of a bucket holds once it has been read (so that what it held can be collected). */
const FREED: IxWbs = { id: '', parentId: null, code: '', name: '' };
const FREED_LATER = { kind: 'Resource' as LaterKind, line: 0, fields: [] as Fields };

/** An Activity's texts → the activity; errors in the order of the original tree reader. */
function activityOf(
  r: ActivityRecord,
  values: P6Values,
  at: ActivityAt,
  wbsKey: (id: string) => string,
  log: ProblemLog,
): IxActivity {
  const f = r.fields;
  const t = (k: number) => f[k] ?? '';
  at.line = r.line;
  at.name = t(ACTIVITY.Id) || t(ACTIVITY.ObjectId);
  const problemAt = (field: string) => ({
    line: r.line,
    table: 'Activity',
    record: at.name || undefined,
    field,
  });
  const typeText = t(ACTIVITY.Type) || 'Task Dependent';
  let type = Object.hasOwn(PMXML_TYPES, typeText) ? PMXML_TYPES[typeText] : undefined;
  if (!type) {
    log.add(
      'unknown_value',
      'defaulted',
      problemAt('Type'),
      `unknown activity type "${typeText}"; Task Dependent is used`,
      typeText,
      'Task Dependent',
    );
    type = 'task';
  }
  const hrs = (k: number, field: string) =>
    log.readOrIgnore(
      f[k],
      () => problemAt(field),
      (text) => values.minutes(text, at, field),
    );
  const date = (k: number, field: string) =>
    log.readOrIgnore(
      f[k],
      () => problemAt(field),
      (text) => values.date(text, at, field),
    );
  const status = t(ACTIVITY.Status);
  const wbs = t(ACTIVITY.WBSObjectId);
  const a: IxActivity = {
    id: own(t(ACTIVITY.ObjectId)),
    code: own(t(ACTIVITY.Id)),
    name: own(t(ACTIVITY.Name)),
    wbsId: wbs ? wbsKey(wbs) : null,
    parentId: null,
    type,
    calendarId: values.shared(t(ACTIVITY.CalendarObjectId)) || null,
    durationMinutes:
      hrs(ACTIVITY.PlannedDuration, 'PlannedDuration') ??
      hrs(ACTIVITY.AtCompletionDuration, 'AtCompletionDuration') ??
      0,
    status: status === 'Completed' ? 'completed' : status === 'In Progress' ? 'in_progress' : 'not_started',
    actualStart: date(ACTIVITY.ActualStartDate, 'ActualStartDate'),
    actualFinish: date(ACTIVITY.ActualFinishDate, 'ActualFinishDate'),
    expectedFinish: date(ACTIVITY.ExpectedFinishDate, 'ExpectedFinishDate'),
    recorded: {
      earlyStart: date(ACTIVITY.EarlyStartDate, 'EarlyStartDate'),
      earlyFinish: date(ACTIVITY.EarlyFinishDate, 'EarlyFinishDate'),
      lateStart: date(ACTIVITY.LateStartDate, 'LateStartDate'),
      lateFinish: date(ACTIVITY.LateFinishDate, 'LateFinishDate'),
      totalFloatMinutes: hrs(ACTIVITY.TotalFloat, 'TotalFloat'),
      freeFloatMinutes: hrs(ACTIVITY.FreeFloat, 'FreeFloat'),
      start: date(ACTIVITY.StartDate, 'StartDate'),
      finish: date(ACTIVITY.FinishDate, 'FinishDate'),
    },
    codes: {},
    udfs: {},
  };
  if (a.status === 'in_progress') a.remainingMinutes = hrs(ACTIVITY.RemainingDuration, 'RemainingDuration');
  const percent = log.readOrIgnore(
    f[ACTIVITY.PhysicalPercentComplete],
    () => problemAt('PhysicalPercentComplete'),
    (text) => number(text, at.where('PhysicalPercentComplete')) * 100,
  );
  if (percent !== undefined) a.percentComplete = percent;
  for (const [typeAt, dateAt, typeField, dateField, key] of CONSTRAINT_FIELDS) {
    const c = t(typeAt);
    if (!c || c === 'None') continue;
    const m = Object.hasOwn(PMXML_CONSTRAINTS, c) ? PMXML_CONSTRAINTS[c] : undefined;
    if (!m) {
      log.add(
        'unknown_value',
        'ignored',
        problemAt(typeField),
        `unknown constraint type "${c}"; no constraint`,
        c,
      );
      continue;
    }
    if (m === 'alap') {
      a.asLateAsPossible = true;
      continue;
    }
    const d = date(dateAt, dateField);
    if (!d) {
      log.add(
        'missing_value',
        'ignored',
        problemAt(dateField),
        `constraint ${c} without a date; no constraint`,
        c,
      );
      continue;
    }
    a[key] = { type: m, date: d };
  }
  for (const u of r.udfs) {
    const v = u[UDF.TextValue] || u[UDF.DoubleValue] || u[UDF.StartDateValue] || u[UDF.IntegerValue] || '';
    a.udfs[values.shared(u[UDF.TypeObjectId] ?? '')] = own(v);
  }
  for (const c of r.codes)
    a.codes[values.shared(c[CODE.CodeTypeObjectId] ?? '')] = values.shared(c[CODE.ValueObjectId] ?? '');
  return a;
}

const CONSTRAINT_FIELDS = [
  [
    ACTIVITY.PrimaryConstraintType,
    ACTIVITY.PrimaryConstraintDate,
    'PrimaryConstraintType',
    'PrimaryConstraintDate',
    'constraint',
  ],
  [
    ACTIVITY.SecondaryConstraintType,
    ACTIVITY.SecondaryConstraintDate,
    'SecondaryConstraintType',
    'SecondaryConstraintDate',
    'constraint2',
  ],
] as const;

/** A calendar P6 wrote but Takt cannot read is the standard week, reported. */
function readCalendar(n: XNode, log: ProblemLog): IxCalendar {
  try {
    return readCalendarData(n, log);
  } catch (e) {
    if (!(e instanceof InterchangeError)) throw e;
    log.add(
      'calendar_data',
      'defaulted',
      {
        line: n.line,
        table: 'Calendar',
        record: childText(n, 'Name') || childText(n, 'ObjectId'),
        field: e.field,
      },
      `${e.message.replace(/^.*?field [^:]+: /, '')}; the standard week is used`,
      '',
      'standard week',
    );
    return {
      id: own(childText(n, 'ObjectId')),
      name: own(childText(n, 'Name')),
      week: STANDARD_WEEK.map((d) => [...d]),
      exceptions: [],
    };
  }
}

function readCalendarData(n: XNode, log: ProblemLog): IxCalendar {
  const w = (field: string) => ({ line: n.line, element: `Calendar ${childText(n, 'ObjectId')}`, field });
  const hours = (node: XNode): IxInterval[] =>
    childrenNamed(node, 'WorkTime')
      .filter((x) => childText(x, 'Start') && childText(x, 'Finish'))
      .map((x) => ({
        start: hhmm(childText(x, 'Start'), w('Start')),
        finish: hhmm(childText(x, 'Finish'), w('Finish'), true),
      }));
  const week: IxInterval[][] = STANDARD_WEEK.map((d) => [...d]);
  for (const d of childrenNamed(child(n, 'StandardWorkWeek'), 'StandardWorkHours')) {
    const k = DAYS.indexOf(childText(d, 'DayOfWeek'));
    if (k < 0)
      throw new InterchangeError(
        'invalid_value',
        `unknown day "${childText(d, 'DayOfWeek')}"`,
        w('DayOfWeek'),
      );
    week[k] = hours(d);
  }
  const exceptions: { date: string; intervals: IxInterval[] }[] = [];
  for (const e of childrenNamed(child(n, 'HolidayOrExceptions'), 'HolidayOrException')) {
    const d = childText(e, 'Date');
    let date: string;
    try {
      date = isoDate(d, w('Date')).slice(0, 10);
    } catch (x) {
      log.fromError(
        x,
        'ignored',
        { line: e.line, table: 'Calendar', record: childText(n, 'Name'), field: 'Date' },
        d,
      );
      continue;
    }
    if (!inEngineRange(date)) continue; // outside the dates the engine calculates with: cannot matter
    exceptions.push({ date, intervals: hours(e) });
  }
  const hpd = childText(n, 'HoursPerDay');
  return {
    id: own(childText(n, 'ObjectId')),
    name: own(childText(n, 'Name')),
    week,
    exceptions,
    ...(hpd ? { hoursPerDay: number(hpd, w('HoursPerDay'), 24) } : {}),
    ...(childText(n, 'BaseCalendarObjectId') ? { baseId: own(childText(n, 'BaseCalendarObjectId')) } : {}),
  };
}

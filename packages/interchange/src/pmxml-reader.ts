/**
 * Primavera P6 XML (PMXML, root `APIBusinessObjects`) reader, streaming one Calendar, WBS, Activity,
 * Relationship, Resource or ResourceAssignment at a time. Durations, lags and floats are hours; work-time
 * finishes are inclusive minutes (11:59 = until 12:00). Schedule options are Project fields (or a
 * `ScheduleOptions` element). With several projects the first with activities (or `projectId`) is read.
 */
import type { LagCalendar } from '@takt/engine';
import { hhmm, isoDate, minutesFromHours, number } from './dates.js';
import { InterchangeError } from './errors.js';
import type { ByteSource, Encoding } from './input.js';
import {
  emptyProject,
  type IxActivity,
  type IxActivityType,
  type IxCalendar,
  type IxConstraintType,
  type IxInterval,
  type IxProject,
  type IxRelationType,
  STANDARD_WEEK,
} from './model.js';
import { validateProject } from './validate.js';
import { child, childrenNamed, childText, streamXml, type XNode } from './xml-stream.js';

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

export async function readPmxml(
  source: ByteSource,
  options: { encoding?: Encoding; projectId?: string } = {},
): Promise<IxProject> {
  const p = emptyProject('pmxml', 'p6');
  const calendars: XNode[] = [];
  const perProject = new Map<string, { settings: Record<string, string>; records: XNode[] }>();
  let projectIndex = 0;
  const bucket = () => {
    const key = String(projectIndex);
    let b = perProject.get(key);
    if (!b) {
      b = { settings: {}, records: [] };
      perProject.set(key, b);
    }
    return b;
  };
  const root = await streamXml(
    source,
    {
      isRecord: (path) => {
        const last = path[path.length - 1]!;
        if (last === 'Calendar') return true;
        if (path.length === 2 && last === 'Project') projectIndex++;
        return (
          (path.length === 3 &&
            path[1] === 'Project' &&
            [
              'WBS',
              'Activity',
              'Relationship',
              'ResourceAssignment',
              'ScheduleOptions',
              'UDFType',
              'ActivityCode',
            ].includes(last)) ||
          (path.length === 2 &&
            (last === 'Resource' || last === 'Relationship' || last === 'ResourceAssignment'))
        );
      },
      onRecord: (node, path) => {
        if (node.name === 'Calendar') calendars.push(node);
        else if (path.length === 2)
          (
            perProject.get('shared') ?? perProject.set('shared', { settings: {}, records: [] }).get('shared')!
          ).records.push(node);
        else bucket().records.push(node);
      },
      onScalar: (path, text) => {
        if (path.length === 3 && path[1] === 'Project') {
          const b = bucket();
          // CriticalActivityFloatThreshold may repeat; the first wins
          b.settings[path[2]!] ??= text;
        }
      },
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
    candidates.find(([, b]) => b.records.some((r) => r.name === 'Activity')) ??
    candidates[0];
  if (!chosen) throw new InterchangeError('missing_value', 'no Project element', { element: 'Project' });
  const { settings, records } = chosen[1];
  records.push(...(perProject.get('shared')?.records ?? []));
  const schedOptions = records.find((r) => r.name === 'ScheduleOptions');
  for (const c of schedOptions?.children ?? []) settings[c.name] ??= c.text;
  p.options.raw = settings;
  const where = (field: string) => ({ element: 'Project', field });
  const date = (v: string | undefined, w: { line?: number; element?: string; field?: string }) =>
    v ? isoDate(v, w) : undefined;
  p.code = settings.Id ?? '';
  p.name = settings.Name ?? '';
  p.start = date(settings.PlannedStartDate || settings.StartDate, where('PlannedStartDate')) ?? '';
  p.dataDate = date(settings.DataDate, where('DataDate'));
  p.mustFinishBy = date(settings.MustFinishByDate, where('MustFinishByDate'));
  p.scheduledFinish = date(settings.ScheduledFinishDate, where('ScheduledFinishDate'));
  p.defaultCalendarId = settings.ActivityDefaultCalendarObjectId ?? '';
  const lag = settings.RelationshipLagCalendar;
  if (lag) {
    const m = PMXML_LAG_CALENDARS[lag];
    if (!m) throw new InterchangeError('invalid_value', `unknown "${lag}"`, where('RelationshipLagCalendar'));
    p.options.lagCalendar = m;
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
    const th = settings.CriticalActivityFloatThreshold
      ? minutesFromHours(settings.CriticalActivityFloatThreshold, where('CriticalActivityFloatThreshold'))
      : 0;
    p.options.critical = { kind: 'total_float', thresholdMinutes: th };
  }
  p.options.openEndsCritical = settings.MakeOpenEndedActivitiesCritical === '1';

  p.calendars = calendars.map(readCalendar);
  const projectObjectId = settings.ObjectId;
  const mine = (r: XNode) =>
    !projectObjectId ||
    !childText(r, 'ProjectObjectId') ||
    childText(r, 'ProjectObjectId') === projectObjectId;
  const activityIds = new Set<string>();
  const foreign = new Set<string>();
  for (const r of records) {
    const w = (field: string) => ({
      line: r.line,
      element: `${r.name} ${childText(r, 'Id') || childText(r, 'ObjectId')}`,
      field,
    });
    const t = (f: string) => childText(r, f);
    if (r.name === 'WBS' && mine(r)) {
      p.wbs.push({
        id: `wbs:${t('ObjectId')}`,
        parentId: t('ParentObjectId') ? `wbs:${t('ParentObjectId')}` : null,
        code: t('Code'),
        name: t('Name'),
      });
    } else if (r.name === 'Activity') {
      if (!mine(r)) {
        foreign.add(t('ObjectId'));
        continue;
      }
      const id = t('ObjectId');
      if (!id) throw new InterchangeError('missing_value', 'activity without ObjectId', w('ObjectId'));
      if (activityIds.has(id))
        throw new InterchangeError('duplicate_id', `ObjectId ${id} appears twice`, w('ObjectId'));
      activityIds.add(id);
      const type = PMXML_TYPES[t('Type') || 'Task Dependent'];
      if (!type) throw new InterchangeError('invalid_value', `unknown Type "${t('Type')}"`, w('Type'));
      const hrs = (f: string) => (t(f) ? minutesFromHours(t(f), w(f)) : undefined);
      const status = t('Status');
      const a: IxActivity = {
        id,
        code: t('Id'),
        name: t('Name'),
        wbsId: t('WBSObjectId') ? `wbs:${t('WBSObjectId')}` : null,
        parentId: null,
        type,
        calendarId: t('CalendarObjectId') || null,
        durationMinutes: hrs('PlannedDuration') ?? hrs('AtCompletionDuration') ?? 0,
        status:
          status === 'Completed' ? 'completed' : status === 'In Progress' ? 'in_progress' : 'not_started',
        actualStart: date(t('ActualStartDate'), w('ActualStartDate')),
        actualFinish: date(t('ActualFinishDate'), w('ActualFinishDate')),
        expectedFinish: date(t('ExpectedFinishDate'), w('ExpectedFinishDate')),
        recorded: {
          earlyStart: date(t('EarlyStartDate'), w('EarlyStartDate')),
          earlyFinish: date(t('EarlyFinishDate'), w('EarlyFinishDate')),
          lateStart: date(t('LateStartDate'), w('LateStartDate')),
          lateFinish: date(t('LateFinishDate'), w('LateFinishDate')),
          totalFloatMinutes: hrs('TotalFloat'),
          freeFloatMinutes: hrs('FreeFloat'),
          start: date(t('StartDate'), w('StartDate')),
          finish: date(t('FinishDate'), w('FinishDate')),
        },
        codes: {},
        udfs: {},
      };
      if (a.status === 'in_progress') a.remainingMinutes = hrs('RemainingDuration');
      if (t('PhysicalPercentComplete'))
        a.percentComplete = number(t('PhysicalPercentComplete'), w('PhysicalPercentComplete'), 1) * 100;
      for (const [tf2, df, key] of [
        ['PrimaryConstraintType', 'PrimaryConstraintDate', 'constraint'],
        ['SecondaryConstraintType', 'SecondaryConstraintDate', 'constraint2'],
      ] as const) {
        const c = t(tf2);
        if (!c || c === 'None') continue;
        const m = PMXML_CONSTRAINTS[c];
        if (!m) throw new InterchangeError('invalid_value', `unknown constraint "${c}"`, w(tf2));
        if (m === 'alap') {
          a.asLateAsPossible = true;
          continue;
        }
        const d = date(t(df), w(df));
        if (!d) throw new InterchangeError('missing_value', `${c} without a date`, w(df));
        a[key] = { type: m, date: d };
      }
      for (const u of childrenNamed(r, 'UDF')) {
        const v =
          childText(u, 'TextValue') ||
          childText(u, 'DoubleValue') ||
          childText(u, 'StartDateValue') ||
          childText(u, 'IntegerValue');
        a.udfs[childText(u, 'TypeObjectId')] = v;
      }
      for (const c of childrenNamed(r, 'Code'))
        a.codes[childText(c, 'CodeTypeObjectId')] = childText(c, 'ValueObjectId');
      p.activities.push(a);
    }
  }
  for (const r of records) {
    const t = (f: string) => childText(r, f);
    const w = (field: string) => ({ line: r.line, element: `Relationship ${t('ObjectId')}`, field });
    if (r.name === 'Relationship') {
      const pred = t('PredecessorActivityObjectId');
      const succ = t('SuccessorActivityObjectId');
      if (!activityIds.has(pred) || !activityIds.has(succ)) {
        if ((foreign.has(pred) || foreign.has(succ)) && (activityIds.has(pred) || activityIds.has(succ))) {
          p.warnings.push(`relationship ${t('ObjectId')} to another project dropped`);
          continue;
        }
        if (!activityIds.has(pred) && !activityIds.has(succ)) continue;
        throw new InterchangeError(
          'dangling_relation',
          `unknown activity ${activityIds.has(pred) ? succ : pred}`,
          w(activityIds.has(pred) ? 'SuccessorActivityObjectId' : 'PredecessorActivityObjectId'),
        );
      }
      const type = PMXML_RELATIONS[t('Type') || 'Finish to Start'];
      if (!type) throw new InterchangeError('invalid_value', `unknown Type "${t('Type')}"`, w('Type'));
      p.relations.push({
        id: t('ObjectId') || `${pred}->${succ}`,
        predecessorId: pred,
        successorId: succ,
        type,
        lagMinutes: t('Lag') ? minutesFromHours(t('Lag'), w('Lag')) : 0,
      });
    } else if (r.name === 'Resource') {
      p.resources.push({
        id: t('ObjectId'),
        code: t('Id'),
        name: t('Name'),
        type:
          t('ResourceType') === 'Material'
            ? 'material'
            : t('ResourceType') === 'Nonlabor'
              ? 'nonlabor'
              : 'labor',
        calendarId: t('CalendarObjectId') || null,
      });
    } else if (r.name === 'ResourceAssignment' && activityIds.has(t('ActivityObjectId'))) {
      const units = (f: string) =>
        t(f) ? number(t(f), { line: r.line, element: 'ResourceAssignment', field: f }) : undefined;
      p.assignments.push({
        id: t('ObjectId'),
        activityId: t('ActivityObjectId'),
        resourceId: t('ResourceObjectId'),
        plannedUnits: units('PlannedUnits'),
        actualUnits: units('ActualUnits'),
        remainingUnits: units('RemainingUnits'),
      });
    }
  }
  const calIds = new Set(p.calendars.map((c) => c.id));
  for (const r of p.resources) if (r.calendarId && !calIds.has(r.calendarId)) r.calendarId = null;
  const resIds = new Set(p.resources.map((r) => r.id));
  p.assignments = p.assignments.filter((a) => resIds.has(a.resourceId));
  const wbsIds = new Set(p.wbs.map((w) => w.id));
  for (const w of p.wbs) if (w.parentId && !wbsIds.has(w.parentId)) w.parentId = null;
  for (const a of p.activities) if (a.wbsId && !wbsIds.has(a.wbsId)) a.wbsId = null;
  if (!p.start) p.start = p.dataDate ?? '';
  validateProject(p);
  return p;
}

function readCalendar(n: XNode): IxCalendar {
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
    const year = Number(d.slice(0, 4));
    if (year < 2000 || year > 2050) continue;
    exceptions.push({ date: isoDate(d, w('Date')).slice(0, 10), intervals: hours(e) });
  }
  const hpd = childText(n, 'HoursPerDay');
  return {
    id: childText(n, 'ObjectId'),
    name: childText(n, 'Name'),
    week,
    exceptions,
    ...(hpd ? { hoursPerDay: number(hpd, w('HoursPerDay'), 24) } : {}),
    ...(childText(n, 'BaseCalendarObjectId') ? { baseId: childText(n, 'BaseCalendarObjectId') } : {}),
  };
}

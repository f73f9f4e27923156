/**
 * MS Project XML (MSPDI) reader, streaming: project settings are read as they pass, then one Calendar,
 * Task, Resource or Assignment element at a time. Durations are ISO 8601 (`PT8H0M0S`); LinkLag is in
 * tenths of a minute (elapsed LagFormats 4/6/8/10/12 run on a 24-hour clock, percent formats 19/20 are
 * percent of the predecessor's duration); slack is in tenths of a minute; Type 0=FF 1=FS 2=SF 3=SS.
 */
import { isoDate, number } from './dates.js';
import { InterchangeError } from './errors.js';
import type { ByteSource, Encoding } from './input.js';
import {
  emptyProject,
  type IxActivity,
  type IxCalendar,
  type IxConstraintType,
  type IxInterval,
  type IxProject,
  type IxRelationType,
  STANDARD_WEEK,
} from './model.js';
import { validateProject } from './validate.js';
import { child, childrenNamed, childText, streamXml, type XNode } from './xml-stream.js';

export const MSPDI_CONSTRAINTS: Record<string, IxConstraintType | 'asap' | 'alap'> = {
  '0': 'asap',
  '1': 'alap',
  '2': 'start_on',
  '3': 'finish_on',
  '4': 'start_on_or_after',
  '5': 'start_on_or_before',
  '6': 'finish_on_or_after',
  '7': 'finish_on_or_before',
};
export const MSPDI_LINK_TYPES: Record<string, IxRelationType> = {
  '0': 'ff',
  '1': 'fs',
  '2': 'sf',
  '3': 'ss',
};
const ELAPSED_LAG_FORMATS = new Set(['4', '6', '8', '10', '12', '20']);
const PERCENT_LAG_FORMATS = new Set(['19', '20']);

/** `PT8H30M0S`, `P2DT4H`, `-PT1H`… → minutes (days as 24 h: MSPDI writes durations in hours). */
export function minutesFromIsoDuration(
  text: string,
  where: { line?: number; element?: string; field?: string },
): number {
  const m =
    /^(-)?P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(-?\d+(?:\.\d+)?)H)?(?:(-?\d+(?:\.\d+)?)M)?(?:(-?\d+(?:\.\d+)?)S)?)?$/.exec(
      text.trim(),
    );
  if (!m || text.trim() === 'P')
    throw new InterchangeError('invalid_value', `"${text}" is not an ISO 8601 duration`, where);
  const [, neg, y, mo, d, h, mi, s] = m;
  if (y || mo)
    throw new InterchangeError('invalid_value', `"${text}": years/months are not durations of work`, where);
  const minutes = Number(d ?? 0) * 1440 + Number(h ?? 0) * 60 + Number(mi ?? 0) + Number(s ?? 0) / 60;
  if (!Number.isFinite(minutes) || Math.abs(minutes) > 100 * 366 * 1440)
    throw new InterchangeError('invalid_value', `duration "${text}" is out of range`, where);
  return Math.round(neg ? -minutes : minutes);
}

export async function readMspdi(
  source: ByteSource,
  options: { encoding?: Encoding } = {},
): Promise<IxProject> {
  const p = emptyProject('mspdi', 'msproject');
  p.options.totalFloat = 'smallest';
  // lags run on the successor's task calendar, the project calendar when it has none
  p.options.lagCalendar = 'successor';
  // MS Project's treatment of manually scheduled tasks (see the engine's options)
  p.options.manualStartLinks = 'ignore';
  p.options.manualUnlinkedCritical = false;
  const settings: Record<string, string> = {};
  const rawCalendars: XNode[] = [];
  const tasks: XNode[] = [];
  const resources: XNode[] = [];
  const assignments: XNode[] = [];
  const attributeNames = new Map<string, string>();
  const root = await streamXml(
    source,
    {
      isRecord: (path) =>
        path.length === 3 &&
        ((path[1] === 'Calendars' && path[2] === 'Calendar') ||
          (path[1] === 'Tasks' && path[2] === 'Task') ||
          (path[1] === 'Resources' && path[2] === 'Resource') ||
          (path[1] === 'Assignments' && path[2] === 'Assignment') ||
          (path[1] === 'ExtendedAttributes' && path[2] === 'ExtendedAttribute')),
      onRecord: (node) => {
        if (node.name === 'Calendar') rawCalendars.push(node);
        else if (node.name === 'Task') tasks.push(compactTask(node));
        else if (node.name === 'Resource') resources.push(node);
        else if (node.name === 'Assignment') assignments.push(node);
        else
          attributeNames.set(
            childText(node, 'FieldID'),
            childText(node, 'Alias') || childText(node, 'FieldName'),
          );
      },
      onScalar: (path, text) => {
        if (path.length === 2) settings[path[1]!] = text;
      },
    },
    options.encoding,
  );
  if (root !== 'Project')
    throw new InterchangeError('unsupported_format', `root element <${root}> is not an MSPDI <Project>`);
  p.options.raw = settings;
  const where = (field: string) => ({ element: 'Project', field });
  p.name = settings.Title || settings.Name || '';
  p.code = settings.Name || '';
  if (!settings.StartDate)
    throw new InterchangeError('missing_value', 'project has no StartDate', where('StartDate'));
  p.start = isoDate(settings.StartDate, where('StartDate'));
  p.scheduledFinish = settings.FinishDate ? isoDate(settings.FinishDate, where('FinishDate')) : undefined;
  p.minutesPerDay = settings.MinutesPerDay
    ? number(settings.MinutesPerDay, where('MinutesPerDay'), 1440)
    : 480;
  p.defaultCalendarId = settings.CalendarUID ?? '1';
  const slackLimitDays = settings.CriticalSlackLimit
    ? number(settings.CriticalSlackLimit, where('CriticalSlackLimit'), 10000)
    : 0;
  p.options.critical = {
    kind: 'total_float',
    thresholdMinutes: Math.round(slackLimitDays * p.minutesPerDay),
  };
  if (settings.ScheduleFromStart === '0')
    p.warnings.push('project scheduled from its finish: scheduled forward from its start');
  if (settings.StatusDate) p.dataDate = isoDate(settings.StatusDate, where('StatusDate'));
  // "Tasks will always honor their constraint dates" (default on): must start/finish on beat the links
  const honorConstraints = settings.HonorConstraints !== '0';

  p.calendars = resolveCalendars(rawCalendars);
  const perDay = p.minutesPerDay;
  for (const c of p.calendars) c.hoursPerDay ??= perDay / 60;
  const byUid = new Map<string, IxActivity>();
  const outline: IxActivity[] = [];
  const links: { node: XNode; succ: IxActivity; line: number }[] = [];
  for (const t of tasks) {
    const w = (field: string) => ({ line: t.line, element: `Task UID ${childText(t, 'UID')}`, field });
    const text = (f: string) => childText(t, f);
    const date = (f: string) => (text(f) ? isoDate(text(f), w(f)) : undefined);
    const dur = (f: string) => (text(f) ? minutesFromIsoDuration(text(f), w(f)) : undefined);
    if (text('IsNull') === '1') continue;
    const uid = text('UID');
    if (!uid) throw new InterchangeError('missing_value', 'task without UID', w('UID'));
    if (text('Active') === '0') {
      p.warnings.push(`task ${text('ID')}: inactive, left out`);
      continue;
    }
    const level = text('OutlineLevel') ? number(text('OutlineLevel'), w('OutlineLevel'), 100) : 1;
    const summary = text('Summary') === '1';
    if (uid === '0' && level === 0) {
      // the project summary task: the project's own row, not a work
      p.projectSummary = {
        name: text('Name'),
        recorded: {
          earlyStart: date('EarlyStart'),
          earlyFinish: date('EarlyFinish'),
          lateStart: date('LateStart'),
          lateFinish: date('LateFinish'),
          totalFloatMinutes: text('TotalSlack')
            ? Math.round(number(text('TotalSlack'), w('TotalSlack')) / 10)
            : undefined,
          freeFloatMinutes: text('FreeSlack')
            ? Math.round(number(text('FreeSlack'), w('FreeSlack')) / 10)
            : undefined,
          critical: text('Critical') ? text('Critical') === '1' : undefined,
          start: date('Start'),
          finish: date('Finish'),
        },
      };
      outline.length = 0;
      continue;
    }
    const milestone = text('Milestone') === '1';
    const slack = (f: string) => (text(f) ? Math.round(number(text(f), w(f)) / 10) : undefined);
    const a: IxActivity = {
      id: uid,
      code: text('ID') || uid,
      name: text('Name'),
      wbsId: null,
      parentId: null,
      type: summary ? 'summary' : milestone ? 'finish_milestone' : 'task',
      calendarId: text('CalendarUID') && text('CalendarUID') !== '-1' ? text('CalendarUID') : null,
      durationMinutes: dur('Duration') ?? 0,
      actualStart: date('ActualStart'),
      actualFinish: date('ActualFinish'),
      recorded: {
        earlyStart: date('EarlyStart'),
        earlyFinish: date('EarlyFinish'),
        lateStart: date('LateStart'),
        lateFinish: date('LateFinish'),
        totalFloatMinutes: slack('TotalSlack'),
        freeFloatMinutes: slack('FreeSlack'),
        critical: text('Critical') ? text('Critical') === '1' : undefined,
        start: date('Start'),
        finish: date('Finish'),
      },
      codes: {},
      udfs: {},
    };
    if (text('Manual') === '1' && !summary) a.manual = true;
    if (text('PercentComplete'))
      a.percentComplete = number(text('PercentComplete'), w('PercentComplete'), 1000);
    if (a.actualFinish) a.status = 'completed';
    else if (a.actualStart) {
      a.status = 'in_progress';
      a.remainingMinutes = dur('RemainingDuration');
    } else a.status = 'not_started';
    const ct = MSPDI_CONSTRAINTS[text('ConstraintType') || '0'];
    if (!ct)
      throw new InterchangeError(
        'invalid_value',
        `unknown ConstraintType ${text('ConstraintType')}`,
        w('ConstraintType'),
      );
    if (ct === 'alap') a.asLateAsPossible = true;
    else if (ct !== 'asap') {
      const d = date('ConstraintDate');
      if (!d)
        throw new InterchangeError('missing_value', 'constraint without ConstraintDate', w('ConstraintDate'));
      const type =
        honorConstraints && ct === 'start_on'
          ? 'mandatory_start'
          : honorConstraints && ct === 'finish_on'
            ? 'mandatory_finish'
            : ct;
      a.constraint = { type, date: d };
    }
    // a deadline bounds the late finish only, like P6's secondary "finish on or before"
    const deadline = date('Deadline');
    if (deadline) a.constraint2 = { type: 'finish_on_or_before', date: deadline };
    const baseline = childrenNamed(t, 'Baseline').find((b) => childText(b, 'Number') === '0');
    if (baseline) {
      if (childText(baseline, 'Start'))
        a.baselineStart = isoDate(childText(baseline, 'Start'), w('Baseline/Start'));
      if (childText(baseline, 'Finish'))
        a.baselineFinish = isoDate(childText(baseline, 'Finish'), w('Baseline/Finish'));
    }
    for (const x of childrenNamed(t, 'ExtendedAttribute')) {
      const id = childText(x, 'FieldID');
      a.udfs[attributeNames.get(id) || id] = childText(x, 'Value');
    }
    if (byUid.has(uid)) throw new InterchangeError('duplicate_id', `task UID ${uid} appears twice`, w('UID'));
    byUid.set(uid, a);
    while (outline.length > level) outline.pop();
    if (level > 0) a.parentId = outline[level - 1]?.id ?? null;
    outline[level] = a;
    outline.length = level + 1;
    for (const l of childrenNamed(t, 'PredecessorLink')) links.push({ node: l, succ: a, line: l.line });
    p.activities.push(a);
  }
  for (const { node, succ, line } of links) {
    const w = (field: string) => ({ line, element: `Task ${succ.code} PredecessorLink`, field });
    const predUid = childText(node, 'PredecessorUID');
    if (childText(node, 'CrossProject') === '1') {
      p.warnings.push(`task ${succ.code}: link to another project dropped`);
      continue;
    }
    const pred = byUid.get(predUid);
    if (!pred)
      throw new InterchangeError(
        'dangling_relation',
        `unknown predecessor UID ${predUid}`,
        w('PredecessorUID'),
      );
    const type = MSPDI_LINK_TYPES[childText(node, 'Type') || '1'];
    if (!type)
      throw new InterchangeError('invalid_value', `unknown link Type ${childText(node, 'Type')}`, w('Type'));
    const format = childText(node, 'LagFormat') || '7';
    const raw = childText(node, 'LinkLag') ? number(childText(node, 'LinkLag'), w('LinkLag')) : 0;
    let lagMinutes = Math.round(raw / 10);
    if (PERCENT_LAG_FORMATS.has(format)) lagMinutes = Math.round((pred.durationMinutes * raw) / 100);
    p.relations.push({
      id: `${predUid}->${succ.id}`,
      predecessorId: pred.id,
      successorId: succ.id,
      type,
      lagMinutes,
      ...(ELAPSED_LAG_FORMATS.has(format) ? { lagCalendar: '24h' as const } : {}),
    });
  }
  for (const r of resources) {
    const uid = childText(r, 'UID');
    if (!uid || uid === '0' || childText(r, 'IsNull') === '1') continue;
    const type = childText(r, 'Type');
    p.resources.push({
      id: uid,
      // ID is the resource's row number; Initials is its short name (what the writer stores a code in)
      code: childText(r, 'Initials') || childText(r, 'ID') || uid,
      name: childText(r, 'Name'),
      type: type === '0' ? 'material' : type === '2' ? 'nonlabor' : 'labor',
      calendarId: childText(r, 'CalendarUID') || null,
    });
  }
  const resourceIds = new Set(p.resources.map((r) => r.id));
  for (const a of assignments) {
    const task = childText(a, 'TaskUID');
    const res = childText(a, 'ResourceUID');
    if (!byUid.has(task) || !resourceIds.has(res)) continue; // MS Project's unassigned placeholders (resource -65535)
    const work = childText(a, 'Work');
    p.assignments.push({
      id: childText(a, 'UID'),
      activityId: task,
      resourceId: res,
      ...(work
        ? { plannedUnits: minutesFromIsoDuration(work, { element: 'Assignment', field: 'Work' }) / 60 }
        : {}),
    });
  }
  for (const r of p.resources)
    if (r.calendarId && !p.calendars.some((c) => c.id === r.calendarId)) r.calendarId = null;
  // actuals need a data date: the status date, else the latest actual date
  if (!p.dataDate) {
    let latest = '';
    for (const a of p.activities) {
      if (a.actualFinish && a.actualFinish > latest) latest = a.actualFinish;
      else if (a.actualStart && a.actualStart > latest) latest = a.actualStart;
    }
    if (latest) p.dataDate = latest > p.start ? latest : p.start;
  }
  validateProject(p);
  return p;
}

/** Keeps what the reader uses of a Task (MS Project writes ~100 children per task). */
function compactTask(node: XNode): XNode {
  const keep = new Set([
    'UID',
    'ID',
    'Name',
    'IsNull',
    'Active',
    'OutlineLevel',
    'Summary',
    'Milestone',
    'CalendarUID',
    'Duration',
    'ActualStart',
    'ActualFinish',
    'EarlyStart',
    'EarlyFinish',
    'LateStart',
    'LateFinish',
    'TotalSlack',
    'FreeSlack',
    'Critical',
    'Start',
    'Finish',
    'PercentComplete',
    'RemainingDuration',
    'ConstraintType',
    'ConstraintDate',
    'Deadline',
    'Baseline',
    'ExtendedAttribute',
    'PredecessorLink',
    'Manual',
  ]);
  return { ...node, children: node.children.filter((c) => keep.has(c.name)) };
}

function intervals(node: XNode | undefined, line: number): IxInterval[] {
  const w = { line, element: 'Calendar WorkingTime' };
  return childrenNamed(
    child(node ?? { name: '', attrs: {}, children: [], text: '', line }, 'WorkingTimes'),
    'WorkingTime',
  )
    .filter((x) => childText(x, 'FromTime') && childText(x, 'ToTime'))
    .map((x) => ({ start: hhmmOf(childText(x, 'FromTime'), w), finish: hhmmOf(childText(x, 'ToTime'), w) }));
}

function hhmmOf(text: string, where: { line: number; element: string }): string {
  const m = /^(\d{2}):(\d{2})/.exec(text);
  if (!m || Number(m[1]) > 24 || Number(m[2]) > 59)
    throw new InterchangeError('invalid_value', `"${text}" is not a time`, where);
  return `${m[1] === '24' ? '00' : m[1]}:${m[2]}`;
}

function daysBetween(from: string, to: string, where: { line: number; element: string }): string[] {
  const out: string[] = [];
  const start = Date.parse(`${from.slice(0, 10)}T00:00:00Z`);
  let end = Date.parse(`${to.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start)
    throw new InterchangeError('invalid_value', `bad period ${from}–${to}`, where);
  const min = Date.UTC(2000, 0, 1);
  const max = Date.UTC(2050, 11, 31);
  end = Math.min(end, max);
  for (let t = Math.max(start, min); t <= end; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

function resolveCalendars(nodes: XNode[]): IxCalendar[] {
  const byUid = new Map(nodes.map((n) => [childText(n, 'UID'), n]));
  const done = new Map<string, IxCalendar>();
  const resolve = (n: XNode, depth: number): IxCalendar => {
    const uid = childText(n, 'UID');
    const cached = done.get(uid);
    if (cached) return cached;
    const baseUid = childText(n, 'BaseCalendarUID');
    const baseNode =
      baseUid && baseUid !== '-1' && baseUid !== uid && depth < 10 ? byUid.get(baseUid) : undefined;
    const base = baseNode ? resolve(baseNode, depth + 1) : undefined;
    const week: IxInterval[][] = (base?.week ?? STANDARD_WEEK).map((d) => [...d]);
    const exceptions = new Map<string, IxInterval[]>(
      (base?.exceptions ?? []).map((e) => [e.date, e.intervals]),
    );
    const where = { line: n.line, element: `Calendar UID ${uid}` };
    for (const wd of childrenNamed(child(n, 'WeekDays'), 'WeekDay')) {
      const dayType = Number(childText(wd, 'DayType'));
      const working = childText(wd, 'DayWorking') === '1';
      const hours = working ? intervals(wd, wd.line) : [];
      if (dayType >= 1 && dayType <= 7) week[(dayType + 5) % 7] = hours;
      else if (dayType === 0) {
        const tp = child(wd, 'TimePeriod');
        if (tp)
          for (const d of daysBetween(childText(tp, 'FromDate'), childText(tp, 'ToDate'), where))
            exceptions.set(d, hours);
      }
    }
    for (const ww of childrenNamed(child(n, 'WorkWeeks'), 'WorkWeek')) {
      const tp = child(ww, 'TimePeriod');
      if (!tp) continue;
      const perDay = new Map<number, IxInterval[]>();
      for (const wd of childrenNamed(child(ww, 'WeekDays'), 'WeekDay')) {
        const dayType = Number(childText(wd, 'DayType'));
        perDay.set((dayType + 5) % 7, childText(wd, 'DayWorking') === '1' ? intervals(wd, wd.line) : []);
      }
      for (const d of daysBetween(childText(tp, 'FromDate'), childText(tp, 'ToDate'), where)) {
        const weekday = (new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7;
        const hours = perDay.get(weekday);
        if (hours) exceptions.set(d, hours);
      }
    }
    for (const ex of childrenNamed(child(n, 'Exceptions'), 'Exception')) {
      const tp = child(ex, 'TimePeriod');
      if (!tp) continue;
      const hours = childText(ex, 'DayWorking') === '1' ? intervals(ex, ex.line) : [];
      for (const d of daysBetween(childText(tp, 'FromDate'), childText(tp, 'ToDate'), where))
        exceptions.set(d, hours);
    }
    const cal: IxCalendar = {
      id: uid,
      name: childText(n, 'Name'),
      week,
      exceptions: [...exceptions]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([date, iv]) => ({ date, intervals: iv })),
      ...(baseUid && baseUid !== '-1' ? { baseId: baseUid } : {}),
    };
    done.set(uid, cal);
    return cal;
  };
  return nodes.map((n) => resolve(n, 0));
}

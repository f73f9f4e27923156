/**
 * MS Project XML (MSPDI) reader, streaming: project settings are read as they pass, and each Task is
 * turned into an activity as its end tag arrives (see `mspdi/records.ts`); what has to wait for the whole
 * file — links (a predecessor may come later), assignments, calendars (a few, resolved against their base
 * calendars) — is kept in compact form until the end. Errors are reported in the order of the file's
 * parts: XML, the project's settings, calendars, tasks, links, assignments.
 * Durations are ISO 8601 (`PT8H0M0S`); LinkLag is in tenths of a minute (elapsed LagFormats 4/6/8/10/12
 * run on a 24-hour clock, percent formats 19/20 are percent of the predecessor's duration); slack is in
 * tenths of a minute; Type 0=FF 1=FS 2=SF 3=SS. A value MS Project would open but Takt cannot take as
 * written is left out or replaced by MS Project's default and reported in `problems` (see `lenient.ts`).
 */
import { isoDate, number } from '../common/dates.js';
import { InterchangeError, type InterchangeErrorLocation } from '../common/errors.js';
import type { ByteSource, Encoding } from '../common/input.js';
import { ProblemLog } from '../common/lenient.js';
import {
  emptyProject,
  type IxActivity,
  type IxConstraintType,
  type IxProject,
  type IxRecorded,
  type IxRelationType,
} from '../common/model.js';
import { TextMemo } from '../common/text-memo.js';
import { finishRead } from '../common/validate.js';
import { own } from '../common/xml-records.js';
import type { XNode } from '../common/xml-stream.js';
import { resolveCalendars } from './calendars.js';
import {
  ASSIGNMENT,
  ATTRIBUTE,
  BASELINE,
  type Fields,
  LINK,
  RESOURCE,
  readMspdiRecords,
  TASK,
  TASK_ATTRIBUTE,
  TASK_FIELD_NAMES,
  type TaskRecord,
} from './records.js';
import { SplitCollector } from './splits.js';

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
/**
 * Elapsed duration and lag formats (em, eh, ed, ew, emo, e%, and their estimated `?` forms): they run on
 * a 24-hour clock, every day of the week; MSPDI stores them as clock time (1ed = PT24H, 1ew = PT168H,
 * 1emo = 30 elapsed days = PT720H).
 */
export const ELAPSED_FORMATS = new Set(['4', '6', '8', '10', '12', '20', '36', '38', '40', '42', '44', '52']);
const PERCENT_LAG_FORMATS = new Set(['19', '20', '51', '52']);

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

/** A PredecessorLink, kept until every task is known. */
interface PendingLink {
  succ: IxActivity;
  line: number;
  predUid: string;
  crossProject: string;
  type: string;
  lagFormat: string;
  linkLag: string;
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
  const attributeNames = new Map<string, string>();
  const log = new ProblemLog(p.problems);
  const tasks = new TaskConverter(p, log);
  const assignments: Fields[] = [];
  const splits = new SplitCollector();
  const root = await readMspdiRecords(
    source,
    {
      setting: (name, text) => {
        settings[name] = own(text);
      },
      attributeDefinition: (f) => {
        attributeNames.set(
          own(f[ATTRIBUTE.FieldID] ?? ''),
          own(f[ATTRIBUTE.Alias] || f[ATTRIBUTE.FieldName] || ''),
        );
      },
      calendar: (node) => rawCalendars.push(node),
      task: (t) => tasks.add(t),
      resource: (f) => {
        const uid = own(f[RESOURCE.UID] ?? '');
        if (!uid || uid === '0' || f[RESOURCE.IsNull] === '1') return;
        const type = f[RESOURCE.Type];
        p.resources.push({
          id: uid,
          // ID is the resource's row number; Initials is its short name (what the writer stores a code in)
          code: own(f[RESOURCE.Initials] || f[RESOURCE.ID] || uid),
          name: own(f[RESOURCE.Name] ?? ''),
          type: type === '0' ? 'material' : type === '2' ? 'nonlabor' : 'labor',
          calendarId: own(f[RESOURCE.CalendarUID] ?? '') || null,
        });
      },
      assignment: (f, timephased) => {
        const kept = f.map((text) => text && own(text));
        assignments.push(kept);
        splits.add(kept[ASSIGNMENT.TaskUID] ?? '', timephased);
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
  const projectAt = (field: string) => ({ table: 'Project', record: p.name || undefined, field });
  /** A project date that cannot be read is left out (a missing start is mended by `repairProject`). */
  const projectDate = (field: string): string | undefined =>
    log.readOrIgnore(
      settings[field],
      () => projectAt(field),
      (text) => isoDate(text, where(field)),
    );
  const projectNumber = (field: string, max: number, fallback: number): number => {
    const text = settings[field];
    if (!text) return fallback;
    try {
      return number(text, where(field), max);
    } catch (e) {
      log.fromError(e, 'defaulted', projectAt(field), text, String(fallback));
      return fallback;
    }
  };
  p.start = projectDate('StartDate') ?? '';
  p.scheduledFinish = projectDate('FinishDate');
  p.minutesPerDay = projectNumber('MinutesPerDay', 1440, 480) || 480;
  p.defaultCalendarId = settings.CalendarUID ?? '1';
  const slackLimitDays = projectNumber('CriticalSlackLimit', 10000, 0);
  p.options.critical = {
    kind: 'total_float',
    thresholdMinutes: Math.round(slackLimitDays * p.minutesPerDay),
  };
  if (settings.ScheduleFromStart === '0')
    p.warnings.push('project scheduled from its finish: scheduled forward from its start');
  const statusDate = projectDate('StatusDate');
  if (statusDate) p.dataDate = statusDate;

  try {
    p.calendars = resolveCalendars(rawCalendars);
  } catch (e) {
    if (!(e instanceof InterchangeError)) throw e;
    // the calendars are resolved together (base calendars): none is read, the standard week is used
    log.add(
      'calendar_data',
      'defaulted',
      { line: e.line, table: 'Calendar', field: e.field },
      `${e.message.replace(/^.*?field [^:]+: /, '')}; the file's calendars are not read, the standard week is used`,
      '',
      'standard week',
    );
    p.calendars = [];
  }
  const perDay = p.minutesPerDay;
  for (const c of p.calendars) c.hoursPerDay ??= perDay / 60;
  // "Tasks will always honor their constraint dates" (default on): must start/finish on beat the links
  tasks.finish(settings.HonorConstraints !== '0', attributeNames);
  const { byUid } = tasks;
  for (const link of tasks.links) {
    const { succ, line, predUid } = link;
    const w = (field: string) => ({ line, element: `Task ${succ.code} PredecessorLink`, field });
    const linkAt = (field: string) => ({ line, table: 'PredecessorLink', record: succ.code, field });
    if (link.crossProject === '1') {
      p.warnings.push(`task ${succ.code}: link to another project dropped`);
      continue;
    }
    const pred = byUid.get(predUid);
    if (!pred) {
      log.add(
        'dangling_relation',
        'ignored',
        linkAt('PredecessorUID'),
        `task ${succ.code}: predecessor UID ${predUid} is not in the file; the link is left out`,
        predUid,
      );
      continue;
    }
    let type = Object.hasOwn(MSPDI_LINK_TYPES, link.type || '1')
      ? MSPDI_LINK_TYPES[link.type || '1']
      : undefined;
    if (!type) {
      log.add(
        'unknown_value',
        'defaulted',
        linkAt('Type'),
        `unknown link Type ${link.type}; 1 (finish-to-start) is used`,
        link.type,
        '1',
      );
      type = 'fs';
    }
    const format = link.lagFormat || '7';
    let raw = 0;
    try {
      if (link.linkLag) raw = number(link.linkLag, w('LinkLag'));
    } catch (e) {
      log.fromError(e, 'defaulted', linkAt('LinkLag'), link.linkLag, '0');
    }
    let lagMinutes = Math.round(raw / 10);
    if (PERCENT_LAG_FORMATS.has(format)) lagMinutes = Math.round((pred.durationMinutes * raw) / 100);
    p.relations.push({
      id: `${predUid}->${succ.id}`,
      predecessorId: pred.id,
      successorId: succ.id,
      type,
      lagMinutes,
      ...(ELAPSED_FORMATS.has(format) ? { lagCalendar: '24h' as const } : {}),
    });
  }
  tasks.links.length = 0;
  const resourceIds = new Set(p.resources.map((r) => r.id));
  for (const f of assignments) {
    const task = f[ASSIGNMENT.TaskUID] ?? '';
    const resource = f[ASSIGNMENT.ResourceUID] ?? '';
    if (!byUid.has(task) || !resourceIds.has(resource)) continue; // MS Project's unassigned placeholders (resource -65535)
    const work = f[ASSIGNMENT.Work];
    let plannedUnits: number | undefined;
    try {
      if (work) plannedUnits = minutesFromIsoDuration(work, { element: 'Assignment', field: 'Work' }) / 60;
    } catch (e) {
      log.fromError(
        e,
        'ignored',
        { table: 'Assignment', record: f[ASSIGNMENT.UID], field: 'Work' },
        work ?? '',
      );
    }
    p.assignments.push({
      id: f[ASSIGNMENT.UID] ?? '',
      activityId: task,
      resourceId: resource,
      ...(plannedUnits !== undefined ? { plannedUnits } : {}),
    });
  }
  for (const r of p.resources)
    if (r.calendarId && !p.calendars.some((c) => c.id === r.calendarId)) r.calendarId = null;
  for (const [uid, gaps] of splits.gaps()) {
    const a = byUid.get(uid);
    if (a && a.type !== 'summary') a.splits = gaps;
  }
  // No status date is no data date: MS Project then schedules tasks that have not started from their
  // predecessors and the project start, whatever progress other tasks report.
  return finishRead(p, log, source);
}

const NOWHERE: InterchangeErrorLocation = {};

/** Where in a task: its line, UID and the field. */
function taskAt(t: TaskRecord, field: string): InterchangeErrorLocation {
  return { line: t.line, element: `Task UID ${t.fields[TASK.UID] ?? ''}`, field };
}

/**
 * Runs a conversion of a task's field and gives its error the task's location (built only then: the
 * conversions run for every field of every task).
 */
function inTask<T>(t: TaskRecord, field: string, convert: (where: InterchangeErrorLocation) => T): T {
  try {
    return convert(NOWHERE);
  } catch (e) {
    if (!(e instanceof InterchangeError) || e.line !== undefined || e.element || e.field) throw e;
    throw new InterchangeError(e.code, e.message, taskAt(t, field));
  }
}

function taskNumber(t: TaskRecord, i: number, max?: number): number {
  const text = t.fields[i] ?? '';
  return inTask(t, TASK_FIELD_NAMES[i]!, (where) => number(text, where, max));
}

/**
 * Turns each Task into an activity as it arrives. The first error is kept and thrown by `finish`, after
 * the XML, settings and calendar errors the whole file may still hold; tasks after it are not read.
 * What depends on the rest of the file is settled in `finish`: constraint types (HonorConstraints is a
 * project setting) and extended attribute names (their definitions).
 */
class TaskConverter {
  readonly byUid = new Map<string, IxActivity>();
  readonly links: PendingLink[] = [];
  private readonly outline: IxActivity[] = [];
  private readonly warnings: string[] = [];
  /** Activities with a "must start/finish on", which is mandatory when tasks honor their constraints. */
  private readonly mustOn: IxActivity[] = [];
  /** Each activity with extended attributes and its FieldID, value pairs. */
  private readonly attributes: [IxActivity, string[]][] = [];
  /** MS Project's project summary task (the last one, should there be several). */
  private projectSummary: IxProject['projectSummary'];
  private failed = false;
  private error: unknown;
  /**
   * Dates and durations read so far, by their text: a schedule repeats them, so each is parsed once and
   * the activities share one string per date.
   */
  private readonly dates = new TextMemo<string>();
  private readonly durations = new TextMemo<number>();

  constructor(
    private readonly p: IxProject,
    private readonly log: ProblemLog,
  ) {}

  /** A task whose conversion fails is left out, reported (its fields' own faults are reported as read). */
  add(t: TaskRecord): void {
    if (this.failed) return;
    try {
      this.convert(t);
    } catch (e) {
      if (e instanceof InterchangeError) {
        this.log.add(
          e.code === 'missing_value' ? 'missing_value' : 'invalid_value',
          'ignored',
          { line: t.line, table: 'Task', record: t.fields[TASK.ID] || t.fields[TASK.UID], field: e.field },
          `${e.message.replace(/^.*?field [^:]+: /, '')}; the task is not read`,
          t.fields[TASK.UID] ?? '',
        );
        return;
      }
      this.failed = true;
      this.error = e;
    }
  }

  private problemAt(t: TaskRecord, field: string) {
    return { line: t.line, table: 'Task', record: t.fields[TASK.ID] || t.fields[TASK.UID], field };
  }

  /** A number field of a task; one that cannot be read is left out, reported. */
  private num(t: TaskRecord, i: number, max?: number): number | undefined {
    return this.log.readOrIgnore(
      t.fields[i],
      () => this.problemAt(t, TASK_FIELD_NAMES[i]!),
      () => taskNumber(t, i, max),
    );
  }

  /** The dates, floats and critical flag MS Project calculated and stored for a task. */
  private recorded(t: TaskRecord, critical: boolean | undefined): IxRecorded {
    return {
      earlyStart: this.date(t, TASK.EarlyStart),
      earlyFinish: this.date(t, TASK.EarlyFinish),
      lateStart: this.date(t, TASK.LateStart),
      lateFinish: this.date(t, TASK.LateFinish),
      totalFloatMinutes: this.slack(t, TASK.TotalSlack),
      freeFloatMinutes: this.slack(t, TASK.FreeSlack),
      critical,
      start: this.date(t, TASK.Start),
      finish: this.date(t, TASK.Finish),
    };
  }

  /** Slack in tenths of a minute → minutes. */
  private slack(t: TaskRecord, i: number): number | undefined {
    const tenths = this.num(t, i);
    return tenths === undefined ? undefined : Math.round(tenths / 10);
  }

  finish(honorConstraints: boolean, attributeNames: ReadonlyMap<string, string>): void {
    if (this.failed) throw this.error;
    if (this.projectSummary) this.p.projectSummary = this.projectSummary;
    this.p.warnings.push(...this.warnings);
    if (honorConstraints)
      for (const a of this.mustOn) {
        const c = a.constraint!;
        c.type = c.type === 'start_on' ? 'mandatory_start' : 'mandatory_finish';
      }
    for (const [a, pairs] of this.attributes)
      for (let i = 0; i < pairs.length; i += 2) {
        const id = pairs[i]!;
        a.udfs[attributeNames.get(id) || id] = pairs[i + 1]!;
      }
    this.attributes.length = 0;
  }

  /** A date field of a task; one that cannot be read is left out, reported. */
  private date(t: TaskRecord, i: number): string | undefined {
    return this.log.readOrIgnore(
      t.fields[i],
      () => this.problemAt(t, TASK_FIELD_NAMES[i]!),
      (text) => this.dateOf(t, TASK_FIELD_NAMES[i]!, text),
    );
  }

  private dateOf(t: TaskRecord, field: string, text: string): string {
    return this.dates.get(text, () => inTask(t, field, (where) => isoDate(text, where)));
  }

  /** A duration field of a task; one that cannot be read is left out, reported. */
  private duration(t: TaskRecord, i: number): number | undefined {
    const field = TASK_FIELD_NAMES[i]!;
    return this.log.readOrIgnore(
      t.fields[i],
      () => this.problemAt(t, field),
      (text) =>
        this.durations.get(text, () => inTask(t, field, (where) => minutesFromIsoDuration(text, where))),
    );
  }

  private convert(t: TaskRecord): void {
    const f = t.fields;
    if (f[TASK.IsNull] === '1') return;
    const uid = own(f[TASK.UID] ?? '');
    if (!uid) throw new InterchangeError('missing_value', 'task without UID', taskAt(t, 'UID'));
    if (f[TASK.Active] === '0') {
      this.warnings.push(`task ${f[TASK.ID] ?? ''}: inactive, left out`);
      return;
    }
    const level = Math.max(0, Math.round(this.num(t, TASK.OutlineLevel, 100) ?? 1));
    const summary = f[TASK.Summary] === '1';
    const critical = f[TASK.Critical] ? f[TASK.Critical] === '1' : undefined;
    if (uid === '0' && level === 0) {
      // the project summary task: the project's own row, not a work
      this.projectSummary = {
        name: own(f[TASK.Name] ?? ''),
        recorded: this.recorded(t, critical),
      };
      this.outline.length = 0;
      return;
    }
    const calendarUid = own(f[TASK.CalendarUID] ?? '');
    const a: IxActivity = {
      id: uid,
      code: own(f[TASK.ID] || uid),
      name: own(f[TASK.Name] ?? ''),
      wbsId: null,
      parentId: null,
      type: summary ? 'summary' : f[TASK.Milestone] === '1' ? 'finish_milestone' : 'task',
      calendarId: calendarUid && calendarUid !== '-1' ? calendarUid : null,
      durationMinutes: this.duration(t, TASK.Duration) ?? 0,
      actualStart: this.date(t, TASK.ActualStart),
      actualFinish: this.date(t, TASK.ActualFinish),
      recorded: this.recorded(t, critical),
      codes: {},
      udfs: {},
    };
    if (f[TASK.Manual] === '1' && !summary) a.manual = true;
    if (!summary && ELAPSED_FORMATS.has(f[TASK.DurationFormat] ?? '')) a.elapsed = true;
    if (f[TASK.IgnoreResourceCalendar] === '1') a.ignoreResourceCalendar = true;
    if (f[TASK.Type] === '1') a.fixedDuration = true;
    const pct = this.num(t, TASK.PercentComplete, 1000);
    if (pct !== undefined) a.percentComplete = pct;
    if (a.actualFinish) a.status = 'completed';
    else if (a.actualStart) {
      a.status = 'in_progress';
      a.remainingMinutes = this.duration(t, TASK.RemainingDuration);
    } else a.status = 'not_started';
    const ctText = f[TASK.ConstraintType] || '0';
    let ct = Object.hasOwn(MSPDI_CONSTRAINTS, ctText) ? MSPDI_CONSTRAINTS[ctText] : undefined;
    if (!ct) {
      this.log.add(
        'unknown_value',
        'defaulted',
        this.problemAt(t, 'ConstraintType'),
        `unknown ConstraintType ${ctText}; 0 (as soon as possible) is used`,
        ctText,
        '0',
      );
      ct = 'asap';
    }
    const constraintDate = ct === 'alap' || ct === 'asap' ? undefined : this.date(t, TASK.ConstraintDate);
    if (ct === 'alap') a.asLateAsPossible = true;
    else if (ct !== 'asap' && !constraintDate)
      this.log.add(
        'missing_value',
        'ignored',
        this.problemAt(t, 'ConstraintDate'),
        `constraint ${ctText} without a ConstraintDate; no constraint`,
        ctText,
      );
    else if (ct !== 'asap' && constraintDate) {
      const date = constraintDate;
      a.constraint = { type: ct, date };
      if (ct === 'start_on' || ct === 'finish_on') this.mustOn.push(a);
    }
    // a deadline bounds the late finish only, like P6's secondary "finish on or before"
    const deadline = this.date(t, TASK.Deadline);
    if (deadline) a.constraint2 = { type: 'finish_on_or_before', date: deadline };
    const baseline = t.baselines.find((b) => b.fields[BASELINE.Number] === '0')?.fields;
    if (baseline) {
      const start = baseline[BASELINE.Start];
      const finish = baseline[BASELINE.Finish];
      if (start) a.baselineStart = this.dateOf(t, 'Baseline/Start', start);
      if (finish) a.baselineFinish = this.dateOf(t, 'Baseline/Finish', finish);
    }
    if (t.attributes.length > 0) {
      const pairs: string[] = [];
      for (const x of t.attributes)
        pairs.push(own(x.fields[TASK_ATTRIBUTE.FieldID] ?? ''), own(x.fields[TASK_ATTRIBUTE.Value] ?? ''));
      this.attributes.push([a, pairs]);
    }
    if (this.byUid.has(uid)) {
      this.log.add(
        'duplicate_id',
        'ignored',
        this.problemAt(t, 'UID'),
        `task UID ${uid} appears again; the first is kept`,
        uid,
      );
      return;
    }
    this.byUid.set(uid, a);
    const { outline } = this;
    while (outline.length > level) outline.pop();
    if (level > 0) a.parentId = outline[level - 1]?.id ?? null;
    outline[level] = a;
    outline.length = level + 1;
    for (const l of t.links)
      this.links.push({
        succ: a,
        line: l.line,
        predUid: own(l.fields[LINK.PredecessorUID] ?? ''),
        crossProject: own(l.fields[LINK.CrossProject] ?? ''),
        type: own(l.fields[LINK.Type] ?? ''),
        lagFormat: own(l.fields[LINK.LagFormat] ?? ''),
        linkLag: own(l.fields[LINK.LinkLag] ?? ''),
      });
    this.p.activities.push(a);
  }
}

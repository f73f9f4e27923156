/**
 * A version in the database → the interchange model the writers take: summary works as WBS nodes, works as
 * activities (constraints, progress with the remaining duration it implies, the approved plan as baseline,
 * the last calculation's dates as recorded dates), relations with lags, the calendars the version uses, the
 * version's scheduling options, attribute values (text attributes as activity codes, the others as UDFs), and
 * the resources assigned to its works with the assignments' planned, actual and remaining quantities.
 */

import { kyselyOf } from '@takt/db';
import {
  defaultOptions,
  type IxActivity,
  type IxActivityType,
  type IxAssignment,
  type IxCalendar,
  type IxConstraint,
  type IxInterval,
  type IxOptions,
  type IxProject,
  type IxResource,
  type IxWbs,
  type ScheduleRow,
  STANDARD_WEEK,
} from '@takt/interchange';
import { sql } from 'kysely';
import { anyOf, type Sql } from '../../db/sql';
import { keyDate } from '../../db/time';
import { isoText, WORK_RECORD_COLUMNS, type WorkRecordRow, workColumns } from '../../db/work-row';
import { notFound } from '../../errors';

/** What of a work the export reads (the API's work record). */
type WorkDb = WorkRecordRow;

/** The options a version stores: the file's own, plus the finish date a P6 project must meet. */
type StoredOptions = Partial<IxOptions> & { projectFinish?: string };

export interface VersionModel {
  project: IxProject;
  /** the version's last calculation, as the writers take calculated dates */
  rows: ScheduleRow[];
  version: { id: string; name: string; scheduleId: string; scheduleName: string };
  /** relations from works of other schedules, which a file of this version alone cannot hold */
  externalRelations: number;
}

const ACTIVITY_TYPE: Record<string, IxActivityType> = {
  task: 'task',
  work: 'task',
  draft: 'task',
  milestone_start: 'start_milestone',
  milestone_finish: 'finish_milestone',
};

const CONSTRAINT: Record<string, IxConstraint['type']> = {
  'start:in_date': 'start_on',
  'start:not_earlier': 'start_on_or_after',
  'start:not_later': 'start_on_or_before',
  'finish:in_date': 'finish_on',
  'finish:not_earlier': 'finish_on_or_after',
  'finish:not_later': 'finish_on_or_before',
};

export async function versionModel(
  on: Sql,
  spaceId: string,
  versionId: string,
  options: { baselineVersionId?: string } = {},
): Promise<VersionModel> {
  const db = kyselyOf(on);
  const v = await db
    .selectFrom('versions as v')
    .innerJoin('eps_nodes as s', 's.id', 'v.scheduleId')
    .select([
      'v.id',
      'v.name',
      'v.scheduleId',
      's.name as scheduleName',
      's.code as scheduleCode',
      'v.calendarId',
    ])
    .select((eb) => [
      isoText('v.projectStart').as('projectStart'),
      isoText('v.dataDate').as('dataDate'),
      eb.ref('v.scheduleOptions').$castTo<StoredOptions | null>().as('scheduleOptions'),
      'v.calcStatus',
    ])
    .where('v.id', '=', versionId)
    .where('v.spaceId', '=', spaceId)
    .executeTakeFirstOrThrow(notFound);
  const works = await db
    .selectFrom('works as w')
    .select(workColumns('w', WORK_RECORD_COLUMNS))
    .where('w.versionId', '=', versionId)
    .orderBy('w.parentId', (order) => order.nullsFirst())
    .orderBy('w.sortKey')
    .execute();
  const baseline = options.baselineVersionId
    ? await baselineOf(on, spaceId, options.baselineVersionId)
    : null;

  // Outline order: depth-first from the roots, siblings by their order keys (the query's order).
  const children = new Map<string | null, WorkDb[]>();
  for (const w of works) {
    const list = children.get(w.parentId);
    if (list) list.push(w);
    else children.set(w.parentId, [w]);
  }
  const ordered: WorkDb[] = [];
  const stack = [...(children.get(null) ?? [])].reverse();
  while (stack.length) {
    const w = stack.pop()!;
    ordered.push(w);
    const kids = children.get(w.id);
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }

  const values = await attributeValuesOf(on, versionId);
  const wbs: IxWbs[] = [];
  const activities: IxActivity[] = [];
  const rows: ScheduleRow[] = [];
  // Activity ids must be unique in P6 and MS Project files; Takt allows repeated codes, so repeats get a suffix.
  const usedCodes = new Set(works.map((w) => w.code).filter((c): c is string => !!c));
  const taken = new Set<string>();
  let generated = 0;
  const codeOf = (w: WorkDb) => {
    let code = w.code || '';
    if (!code)
      do code = `T${++generated * 10}`;
      while (usedCodes.has(code));
    if (taken.has(code)) {
      let n = 2;
      while (taken.has(`${code}-${n}`) || usedCodes.has(`${code}-${n}`)) n++;
      code = `${code}-${n}`;
    }
    taken.add(code);
    return code;
  };
  for (const w of ordered) {
    if (w.type === 'sum' || children.has(w.id)) {
      wbs.push({ id: w.id, parentId: w.parentId, code: w.code ?? '', name: w.name });
      continue;
    }
    const status = w.factFinish && w.factStart ? 'completed' : w.factStart ? 'in_progress' : 'not_started';
    const constraints: IxConstraint[] = [];
    if (w.startLimit && w.startLimitDate)
      constraints.push({ type: CONSTRAINT[`start:${w.startLimit}`]!, date: w.startLimitDate });
    if (w.finishLimit && w.finishLimitDate)
      constraints.push({ type: CONSTRAINT[`finish:${w.finishLimit}`]!, date: w.finishLimitDate });
    const base = baseline?.get(w.originId);
    const attrs = values.get(w.id);
    const a: IxActivity = {
      id: w.id,
      code: codeOf(w),
      name: w.name,
      wbsId: w.parentId,
      parentId: null,
      type: ACTIVITY_TYPE[w.type] ?? 'task',
      calendarId: w.calendarId,
      durationMinutes: w.durationMinutes,
      status,
      percentComplete: w.progress,
      recorded: {
        ...(w.earlyStart ? { earlyStart: w.earlyStart } : {}),
        ...(w.earlyFinish ? { earlyFinish: w.earlyFinish } : {}),
        ...(w.lateStart ? { lateStart: w.lateStart } : {}),
        ...(w.lateFinish ? { lateFinish: w.lateFinish } : {}),
        ...(w.totalFloat !== null ? { totalFloatMinutes: w.totalFloat } : {}),
        ...(w.freeFloat !== null ? { freeFloatMinutes: w.freeFloat } : {}),
        ...(w.earlyStart ? { critical: w.critical } : {}),
        ...(w.planStart ? { start: w.planStart } : {}),
        ...(w.planFinish ? { finish: w.planFinish } : {}),
      },
      codes: attrs?.codes ?? {},
      udfs: attrs?.udfs ?? {},
    };
    if (constraints[0]) a.constraint = constraints[0];
    if (constraints[1]) a.constraint2 = constraints[1];
    if (w.factStart) a.actualStart = w.factStart;
    if (w.factStart && w.factFinish) a.actualFinish = w.factFinish;
    if (status === 'in_progress')
      a.remainingMinutes = Math.round(w.durationMinutes * (1 - Math.min(w.progress, 100) / 100));
    const baselineStart = base ? base.planStart : w.approvedStart;
    const baselineFinish = base ? base.planFinish : w.approvedFinish;
    if (baselineStart) a.baselineStart = baselineStart;
    if (baselineFinish) a.baselineFinish = baselineFinish;
    activities.push(a);
    rows.push({
      id: w.id,
      code: a.code,
      name: w.name,
      earlyStart: w.earlyStart,
      earlyFinish: w.earlyFinish,
      lateStart: w.lateStart,
      lateFinish: w.lateFinish,
      totalFloatMinutes: w.totalFloat,
      freeFloatMinutes: w.freeFloat,
      critical: w.critical,
    });
  }

  const relationRows = await db
    .selectFrom('relations as r')
    .innerJoin('works as p', 'p.id', 'r.predecessorId')
    .select(['r.id', 'r.predecessorId', 'r.successorId', 'r.type', 'r.lagMinutes'])
    .select((eb) => eb('p.versionId', '=', versionId).as('internal'))
    .where('r.versionId', '=', versionId)
    .orderBy('r.createdAt')
    .orderBy('r.id')
    .execute();
  const assigned = await assignmentsOf(on, versionId, new Set(activities.map((a) => a.id)));
  const calendars = await calendarsOf(on, spaceId, v, works, assigned.calendarIds);
  for (const r of assigned.resources)
    if (r.calendarId && !calendars.list.some((c) => c.id === r.calendarId)) r.calendarId = null;
  const stored = v.scheduleOptions ?? {};
  const { projectFinish, ...storedOptions } = stored;
  const ixOptions: IxOptions = { ...defaultOptions(), ...storedOptions, raw: {} };
  const starts = works
    .map((w) => w.planStart)
    .filter((d): d is string => !!d)
    .sort();
  const project: IxProject = {
    format: 'json',
    convention: 'p6',
    code: (v.scheduleCode || v.scheduleName).slice(0, 40),
    name: `${v.scheduleName} — ${v.name}`,
    start: v.projectStart ?? starts[0] ?? `${keyDate()}T08:00`,
    ...(v.dataDate ? { dataDate: v.dataDate } : {}),
    ...(projectFinish ? { mustFinishBy: projectFinish } : {}),
    defaultCalendarId: calendars.defaultId,
    calendars: calendars.list,
    wbs,
    activities,
    relations: relationRows
      .filter((r) => r.internal)
      .map((r) => ({
        id: r.id,
        predecessorId: r.predecessorId,
        successorId: r.successorId,
        type: r.type,
        lagMinutes: r.lagMinutes,
      })),
    resources: assigned.resources,
    assignments: assigned.assignments,
    options: ixOptions,
    warnings: [],
    problems: [],
  };
  let finish = '';
  for (const r of rows) if (r.earlyFinish && r.earlyFinish > finish) finish = r.earlyFinish;
  if (finish) project.scheduledFinish = finish;
  return {
    project,
    rows,
    version: { id: v.id, name: v.name, scheduleId: v.scheduleId, scheduleName: v.scheduleName },
    externalRelations: relationRows.filter((r) => !r.internal).length,
  };
}

/** The base version's plan dates by work origin: the baseline of a comparison export. */
async function baselineOf(on: Sql, spaceId: string, versionId: string) {
  const rows = await kyselyOf(on)
    .selectFrom('works as w')
    .innerJoin('versions as v', 'v.id', 'w.versionId')
    .select(workColumns('w', ['originId', 'planStart', 'planFinish']))
    .where('w.versionId', '=', versionId)
    .where('v.spaceId', '=', spaceId)
    .execute();
  return new Map(rows.map((r) => [r.originId, r]));
}

async function attributeValuesOf(on: Sql, versionId: string) {
  const rows = await kyselyOf(on)
    .selectFrom('attribute_values as v')
    .innerJoin('attributes as a', 'a.id', 'v.attributeId')
    .innerJoin('works as w', 'w.id', 'v.workId')
    .select(['v.workId', 'a.name', 'a.valueType', 'v.value'])
    .where('w.versionId', '=', versionId)
    .execute();
  const out = new Map<string, { codes: Record<string, string>; udfs: Record<string, string | number> }>();
  for (const r of rows) {
    if (r.value === null || r.value === undefined) continue;
    let entry = out.get(r.workId);
    if (!entry) {
      entry = { codes: {}, udfs: {} };
      out.set(r.workId, entry);
    }
    if (r.valueType === 'string' || r.valueType === 'through') entry.codes[r.name] = String(r.value);
    else entry.udfs[r.name] = typeof r.value === 'number' ? r.value : String(r.value);
  }
  return out;
}

/** A Takt resource kind → the file's resource type: labour is counted in hours, the others in quantities. */
const RESOURCE_TYPE_OF: Record<string, IxResource['type']> = {
  labour: 'labor',
  volume: 'material',
  cost: 'material',
  distributed_price: 'material',
};

/**
 * The resources assigned to the version's activities (works written as WBS nodes carry no assignments in the
 * files) and the assignments: planned quantity, actual quantity and what remains of the plan.
 */
async function assignmentsOf(on: Sql, versionId: string, activityIds: ReadonlySet<string>) {
  const rows = await kyselyOf(on)
    .selectFrom('assignments as a')
    .innerJoin('resources as r', 'r.id', 'a.resourceId')
    .select(['a.id', 'a.workId', 'a.resourceId', 'a.planQuantity', 'a.factQuantity'])
    .select(['r.code', 'r.name', 'r.kind', 'r.calendarId'])
    .where('a.versionId', '=', versionId)
    .orderBy('r.sortKey')
    .orderBy('r.id')
    .orderBy('a.workId')
    .execute();
  const resources = new Map<string, IxResource>();
  const assignments: IxAssignment[] = [];
  for (const a of rows) {
    if (!activityIds.has(a.workId)) continue;
    if (!resources.has(a.resourceId))
      resources.set(a.resourceId, {
        id: a.resourceId,
        code: a.code ?? '',
        name: a.name,
        type: RESOURCE_TYPE_OF[a.kind] ?? 'material',
        calendarId: a.calendarId,
      });
    assignments.push({
      id: a.id,
      activityId: a.workId,
      resourceId: a.resourceId,
      plannedUnits: a.planQuantity,
      ...(a.factQuantity !== null
        ? {
            actualUnits: a.factQuantity,
            remainingUnits: Math.max(0, a.planQuantity - a.factQuantity),
          }
        : {}),
    });
  }
  const list = [...resources.values()];
  return {
    resources: list,
    assignments,
    calendarIds: list.map((r) => r.calendarId).filter((id): id is string => !!id),
  };
}

/**
 * The exceptions of the calendar aliased `c`, one day each as the files hold them (a range of days becomes as
 * many single days); null when it has none.
 */
export const exceptionDays = () =>
  sql<{ date: string; intervals: IxInterval[] }[] | null>`(
    SELECT json_agg(json_build_object('date', to_char(d::date, 'YYYY-MM-DD'), 'intervals', e.intervals) ORDER BY d)
    FROM calendar_exceptions e, generate_series(e.date, coalesce(e.until, e.date), interval '1 day') d
    WHERE e."calendarId" = c.id)`;

/** Calendars of the space as the interchange model has them (exceptions one day each); `ids` limits them. */
async function calendarModels(on: Sql, spaceId: string, ids: string[] | null) {
  let query = kyselyOf(on)
    .selectFrom('calendars as c')
    .select(['c.id', 'c.name', 'c.isDefault', 'c.allDay', 'c.hoursPerDay'])
    .select((eb) => [eb.ref('c.week').$castTo<IxInterval[][]>().as('week'), exceptionDays().as('exceptions')])
    .where('c.spaceId', '=', spaceId);
  if (ids)
    query = query.where((eb) => eb.or([eb('c.id', '=', anyOf(ids, 'uuid')), eb('c.isDefault', '=', true)]));
  const rows = await query.orderBy('c.isDefault', 'desc').orderBy('c.name').execute();
  const list: IxCalendar[] = rows.map((c) => ({
    id: c.id,
    name: c.name,
    week: c.week,
    exceptions: c.exceptions ?? [],
    allDay: c.allDay,
    ...(c.hoursPerDay ? { hoursPerDay: c.hoursPerDay } : {}),
  }));
  return { list, defaultId: rows.find((c) => c.isDefault)?.id ?? rows[0]?.id ?? null };
}

const STANDARD_ID = 'standard';
const standardCalendar = (): IxCalendar => ({
  id: STANDARD_ID,
  name: 'Standard',
  week: STANDARD_WEEK,
  exceptions: [],
  hoursPerDay: 8,
});

/** Every calendar of the space (a spreadsheet's calendar column names them); the standard week when none. */
export async function spaceCalendarModels(on: Sql, spaceId: string) {
  const { list, defaultId } = await calendarModels(on, spaceId, null);
  if (!defaultId) return { list: [standardCalendar()], defaultId: STANDARD_ID };
  return { list, defaultId };
}

/** The calendars the version's works use, the version's own and the space default (the standard week when none). */
async function calendarsOf(
  on: Sql,
  spaceId: string,
  v: { calendarId: string | null },
  works: WorkDb[],
  extra: readonly string[] = [],
): Promise<{ list: IxCalendar[]; defaultId: string }> {
  const ids = new Set(works.map((w) => w.calendarId).filter((id): id is string => !!id));
  for (const id of extra) ids.add(id);
  if (v.calendarId) ids.add(v.calendarId);
  const { list, defaultId } = await calendarModels(on, spaceId, [...ids]);
  const chosen = v.calendarId ?? defaultId;
  if (!chosen) return { list: [...list, standardCalendar()], defaultId: STANDARD_ID };
  return { list, defaultId: chosen };
}

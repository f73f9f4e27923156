/**
 * A version in the database → the interchange model the writers take: summary works as WBS nodes, works as
 * activities (constraints, progress with the remaining duration it implies, the approved plan as baseline,
 * the last calculation's dates as recorded dates), relations with lags, the calendars the version uses, the
 * version's scheduling options, attribute values (text attributes as activity codes, the others as UDFs), and
 * the resources assigned to its works with the assignments' planned, actual and remaining quantities.
 */
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
import type { Sql } from '../../db/sql';
import { iso, keyDate } from '../../db/time';
import { AppError } from '../../errors';

interface VersionDb {
  id: string;
  name: string;
  scheduleId: string;
  scheduleName: string;
  scheduleCode: string | null;
  projectStart: string | null;
  dataDate: string | null;
  calendarId: string | null;
  scheduleOptions: (Partial<IxOptions> & { projectFinish?: string }) | null;
  calcStatus: number;
}

interface WorkDb {
  id: string;
  originId: string;
  parentId: string | null;
  code: string | null;
  name: string;
  type: string;
  durationMinutes: number;
  calendarId: string | null;
  planStart: string | null;
  planFinish: string | null;
  approvedStart: string | null;
  approvedFinish: string | null;
  factStart: string | null;
  factFinish: string | null;
  progress: number;
  startLimit: string | null;
  startLimitDate: string | null;
  finishLimit: string | null;
  finishLimitDate: string | null;
  earlyStart: string | null;
  earlyFinish: string | null;
  lateStart: string | null;
  lateFinish: string | null;
  totalFloat: number | null;
  freeFloat: number | null;
  critical: boolean;
}

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
  sql: Sql,
  spaceId: string,
  versionId: string,
  options: { baselineVersionId?: string } = {},
): Promise<VersionModel> {
  const { rows: versions } = await sql.query<VersionDb>(
    `SELECT v.id, v.name, v."scheduleId", s.name AS "scheduleName", s.code AS "scheduleCode",
       ${iso('v."projectStart"')} AS "projectStart", ${iso('v."dataDate"')} AS "dataDate", v."calendarId",
       v."scheduleOptions", v."calcStatus"
     FROM versions v JOIN eps_nodes s ON s.id = v."scheduleId" WHERE v.id = $1 AND v."spaceId" = $2`,
    [versionId, spaceId],
  );
  const v = versions[0];
  if (!v) throw new AppError('NotFound');
  const { rows: works } = await sql.query<WorkDb>(
    `SELECT w.id, w."originId", w."parentId", w.code, w.name, w.type, w."durationMinutes", w."calendarId",
       ${iso('w."planStart"')} AS "planStart", ${iso('w."planFinish"')} AS "planFinish",
       ${iso('w."approvedStart"')} AS "approvedStart", ${iso('w."approvedFinish"')} AS "approvedFinish",
       ${iso('w."factStart"')} AS "factStart", ${iso('w."factFinish"')} AS "factFinish", w.progress,
       w."startLimit", ${iso('w."startLimitDate"')} AS "startLimitDate", w."finishLimit",
       ${iso('w."finishLimitDate"')} AS "finishLimitDate",
       ${iso('w."earlyStart"')} AS "earlyStart", ${iso('w."earlyFinish"')} AS "earlyFinish",
       ${iso('w."lateStart"')} AS "lateStart", ${iso('w."lateFinish"')} AS "lateFinish",
       w."totalFloat", w."freeFloat", w.critical
     FROM works w WHERE w."versionId" = $1 ORDER BY w."parentId" NULLS FIRST, w."sortKey"`,
    [versionId],
  );
  const baseline = options.baselineVersionId
    ? await baselineOf(sql, spaceId, options.baselineVersionId)
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

  const values = await attributeValuesOf(sql, versionId);
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

  const { rows: relationRows } = await sql.query<{
    id: string;
    predecessorId: string;
    successorId: string;
    type: 'fs' | 'ss' | 'ff' | 'sf';
    lagMinutes: number;
    internal: boolean;
  }>(
    `SELECT r.id, r."predecessorId", r."successorId", r.type, r."lagMinutes", p."versionId" = $1 AS internal
     FROM relations r JOIN works p ON p.id = r."predecessorId" WHERE r."versionId" = $1 ORDER BY r."createdAt", r.id`,
    [versionId],
  );
  const assigned = await assignmentsOf(sql, versionId, new Set(activities.map((a) => a.id)));
  const calendars = await calendarsOf(sql, spaceId, v, works, assigned.calendarIds);
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
async function baselineOf(sql: Sql, spaceId: string, versionId: string) {
  const { rows } = await sql.query<{ originId: string; planStart: string | null; planFinish: string | null }>(
    `SELECT w."originId", ${iso('w."planStart"')} AS "planStart", ${iso('w."planFinish"')} AS "planFinish"
     FROM works w JOIN versions v ON v.id = w."versionId" WHERE w."versionId" = $1 AND v."spaceId" = $2`,
    [versionId, spaceId],
  );
  return new Map(rows.map((r) => [r.originId, r]));
}

async function attributeValuesOf(sql: Sql, versionId: string) {
  const { rows } = await sql.query<{ workId: string; name: string; valueType: string; value: unknown }>(
    `SELECT v."workId", a.name, a."valueType", v.value FROM attribute_values v
     JOIN attributes a ON a.id = v."attributeId" JOIN works w ON w.id = v."workId"
     WHERE w."versionId" = $1`,
    [versionId],
  );
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
async function assignmentsOf(sql: Sql, versionId: string, activityIds: ReadonlySet<string>) {
  const { rows } = await sql.query<{
    id: string;
    workId: string;
    resourceId: string;
    planQuantity: number;
    factQuantity: number | null;
    code: string | null;
    name: string;
    kind: string;
    calendarId: string | null;
  }>(
    `SELECT a.id, a."workId", a."resourceId", a."planQuantity", a."factQuantity", r.code, r.name, r.kind,
       r."calendarId"
     FROM assignments a JOIN resources r ON r.id = a."resourceId"
     WHERE a."versionId" = $1 ORDER BY r."sortKey", r.id, a."workId"`,
    [versionId],
  );
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

/** Calendars of the space as the interchange model has them (exceptions one day each); `ids` limits them. */
async function calendarModels(sql: Sql, spaceId: string, ids: string[] | null) {
  const { rows } = await sql.query<{
    id: string;
    name: string;
    isDefault: boolean;
    allDay: boolean;
    hoursPerDay: number | null;
    week: IxInterval[][];
    exceptions: { date: string; intervals: IxInterval[] }[] | null;
  }>(
    `SELECT c.id, c.name, c."isDefault", c."allDay", c."hoursPerDay", c.week,
       (SELECT json_agg(json_build_object('date', to_char(d::date, 'YYYY-MM-DD'), 'intervals', e.intervals) ORDER BY d)
        FROM calendar_exceptions e, generate_series(e.date, coalesce(e.until, e.date), interval '1 day') d
        WHERE e."calendarId" = c.id) AS exceptions
     FROM calendars c
     WHERE c."spaceId" = $1 AND ($2::uuid[] IS NULL OR c.id = ANY($2::uuid[]) OR c."isDefault")
     ORDER BY c."isDefault" DESC, c.name`,
    [spaceId, ids],
  );
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
export async function spaceCalendarModels(sql: Sql, spaceId: string) {
  const { list, defaultId } = await calendarModels(sql, spaceId, null);
  if (!defaultId) return { list: [standardCalendar()], defaultId: STANDARD_ID };
  return { list, defaultId };
}

/** The calendars the version's works use, the version's own and the space default (the standard week when none). */
async function calendarsOf(
  sql: Sql,
  spaceId: string,
  v: VersionDb,
  works: WorkDb[],
  extra: readonly string[] = [],
): Promise<{ list: IxCalendar[]; defaultId: string }> {
  const ids = new Set(works.map((w) => w.calendarId).filter((id): id is string => !!id));
  for (const id of extra) ids.add(id);
  if (v.calendarId) ids.add(v.calendarId);
  const { list, defaultId } = await calendarModels(sql, spaceId, [...ids]);
  const chosen = v.calendarId ?? defaultId;
  if (!chosen) return { list: [...list, standardCalendar()], defaultId: STANDARD_ID };
  return { list, defaultId: chosen };
}

import { SCHEDULE_LIMITS } from '@takt/contracts';
import type {
  CalculateOptions,
  CalendarInput,
  EngineProject,
  RelationInput,
  WorkInput,
  WorkType,
} from '@takt/engine';
import type pg from 'pg';
import { iso, keyDate } from '../../db/time';
import { type CalendarDto, calendarToEngine } from '../calendars';

const STANDARD_CALENDAR_ID = 'standard';

interface WorkDb {
  id: string;
  parentId: string | null;
  code: string | null;
  name: string;
  type: WorkType;
  durationMinutes: number;
  calendarId: string | null;
  startLimit: 'not_earlier' | 'not_later' | 'in_date' | null;
  startLimitDate: string | null;
  finishLimit: 'not_earlier' | 'not_later' | 'in_date' | null;
  finishLimitDate: string | null;
  factStart: string | null;
  factFinish: string | null;
  progress: number;
  planStart: string | null;
  anchor: string | null;
  external: boolean;
}

export interface LoadedProject {
  project: EngineProject;
  /** The version's scheduling options (an imported file's own), the engine's defaults when it has none. */
  options: CalculateOptions;
  /** Works of the version (external predecessors excluded), by engine input index. */
  ownWorkCount: number;
  relationIds: string[];
  labels: Map<string, string>;
}

/**
 * Reads a version into the engine's plain-data input: its calendars (the space's, with the version's or
 * the space's default; the engine's standard week when the space has none), works with durations,
 * constraints and actuals, and relations. A predecessor in another schedule enters as a fixed work
 * anchored at its own calculated (or planned) start.
 */
export async function projectLoad(
  client: pg.Pool | pg.PoolClient,
  spaceId: string,
  versionId: string,
): Promise<LoadedProject> {
  const version = await client.query<{
    projectStart: string | null;
    dataDate: string | null;
    calendarId: string | null;
    scheduleOptions: (CalculateOptions & { projectFinish?: string }) | null;
  }>(
    `SELECT ${iso('"projectStart"')} AS "projectStart", ${iso('"dataDate"')} AS "dataDate", "calendarId",
       "scheduleOptions"
     FROM versions WHERE id = $1 AND "spaceId" = $2`,
    [versionId, spaceId],
  );
  const v = version.rows[0]!;
  const calendarRows = await client.query<{
    id: string;
    name: string;
    isDefault: boolean;
    allDay: boolean;
    hoursPerDay: number | null;
    week: CalendarDto['week'];
    exceptions: CalendarDto['exceptions'] | null;
  }>(
    `SELECT c.id, c.name, c."isDefault", c."allDay", c."hoursPerDay", c.week,
       (SELECT json_agg(json_build_object('date', to_char(e.date, 'YYYY-MM-DD'), 'until', to_char(e.until, 'YYYY-MM-DD'),
          'name', e.name, 'intervals', e.intervals)) FROM calendar_exceptions e WHERE e."calendarId" = c.id) AS exceptions
     FROM calendars c WHERE c."spaceId" = $1`,
    [spaceId],
  );
  const calendars: CalendarInput[] = calendarRows.rows.map((c) =>
    calendarToEngine({ ...c, exceptions: c.exceptions ?? [], revision: 0 }),
  );
  const defaultCalendarId =
    v.calendarId ??
    calendarRows.rows.find((c) => c.isDefault)?.id ??
    calendarRows.rows[0]?.id ??
    STANDARD_CALENDAR_ID;
  if (defaultCalendarId === STANDARD_CALENDAR_ID) calendars.push({ id: STANDARD_CALENDAR_ID });

  const { rows } = await client.query<WorkDb>(
    `SELECT w.id, w."parentId", w.code, w.name, w.type, w."durationMinutes", w."calendarId", w."startLimit",
       ${iso('w."startLimitDate"')} AS "startLimitDate", w."finishLimit", ${iso('w."finishLimitDate"')} AS "finishLimitDate",
       ${iso('w."factStart"')} AS "factStart", ${iso('w."factFinish"')} AS "factFinish", w.progress,
       ${iso('w."planStart"')} AS "planStart", NULL::text AS anchor, false AS external
     FROM works w WHERE w."versionId" = $1
     UNION ALL
     SELECT DISTINCT p.id, NULL::uuid, p.code, p.name, 'task'::"WorkType", p."durationMinutes", p."calendarId",
       NULL::"LimitType", NULL::text, NULL::"LimitType", NULL::text, NULL::text, NULL::text, 0::float8, NULL::text, ${iso('coalesce(p."earlyStart", p."planStart")')}, true
     FROM relations r JOIN works p ON p.id = r."predecessorId"
     WHERE r."versionId" = $1 AND p."versionId" <> $1 AND coalesce(p."earlyStart", p."planStart") IS NOT NULL`,
    [versionId],
  );
  const relationRows = await client.query<{
    id: string;
    predecessorId: string;
    successorId: string;
    type: RelationInput['type'];
    lagMinutes: number;
  }>(
    `SELECT r.id, r."predecessorId", r."successorId", r.type, r."lagMinutes" FROM relations r
     JOIN works p ON p.id = r."predecessorId"
     WHERE r."versionId" = $1 AND (p."versionId" = $1 OR coalesce(p."earlyStart", p."planStart") IS NOT NULL)`,
    [versionId],
  );
  const calendarIds = new Set(calendars.map((c) => c.id));
  const own = rows.filter((w) => !w.external);
  const works: WorkInput[] = rows.map((w) => {
    const milestone = w.type === 'milestone_start' || w.type === 'milestone_finish';
    // Started and not finished: what remains is the share of the duration not yet done — all of it at 0 %,
    // scheduled from the data date (as P6 and MS Project do), not the time elapsed since the actual start.
    const inProgress = w.factStart && !w.factFinish;
    const work: WorkInput = {
      id: w.id,
      parentId: w.parentId,
      type: w.type,
      durationMinutes: milestone ? 0 : w.durationMinutes,
      calendarId: w.calendarId && calendarIds.has(w.calendarId) ? w.calendarId : null,
      actualStart: w.factStart,
      actualFinish: w.factStart ? w.factFinish : null,
      remainingMinutes: inProgress
        ? Math.round(w.durationMinutes * (1 - Math.min(w.progress, 100) / 100))
        : null,
    };
    if (w.external) work.constraint = { start: { type: 'in_date', date: w.anchor! } };
    else if (w.startLimit || w.finishLimit)
      work.constraint = {
        start: w.startLimit && w.startLimitDate ? { type: w.startLimit, date: w.startLimitDate } : undefined,
        finish:
          w.finishLimit && w.finishLimitDate ? { type: w.finishLimit, date: w.finishLimitDate } : undefined,
      };
    return work;
  });
  const starts = own
    .map((w) => w.planStart)
    .filter((d): d is string => !!d)
    .sort();
  const projectStart = v.projectStart ?? starts[0] ?? keyDate();
  const { projectFinish, ...options } = v.scheduleOptions ?? {};
  return {
    options,
    project: {
      calendars,
      defaultCalendarId,
      works,
      relations: relationRows.rows.map((r) => ({
        id: r.id,
        predecessorId: r.predecessorId,
        successorId: r.successorId,
        type: r.type,
        lagMinutes: r.lagMinutes,
      })),
      projectStart,
      dataDate: v.dataDate,
      ...(projectFinish ? { projectFinish } : {}),
    },
    ownWorkCount: own.length,
    relationIds: relationRows.rows.map((r) => r.id),
    labels: new Map(rows.map((w) => [w.id, w.code ? `${w.code} ${w.name}` : w.name])),
  };
}

export const useWorker = (workCount: number) => workCount > SCHEDULE_LIMITS.workerThresholdWorks;

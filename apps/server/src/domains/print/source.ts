import { LINK_TYPES, WORK_TYPES } from '@takt/contracts';
import { type Calendar, calendarCompile, NO_TIME, timeFromIso } from '@takt/engine';
import {
  LINK_TYPES as GANTT_LINK_TYPES,
  type GanttSnapshot,
  WORK_MILESTONE_FINISH,
  WORK_MILESTONE_START,
  WORK_SUMMARY,
  WORK_TASK,
} from '@takt/gantt';
import {
  type ApprovedVariances,
  approvedVariances,
  CompiledCalendars,
  calendarToEngine,
  columnsOfDocument,
  limitCode,
  type ScheduleColumns,
} from '@takt/schedule';
import type { SpaceContext } from '../../context';
import { AppError } from '../../errors';
import { FingerprintCache } from '../../files/fingerprint-cache';
import { listCalendars } from '../calendars';
import { versionDocument, versionFingerprint } from '../versions';
import { planDetailRows } from '../works';

/** What a print reads about a version besides its works: names for the titles, the data date, the calendar. */
export interface VersionInfo {
  versionId: string;
  scheduleId: string;
  versionName: string;
  scheduleName: string;
  projectName: string;
  /** Engine minutes, `NO_TIME` when the version has none. */
  dataDate: number;
  calendarId: string | null;
}

const minutesOf = (iso: string | null): number => (iso ? timeFromIso(iso) : NO_TIME);
const isoSql = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI')`;

export async function versionInfo(ctx: SpaceContext, versionId: string): Promise<VersionInfo> {
  const { rows } = await ctx.db.pool.query<{
    scheduleId: string;
    versionName: string;
    scheduleName: string;
    projectName: string | null;
    dataDate: string | null;
    calendarId: string | null;
  }>(
    `SELECT v."scheduleId", v.name AS "versionName", s.name AS "scheduleName", p.name AS "projectName",
            ${isoSql('v."dataDate"')} AS "dataDate", v."calendarId"
       FROM versions v JOIN eps_nodes s ON s.id = v."scheduleId"
       LEFT JOIN eps_nodes p ON p.id = s."parentId"
      WHERE v.id = $1 AND v."spaceId" = $2`,
    [versionId, ctx.space.spaceId],
  );
  const row = rows[0];
  if (!row) throw new AppError('NotFound');
  return {
    versionId,
    scheduleId: row.scheduleId,
    versionName: row.versionName,
    scheduleName: row.scheduleName,
    projectName: row.projectName ?? '',
    dataDate: minutesOf(row.dataDate),
    calendarId: row.calendarId,
  };
}

/** The version's calendar (or the space default) compiled for the engine, and its hours per day. */
export async function versionCalendar(ctx: SpaceContext, calendarId: string | null) {
  const calendars = await listCalendars(ctx);
  const stored = calendars.find((c) => c.id === calendarId) ?? calendars.find((c) => c.isDefault);
  let calendar: Calendar | undefined;
  try {
    calendar = stored ? calendarCompile(calendarToEngine(stored)) : calendarCompile({ id: 'standard' });
  } catch {
    calendar = undefined;
  }
  return { calendar, hoursPerDay: stored?.hoursPerDay ?? 8 };
}

/**
 * Dates the columnar payload does not carry (approved plan, constraints), by WBS row. Only works that have
 * any of them come back from the database, so a version without a baseline costs one empty query.
 */
export interface VersionExtras {
  approvedStart: Int32Array;
  approvedFinish: Int32Array;
  startLimitType: Uint8Array;
  startLimitDate: Int32Array;
  finishLimitType: Uint8Array;
  finishLimitDate: Int32Array;
}

export async function versionExtras(
  ctx: SpaceContext,
  versionId: string,
  columns: ScheduleColumns,
): Promise<VersionExtras> {
  const n = columns.count;
  const extras: VersionExtras = {
    approvedStart: new Int32Array(n).fill(NO_TIME),
    approvedFinish: new Int32Array(n).fill(NO_TIME),
    startLimitType: new Uint8Array(n),
    startLimitDate: new Int32Array(n).fill(NO_TIME),
    finishLimitType: new Uint8Array(n),
    finishLimitDate: new Int32Array(n).fill(NO_TIME),
  };
  // Only the works that have any plan detail come back: the rest keep the defaults above.
  const rows = await planDetailRows(ctx.db.pool, ctx.space.spaceId, versionId);
  if (rows.length === 0) return extras;
  const rowOf = new Map<string, number>();
  for (let row = 0; row < columns.ids.length; row++) rowOf.set(columns.ids[row]!, row);
  for (const work of rows) {
    const row = rowOf.get(work.id);
    if (row === undefined) continue;
    extras.approvedStart[row] = minutesOf(work.approvedStart);
    extras.approvedFinish[row] = minutesOf(work.approvedFinish);
    extras.startLimitType[row] = limitCode(work.startLimit);
    extras.startLimitDate[row] = minutesOf(work.startLimitDate);
    extras.finishLimitType[row] = limitCode(work.finishLimit);
    extras.finishLimitDate[row] = minutesOf(work.finishLimitDate);
  }
  return extras;
}

const SHAPE_OF_TYPE: Record<(typeof WORK_TYPES)[number], number> = {
  sum: WORK_SUMMARY,
  task: WORK_TASK,
  work: WORK_TASK,
  milestone_start: WORK_MILESTONE_START,
  milestone_finish: WORK_MILESTONE_FINISH,
  draft: WORK_TASK,
};

/** Depth of each WBS row (parents come before their children in WBS order). */
export function wbsDepths(parent: Int32Array): Int32Array {
  const depth = new Int32Array(parent.length);
  for (let row = 0; row < parent.length; row++) {
    const p = parent[row]!;
    depth[row] = p >= 0 ? depth[p]! + 1 : 0;
  }
  return depth;
}

/** The Gantt snapshot of a version: one row per work in WBS order, links inside the version. */
export function versionSnapshot(columns: ScheduleColumns, extras: VersionExtras): GanttSnapshot {
  const n = columns.count;
  const w = columns.works;
  const row = new Int32Array(n);
  const shape = new Uint8Array(n);
  const progress = new Float32Array(n);
  const label = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    row[i] = i;
    shape[i] = SHAPE_OF_TYPE[WORK_TYPES[w.type[i]!] ?? 'task'];
    progress[i] = Math.min(1, Math.max(0, w.progress[i]! / 100));
    label[i] = w.name[i]! >= 0 ? columns.strings[w.name[i]!]! : '';
  }
  const r = columns.relations;
  const inside: number[] = [];
  for (let k = 0; k < r.count; k++) if (r.predecessor[k]! >= 0) inside.push(k);
  const links = {
    count: inside.length,
    predecessor: Int32Array.from(inside, (k) => r.predecessor[k]!),
    successor: Int32Array.from(inside, (k) => r.successor[k]!),
    type: Uint8Array.from(inside, (k) => GANTT_LINK_TYPES.indexOf(LINK_TYPES[r.type[k]!] ?? 'fs')),
    driving: Uint8Array.from(inside, (k) => r.driving[k]!),
  };
  return {
    version: 1,
    workCount: n,
    rowCount: n,
    row,
    shape,
    planStart: w.planStart,
    planFinish: w.planFinish,
    baselineStart: extras.approvedStart,
    baselineFinish: extras.approvedFinish,
    factStart: w.factStart,
    factFinish: w.factFinish,
    progress,
    critical: w.critical,
    totalFloat: w.totalFloat,
    lateFinish: w.lateFinish,
    constraintStartType: extras.startLimitType,
    constraintStartDate: extras.startLimitDate,
    constraintFinishType: extras.finishLimitType,
    constraintFinishDate: extras.finishLimitDate,
    label,
    links,
  };
}

/**
 * Columns of recently printed versions, reused while the version's rows are unchanged (the versions
 * domain's fingerprint: one cheap scan). The print dialog asks for a page count on every change of its
 * settings; reading 100k works again each time took seconds. A few versions per process, oldest out.
 */
const sources = new FingerprintCache<{
  columns: ScheduleColumns;
  extras: VersionExtras;
  variances: () => ApprovedVariances;
}>(4);

/** The approved-plan variances of a version's rows, computed at the first print that shows them. */
function lazyVariances(columns: ScheduleColumns, extras: VersionExtras): () => ApprovedVariances {
  let variances: ApprovedVariances | null = null;
  return () => {
    variances ??= approvedVariances(
      columns.works,
      columns.strings,
      new CompiledCalendars(columns.calendars, columns.scheduling.defaultCalendarId),
      { start: extras.approvedStart, finish: extras.approvedFinish },
    );
    return variances;
  };
}

/** Everything a print or a cyclogram reads of one version. */
export async function versionSource(ctx: SpaceContext, versionId: string) {
  const info = await versionInfo(ctx, versionId);
  const key = `${ctx.space.spaceId}/${versionId}`;
  const fingerprint = await versionFingerprint(ctx.db.pool, ctx.space.spaceId, versionId);
  const { columns, extras, variances } = await sources.get(key, fingerprint, async () => {
    // The document this process keeps of the version when it still holds (docs/architecture.md); the
    // fingerprint just read is not read again.
    const read = await versionDocument(ctx.db.pool, ctx.space.spaceId, versionId, fingerprint);
    const columns = columnsOfDocument(read.document);
    const extras = await versionExtras(ctx, versionId, columns);
    return { columns, extras, variances: lazyVariances(columns, extras) };
  });
  return { info, columns, extras, variances };
}

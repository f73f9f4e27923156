import type {
  AllocationInput,
  AssignmentInput,
  DatedQuantity,
  EngineProject,
  Period,
  ResourceInput,
  ResourceModel,
} from '@takt/engine';
import { periodStartDay, resourcesCompile, timeDateFromDays, timeDaysFromDate } from '@takt/engine';
import type { Sql } from '../../db/sql';
import { AppError } from '../../errors';
import { FingerprintCache } from '../../files/fingerprint-cache';
import { groupBy } from '../../group-by';
import { projectLoad } from '../calculation';
import { versionFingerprint } from '../versions';

/** A version read for the engine's resource side: the project, its resources and assignments. */
export interface ResourceProject {
  project: EngineProject;
  resources: ResourceInput[];
  assignments: AssignmentInput[];
  labels: Map<string, string>;
  /** Display facts of the resources, by id. */
  resourceInfo: Map<string, { name: string; code: string | null; kind: string; unit: string | null }>;
}

interface AssignmentDb {
  id: string;
  workId: string;
  resourceId: string;
  kind: string;
  planQuantity: number;
  approvedQuantity: number | null;
  factQuantity: number | null;
  price: number | null;
  distribution: 'start' | 'end' | 'evenly';
  reserved: 'by_date' | 'by_fact' | 'by_lag' | 'by_period' | 'by_volume' | null;
  lagMinutes: number | null;
  windowMinutes: number | null;
  period: Period | null;
  entries: DatedQuantity[] | null;
  followsId: string | null;
  planVolume: number | null;
  factVolume: number | null;
}

const dayText = (day: number) => {
  const { year, month, day: d } = timeDateFromDays(day);
  return `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};
const dayOf = (date: string) =>
  timeDaysFromDate(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));

/** Entries of a period allocation moved to the first day of their period (and summed there). */
function periodEntries(period: Period, entries: DatedQuantity[]): DatedQuantity[] {
  const sums = new Map<number, number>();
  for (const e of entries) {
    const start = periodStartDay(period, dayOf(e.date));
    sums.set(start, (sums.get(start) ?? 0) + e.quantity);
  }
  return [...sums].sort((a, b) => a[0] - b[0]).map(([day, quantity]) => ({ date: dayText(day), quantity }));
}

const total = (entries: DatedQuantity[]) => entries.reduce((sum, e) => sum + e.quantity, 0);

/**
 * Reads a version for the engine's resources: the project as the calculation reads it, the resources its
 * assignments use, and the assignments with their allocation — a volume assignment without a quantity
 * takes the work's volume; by_date without days of its own follows the work's daily plan; the facts of a
 * volume are the daily plan's facts, the facts of a work's only labour assignment its approved timesheet
 * hours (when no actual quantity is entered).
 */
export async function resourceProjectLoad(
  sql: Sql,
  spaceId: string,
  versionId: string,
): Promise<ResourceProject> {
  const loaded = await projectLoad(sql as never, spaceId, versionId);
  const own = await resourceInputsLoad(
    sql,
    spaceId,
    versionId,
    new Set(loaded.project.calendars.map((c) => c.id)),
  );
  return { project: loaded.project, labels: loaded.labels, ...own };
}

/**
 * The resource side of a version without its project (`resourceProjectLoad`'s rules): the resources its
 * assignments use (a calendar not among `calendarIds` left out) and the assignments with their allocation.
 */
export async function resourceInputsLoad(
  sql: Sql,
  spaceId: string,
  versionId: string,
  calendarIds: ReadonlySet<string>,
): Promise<Omit<ResourceProject, 'project' | 'labels'>> {
  const { rows } = await sql.query<AssignmentDb>(
    `SELECT a.id, a."workId", a."resourceId", r.kind, a."planQuantity", a."approvedQuantity", a."factQuantity", a.price,
       a.distribution, a.reserved, a."lagMinutes", a."windowMinutes", a.period, a.entries, a."followsId",
       w."planVolume", w."factVolume"
     FROM assignments a JOIN resources r ON r.id = a."resourceId" JOIN works w ON w.id = a."workId"
     WHERE a."versionId" = $1 AND a."spaceId" = $2`,
    [versionId, spaceId],
  );
  const { rows: resourceRows } = await sql.query<{
    id: string;
    name: string;
    code: string | null;
    kind: ResourceInput['kind'];
    unit: string | null;
    price: number;
    unitsPerDay: number | null;
    calendarId: string | null;
    periods: { from: string; until?: string | null; unitsPerDay: number }[];
  }>(
    `SELECT r.id, r.name, r.code, r.kind, r.unit, r.price, r."unitsPerDay", r."calendarId", r.periods FROM resources r
     WHERE r."spaceId" = $1 AND r.id IN (SELECT "resourceId" FROM assignments WHERE "versionId" = $2)
     ORDER BY r."sortKey", r.id`,
    [spaceId, versionId],
  );
  const workIds = [...new Set(rows.map((r) => r.workId))];
  const { rows: days } = await sql.query<{
    workId: string;
    date: string;
    plan: number | null;
    fact: number | null;
  }>(
    `SELECT "workId", to_char(date, 'YYYY-MM-DD') AS date, "planVolume" AS plan, "factVolume" AS fact FROM wdp_values
     WHERE "workId" = ANY($1::uuid[]) ORDER BY date`,
    [workIds],
  );
  const { rows: hours } = await sql.query<{ workId: string; date: string; hours: number }>(
    `SELECT "workId", to_char(date, 'YYYY-MM-DD') AS date, sum(hours)::float8 AS hours FROM timesheet_entries
     WHERE "workId" = ANY($1::uuid[]) AND status = 'approved' GROUP BY "workId", date ORDER BY date`,
    [workIds],
  );
  const wdp = groupBy(days, (d) => d.workId);
  const timesheet = groupBy(hours, (h) => h.workId);

  const resources: ResourceInput[] = resourceRows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    unit: r.unit,
    price: r.price,
    unitsPerDay: r.unitsPerDay,
    calendarId: r.calendarId && calendarIds.has(r.calendarId) ? r.calendarId : null,
    periods: r.periods,
  }));

  const byId = new Map(rows.map((r) => [r.id, r]));
  const labourCount = new Map<string, number>();
  for (const r of rows)
    if (r.kind === 'labour') labourCount.set(r.workId, (labourCount.get(r.workId) ?? 0) + 1);
  const quantities = new Map<string, number>();
  const assignments: AssignmentInput[] = rows.map((a) => {
    let quantity = a.planQuantity;
    if (a.kind === 'volume' && quantity === 0) quantity = a.planVolume ?? 0;
    let allocation: AllocationInput = { mode: a.distribution };
    if (a.reserved === 'by_date') {
      const own =
        a.entries ??
        (wdp.get(a.workId) ?? [])
          .filter((d) => (d.plan ?? 0) > 0)
          .map((d) => ({ date: d.date, quantity: d.plan! }));
      allocation = { mode: 'by_date', days: own };
      quantity = total(own);
    } else if (a.reserved === 'by_period' && a.period) {
      const amounts = periodEntries(a.period, a.entries ?? []);
      allocation = { mode: 'by_period', period: a.period, amounts };
      quantity = total(amounts);
    } else if (a.reserved === 'by_lag') {
      allocation = {
        mode: 'by_lag',
        lagMinutes: a.lagMinutes ?? 0,
        durationMinutes: a.windowMinutes,
        shape: a.distribution,
      };
    } else if (a.reserved === 'by_fact') allocation = { mode: 'by_fact' };
    else if (a.reserved === 'by_volume' && a.followsId) {
      const target = byId.get(a.followsId);
      if (target && target.reserved !== 'by_volume' && target.workId === a.workId)
        allocation = { mode: 'by_volume', assignmentId: a.followsId };
    }
    quantities.set(a.id, quantity);
    const input: AssignmentInput = {
      id: a.id,
      workId: a.workId,
      resourceId: a.resourceId,
      quantity,
      approvedQuantity: a.approvedQuantity,
      price: a.price,
      allocation,
    };
    if (a.factQuantity !== null) input.actualQuantity = a.factQuantity;
    else if (a.kind === 'volume') {
      const facts = (wdp.get(a.workId) ?? []).filter((d) => (d.fact ?? 0) > 0);
      if (facts.length) input.actualDays = facts.map((d) => ({ date: d.date, quantity: d.fact! }));
      else if (a.factVolume !== null) input.actualQuantity = a.factVolume;
    } else if (a.kind === 'labour' && labourCount.get(a.workId) === 1) {
      const facts = timesheet.get(a.workId) ?? [];
      if (facts.length) input.actualDays = facts.map((d) => ({ date: d.date, quantity: d.hours }));
    }
    return input;
  });
  // A by_volume assignment cannot follow the days of a volume that has none: it stays spread evenly.
  const inputs = new Map(assignments.map((a) => [a.id, a]));
  for (const input of assignments) {
    const allocation = input.allocation;
    if (allocation?.mode !== 'by_volume') continue;
    const target = inputs.get(allocation.assignmentId);
    const fixed = target?.allocation?.mode === 'by_date' || target?.allocation?.mode === 'by_period';
    if (fixed && (quantities.get(allocation.assignmentId) ?? 0) === 0 && input.quantity > 0)
      input.allocation = { mode: 'evenly' };
  }
  return {
    resources,
    assignments,
    resourceInfo: new Map(
      resourceRows.map((r) => [r.id, { name: r.name, code: r.code, kind: r.kind, unit: r.unit }]),
    ),
  };
}

/** Runs engine code on a loaded version: an engine refusal is the spec's calculation error with its reason. */
export function withEngine<T>(labels: Map<string, string>, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if ((error as Error).name !== 'EngineError') throw error;
    const e = error as Error & { workIds?: readonly string[] };
    const works = (e.workIds ?? []).map((id) => labels.get(id) ?? id);
    throw new AppError('CalculationError', {
      reason: works.length ? `${e.message} (${works.join(', ')})` : e.message,
    });
  }
}

/**
 * What the resource side of a version reads besides its works and relations — assignments, daily plans,
 * approved timesheets, the space's resources and calendars — fingerprinted like versionFingerprint: row
 * counts and sums of creating transaction ids, so any change changes it.
 */
async function resourceFingerprint(sql: Sql, spaceId: string, versionId: string): Promise<string> {
  const { rows } = await sql.query<{ fingerprint: string }>(
    `SELECT concat_ws('/',
       (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM assignments WHERE "versionId" = $1),
       (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM wdp_values WHERE "versionId" = $1),
       (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM timesheet_entries WHERE "versionId" = $1),
       (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM resources WHERE "spaceId" = $2),
       (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM calendars WHERE "spaceId" = $2),
       (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM calendar_exceptions WHERE "spaceId" = $2))
     AS fingerprint`,
    [versionId, spaceId],
  );
  return `${await versionFingerprint(sql, spaceId, versionId)}|${rows[0]?.fingerprint ?? ''}`;
}

/** Compiled resource models of recently charted versions (a 100k-work version takes seconds to read and compile). */
const models = new FingerprintCache<{ loaded: ResourceProject; model: ResourceModel }>(4);

/** Whether a version's resource model has been compiled in this process (someone charts it). */
export function resourceModelCached(spaceId: string, versionId: string): boolean {
  return models.has(`${spaceId}/${versionId}`);
}

/**
 * A version's compiled resource model for histograms and distributions: from the cache while its data is
 * unchanged (checked by fingerprints on every call, so never stale), else read and compiled again.
 */
export async function resourceModelOf(
  sql: Sql,
  spaceId: string,
  versionId: string,
): Promise<{ loaded: ResourceProject; model: ResourceModel }> {
  const key = `${spaceId}/${versionId}`;
  const fingerprint = await resourceFingerprint(sql, spaceId, versionId);
  return models.get(key, fingerprint, async () => {
    const loaded = await resourceProjectLoad(sql, spaceId, versionId);
    const model = withEngine(loaded.labels, () =>
      resourcesCompile(loaded.project, loaded.resources, loaded.assignments),
    );
    return { loaded, model };
  });
}

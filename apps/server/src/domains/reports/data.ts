/**
 * What a report is filled with (docs/product-rules.md, "Reports"): the version's facts and indicators as single
 * values, and its works and resource assignments as tables read in batches in WBS order, so that a version
 * of 100,000 works is never held whole.
 */
import type { Language } from '@takt/contracts';
import { translate } from '@takt/i18n';
import type { TemplateData, TemplateItem, TemplateValue } from '@takt/interchange';
import type { WorkRecord } from '@takt/schedule';
import type { SpaceContext } from '../../context';
import type { Sql } from '../../db/sql';
import { iso } from '../../db/time';
import { AppError } from '../../errors';
import { costOf, scopeIndicators } from '../analytics';

/** Works read per query while a table is written. */
const BATCH = 2_000;

/** A version as a report names it. */
export interface ReportVersion {
  id: string;
  name: string;
  number: number;
  scheduleId: string;
  schedule: string;
  scheduleCode: string | null;
  project: string | null;
  facility: string | null;
  /** `YYYY-MM-DDTHH:mm`, null without one */
  dataDate: string | null;
  /** Works of the version, WBS nodes included, and without them. */
  works: number;
  leafWorks: number;
  /** Hours of a working day of the version's calendar (else the space's default one): durations in days. */
  hoursPerDay: number;
}

/** The version of the caller's space with where it sits in the EPS; NotFound otherwise. */
export async function reportVersion(ctx: SpaceContext, versionId: string): Promise<ReportVersion> {
  const { rows } = await ctx.db.pool.query<ReportVersion>(
    `SELECT v.id, v.name, v.number, v."scheduleId", s.name AS schedule, s.code AS "scheduleCode",
       p.name AS project, f.name AS facility, ${iso('v."dataDate"')} AS "dataDate",
       (SELECT count(*)::int FROM works w WHERE w."versionId" = v.id) AS works,
       (SELECT count(*)::int FROM works w WHERE w."versionId" = v.id AND w.type <> 'sum') AS "leafWorks",
       coalesce(c."hoursPerDay", (SELECT d."hoursPerDay" FROM calendars d
         WHERE d."spaceId" = v."spaceId" AND d."isDefault" LIMIT 1), 8)::float8 AS "hoursPerDay"
     FROM versions v
     JOIN eps_nodes s ON s.id = v."scheduleId"
     LEFT JOIN eps_nodes p ON p.id = s."parentId" AND p.kind = 'project'
     LEFT JOIN eps_nodes f ON f.id = coalesce(p."parentId", s."parentId") AND f.kind = 'facility'
     LEFT JOIN calendars c ON c.id = v."calendarId"
     WHERE v.id = $1 AND v."spaceId" = $2`,
    [versionId, ctx.space.spaceId],
  );
  if (!rows[0]) throw new AppError('NotFound');
  return rows[0];
}

/** `YYYY-MM-DDTHH:mm` → a Date of that wall-clock time in UTC (as Excel dates are written). */
function dateOf(text: string | null | undefined): Date | null {
  if (!text) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(text);
  if (!m) return null;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0)));
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One entry of the WBS walk: a work, its level, and the name of its WBS node. */
interface Entry {
  id: string;
  level: number;
  summary: boolean;
  parent: string | null;
}

/** The version's works in WBS order (a summary before its works) with their levels; ids and names only. */
async function wbsOrder(on: Sql, versionId: string, summaries: boolean): Promise<Entry[]> {
  const { rows } = await on.query<{ id: string; parentId: string | null; sum: boolean; name: string | null }>(
    `SELECT id, "parentId", type = 'sum' AS sum, CASE WHEN type = 'sum' THEN name END AS name
     FROM works WHERE "versionId" = $1 ORDER BY "parentId" NULLS FIRST, "sortKey"`,
    [versionId],
  );
  const children = new Map<string | null, typeof rows>();
  const names = new Map<string, string>();
  for (const r of rows) {
    const list = children.get(r.parentId);
    if (list) list.push(r);
    else children.set(r.parentId, [r]);
    if (r.name !== null) names.set(r.id, r.name);
  }
  const out: Entry[] = [];
  const stack = [...(children.get(null) ?? [])].reverse().map((r) => ({ r, level: 0 }));
  while (stack.length) {
    const { r, level } = stack.pop()!;
    if (summaries || !r.sum)
      out.push({
        id: r.id,
        level: summaries ? level : 0,
        summary: r.sum,
        parent: r.parentId ? (names.get(r.parentId) ?? null) : null,
      });
    const kids = children.get(r.id);
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push({ r: kids[i]!, level: level + 1 });
  }
  return out;
}

/** A work's row of a report: its own fields as the API gives them, and the names and sums a report prints. */
type WorkDetail = Pick<
  WorkRecord,
  | 'id'
  | 'code'
  | 'name'
  | 'type'
  | 'status'
  | 'progress'
  | 'durationMinutes'
  | 'planStart'
  | 'planFinish'
  | 'approvedStart'
  | 'approvedFinish'
  | 'factStart'
  | 'factFinish'
  | 'earlyStart'
  | 'earlyFinish'
  | 'lateStart'
  | 'lateFinish'
  | 'totalFloat'
  | 'freeFloat'
  | 'critical'
  | 'planVolume'
  | 'approvedVolume'
  | 'factVolume'
  | 'unit'
> & {
  hoursPerDay: number | null;
  executor: string | null;
  curator: string | null;
  calendar: string | null;
  planCost: number | null;
  factCost: number | null;
  labour: number | null;
};

const person = (alias: string) => `nullif(trim(${alias}."lastName" || ' ' || ${alias}."firstName"), '')`;

const WORK_DETAILS = `SELECT w.id, w.code, w.name, w.type, w.status, w.progress, w."durationMinutes",
    c."hoursPerDay", c.name AS calendar,
    ${['planStart', 'planFinish', 'approvedStart', 'approvedFinish', 'factStart', 'factFinish', 'earlyStart', 'earlyFinish', 'lateStart', 'lateFinish'].map((k) => `${iso(`w."${k}"`)} AS "${k}"`).join(', ')},
    w."totalFloat", w."freeFloat", w.critical, w."planVolume", w."approvedVolume", w."factVolume", w.unit,
    ${person('e')} AS executor, ${person('k')} AS curator,
    m."planCost", m."factCost", m.labour
  FROM works w
  LEFT JOIN calendars c ON c.id = w."calendarId"
  LEFT JOIN users e ON e.id = w."executorId"
  LEFT JOIN users k ON k.id = w."curatorId"
  LEFT JOIN LATERAL (
    SELECT sum(${costOf('a."planQuantity"')}) AS "planCost", sum(${costOf('coalesce(a."factQuantity", 0)')}) AS "factCost",
      sum(a."planQuantity") FILTER (WHERE r.kind = 'labour') AS labour
    FROM assignments a JOIN resources r ON r.id = a."resourceId" WHERE a."workId" = w.id) m ON true
  WHERE w.id = ANY($1::uuid[])`;

interface AssignmentDetail {
  workId: string;
  resource: string;
  resourceCode: string | null;
  kind: string;
  unit: string | null;
  planQuantity: number;
  approvedQuantity: number | null;
  factQuantity: number | null;
  price: number;
  planCost: number;
  factCost: number;
}

const ASSIGNMENT_DETAILS = `SELECT a."workId", r.name AS resource, r.code AS "resourceCode", r.kind, r.unit,
    a."planQuantity", a."approvedQuantity", a."factQuantity", coalesce(a.price, r.price) AS price,
    ${costOf('a."planQuantity"')} AS "planCost", ${costOf('coalesce(a."factQuantity", 0)')} AS "factCost"
  FROM assignments a JOIN resources r ON r.id = a."resourceId"
  WHERE a."workId" = ANY($1::uuid[])
  ORDER BY r."sortKey", r.name, a.id`;

/** What a report's tables and values are read with. */
export interface ReportSource {
  version: ReportVersion;
  lang: Language;
  /** The works tables list WBS nodes too. */
  summaries: boolean;
  /** The report year (the form's, else the data date's, else this year's). */
  year: number | null;
  /** The EPS node the form was found at (for the master report, the schedule). */
  node: string;
  form: string | null;
}

/** The version's works, each batch read when the one before is written. */
async function* worksTable(on: Sql, entries: Entry[], src: ReportSource): AsyncGenerator<TemplateItem> {
  const lang = src.lang;
  for (let at = 0; at < entries.length; at += BATCH) {
    const batch = entries.slice(at, at + BATCH);
    const { rows } = await on.query<WorkDetail>(WORK_DETAILS, [batch.map((e) => e.id)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const e of batch) {
      const w = byId.get(e.id);
      if (!w) continue; // deleted while the report was written
      const days = (minutes: number | null) =>
        minutes === null ? null : round(minutes / ((w.hoursPerDay ?? src.version.hoursPerDay) * 60));
      const values: Record<string, TemplateValue> = {
        code: w.code,
        name: w.name,
        type: translate(lang, `work_type.${w.type}`),
        status: translate(lang, `work_status.${w.status}`),
        level: e.level,
        wbs: e.parent,
        progress: round(w.progress),
        duration: days(w.durationMinutes),
        planStart: dateOf(w.planStart),
        planFinish: dateOf(w.planFinish),
        approvedStart: dateOf(w.approvedStart),
        approvedFinish: dateOf(w.approvedFinish),
        factStart: dateOf(w.factStart),
        factFinish: dateOf(w.factFinish),
        earlyStart: dateOf(w.earlyStart),
        earlyFinish: dateOf(w.earlyFinish),
        lateStart: dateOf(w.lateStart),
        lateFinish: dateOf(w.lateFinish),
        totalFloat: w.earlyStart ? days(w.totalFloat) : null,
        freeFloat: w.earlyStart ? days(w.freeFloat) : null,
        critical: w.earlyStart && w.critical ? translate(lang, 'common.yes') : null,
        planVolume: w.planVolume,
        approvedVolume: w.approvedVolume,
        factVolume: w.factVolume,
        unit: w.unit,
        executor: w.executor,
        curator: w.curator,
        calendar: w.calendar,
        planCost: w.planCost === null ? null : round(Number(w.planCost)),
        factCost: w.factCost === null ? null : round(Number(w.factCost)),
        labour: w.labour === null ? null : round(Number(w.labour)),
      };
      yield { values, level: e.level, bold: e.summary };
    }
  }
}

/** The version's resource assignments, grouped by work in WBS order. */
async function* resourcesTable(on: Sql, entries: Entry[], lang: Language): AsyncGenerator<TemplateItem> {
  const works = entries.filter((e) => !e.summary);
  for (let at = 0; at < works.length; at += BATCH) {
    const batch = works.slice(at, at + BATCH);
    const [details, assignments] = await Promise.all([
      on.query<{ id: string; code: string | null; name: string }>(
        `SELECT id, code, name FROM works WHERE id = ANY($1::uuid[])`,
        [batch.map((e) => e.id)],
      ),
      on.query<AssignmentDetail>(ASSIGNMENT_DETAILS, [batch.map((e) => e.id)]),
    ]);
    const work = new Map(details.rows.map((r) => [r.id, r]));
    const byWork = new Map<string, AssignmentDetail[]>();
    for (const a of assignments.rows) {
      const list = byWork.get(a.workId);
      if (list) list.push(a);
      else byWork.set(a.workId, [a]);
    }
    for (const e of batch)
      for (const a of byWork.get(e.id) ?? []) {
        const w = work.get(e.id);
        yield {
          values: {
            resource: a.resource,
            resourceCode: a.resourceCode,
            resourceKind: translate(lang, `resources.kind.${a.kind}`),
            unit: a.unit,
            code: w?.code ?? null,
            name: w?.name ?? null,
            work: w?.name ?? null,
            planQuantity: round(a.planQuantity, 3),
            approvedQuantity: a.approvedQuantity === null ? null : round(a.approvedQuantity, 3),
            factQuantity: a.factQuantity === null ? null : round(a.factQuantity, 3),
            price: round(a.price),
            cost: round(a.planCost),
            planCost: round(a.planCost),
            factCost: round(a.factCost),
          },
        };
      }
  }
}

/** The report's single values and tables (only the tables the template asks for are read). */
export async function reportData(
  ctx: SpaceContext,
  src: ReportSource,
  tables: ReadonlySet<string>,
): Promise<Omit<TemplateData, 'onRow'>> {
  const v = src.version;
  const [indicators, user] = await Promise.all([
    scopeIndicators(ctx, { spaceId: ctx.space.spaceId, level: 'version', id: v.id }),
    ctx.db.pool.query<{ name: string | null }>(`SELECT ${person('u')} AS name FROM users u WHERE u.id = $1`, [
      ctx.session.userId,
    ]),
  ]);
  const today = new Date();
  const dataDate = dateOf(v.dataDate);
  const values: Record<string, TemplateValue> = {
    'version.name': v.name,
    'version.number': v.number,
    'version.dataDate': dataDate,
    dataDate,
    'schedule.name': v.schedule,
    'schedule.code': v.scheduleCode,
    'project.name': v.project,
    'facility.name': v.facility,
    'node.name': src.node,
    'form.name': src.form,
    'user.name': user.rows[0]?.name ?? null,
    year: src.year ?? (dataDate ?? today).getUTCFullYear(),
    today: new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())),
    'works.count': v.leafWorks,
  };
  for (const [key, value] of Object.entries(indicators.total)) {
    const text = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? dateOf(value) : value;
    values[`indicator.${key}`] =
      key === 'weightedBy'
        ? translate(ctx.lang, `reports.weighted_by.${String(value)}`)
        : (text as TemplateValue);
  }
  const needsWbs = tables.has('works') || tables.has('resources');
  const entries = needsWbs ? await wbsOrder(ctx.db.pool, v.id, src.summaries) : [];
  const assignmentEntries =
    tables.has('resources') && src.summaries ? entries.filter((e) => !e.summary) : entries;
  return {
    values,
    locale: ctx.lang,
    tables: {
      works: () => worksTable(ctx.db.pool, entries, src),
      resources: () => resourcesTable(ctx.db.pool, assignmentEntries, src.lang),
    },
  };
}

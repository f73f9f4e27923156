/**
 * The WBS grid of a version "as shown" for Excel and CSV: the columns the user shows (built-in keys of the
 * web grid and `attr:<id>` attribute columns, in their order), rows in outline order with their level, summary
 * rows marked, headers in the user's language, dates as dates and durations and floats in days.
 */
import { DEFAULT_GRID_COLUMNS, type Language } from '@takt/contracts';
import { kyselyOf } from '@takt/db';
import { translate } from '@takt/i18n';
import type { Grid, GridColumn, GridColumnKind, GridRow, GridValue } from '@takt/interchange';
import {
  approvedVariances,
  CompiledCalendars,
  minutesOfIso,
  PAYLOAD_NO_DATE,
  VARIANCE_COLUMNS,
} from '@takt/schedule';
import { sql } from 'kysely';
import { anyOf, type Sql } from '../../db/sql';
import { WORK_RECORD_COLUMNS, workColumns } from '../../db/work-row';
import { workResourceFigures } from '../resources';
import { versionDocument } from '../versions';

const KIND: Record<string, GridColumnKind> = {
  code: 'text',
  name: 'text',
  type: 'text',
  start: 'date',
  finish: 'date',
  duration: 'number',
  progress: 'percent',
  volume: 'number',
  approvedStart: 'date',
  approvedFinish: 'date',
  approvedVolume: 'number',
  factStart: 'date',
  factFinish: 'date',
  factVolume: 'number',
  unit: 'text',
  startLimit: 'text',
  finishLimit: 'text',
  calendar: 'text',
  executor: 'text',
  curator: 'text',
  status: 'text',
  earlyStart: 'datetime',
  earlyFinish: 'datetime',
  lateStart: 'datetime',
  lateFinish: 'datetime',
  totalFloat: 'number',
  freeFloat: 'number',
  critical: 'boolean',
  approvedDuration: 'number',
  startVariance: 'number',
  finishVariance: 'number',
  durationVariance: 'number',
  resources: 'text',
  labour: 'number',
  cost: 'number',
};

/** The grid's resource columns: a work's resources, labour and cost, a summary's summed up the tree. */
const RESOURCE_COLUMNS: ReadonlySet<string> = new Set(['resources', 'labour', 'cost']);

/** Columns written in days with two decimals. */
const DAY_COLUMNS: ReadonlySet<string> = new Set([
  'duration',
  'totalFloat',
  'freeFloat',
  ...VARIANCE_COLUMNS,
]);

const ATTRIBUTE_KIND: Record<string, GridColumnKind> = {
  date: 'date',
  number: 'number',
  money: 'money',
  percentage: 'percent',
  indicator: 'number',
  boolean: 'boolean',
};

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function versionGrid(
  on: Sql,
  spaceId: string,
  versionId: string,
  requested: readonly string[] | undefined,
  lang: Language,
  sheetName: string,
): Promise<Grid> {
  const db = kyselyOf(on);
  const attributes = await db
    .selectFrom('attributes')
    .select(['id', 'name', 'valueType'])
    .where('spaceId', '=', spaceId)
    .execute();
  const attributeById = new Map(attributes.map((a) => [a.id, a]));
  const keys = (requested?.length ? requested : DEFAULT_GRID_COLUMNS).filter(
    (k) => KIND[k] || attributeById.has(k.replace(/^attr:/, '')),
  );
  if (!keys.includes('name')) keys.splice(Math.min(1, keys.length), 0, 'name');
  const columns: GridColumn[] = keys.map((key) => {
    const attribute = key.startsWith('attr:') ? attributeById.get(key.slice(5)) : undefined;
    if (attribute)
      return { id: key, header: attribute.name, kind: ATTRIBUTE_KIND[attribute.valueType] ?? 'text' };
    return {
      id: key,
      header: translate(lang, `grid.col.${key}`),
      kind: KIND[key]!,
      ...(key === 'name' ? { indent: true } : {}),
      ...(DAY_COLUMNS.has(key) ? { decimals: 2 } : {}),
    };
  });

  const works = await db
    .selectFrom('works as w')
    .leftJoin('calendars as c', 'c.id', 'w.calendarId')
    .leftJoin('users as e', 'e.id', 'w.executorId')
    .leftJoin('users as k', 'k.id', 'w.curatorId')
    .select(workColumns('w', WORK_RECORD_COLUMNS))
    .select([
      'c.hoursPerDay',
      'c.name as calendar',
      sql<string | null>`nullif(trim(e."lastName" || ' ' || e."firstName"), '')`.as('executor'),
      sql<string | null>`nullif(trim(k."lastName" || ' ' || k."firstName"), '')`.as('curator'),
    ])
    .where('w.versionId', '=', versionId)
    .orderBy('w.parentId', (order) => order.nullsFirst())
    .orderBy('w.sortKey')
    .execute();
  // The version's calendar, else the space's default one: what a duration in days is counted in.
  const defaults = await db
    .selectFrom('versions as v')
    .leftJoin('calendars as c', (join) =>
      join.on(
        'c.id',
        '=',
        sql<string>`coalesce(v."calendarId", (SELECT d.id FROM calendars d WHERE d."spaceId" = v."spaceId" AND d."isDefault" LIMIT 1))`,
      ),
    )
    .select('c.hoursPerDay')
    .where('v.id', '=', versionId)
    .executeTakeFirst();
  const defaultHours = defaults?.hoursPerDay ?? 8;
  const attributeKeys = keys.filter((k) => k.startsWith('attr:')).map((k) => k.slice(5));
  const values = new Map<string, Record<string, GridValue>>();
  if (attributeKeys.length) {
    const rows = await db
      .selectFrom('attribute_values as v')
      .innerJoin('works as w', 'w.id', 'v.workId')
      .select(['v.workId', 'v.attributeId', 'v.value'])
      .where('w.versionId', '=', versionId)
      .where('v.attributeId', '=', anyOf(attributeKeys, 'uuid'))
      .execute();
    for (const r of rows) {
      const entry = values.get(r.workId) ?? {};
      const v = r.value;
      entry[`attr:${r.attributeId}`] =
        typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
      values.set(r.workId, entry);
    }
  }

  // Read only when a resource column is exported; a summary's labour and cost are those of its works.
  const resourcesOf = keys.some((k) => RESOURCE_COLUMNS.has(k))
    ? new Map((await workResourceFigures(on, spaceId, versionId)).map((r) => [r.workId, r]))
    : null;
  const variancesOf = keys.some((k) => (VARIANCE_COLUMNS as readonly string[]).includes(k))
    ? await workVariances(on, spaceId, versionId, works)
    : null;

  const children = new Map<string | null, (typeof works)[number][]>();
  for (const w of works) {
    const list = children.get(w.parentId);
    if (list) list.push(w);
    else children.set(w.parentId, [w]);
  }
  const limitText = (type: string | null, date: string | null) =>
    type && date
      ? `${translate(lang, `grid.limit.${type}`)} ${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`
      : null;
  const gridRows: GridRow[] = [];
  let maxLevel = 0;
  const stack: { w: (typeof works)[number]; level: number }[] = [...(children.get(null) ?? [])]
    .reverse()
    .map((w) => ({ w, level: 0 }));
  while (stack.length) {
    const { w, level } = stack.pop()!;
    maxLevel = Math.max(maxLevel, level);
    const days = (minutes: number | null) =>
      minutes === null ? null : round2(minutes / ((w.hoursPerDay ?? defaultHours) * 60));
    const all: Record<string, GridValue> = {
      code: w.code,
      name: w.name,
      type: translate(lang, `work_type.${w.type}`),
      start: w.planStart,
      finish: w.planFinish,
      duration: days(w.durationMinutes),
      progress: w.progress,
      volume: w.planVolume,
      approvedStart: w.approvedStart,
      approvedFinish: w.approvedFinish,
      approvedVolume: w.approvedVolume,
      factStart: w.factStart,
      factFinish: w.factFinish,
      factVolume: w.factVolume,
      unit: w.unit,
      startLimit: limitText(w.startLimit, w.startLimitDate),
      finishLimit: limitText(w.finishLimit, w.finishLimitDate),
      calendar: w.calendar,
      executor: w.executor,
      curator: w.curator,
      status: translate(lang, `work_status.${w.status}`),
      earlyStart: w.earlyStart,
      earlyFinish: w.earlyFinish,
      lateStart: w.lateStart,
      lateFinish: w.lateFinish,
      totalFloat: days(w.totalFloat),
      freeFloat: days(w.freeFloat),
      critical: w.earlyStart ? w.critical : null,
      ...variancesOf?.(w.id),
      ...resourceValues(resourcesOf?.get(w.id)),
      ...values.get(w.id),
    };
    gridRows.push({
      level,
      summary: w.type === 'sum',
      values: Object.fromEntries(keys.map((k) => [k, all[k] ?? null])),
    });
    const kids = children.get(w.id);
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push({ w: kids[i]!, level: level + 1 });
  }
  return { columns, rows: gridRows, sheetName, maxLevel };
}

/** A work's resource columns as the grid shows them: none where it has no resources, labour or cost. */
function resourceValues(figures: { names: string; labour: number; cost: number } | undefined) {
  return {
    resources: figures?.names || null,
    labour: figures?.labour ? round2(figures.labour) : null,
    cost: figures?.cost ? round2(figures.cost) : null,
  };
}

/**
 * The approved-plan comparison of a version's works as the grid shows it (`approvedVariances`: working
 * days of each work's calendar, rounded to hundredths), by work id; read only when a variance column is
 * exported, since it needs the version's calendars.
 */
async function workVariances(
  on: Sql,
  spaceId: string,
  versionId: string,
  works: readonly { id: string; approvedStart: string | null; approvedFinish: string | null }[],
): Promise<(workId: string) => Record<string, GridValue>> {
  const { document: doc } = await versionDocument(on, spaceId, versionId);
  const start = new Int32Array(doc.count).fill(PAYLOAD_NO_DATE);
  const finish = new Int32Array(doc.count).fill(PAYLOAD_NO_DATE);
  for (const w of works) {
    const row = doc.rowOf.get(w.id);
    if (row === undefined) continue;
    start[row] = minutesOfIso(w.approvedStart);
    finish[row] = minutesOfIso(w.approvedFinish);
  }
  const variances = approvedVariances(
    doc,
    doc.strings,
    new CompiledCalendars(doc.calendars, doc.scheduling.defaultCalendarId),
    { start, finish },
  );
  return (workId) => {
    const row = doc.rowOf.get(workId);
    const out: Record<string, GridValue> = {};
    for (const key of VARIANCE_COLUMNS) {
      const days = row === undefined ? Number.NaN : variances[key][row]!;
      out[key] = Number.isNaN(days) ? null : round2(days);
    }
    return out;
  };
}

/**
 * The WBS grid of a version "as shown" for Excel and CSV: the columns the user shows (built-in keys of the
 * web grid and `attr:<id>` attribute columns, in their order), rows in outline order with their level, summary
 * rows marked, headers in the user's language, dates as dates and durations and floats in days.
 */
import type { Language } from '@takt/contracts';
import { translate } from '@takt/i18n';
import type { Grid, GridColumn, GridColumnKind, GridRow, GridValue } from '@takt/interchange';
import type { Sql } from '../../db/sql';
import { iso } from '../../db/time';

/** The web grid's default visible columns (apps/web/src/lib/grid-columns.ts). */
export const DEFAULT_GRID_COLUMNS = [
  'code',
  'name',
  'type',
  'duration',
  'earlyStart',
  'earlyFinish',
  'totalFloat',
  'critical',
  'progress',
  'status',
];

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
};

const ATTRIBUTE_KIND: Record<string, GridColumnKind> = {
  date: 'date',
  number: 'number',
  money: 'money',
  percentage: 'percent',
  indicator: 'number',
  boolean: 'boolean',
};

interface GridWorkDb {
  id: string;
  parentId: string | null;
  code: string | null;
  name: string;
  type: string;
  durationMinutes: number;
  hoursPerDay: number | null;
  calendar: string | null;
  planStart: string | null;
  planFinish: string | null;
  approvedStart: string | null;
  approvedFinish: string | null;
  factStart: string | null;
  factFinish: string | null;
  planVolume: number | null;
  approvedVolume: number | null;
  factVolume: number | null;
  unit: string | null;
  progress: number;
  status: string;
  executor: string | null;
  curator: string | null;
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

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function versionGrid(
  sql: Sql,
  spaceId: string,
  versionId: string,
  requested: readonly string[] | undefined,
  lang: Language,
  sheetName: string,
): Promise<Grid> {
  const { rows: attributes } = await sql.query<{ id: string; name: string; valueType: string }>(
    `SELECT id, name, "valueType" FROM attributes WHERE "spaceId" = $1`,
    [spaceId],
  );
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
      ...(key === 'duration' || key === 'totalFloat' || key === 'freeFloat' ? { decimals: 2 } : {}),
    };
  });

  const { rows: works } = await sql.query<GridWorkDb>(
    `SELECT w.id, w."parentId", w.code, w.name, w.type, w."durationMinutes", c."hoursPerDay", c.name AS calendar,
       ${iso('w."planStart"')} AS "planStart", ${iso('w."planFinish"')} AS "planFinish",
       ${iso('w."approvedStart"')} AS "approvedStart", ${iso('w."approvedFinish"')} AS "approvedFinish",
       ${iso('w."factStart"')} AS "factStart", ${iso('w."factFinish"')} AS "factFinish",
       w."planVolume", w."approvedVolume", w."factVolume", w.unit, w.progress, w.status,
       nullif(trim(e."lastName" || ' ' || e."firstName"), '') AS executor,
       nullif(trim(k."lastName" || ' ' || k."firstName"), '') AS curator,
       w."startLimit", ${iso('w."startLimitDate"')} AS "startLimitDate",
       w."finishLimit", ${iso('w."finishLimitDate"')} AS "finishLimitDate",
       ${iso('w."earlyStart"')} AS "earlyStart", ${iso('w."earlyFinish"')} AS "earlyFinish",
       ${iso('w."lateStart"')} AS "lateStart", ${iso('w."lateFinish"')} AS "lateFinish",
       w."totalFloat", w."freeFloat", w.critical
     FROM works w
     LEFT JOIN calendars c ON c.id = w."calendarId"
     LEFT JOIN users e ON e.id = w."executorId"
     LEFT JOIN users k ON k.id = w."curatorId"
     WHERE w."versionId" = $1 ORDER BY w."parentId" NULLS FIRST, w."sortKey"`,
    [versionId],
  );
  const { rows: defaults } = await sql.query<{ hoursPerDay: number | null }>(
    `SELECT c."hoursPerDay" FROM versions v LEFT JOIN calendars c
       ON c.id = coalesce(v."calendarId", (SELECT d.id FROM calendars d WHERE d."spaceId" = v."spaceId" AND d."isDefault" LIMIT 1))
     WHERE v.id = $1`,
    [versionId],
  );
  const defaultHours = defaults[0]?.hoursPerDay ?? 8;
  const attributeKeys = keys.filter((k) => k.startsWith('attr:')).map((k) => k.slice(5));
  const values = new Map<string, Record<string, GridValue>>();
  if (attributeKeys.length) {
    const { rows } = await sql.query<{ workId: string; attributeId: string; value: unknown }>(
      `SELECT v."workId", v."attributeId", v.value FROM attribute_values v JOIN works w ON w.id = v."workId"
       WHERE w."versionId" = $1 AND v."attributeId" = ANY($2::uuid[])`,
      [versionId, attributeKeys],
    );
    for (const r of rows) {
      const entry = values.get(r.workId) ?? {};
      const v = r.value;
      entry[`attr:${r.attributeId}`] =
        typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
      values.set(r.workId, entry);
    }
  }

  const children = new Map<string | null, GridWorkDb[]>();
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
  const stack: { w: GridWorkDb; level: number }[] = [...(children.get(null) ?? [])]
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

import { SCHEDULE_LIMITS, scheduleDate, type WorkFields } from '@takt/contracts';
import type { LimitType, WorkRecord } from '@takt/schedule';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { iso } from '../../db/time';
import { AppError } from '../../errors';

export const WORK_SELECT = `w.id, w."versionId", w."parentId", w."originId", w."sortKey", w.code, w.name, w.type,
  w."durationMinutes", w."calendarId",
  ${iso('w."planStart"')} AS "planStart", ${iso('w."planFinish"')} AS "planFinish",
  ${iso('w."approvedStart"')} AS "approvedStart", ${iso('w."approvedFinish"')} AS "approvedFinish",
  ${iso('w."factStart"')} AS "factStart", ${iso('w."factFinish"')} AS "factFinish",
  w."planVolume", w."approvedVolume", w."factVolume", w.unit, w.progress, w.status, w."executorId", w."curatorId",
  w."startLimit", ${iso('w."startLimitDate"')} AS "startLimitDate",
  w."finishLimit", ${iso('w."finishLimitDate"')} AS "finishLimitDate",
  ${iso('w."earlyStart"')} AS "earlyStart", ${iso('w."earlyFinish"')} AS "earlyFinish",
  ${iso('w."lateStart"')} AS "lateStart", ${iso('w."lateFinish"')} AS "lateFinish",
  w."totalFloat", w."freeFloat", w.critical, w.revision`;

/** A work row as `WORK_SELECT` reads it: the API's work with its limits in their own columns. */
export type WorkRow = Omit<WorkRecord, 'startLimit' | 'finishLimit'> & {
  startLimit: LimitType | null;
  startLimitDate: string | null;
  finishLimit: LimitType | null;
  finishLimitDate: string | null;
};

/**
 * A work as the API returns it: `@takt/schedule`'s `WorkRecord` (which the web app writes into its
 * rows) and the values of its attributes.
 */
export function toWork(
  row: WorkRow,
  attributes: Record<string, unknown> = {},
): WorkRecord & { attributes: Record<string, unknown> } {
  const { startLimit, startLimitDate, finishLimit, finishLimitDate, ...rest } = row;
  return {
    ...rest,
    startLimit: startLimit ? { type: startLimit, date: startLimitDate } : null,
    finishLimit: finishLimit ? { type: finishLimit, date: finishLimitDate } : null,
    attributes,
  };
}

const CASTS: Partial<Record<keyof WorkFields, string>> = {
  code: 'text',
  name: 'text',
  type: '"WorkType"',
  durationMinutes: 'int',
  calendarId: 'uuid',
  planStart: 'timestamp',
  planFinish: 'timestamp',
  approvedStart: 'timestamp',
  approvedFinish: 'timestamp',
  factStart: 'timestamp',
  factFinish: 'timestamp',
  planVolume: 'float8',
  approvedVolume: 'float8',
  factVolume: 'float8',
  unit: 'text',
  progress: 'float8',
  status: '"WorkStatus"',
  executorId: 'uuid',
  curatorId: 'uuid',
};

/** Column assignments for the given fields; parameters are numbered from `first`. */
export function workAssignments(fields: Partial<WorkFields>, first: number) {
  const sets: string[] = [];
  const params: unknown[] = [];
  const add = (column: string, cast: string, value: unknown) => {
    params.push(value);
    sets.push(`"${column}" = $${first + params.length - 1}::${cast}`);
  };
  for (const [key, cast] of Object.entries(CASTS) as [keyof WorkFields, string][]) {
    if (fields[key] !== undefined) add(key, cast, fields[key]);
  }
  for (const side of ['start', 'finish'] as const) {
    const limit = fields[`${side}Limit`];
    if (limit === undefined) continue;
    add(`${side}Limit`, '"LimitType"', limit?.type ?? null);
    add(`${side}LimitDate`, 'timestamp', limit?.date ?? null);
  }
  return { sets, params };
}

/** The dates of plan and fact data that the editing period governs. */
export function periodDates(fields: Partial<WorkFields>) {
  return [fields.planStart, fields.planFinish, fields.factStart, fields.factFinish];
}

/**
 * Checks references a work's fields make: executor and curator are members of the space, the
 * calendar is the space's, and attribute values match their attribute's type and the role's access.
 */
export async function checkWorkReferences(
  ctx: SpaceContext,
  client: pg.PoolClient,
  scheduleId: string,
  fields: Partial<WorkFields>,
) {
  const spaceId = ctx.space.spaceId;
  const users = [fields.executorId, fields.curatorId].filter((u): u is string => !!u);
  if (users.length) {
    const { rows } = await client.query<{ userId: string }>(
      `SELECT "userId" FROM space_members WHERE "spaceId" = $1 AND "userId" = ANY($2::uuid[])`,
      [spaceId, users],
    );
    const members = new Set(rows.map((r) => r.userId));
    const issues = (['executorId', 'curatorId'] as const)
      .filter((key) => fields[key] && !members.has(fields[key]!))
      .map((key) => ({ path: key, message: 'schedule.not_a_member' }));
    if (issues.length) throw new AppError('ValidationError', {}, issues);
  }
  if (fields.calendarId) {
    const { rowCount } = await client.query(`SELECT 1 FROM calendars WHERE id = $1 AND "spaceId" = $2`, [
      fields.calendarId,
      spaceId,
    ]);
    if (!rowCount)
      throw new AppError('ValidationError', {}, [{ path: 'calendarId', message: 'validation.required' }]);
  }
  const attributeIds = Object.keys(fields.attributes ?? {});
  if (attributeIds.length) {
    const { rows } = await client.query<{ id: string; valueType: string; canEdit: boolean | null }>(
      `SELECT a.id, a."valueType", acc."canEdit" FROM attributes a
       LEFT JOIN attribute_access acc ON acc."attributeId" = a.id AND acc."scheduleId" = $3 AND acc."roleId" = $4
       WHERE a."spaceId" = $1 AND a.id = ANY($2::uuid[]) AND (a."scheduleId" IS NULL OR a."scheduleId" = $3)`,
      [spaceId, attributeIds, scheduleId, ctx.space.roleId],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const issues: { path: string; message: string }[] = [];
    for (const [attributeId, value] of Object.entries(fields.attributes!)) {
      const attribute = byId.get(attributeId);
      if (!attribute) issues.push({ path: `attributes.${attributeId}`, message: 'validation.required' });
      else if (attribute.canEdit === false) throw new AppError('Forbidden');
      else if (value !== null && !valueFits(attribute.valueType, value))
        issues.push({ path: `attributes.${attributeId}`, message: 'validation.out_of_range' });
    }
    if (issues.length) throw new AppError('ValidationError', {}, issues);
  }
}

function valueFits(type: string, value: string | number | boolean): boolean {
  switch (type) {
    case 'date':
      return scheduleDate.safeParse(value).success;
    case 'number':
    case 'money':
    case 'indicator':
      return typeof value === 'number';
    case 'percentage':
      return typeof value === 'number' && value >= 0 && value <= 100;
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return typeof value === 'string' && value.length <= SCHEDULE_LIMITS.workNameMaxLength;
  }
}

/** Writes attribute values of works (null deletes a value). */
export async function writeAttributeValues(
  ctx: SpaceContext,
  client: pg.PoolClient,
  workIds: string[],
  values: Record<string, unknown> | undefined,
) {
  if (!values) return;
  for (const [attributeId, value] of Object.entries(values)) {
    if (value === null) {
      await client.query(
        `DELETE FROM attribute_values WHERE "workId" = ANY($1::uuid[]) AND "attributeId" = $2`,
        [workIds, attributeId],
      );
    } else {
      await client.query(
        `INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
         SELECT $1, w, $3, $4::jsonb FROM unnest($2::uuid[]) AS w
         ON CONFLICT ("workId", "attributeId") DO UPDATE SET value = EXCLUDED.value`,
        [ctx.space.spaceId, workIds, attributeId, JSON.stringify(value)],
      );
    }
  }
}

/** Rows in WBS order: depth-first, siblings by ordering key. */
export function wbsOrder<T extends { id: string; parentId: string | null; sortKey: number }>(rows: T[]): T[] {
  const children = new Map<string | null, T[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    const list = children.get(parent);
    if (list) list.push(row);
    else children.set(parent, [row]);
  }
  for (const list of children.values()) list.sort((a, b) => a.sortKey - b.sortKey || (a.id < b.id ? -1 : 1));
  const out: T[] = [];
  const stack: T[] = [...(children.get(null) ?? [])].reverse();
  while (stack.length) {
    const row = stack.pop()!;
    out.push(row);
    const kids = children.get(row.id);
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return out;
}

import { SCHEDULE_LIMITS, scheduleDate, type WorkFields } from '@takt/contracts';
import { kyselyOf, type Tables } from '@takt/db';
import type { WorkRecord } from '@takt/schedule';
import { sql, type Updateable } from 'kysely';
import type pg from 'pg';
import type { SpaceContext } from '../../context';
import { anyOf } from '../../db/sql';
import type { WorkColumn, WorkRecordRow } from '../../db/work-row';
import { AppError } from '../../errors';
import { isSpaceCalendar } from '../calendars';

/** `A` when it has exactly the fields of `B`, else `never` (and every call of the function that takes it fails). */
type SameFields<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never]
  ? A
  : never;

/** The API's work with each limit as its two columns, as the row read by `WORK_RECORD_COLUMNS` has them. */
type WorkRecordAsRow = Omit<WorkRecord, 'startLimit' | 'finishLimit'> &
  Record<'startLimit' | 'startLimitDate' | 'finishLimit' | 'finishLimitDate', unknown>;

/**
 * A work as the API returns it: `@takt/schedule`'s `WorkRecord` (which the web app writes into its
 * rows) and the values of its attributes. The row's fields come from the schema (`WORK_RECORD_COLUMNS`)
 * and must stay the fields of `WorkRecord`, the type the browser shares.
 */
export function toWork(
  row: SameFields<WorkRecordRow, WorkRecordAsRow>,
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

/** The fields of `WorkFields` that are a work column of the same name and value. */
const ASSIGNABLE = [
  'code',
  'name',
  'type',
  'durationMinutes',
  'calendarId',
  'planStart',
  'planFinish',
  'approvedStart',
  'approvedFinish',
  'factStart',
  'factFinish',
  'planVolume',
  'approvedVolume',
  'factVolume',
  'unit',
  'progress',
  'status',
  'executorId',
  'curatorId',
] as const satisfies readonly (keyof WorkFields & WorkColumn)[];

/** The column values the given fields set (a limit sets its type and date columns). */
export function workAssignments(fields: Partial<WorkFields>): Updateable<Tables.Work> {
  const set: Updateable<Tables.Work> = {};
  for (const key of ASSIGNABLE) {
    if (fields[key] !== undefined) (set as Record<string, unknown>)[key] = fields[key];
  }
  if (fields.startLimit !== undefined) {
    set.startLimit = fields.startLimit?.type ?? null;
    set.startLimitDate = fields.startLimit?.date ?? null;
  }
  if (fields.finishLimit !== undefined) {
    set.finishLimit = fields.finishLimit?.type ?? null;
    set.finishLimitDate = fields.finishLimit?.date ?? null;
  }
  return set;
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
  const db = kyselyOf(client);
  const users = [fields.executorId, fields.curatorId].filter((u): u is string => !!u);
  if (users.length) {
    const rows = await db
      .selectFrom('space_members')
      .select('userId')
      .where('spaceId', '=', spaceId)
      .where('userId', '=', anyOf(users, 'uuid'))
      .execute();
    const members = new Set(rows.map((r) => r.userId));
    const issues = (['executorId', 'curatorId'] as const)
      .filter((key) => fields[key] && !members.has(fields[key]!))
      .map((key) => ({ path: key, message: 'schedule.not_a_member' }));
    if (issues.length) throw new AppError('ValidationError', {}, issues);
  }
  if (fields.calendarId && !(await isSpaceCalendar(client, spaceId, fields.calendarId)))
    throw new AppError('ValidationError', {}, [{ path: 'calendarId', message: 'validation.required' }]);
  const attributeIds = Object.keys(fields.attributes ?? {});
  if (attributeIds.length) {
    const rows = await db
      .selectFrom('attributes as a')
      .leftJoin('attribute_access as acc', (join) =>
        join
          .onRef('acc.attributeId', '=', 'a.id')
          .on('acc.scheduleId', '=', scheduleId)
          .on('acc.roleId', '=', ctx.space.roleId),
      )
      .select(['a.id', 'a.valueType', 'a.formula', 'acc.canEdit'])
      .where('a.spaceId', '=', spaceId)
      .where('a.id', '=', anyOf(attributeIds, 'uuid'))
      .where((eb) => eb.or([eb('a.scheduleId', 'is', null), eb('a.scheduleId', '=', scheduleId)]))
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const issues: { path: string; message: string }[] = [];
    for (const [attributeId, value] of Object.entries(fields.attributes!)) {
      const attribute = byId.get(attributeId);
      if (!attribute) issues.push({ path: `attributes.${attributeId}`, message: 'validation.required' });
      else if (attribute.canEdit === false) throw new AppError('Forbidden');
      // A formula's values are computed, never entered (docs/product-rules.md, "Formulas").
      else if (attribute.formula !== null)
        issues.push({ path: `attributes.${attributeId}`, message: 'formulas.read_only' });
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
  const db = kyselyOf(client);
  for (const [attributeId, value] of Object.entries(values)) {
    if (value === null) {
      await db
        .deleteFrom('attribute_values')
        .where('workId', '=', anyOf(workIds, 'uuid'))
        .where('attributeId', '=', attributeId)
        .execute();
    } else {
      // One statement for any number of works: the rows come from unnest over the id array.
      await db
        .insertInto('attribute_values')
        .columns(['spaceId', 'workId', 'attributeId', 'value'])
        .expression(
          db
            .selectFrom(sql<{ w: string }>`unnest(${workIds}::uuid[])`.as('w'))
            .select([
              sql.val(ctx.space.spaceId).as('spaceId'),
              'w.w as workId',
              sql.val(attributeId).as('attributeId'),
              sql`${JSON.stringify(value)}::jsonb`.as('value'),
            ]),
        )
        .onConflict((oc) =>
          oc.columns(['workId', 'attributeId']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
        )
        .execute();
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

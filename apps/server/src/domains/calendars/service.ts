import { kyselyOf } from '@takt/db';
import type { SpaceContext } from '../../context';
import type { Sql } from '../../db/sql';
import { AppError, staleOrMissing } from '../../errors';

type Interval = { start: string; finish: string };
type ExceptionInput = { date: string; until?: string | null; name?: string | null; intervals: Interval[] };
interface CalendarFieldsInput {
  name?: string;
  allDay?: boolean;
  hoursPerDay?: number | null;
  week?: Interval[][];
  exceptions?: ExceptionInput[];
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const asDate = (d: string) => new Date(`${d}T00:00:00Z`);

type CalendarRecord = {
  id: string;
  name: string;
  isDefault: boolean;
  allDay: boolean;
  hoursPerDay: number | null;
  week: unknown;
  revision: number;
  exceptions: { date: Date; until: Date | null; name: string | null; intervals: unknown }[];
};

function toCalendar(c: CalendarRecord) {
  return {
    id: c.id,
    name: c.name,
    isDefault: c.isDefault,
    allDay: c.allDay,
    hoursPerDay: c.hoursPerDay,
    week: c.week as Interval[][],
    exceptions: c.exceptions
      .map((e) => ({
        date: day(e.date)!,
        until: day(e.until),
        name: e.name,
        intervals: e.intervals as Interval[],
      }))
      .sort((a, b) => (a.date < b.date ? -1 : 1)),
    revision: c.revision,
  };
}

/** Whether the calendar is one of the space's (a work or version may only name its own space's calendars). */
export async function isSpaceCalendar(on: Sql, spaceId: string, calendarId: string): Promise<boolean> {
  const found = await kyselyOf(on)
    .selectFrom('calendars')
    .select('id')
    .where('id', '=', calendarId)
    .where('spaceId', '=', spaceId)
    .executeTakeFirst();
  return found !== undefined;
}

export async function listCalendars(ctx: SpaceContext) {
  const calendars = await ctx.db.prisma.calendar.findMany({
    where: { spaceId: ctx.space.spaceId },
    include: { exceptions: true },
    orderBy: [{ isDefault: 'desc' }, { name: 'asc' }],
  });
  return calendars.map(toCalendar);
}

export async function getCalendar(ctx: SpaceContext, calendarId: string) {
  const calendar = await ctx.db.prisma.calendar.findFirst({
    where: { id: calendarId, spaceId: ctx.space.spaceId },
    include: { exceptions: true },
  });
  if (!calendar) throw new AppError('NotFound');
  return toCalendar(calendar);
}

function exceptionRows(spaceId: string, exceptions: ExceptionInput[]) {
  return exceptions.map((e) => ({
    spaceId,
    date: asDate(e.date),
    until: e.until ? asDate(e.until) : null,
    name: e.name ?? null,
    intervals: e.intervals,
  }));
}

export async function createCalendar(
  ctx: SpaceContext,
  input: CalendarFieldsInput & { isDefault?: boolean },
) {
  const spaceId = ctx.space.spaceId;
  const id = await ctx.db.prisma.$transaction(async (tx) => {
    const first = (await tx.calendar.count({ where: { spaceId } })) === 0;
    const isDefault = input.isDefault === true || first;
    if (isDefault) await tx.calendar.updateMany({ where: { spaceId }, data: { isDefault: false } });
    const created = await tx.calendar.create({
      data: {
        spaceId,
        name: input.name!,
        isDefault,
        allDay: input.allDay ?? false,
        hoursPerDay: input.hoursPerDay ?? null,
        week: input.week!,
        exceptions: { create: exceptionRows(spaceId, input.exceptions ?? []) },
      },
    });
    return created.id;
  });
  return getCalendar(ctx, id);
}

export async function updateCalendar(
  ctx: SpaceContext,
  input: CalendarFieldsInput & { calendarId: string; revision: number },
) {
  const spaceId = ctx.space.spaceId;
  await ctx.db.prisma.$transaction(async (tx) => {
    const updated = await tx.calendar.updateMany({
      where: { id: input.calendarId, spaceId, revision: input.revision },
      data: {
        name: input.name,
        allDay: input.allDay,
        hoursPerDay: input.hoursPerDay,
        week: input.week,
        revision: { increment: 1 },
      },
    });
    if (updated.count === 0) throw await staleOrMissing(tx.calendar, { id: input.calendarId, spaceId });
    if (input.exceptions) {
      await tx.calendarException.deleteMany({ where: { calendarId: input.calendarId } });
      await tx.calendarException.createMany({
        data: exceptionRows(spaceId, input.exceptions).map((e) => ({ ...e, calendarId: input.calendarId })),
      });
    }
  });
  return getCalendar(ctx, input.calendarId);
}

export async function setDefaultCalendar(ctx: SpaceContext, calendarId: string) {
  const spaceId = ctx.space.spaceId;
  await ctx.db.prisma.$transaction(async (tx) => {
    const exists = await tx.calendar.count({ where: { id: calendarId, spaceId } });
    if (!exists) throw new AppError('NotFound');
    await tx.calendar.updateMany({ where: { spaceId, isDefault: true }, data: { isDefault: false } });
    await tx.calendar.updateMany({
      where: { id: calendarId, spaceId },
      data: { isDefault: true, revision: { increment: 1 } },
    });
  });
  return getCalendar(ctx, calendarId);
}

/** The default calendar cannot be deleted while others exist; works using a deleted calendar fall back to the default. */
export async function deleteCalendar(ctx: SpaceContext, calendarId: string) {
  const spaceId = ctx.space.spaceId;
  const calendar = await ctx.db.prisma.calendar.findFirst({ where: { id: calendarId, spaceId } });
  if (!calendar) throw new AppError('NotFound');
  const others = await ctx.db.prisma.calendar.count({ where: { spaceId, id: { not: calendarId } } });
  if (calendar.isDefault && others > 0) throw new AppError('Conflict');
  await ctx.db.prisma.calendar.deleteMany({ where: { id: calendarId, spaceId } });
  return { success: true as const };
}

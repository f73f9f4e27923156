/**
 * When a backup job runs next. Every periodicity is a cron expression in UTC read by `cron-parser`: daily at a
 * time, weekly on a weekday, monthly on a day (1 … 28, so every month has it), or the job's own expression;
 * two-weekly (`2weekly`, `Fortnightly`) is the weekly one on every other week, counted from the first run
 * after the job was made.
 */
import type { BackupPeriodicity } from '@takt/contracts';
import cronParser from 'cron-parser';

export interface Periodicity {
  periodicity: BackupPeriodicity;
  minuteOfDay: number;
  weekday: number;
  dayOfMonth: number;
  cron: string | null;
  /** when the job was made: two-weekly runs count their weeks from it */
  createdAt: Date;
}

const WEEK_MS = 7 * 24 * 60 * 60_000;

/** The job's cron expression (two-weekly: its weekly one). */
function cronOf(p: Periodicity): string {
  const m = p.minuteOfDay % 60;
  const h = Math.floor(p.minuteOfDay / 60);
  switch (p.periodicity) {
    case 'daily':
      return `${m} ${h} * * *`;
    case 'weekly':
    case '2weekly':
    case 'Fortnightly':
      return `${m} ${h} * * ${p.weekday}`;
    case 'monthly':
      return `${m} ${h} ${p.dayOfMonth} * *`;
    case 'cron':
      return p.cron ?? '';
  }
}

/** Whether an expression is one cron-parser reads, of five fields (minute … weekday). */
export function validCron(expression: string): boolean {
  if (expression.trim().split(/\s+/).length !== 5) return false;
  try {
    cronParser.parseExpression(expression, { tz: 'UTC' });
    return true;
  } catch {
    return false;
  }
}

const after = (expression: string, from: Date) =>
  cronParser.parseExpression(expression, { currentDate: from, tz: 'UTC' }).next().toDate();

/** The first run strictly after `from`. */
export function nextRun(p: Periodicity, from: Date): Date {
  const expression = cronOf(p);
  let next = after(expression, from);
  if (p.periodicity !== '2weekly' && p.periodicity !== 'Fortnightly') return next;
  const first = after(expression, p.createdAt).getTime();
  while (Math.round((next.getTime() - first) / WEEK_MS) % 2 !== 0) next = after(expression, next);
  return next;
}

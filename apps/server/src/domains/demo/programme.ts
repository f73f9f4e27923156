import { randomUUID } from 'node:crypto';
import {
  type CalendarInput,
  calculate,
  NO_TIME,
  prngCreate,
  type RelationInput,
  type ScheduleResult,
  timeFromIso,
  type WorkInput,
} from '@takt/engine';
import type pg from 'pg';
import { emptyWorkColumns, insertRelationColumns, insertWorkColumns } from './bulk';

/** A work of a demo programme as built in memory, before it is calculated and inserted. */
export interface ProgrammeWork extends WorkInput {
  code: string;
  name: string;
  sortKey: number;
  volume: number | null;
  unit: string | null;
  crew: string | null;
  size: number | null;
}

/** What a work had done by the data date: engine minutes (NO_TIME: none) and per cent complete. */
export interface WorkFact {
  start: number;
  finish: number;
  progress: number;
}

/** A demo programme once inserted: its version, the calculation's result and each work's progress. */
export interface InsertedProgramme {
  versionId: string;
  works: ProgrammeWork[];
  calendars: CalendarInput[];
  result: ScheduleResult;
  facts: WorkFact[];
  /** The data date, `YYYY-MM-DD` (today). */
  today: string;
}

/** The demo's seeded generator (the engine's mulberry32), so every demo space gets the same numbers. */
export const demoRandom = prngCreate;

/**
 * Calculates a programme in memory, records as done what the plan put before today (finished works
 * complete, running ones in proportion), calculates again with today as the data date, and inserts the
 * version (actual), its works and relations in a few bulk statements.
 */
export async function insertProgramme(
  client: pg.PoolClient,
  spaceId: string,
  p: {
    scheduleId: string;
    calendars: CalendarInput[];
    defaultCalendarId: string;
    works: ProgrammeWork[];
    relations: RelationInput[];
    projectStart: string;
    executorIds: string[];
  },
): Promise<InsertedProgramme> {
  const { works, relations, calendars, projectStart } = p;
  const today = new Date().toISOString().slice(0, 10);
  const base = { calendars, defaultCalendarId: p.defaultCalendarId, works, relations, projectStart };
  const plan = calculate(base);
  const now = timeFromIso(`${today}T08:00`);
  const toIso = (m: number) => new Date(Date.UTC(2000, 0, 1) + m * 60_000).toISOString().slice(0, 16);
  const facts: WorkFact[] = works.map((w, i) => {
    if (w.type === 'sum') return { start: NO_TIME, finish: NO_TIME, progress: 0 };
    const es = plan.earlyStart[i]!;
    const ef = plan.earlyFinish[i]!;
    if (ef <= now) return { start: es, finish: ef, progress: 100 };
    if (es < now)
      return { start: es, finish: NO_TIME, progress: Math.round(((now - es) / Math.max(1, ef - es)) * 100) };
    return { start: NO_TIME, finish: NO_TIME, progress: 0 };
  });
  const progressed = works.map((w, i) => ({
    ...w,
    actualStart: facts[i]!.start !== NO_TIME ? toIso(facts[i]!.start) : null,
    actualFinish: facts[i]!.finish !== NO_TIME ? toIso(facts[i]!.finish) : null,
    remainingMinutes:
      facts[i]!.start !== NO_TIME && facts[i]!.finish === NO_TIME
        ? Math.round(w.durationMinutes * (1 - facts[i]!.progress / 100))
        : null,
  }));
  const result = calculate({ ...base, works: progressed, dataDate: `${today}T08:00` });

  const versionId = randomUUID();
  await client.query(
    `INSERT INTO versions (id, "spaceId", "scheduleId", number, name, actual, "calcStatus", "calculatedAt", "projectStart",
       "dataDate", "calendarId", "updatedAt")
     VALUES ($1, $2, $3, 1, 'Версия 1', true, 1, now(), $4::timestamp, $5::timestamp, $6, now())`,
    [versionId, spaceId, p.scheduleId, projectStart, `${today}T08:00`, p.defaultCalendarId],
  );
  const cols = emptyWorkColumns();
  works.forEach((w, i) => {
    const f = facts[i]!;
    cols.id.push(w.id);
    cols.parentId.push(w.parentId ?? null);
    cols.sortKey.push(w.sortKey);
    cols.code.push(w.code);
    cols.name.push(w.name);
    cols.type.push(w.type);
    cols.durationMinutes.push(w.durationMinutes);
    cols.calendarId.push(w.calendarId ?? null);
    cols.planStart.push(result.earlyStart[i]!);
    cols.planFinish.push(result.earlyFinish[i]!);
    cols.factStart.push(f.start);
    cols.factFinish.push(f.finish);
    cols.earlyStart.push(result.earlyStart[i]!);
    cols.earlyFinish.push(result.earlyFinish[i]!);
    cols.lateStart.push(result.lateStart[i]!);
    cols.lateFinish.push(result.lateFinish[i]!);
    const dated = result.earlyStart[i]! !== NO_TIME;
    cols.totalFloat.push(dated ? result.totalFloat[i]! : null);
    cols.freeFloat.push(dated ? result.freeFloat[i]! : null);
    cols.critical.push(result.critical[i] === 1);
    cols.planVolume.push(w.volume);
    cols.unit.push(w.unit);
    cols.progress.push(f.progress);
    cols.status.push(f.progress >= 100 ? 'completed' : f.start !== NO_TIME ? 'in_progress' : 'not_started');
    cols.executorId.push(w.crew && p.executorIds.length ? p.executorIds[i % p.executorIds.length]! : null);
  });
  await insertWorkColumns(client, spaceId, versionId, cols);
  await insertRelationColumns(client, spaceId, versionId, {
    predecessorId: relations.map((r) => r.predecessorId),
    successorId: relations.map((r) => r.successorId),
    type: relations.map((r) => r.type),
    lagMinutes: relations.map((r) => r.lagMinutes ?? 0),
    driving: Array.from(result.relationDriving, (d) => d === 1),
  });
  return { versionId, works, calendars, result, facts, today };
}

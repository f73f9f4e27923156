import { calculate } from '../calculate.js';
import type { WorkResultRow } from '../result.js';
import type { CalculateOptions, CalendarInput, EngineProject, RelationInput, WorkInput } from '../types.js';

/** Mon–Fri 08:00–12:00, 13:00–17:00 (the default week). 2024-01-01 is a Monday. */
const STANDARD: CalendarInput = { id: 'std' };

export function project(
  works: WorkInput[],
  relations: RelationInput[] = [],
  extra: Partial<EngineProject> = {},
): EngineProject {
  return {
    calendars: [STANDARD],
    defaultCalendarId: 'std',
    projectStart: '2024-01-01T08:00',
    works,
    relations,
    ...extra,
  };
}

export function task(id: string, durationMinutes: number, extra: Partial<WorkInput> = {}): WorkInput {
  return { id, type: 'task', durationMinutes, ...extra };
}

export function fs(
  predecessorId: string,
  successorId: string,
  lagMinutes = 0,
  extra: Partial<RelationInput> = {},
) {
  return { predecessorId, successorId, type: 'fs', lagMinutes, ...extra } as RelationInput;
}

/** Calculates and returns the rows by id, for compact expectations. */
export function rows(input: EngineProject, options?: CalculateOptions): Record<string, WorkResultRow> {
  return Object.fromEntries(
    calculate(input, options)
      .toJSON()
      .works.map((row) => [row.id, row]),
  );
}

/** [earlyStart, earlyFinish] of a row. */
export function early(row: WorkResultRow | undefined): [string | null, string | null] {
  return [row?.earlyStart ?? null, row?.earlyFinish ?? null];
}

export function late(row: WorkResultRow | undefined): [string | null, string | null] {
  return [row?.lateStart ?? null, row?.lateFinish ?? null];
}

import type { LevelingInput, LevelingOptions, LevelingResult } from '../resources/leveling.js';
import { resourceLevel } from '../resources/leveling.js';
import type { AssignmentInput, ResourceInput } from '../resources/resource-types.js';
import { MINUTES_PER_DAY, timeFromIso } from '../time.js';
import type { RelationInput, WorkInput } from '../types.js';
import type { PsplibInstance } from './psplib-read.js';

const START = '2001-01-01';

/**
 * A PSPLIB instance as a Takt project: one period is one day of a 24-hour calendar, each job a task of
 * that many days, each renewable resource a labour resource with its capacity per day, and each demand
 * an assignment of demand × duration spread evenly — so the project's resource leveling is exactly the
 * RCPSP and the makespan in days is the instance's makespan.
 */
export function psplibToLeveling(instance: PsplibInstance): LevelingInput {
  const id = (job: number) => `J${job + 1}`;
  const works: WorkInput[] = instance.durations.map((duration, job) => ({
    id: id(job),
    type: 'task',
    durationMinutes: duration * MINUTES_PER_DAY,
  }));
  const relations: RelationInput[] = instance.successors.flatMap((successors, job) =>
    successors.map(
      (successor): RelationInput => ({ predecessorId: id(job), successorId: id(successor), type: 'fs' }),
    ),
  );
  const resources: ResourceInput[] = instance.capacities.map((capacity, r) => ({
    id: `R${r + 1}`,
    kind: 'labour',
    unitsPerDay: capacity,
  }));
  const assignments: AssignmentInput[] = [];
  instance.demands.forEach((demand, job) => {
    demand.forEach((units, r) => {
      if (units > 0) {
        assignments.push({
          workId: id(job),
          resourceId: `R${r + 1}`,
          quantity: units * instance.durations[job]!,
        });
      }
    });
  });
  return {
    project: {
      calendars: [{ id: 'periods', allDay: true }],
      defaultCalendarId: 'periods',
      projectStart: START,
      works,
      relations,
    },
    resources,
    assignments,
  };
}

export interface PsplibSolution {
  /** Makespan in periods. */
  readonly makespan: number;
  /** Start period of every job. */
  readonly starts: readonly number[];
  /** The critical-path length (a lower bound). */
  readonly criticalPath: number;
  readonly schedules: number;
  readonly leveling: LevelingResult;
}

/** Solves an instance with the project leveling (default budget: 5,000 schedules). */
export function psplibSolve(instance: PsplibInstance, options: LevelingOptions = {}): PsplibSolution {
  const leveling = resourceLevel(psplibToLeveling(instance), { schedules: 5000, ...options });
  const origin = timeFromIso(START);
  const periods = (time: number) => (time - origin) / MINUTES_PER_DAY;
  return {
    makespan: periods(leveling.projectFinish),
    starts: Array.from(leveling.start, periods),
    criticalPath: periods(leveling.originalProjectFinish),
    schedules: leveling.schedules,
    leveling,
  };
}

/** Checks a solution against the instance: precedence and capacities in every period. Returns problems. */
export function psplibCheck(instance: PsplibInstance, starts: readonly number[]): string[] {
  const problems: string[] = [];
  const finish = (job: number) => starts[job]! + instance.durations[job]!;
  instance.successors.forEach((successors, job) => {
    for (const successor of successors) {
      if (starts[successor]! < finish(job))
        problems.push(`J${successor + 1} starts before J${job + 1} finishes`);
    }
  });
  const end = Math.max(...instance.durations.map((_, job) => finish(job)));
  for (let t = 0; t < end; t++) {
    for (let r = 0; r < instance.resourceCount; r++) {
      let used = 0;
      for (let job = 0; job < instance.jobCount; job++) {
        if (starts[job]! <= t && t < finish(job)) used += instance.demands[job]![r]!;
      }
      if (used > instance.capacities[r]!) problems.push(`R${r + 1} over capacity in period ${t}: ${used}`);
    }
  }
  return problems;
}

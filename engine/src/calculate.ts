import { projectCompile } from './project-compile.js';
import type { ScheduleResult } from './result.js';
import { resultCreate } from './result.js';
import { scheduleFull } from './schedule-passes.js';
import { scheduleStateCreate } from './schedule-state.js';
import type { CalculateOptions, EngineProject } from './types.js';

/** Calculates a schedule from scratch. Throws `EngineError` for invalid input or a cycle. */
export function calculate(project: EngineProject, options?: CalculateOptions): ScheduleResult {
  const state = scheduleStateCreate(projectCompile(project, options));
  scheduleFull(state);
  return resultCreate(state, false);
}

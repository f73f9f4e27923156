import { calendarFinishInstant, calendarStartInstant } from './calendar.js';
import type { ProjectModel } from './project-model.js';
import { INSTANTS_AT_FINISH, INSTANTS_AT_START } from './project-model.js';

/**
 * Whether work v reads a working coordinate as a start (the next working instant) rather than a finish
 * (the end of the last working minute) on the given side: milestones use one convention for both sides.
 */
export function workUsesStartConvention(model: ProjectModel, v: number, startSide: number): boolean {
  const mode = model.instants[v]!;
  return mode === INSTANTS_AT_START || (mode !== INSTANTS_AT_FINISH && startSide === 1);
}

/** The instant of work v for working coordinate w on its start side (`startSide` 1) or finish side (0). */
export function workInstant(model: ProjectModel, v: number, w: number, startSide: number): number {
  const calendar = model.calendars[model.calendar[v]!]!;
  return workUsesStartConvention(model, v, startSide)
    ? calendarStartInstant(calendar, w)
    : calendarFinishInstant(calendar, w);
}

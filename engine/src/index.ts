export { calculate } from './calculate.js';
export type { Calendar } from './calendar.js';
export {
  calendarAddWorkingMinutes,
  calendarDaysFromMinutes,
  calendarFinishInstant,
  calendarIsWorking,
  calendarMinutesFromDays,
  calendarNextWorkingInstant,
  calendarPreviousWorkingInstant,
  calendarStartInstant,
  calendarSubtractWorkingMinutes,
  calendarWorkingMinutesBetween,
  calendarWorkingTime,
} from './calendar.js';
export {
  CALENDAR_24H_ID,
  CALENDAR_STANDARD_WEEK,
  calendarCompile,
  calendarCreate24Hour,
} from './calendar-compile.js';
export type { EngineFile } from './cli-commands.js';
export type { EngineErrorCode } from './engine-error.js';
export { EngineError } from './engine-error.js';
export type { Network } from './network.js';
export { networkBuild, networkTopologicalOrder } from './network.js';
export type { EngineWarning } from './project-model.js';
export type { Conflict, ConflictKind, ScheduleResult, ScheduleResultJson, WorkResultRow } from './result.js';
export { resultToCsv } from './result-csv.js';
export type { RelationPatch, WorkPatch } from './scheduler.js';
export { Scheduler } from './scheduler.js';
export {
  TIME_MAX,
  TIME_MIN,
  timeDateFromDays,
  timeDaysFromDate,
  timeFromIso,
  timeFromPlainDateTime,
  timeToIso,
  timeToPlainDateTime,
  timeWeekday,
} from './time.js';
export type * from './types.js';

export type { AnalysisFacts, ScheduleAnalysis } from './analysis/analyse.js';
export { analyseSchedule } from './analysis/analyse.js';
export type {
  AnalysisCheck,
  AnalysisCheckId,
  AnalysisCheckKind,
  AnalysisLimits,
  AnalysisSettings,
  AnalysisStatus,
} from './analysis/checks.js';
export {
  ANALYSIS_CHECK_KINDS,
  ANALYSIS_CHECKS,
  DCMA_CHECKS,
  DEFAULT_LIMITS,
  DEFAULT_THRESHOLDS,
  EXTRA_CHECKS,
} from './analysis/checks.js';
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
export type { CalendarCompileOptions } from './calendar-compile.js';
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
export { NO_TIME } from './project-model.js';
export type { PsplibInstance } from './psplib/psplib-read.js';
export { psplibRead } from './psplib/psplib-read.js';
export type { PsplibSolution } from './psplib/psplib-solve.js';
export { psplibCheck, psplibSolve, psplibToLeveling } from './psplib/psplib-solve.js';
export type {
  Histogram,
  HistogramDates,
  HistogramGrouping,
  HistogramOptions,
  OverAllocation,
} from './resources/histogram.js';
export { resourceHistogram } from './resources/histogram.js';
export type {
  LevelingInput,
  LevelingIssue,
  LevelingIssueKind,
  LevelingMove,
  LevelingOptions,
  LevelingReason,
  LevelingResult,
  LevelingResultJson,
  LevelingRule,
} from './resources/leveling.js';
export { LEVELING_RULES, levelingApply, levelingToJson, resourceLevel } from './resources/leveling.js';
export { periodNextStartDay, periodStartDay, periodsOfDays } from './resources/periods.js';
export { prngCreate } from './resources/prng.js';
export type { ResourceModel } from './resources/resource-model.js';
export { RESOURCE_KINDS, resourcesCompile } from './resources/resource-model.js';
export type { ResourceTotals, ResourceTotalsOptions } from './resources/resource-totals.js';
export { resourceTotals } from './resources/resource-totals.js';
export type * from './resources/resource-types.js';
export type {
  ScenarioAutoDates,
  ScenarioNumber,
  ScenarioOptions,
  ScenarioResult,
  ScenarioVariant,
  ScenarioWork,
} from './resources/scenarios.js';
export {
  SCENARIO_NUMBERS,
  SCENARIO_VARIANTS,
  scenarioCalculate,
  scenarioRemainingByIntensity,
} from './resources/scenarios.js';
export type {
  CalculatedWorkField,
  Conflict,
  ConflictKind,
  ScheduleResult,
  ScheduleResultJson,
  WorkResultRow,
} from './result.js';
export { CALCULATED_WORK_FIELDS, RESULT_WORK_ARRAYS } from './result.js';
export { resultToCsv } from './result-csv.js';
export type { RelationPatch, WorkPatch } from './scheduler.js';
export { Scheduler } from './scheduler.js';
export {
  TIME_END_DAY,
  TIME_FIRST_DAY,
  TIME_MAX,
  TIME_MIN,
  TIME_RANGE_TEXT,
  timeDateFromDays,
  timeDaysFromDate,
  timeFromIso,
  timeFromPlainDateTime,
  timeToIso,
  timeToPlainDateTime,
  timeWeekday,
} from './time.js';
export type * from './types.js';

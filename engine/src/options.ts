import { EngineError } from './engine-error.js';
import type { CalculateOptions, ResolvedOptions } from './types.js';

const LAG_CALENDARS = ['predecessor', 'successor', '24h', 'project'];
const TOTAL_FLOATS = ['start', 'finish', 'smallest'];
const PROGRESS_MODES = ['retained_logic', 'progress_override', 'actual_dates'];
const START_LAG_FROM = ['actual_start', 'early_start'];
const MANUAL_START_LINKS = ['bound', 'ignore'];
const CROSS_CALENDAR_LATE = ['exact', 'previous_finish'];
const FINISH_LIMIT_INSTANTS = ['previous_finish', 'next_start'];

/**
 * Fills in P6's defaults: predecessor lag calendar, finish float, critical at total float ≤ 0, retained
 * logic, open ends not critical, expected finishes not used, SS lags from the actual start; manually
 * scheduled works behave as plain CPM works; late dates across calendars are exact inverses, finish limits in
 * non-working time finish at the previous working instant, and relations left out of the forward pass
 * bind nothing backward either; a start milestone at the data date starts at the next working instant.
 */
export function optionsResolve(options: CalculateOptions = {}): ResolvedOptions {
  const lagCalendar = options.lagCalendar ?? 'predecessor';
  const totalFloat = options.totalFloat ?? 'finish';
  const progress = options.progress ?? 'retained_logic';
  const critical = options.critical ?? { kind: 'total_float', thresholdMinutes: 0 };
  const startLagFrom = options.startLagFrom ?? 'actual_start';
  const manualStartLinks = options.manualStartLinks ?? 'bound';
  if (!LAG_CALENDARS.includes(lagCalendar)) throw invalid(`lagCalendar "${lagCalendar}"`);
  if (!TOTAL_FLOATS.includes(totalFloat)) throw invalid(`totalFloat "${totalFloat}"`);
  if (!PROGRESS_MODES.includes(progress)) throw invalid(`progress "${progress}"`);
  if (!START_LAG_FROM.includes(startLagFrom)) throw invalid(`startLagFrom "${startLagFrom}"`);
  if (!MANUAL_START_LINKS.includes(manualStartLinks)) throw invalid(`manualStartLinks "${manualStartLinks}"`);
  const crossCalendarLate = options.crossCalendarLate ?? 'exact';
  if (!CROSS_CALENDAR_LATE.includes(crossCalendarLate))
    throw invalid(`crossCalendarLate "${crossCalendarLate}"`);
  const finishLimitInstant = options.finishLimitInstant ?? 'previous_finish';
  if (!FINISH_LIMIT_INSTANTS.includes(finishLimitInstant))
    throw invalid(`finishLimitInstant "${finishLimitInstant}"`);
  if (critical.kind === 'total_float') {
    if (!Number.isInteger(critical.thresholdMinutes))
      throw invalid('critical.thresholdMinutes (whole minutes)');
  } else if (critical.kind !== 'longest_path') {
    throw invalid(`critical.kind "${(critical as { kind: string }).kind}"`);
  }
  const flag = (name: keyof CalculateOptions, fallback: boolean): boolean => {
    const value = options[name];
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') throw invalid(`${name} (true or false)`);
    return value;
  };
  return {
    lagCalendar,
    totalFloat,
    progress,
    critical,
    openEndsCritical: flag('openEndsCritical', false),
    useExpectedFinish: flag('useExpectedFinish', false),
    startLagFrom,
    manualStartLinks,
    manualUnlinkedCritical: flag('manualUnlinkedCritical', true),
    crossCalendarLate,
    finishLimitInstant,
    startedSuccessorsBindLate: flag('startedSuccessorsBindLate', false),
    startMilestoneAtDataDate: flag('startMilestoneAtDataDate', false),
  };
}

function invalid(what: string): EngineError {
  return new EngineError('invalid_option', `invalid option: ${what}`);
}

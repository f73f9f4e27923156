import { EngineError } from './engine-error.js';
import type { CalculateOptions, ResolvedOptions } from './types.js';

const LAG_CALENDARS = ['predecessor', 'successor', '24h', 'project'];
const TOTAL_FLOATS = ['start', 'finish', 'smallest'];
const PROGRESS_MODES = ['retained_logic', 'progress_override'];

/** Fills in P6's defaults: predecessor lag calendar, finish float, critical at total float ≤ 0, retained logic. */
export function optionsResolve(options: CalculateOptions = {}): ResolvedOptions {
  const lagCalendar = options.lagCalendar ?? 'predecessor';
  const totalFloat = options.totalFloat ?? 'finish';
  const progress = options.progress ?? 'retained_logic';
  const critical = options.critical ?? { kind: 'total_float', thresholdMinutes: 0 };
  if (!LAG_CALENDARS.includes(lagCalendar)) throw invalid(`lagCalendar "${lagCalendar}"`);
  if (!TOTAL_FLOATS.includes(totalFloat)) throw invalid(`totalFloat "${totalFloat}"`);
  if (!PROGRESS_MODES.includes(progress)) throw invalid(`progress "${progress}"`);
  if (critical.kind === 'total_float') {
    if (!Number.isInteger(critical.thresholdMinutes))
      throw invalid('critical.thresholdMinutes (whole minutes)');
  } else if (critical.kind !== 'longest_path') {
    throw invalid(`critical.kind "${(critical as { kind: string }).kind}"`);
  }
  return { lagCalendar, totalFloat, progress, critical };
}

function invalid(what: string): EngineError {
  return new EngineError('invalid_option', `invalid option: ${what}`);
}

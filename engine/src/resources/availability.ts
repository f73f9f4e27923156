import type { DayGrid } from './day-grid.js';
import { dayGridEnsure } from './day-grid.js';
import type { ResourceModel } from './resource-model.js';

/**
 * Writes the units resource r can give on grid days [from, to) to `out[offset + d * stride]`: the
 * period covering the day (the last one listed wins), else `unitsPerDay`; 0 on the days its calendar
 * does not work. Infinity means unlimited.
 */
export function availabilityFill(
  resources: ResourceModel,
  grid: DayGrid,
  r: number,
  from: number,
  to: number,
  out: Float64Array,
  offset: number,
  stride: number,
): void {
  if (to <= from) return;
  dayGridEnsure(grid, to - 1);
  const c = resources.resourceCalendar[r]!;
  const dayW = c >= 0 ? grid.dayW[c]! : null;
  const periods = resources.resourcePeriods[r]!;
  const base = resources.unitsPerDay[r]!;
  for (let d = from; d < to; d++) {
    let units = base;
    if (dayW !== null && dayW[d + 1] === dayW[d]) units = 0;
    else if (periods.length > 0) {
      const day = grid.firstDay + d;
      for (let k = periods.length - 1; k >= 0; k--) {
        const period = periods[k]!;
        if (day >= period.fromDay && day < period.untilDay) {
          units = period.unitsPerDay;
          break;
        }
      }
    }
    out[offset + d * stride] = units;
  }
}

/**
 * Day ranges [from, until) (days since 2000-01-01) on which resource r's availability is not its
 * regular weekly one: its bounded periods, and the day an open-ended period starts.
 */
export function availabilityIrregularRanges(resources: ResourceModel, r: number): Array<[number, number]> {
  return resources.resourcePeriods[r]!.map((period) => [
    period.fromDay,
    Number.isFinite(period.untilDay) ? period.untilDay : period.fromDay + 1,
  ]);
}

import { useEffect, useRef } from 'react';
import { hasDate } from '../../../lib/schedule-time';
import type { GridState } from './useGridState';
import type { ScheduleData } from './useScheduleData';

/** Today as `YYYY-MM-DD` of the local clock (the what-if starts a version without dates there). */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * New works get dates from the what-if as soon as the loaded version holds them, and again after an edit
 * of them writes the server's (still empty) dates back, until a calculation dates them. The set returned
 * takes the ids of the works just created.
 */
export function useNewWorkDates(data: ScheduleData, grid: GridState) {
  const { model } = data;
  const { bump } = grid;
  const unscheduled = useRef(new Set<string>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: bump is useGridState's stable callback; tick marks in-place changes
  useEffect(() => {
    if (!model || unscheduled.current.size === 0) return;
    // A calculated version has the server's dates for them.
    if (data.version?.calcStatus === 1) return unscheduled.current.clear();
    const ids: string[] = [];
    for (const id of unscheduled.current) {
      const row = model.rowOf.get(id);
      if (row === undefined) continue;
      if (hasDate(model.planStart[row])) continue;
      ids.push(id);
    }
    if (ids.length === 0) return;
    // Loaded on demand: the engine's scheduler is not part of the page's first load.
    void import('./new-works').then(({ scheduleNewWorks }) => {
      if (scheduleNewWorks(model, ids, localToday()) > 0) bump();
    });
  }, [model, grid.tick, data.version?.calcStatus]);
  return unscheduled.current;
}

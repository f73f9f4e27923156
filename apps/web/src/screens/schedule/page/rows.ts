import { rolledUpStatus } from '@takt/schedule';
import { useMemo } from 'react';
import { type ScheduleModel, textOf, visibleRows } from '../../../lib/columnar';
import { hasDate } from '../../../lib/schedule-time';

export const FILTER_INDICATORS = [
  'critical',
  'not_started',
  'in_progress',
  'completed',
  'milestones',
  'negative_float',
] as const;

const STATUS_INDICATORS: ReadonlySet<string> = new Set(['not_started', 'in_progress', 'completed']);

/**
 * The rows shown: the expanded ones that pass the text filter, the indicator and `conditions` (the
 * filter builder's test of the user's view, `page/filter-eval.ts`).
 */
export function useVisibleRows(
  model: ScheduleModel | undefined,
  collapsed: ReadonlySet<string>,
  filterText: string,
  indicator: string,
  tick: number,
  conditions?: (row: number) => boolean,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick marks in-place changes of the model
  const rows = useMemo(() => {
    if (!model) return new Int32Array(0);
    const needle = filterText.trim().toLowerCase();
    const tests: ((row: number) => boolean)[] = [];
    if (needle)
      tests.push(
        (r) =>
          textOf(model, model.name[r]!).toLowerCase().includes(needle) ||
          textOf(model, model.code[r]!).toLowerCase().includes(needle),
      );
    const milestone = (r: number) => model.type[r] === 3 || model.type[r] === 4;
    // A summary is judged by its works (a finished section is not "not started", even before the
    // version is calculated again), the other rows by their own status.
    const status = STATUS_INDICATORS.has(indicator) ? rolledUpStatus(model) : model.status;
    const indicators: Record<string, (r: number) => boolean> = {
      critical: (r) => model.critical[r] === 1,
      not_started: (r) => status[r] === 0,
      in_progress: (r) => status[r] === 1,
      completed: (r) => status[r] === 2,
      milestones: milestone,
      negative_float: (r) => hasDate(model.earlyStart[r]) && model.totalFloat[r]! < 0,
    };
    const byIndicator = indicators[indicator];
    if (byIndicator) tests.push(byIndicator);
    if (conditions) tests.push(conditions);
    const matches = tests.length ? (r: number) => tests.every((test) => test(r)) : undefined;
    return visibleRows(model, collapsed, matches);
  }, [model, collapsed, filterText, indicator, tick, conditions]);
  return rows;
}

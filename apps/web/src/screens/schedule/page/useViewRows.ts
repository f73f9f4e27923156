import { WORK_STATUSES, WORK_TYPES } from '@takt/contracts';
import { useCallback, useMemo } from 'react';
import { textOf } from '../../../lib/columnar';
import { useT } from '../../../lib/i18n';
import { isoToMinutes } from '../../../lib/schedule-time';
import { api } from '../../../lib/trpc';
import { activeConditions, compileFilter, type FilterSources } from './filter-eval';
import { collapsedToLevel, type GroupedLine, type GroupingKeys, groupRows } from './grouping';
import { useVisibleRows } from './rows';
import type { GridState } from './useGridState';
import type { ScheduleData } from './useScheduleData';

const NO_ROWS = new Set<string>();

/** An attribute's value as the filter and the grouping compare it. */
const valueText = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/**
 * The rows the schedule shows under the user's view: the text filter, the indicator and the filter
 * builder's conditions together; grouped by a field (not the WBS) the works are also gathered in
 * groups with their headers (`grouped`), which the grouped grid shows instead of the tree.
 */
export function useViewRows({
  spaceId,
  data,
  grid,
  filterText,
  indicator,
}: {
  spaceId: string;
  data: ScheduleData;
  grid: GridState;
  filterText: string;
  indicator: string;
}) {
  const t = useT();
  const { model, view, details, attributeValues, versionId } = data;
  const members = data.members.data;
  const { collapsed, setCollapsed, tick } = grid;
  const filter = view.state?.filter;
  const grouping = view.state?.grouping ?? null;
  const byField = grouping && grouping.by !== 'wbs' ? grouping : null;

  const sources = useMemo<FilterSources | null>(
    () =>
      model
        ? {
            model,
            hoursPerDay: data.calendarHours,
            approved: (row, side) => {
              const d = details.byId.get(model.ids[row]!);
              return isoToMinutes(side === 'start' ? d?.approvedStart : d?.approvedFinish);
            },
            attribute: (row, id) => valueText(attributeValues.get(model.ids[row]!)?.[id]),
          }
        : null,
    [model, data.calendarHours, details.byId, attributeValues],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick marks in-place changes of the model
  const test = useMemo(() => (sources ? compileFilter(filter, sources) : undefined), [sources, filter, tick]);
  const filterCount = sources ? activeConditions(filter, sources) : 0;

  // Grouped by a field, every matching work is wanted whatever the tree folds.
  const rows = useVisibleRows(model, byField ? NO_ROWS : collapsed, filterText, indicator, tick, test);

  const folded = view.state?.foldedGroups;
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick marks in-place changes of the model
  const grouped = useMemo<GroupedLine[] | null>(() => {
    if (!model || !byField) return null;
    const memberName = new Map((members ?? []).map((m) => [m.userId, `${m.lastName} ${m.firstName}`.trim()]));
    const none = t('views.group_empty');
    let keys: GroupingKeys;
    if (byField.by === 'status' || byField.by === 'type') {
      const values = byField.by === 'status' ? WORK_STATUSES : WORK_TYPES;
      const column = byField.by === 'status' ? model.status : model.type;
      const prefix = byField.by === 'status' ? 'work_status' : 'work_type';
      keys = {
        keyOf: (row) => values[column[row]!] ?? '',
        labelOf: (key) => (key ? t(`${prefix}.${key}` as never) : none),
        rankOf: (key) => values.indexOf(key as never),
      };
    } else if (byField.by === 'attribute') {
      const id = byField.attributeId;
      keys = {
        keyOf: (row) => valueText(attributeValues.get(model.ids[row]!)?.[id]),
        labelOf: (key) => key || none,
      };
    } else {
      const column = byField.by === 'executor' ? model.executor : model.curator;
      keys = {
        keyOf: (row) => textOf(model, column[row]!),
        labelOf: (key) => (key ? (memberName.get(key) ?? key) : none),
      };
    }
    const inRows = new Uint8Array(model.count);
    for (const row of rows) inRows[row] = 1;
    return groupRows(model, keys, new Set(folded ?? []), (row) => inRows[row] === 1);
  }, [model, byField, rows, folded, members, attributeValues, t, tick]);

  const toggleGroup = useCallback(
    (key: string) => {
      const now = new Set(view.state?.foldedGroups ?? []);
      if (now.has(key)) now.delete(key);
      else now.add(key);
      view.update({ foldedGroups: [...now].slice(0, 500) });
    },
    [view.state?.foldedGroups, view.update],
  );

  /** Shows the WBS down to `level`: the summaries below it fold, the ones above open (kept like a toggle). */
  // biome-ignore lint/correctness/useExhaustiveDependencies: setCollapsed comes from useGridState's useState
  const showToLevel = useCallback(
    (level: number) => {
      if (!model || !versionId) return;
      const next = collapsedToLevel(model, level, NO_ROWS);
      setCollapsed(next);
      const fold: string[] = [];
      const open: string[] = [];
      for (let row = 0; row < model.count; row++) {
        if (!model.childCount[row]) continue;
        (next.has(model.ids[row]!) ? fold : open).push(model.ids[row]!);
      }
      for (const [ids, expanded] of [
        [fold, false],
        [open, true],
      ] as const)
        for (let i = 0; i < ids.length; i += 10_000)
          void api.works.setState.mutate({ spaceId, versionId, workIds: ids.slice(i, i + 10_000), expanded });
    },
    [model, versionId, spaceId],
  );

  return { rows, grouped, filterCount, toggleGroup, showToLevel };
}

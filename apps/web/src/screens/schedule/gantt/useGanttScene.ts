import { type GanttLayoutOptions, ganttCursorMinute } from '@takt/gantt';
import { useLayoutEffect, useMemo } from 'react';
import { hasDate, isoToMinutes } from '../../../lib/schedule-time';
import { useAppState } from '../../../state/app-state';
import { cursorDayStart } from './cursor';
import { ganttSnapshotFromModel, snapshotLinkRelations } from './snapshot';
import type { GanttTimelineProps, TimelineRefs } from './timeline';
import { nextSceneVersion } from './whatif';

/**
 * What the timeline draws, from its props: the snapshot of the visible rows (a new one drops the drag
 * preview and the selected link), the links, the layout options (plan kinds, today, the data date, the
 * activity cursor) and the selected rows.
 */
export function useGanttScene(props: GanttTimelineProps, refs: TimelineRefs, today: number) {
  const { view, model, rows, revision, details, version } = props;
  const { preview, selectedLink } = refs;
  const cursorDay = useAppState((s) => s.activitySelectedDay);
  const cursor = cursorDay ? ganttCursorMinute(cursorDayStart(cursorDay)) : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: revision marks in-place changes of the model
  const base = useMemo(
    () => ganttSnapshotFromModel(model, rows, details, nextSceneVersion()),
    [model, rows, details, revision],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision marks in-place changes of the model
  const linkRelations = useMemo(() => snapshotLinkRelations(model), [model, revision]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: preview and selectedLink are refs
  useLayoutEffect(() => {
    if (base) preview.current = null;
    selectedLink.current = -1;
  }, [base]);

  const dataDate = isoToMinutes(version.dataDate);
  const options = useMemo<GanttLayoutOptions>(
    () => ({
      kinds: view.kinds,
      today,
      dataDate: hasDate(dataDate) ? dataDate : undefined,
      cursor,
      marginRows: 4,
      fontSize: 12,
    }),
    [view.kinds, today, dataDate, cursor],
  );

  const selection = useMemo(() => {
    const out = new Set<number>();
    for (const id of props.selected) {
      const row = model.rowOf.get(id);
      if (row !== undefined) out.add(row);
    }
    return out;
  }, [props.selected, model]);

  return { base, linkRelations, cursor, dataDate, options, selection };
}

import { useCallback, useMemo } from 'react';
import { patchWork, type WorkRecord } from '../../../lib/columnar';
import { describeFailure } from '../../../lib/errors';
import { appI18n, useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { withMember } from '../../../lib/sets';
import { api, trpc } from '../../../lib/trpc';
import { buildColumns, type WorkPatch } from '../columns';
import type { GridState } from './useGridState';
import type { ScheduleData } from './useScheduleData';

/** The grid's columns, with the saving of a cell and the toggling of a summary row they call. */
export function useGridColumns({
  spaceId,
  data,
  grid,
  rows,
  reload,
  afterEdit,
}: {
  spaceId: string;
  data: ScheduleData;
  grid: GridState;
  rows: Int32Array;
  reload: () => void;
  afterEdit: () => void;
}) {
  const t = useT();
  const utils = trpc.useUtils();
  const {
    model,
    versionId,
    details,
    columnSettings,
    calendarHours,
    calendars,
    members,
    attributes,
    attributeValues,
    resourceColumns,
    checks,
    view,
  } = data;
  const { tick, bump, collapsed, setCollapsed } = grid;
  const replaced = useReplacedNodes(spaceId, data.node.data?.id, versionId);

  const hasFormulas = attributes.data?.some((a) => a.formula) ?? false;

  /** Saves one work; a stale revision reloads the row and tells the user. */
  const saveWork = useCallback(
    async (row: number, patch: WorkPatch): Promise<string | null> => {
      if (!model || !versionId) return null;
      const workId = model.ids[row]!;
      try {
        const work = await api.works.update.mutate(
          { spaceId, versionId, workId, revision: model.revision[row]!, ...patch },
          { context: { showsIssues: true } },
        );
        patchWork(model, work as WorkRecord);
        // Every edit moves the version's revision on by one: this one was ours, so the document is
        // still the version as it is (the timeline's next edit is based on it).
        model.versionRevision += 1;
        details.apply(work as Parameters<typeof details.apply>[0]);
        // A new type changes the rows' shapes, a new calendar may be one the document does not carry.
        if ('type' in patch || 'calendarId' in patch) reload();
        else bump();
        afterEdit();
        // Attribute values come with the works list: a formula may have followed any edit.
        if (patch.attributes || hasFormulas) void utils.works.list.invalidate();
        return null;
      } catch (error) {
        const failure = describeFailure(error, 'works.update');
        if (failure.code === 'Conflict') {
          const fresh = await api.works.get.query({ spaceId, versionId, workId });
          patchWork(model, fresh as WorkRecord);
          bump();
          notify('info', [t('grid.conflict_reloaded')]);
          return null;
        }
        const issue = failure.issues[0];
        if (issue) return appI18n._(issue.message, issue.params);
        return failure.messages[0] ?? t('errors.UnknownException');
      }
    },
    [model, versionId, spaceId, reload, t, utils, bump, afterEdit, details.apply, hasFormulas],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: setCollapsed comes from useGridState's useState, stable as in one component
  const toggleRow = useCallback(
    (row: number) => {
      if (!model || !versionId) return;
      const id = model.ids[row]!;
      const expand = collapsed.has(id);
      setCollapsed((c) => withMember(c, id, !expand));
      void api.works.setState.mutate({ spaceId, versionId, workIds: [id], expanded: expand });
    },
    [model, versionId, collapsed, spaceId],
  );

  // A header's edge dragged: the width shows at once and is saved with the user's view when the drag ends.
  const resize = useCallback(
    (key: string, width: number, done: boolean) =>
      view.update(
        { columns: columnSettings.map((c) => (c.key === key ? { ...c, width } : c)) },
        { persist: done },
      ),
    [view.update, columnSettings],
  );

  // The ids of the rows shown, once per change of the rows (the check-all box reads them on every render
  // of the grid, i.e. on every scroll frame).
  const visibleIds = useMemo(() => (model ? Array.from(rows, (r) => model.ids[r]!) : []), [model, rows]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick marks in-place changes of the model
  const columns = useMemo(
    () =>
      model
        ? buildColumns(columnSettings, {
            t,
            lang: appI18n.locale,
            model,
            hoursPerDay: calendarHours,
            calendars: calendars.data ?? [],
            members: members.data ?? [],
            attributes: attributes.data ?? [],
            attributeValues,
            details: details.byId,
            resources: resourceColumns,
            checks: {
              ids: checks.checked,
              set: checks.setMany,
              visible: () => visibleIds,
            },
            replaced,
            collapsed,
            onToggle: toggleRow,
            save: saveWork,
            resize,
          })
        : [],
    [
      model,
      columnSettings,
      t,
      calendarHours,
      calendars.data,
      members.data,
      attributes.data,
      attributeValues,
      details.byId,
      resourceColumns,
      checks.checked,
      checks.setMany,
      visibleIds,
      replaced,
      collapsed,
      toggleRow,
      saveWork,
      resize,
      tick,
    ],
  );

  return { columns, toggleRow };
}

/** The version's nodes replaced by another schedule's works, with the donor schedule's name (a badge in the grid). */
function useReplacedNodes(spaceId: string, scheduleId: string | undefined, versionId: string | undefined) {
  const list = trpc.replacements.list.useQuery(
    { spaceId, scheduleId: scheduleId ?? '' },
    { enabled: !!scheduleId && !!versionId },
  );
  return useMemo(
    () =>
      new Map(
        (list.data ?? [])
          .filter((r) => r.versionId === versionId && r.state === 'applied')
          .map((r) => [r.workId, r.donorScheduleName ?? '']),
      ),
    [list.data, versionId],
  );
}

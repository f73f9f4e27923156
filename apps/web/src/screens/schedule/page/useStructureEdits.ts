import { confirm } from '../../../components/confirm';
import { patchWork, textOf, type WorkRecord } from '../../../lib/columnar';
import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { daysToMinutes } from '../../../lib/schedule-time';
import { api } from '../../../lib/trpc';
import { isRolledUpSummary } from '../columns';
import {
  activeRowOf,
  type InsertPlace,
  pastedWork,
  placeOf,
  rowsAsText,
  selectedRowsOf,
  siblingsOf,
  unlinkCommands,
} from './structure-rows';
import type { GridState } from './useGridState';
import { useNewWorkDates } from './useNewWorkDates';
import type { ScheduleData } from './useScheduleData';

/** Structure edits of the grid: add, delete, indent/outdent, move, copy and paste rows, progress and links. */
export function useStructureEdits({
  spaceId,
  data,
  grid,
  rows,
  readOnly,
  reload,
}: {
  spaceId: string;
  data: ScheduleData;
  grid: GridState;
  rows: Int32Array;
  readOnly: boolean;
  reload: () => void;
}) {
  const t = useT();
  const { model, versionId, calendarHours } = data;
  const { cursor, selected, setSelected, setCollapsed, collapsed, pendingFocus } = grid;

  // ── the row edits act on ────────────────────────────────────────────────────────────────────
  const selectedRows = () => (model ? selectedRowsOf(model, selected) : []);
  const activeRow = activeRowOf(model, rows, cursor.row, selected);

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } finally {
      reload();
    }
  };

  const unscheduled = useNewWorkDates(data, grid);

  const addWork = (
    options: { place?: InsertPlace; row?: number; name?: string; startDate?: string } = {},
  ) => {
    if (!model || !versionId || readOnly) return;
    const { parentId, afterId, beforeId } = placeOf(
      model,
      collapsed,
      options.row ?? activeRow,
      options.place ?? 'below',
    );
    void run(async () => {
      const work = await api.works.create.mutate({
        spaceId,
        versionId,
        name: options.name ?? t('grid.new_work'),
        durationMinutes: daysToMinutes(1, calendarHours),
        parentId,
        ...(beforeId ? { beforeId } : { afterId }),
        ...(options.startDate
          ? { startLimit: { type: 'not_earlier' as const, date: options.startDate } }
          : {}),
      });
      unscheduled.add(work.id);
      pendingFocus.current = work.id;
    });
  };

  const deleteSelected = async () => {
    if (!model || !versionId || readOnly) return;
    const ids = selectedRows().map((r) => model.ids[r]!);
    if (!ids.length) return;
    const answer = await confirm({
      title: t('grid.delete_title', { count: ids.length }),
      text: t('grid.delete_text'),
      danger: true,
    });
    if (answer.status !== 'confirmed') return;
    setSelected(new Set());
    void run(() => api.works.delete.mutate({ spaceId, versionId, workIds: ids }));
  };

  const shift = (direction: 'indent' | 'outdent') => {
    if (!model || !versionId || readOnly) return;
    const targets = selectedRows();
    const list = direction === 'indent' ? targets : targets.reverse();
    void run(async () => {
      for (const r of list) {
        const input = { spaceId, versionId, workId: model.ids[r]!, revision: model.revision[r]! };
        const work =
          direction === 'indent'
            ? await api.works.indent.mutate(input)
            : await api.works.outdent.mutate(input);
        patchWork(model, work as WorkRecord);
      }
    });
  };

  const moveRow = (delta: -1 | 1) => {
    if (!model || !versionId || readOnly || activeRow === undefined) return;
    const siblings = siblingsOf(model, activeRow);
    const at = siblings.indexOf(activeRow);
    const afterIndex = delta < 0 ? at - 2 : at + 1;
    if ((delta < 0 && at === 0) || (delta > 0 && at === siblings.length - 1)) return;
    const parent = model.parent[activeRow]!;
    const id = model.ids[activeRow]!;
    void run(async () => {
      await api.works.move.mutate({
        spaceId,
        versionId,
        workId: id,
        revision: model.revision[activeRow]!,
        parentId: parent >= 0 ? model.ids[parent]! : null,
        afterId: afterIndex >= 0 ? model.ids[siblings[afterIndex]!]! : null,
      });
      pendingFocus.current = null;
    });
  };

  const setAllExpanded = (expanded: boolean) => {
    if (!model || !versionId) return;
    const parents = model.ids.filter((_, i) => model.childCount[i]! > 0);
    setCollapsed(expanded ? new Set() : new Set(parents));
    for (let i = 0; i < parents.length; i += 10_000)
      void api.works.setState.mutate({ spaceId, versionId, workIds: parents.slice(i, i + 10_000), expanded });
  };

  // ── clipboard: rows as tab-separated code, name, type, duration in days (Excel reads it) ──────────
  const copyText = (): string => (model ? rowsAsText(model, selectedRows(), calendarHours) : '');

  /** Rows of tab-separated text (or one name a line) as new works below the active row; false: no rows. */
  const pasteText = (text: string): boolean => {
    if (!model || !versionId || readOnly) return false;
    const lines = text.split(/\r?\n/).filter((l) => l.trim());
    if (!lines.length) return false;
    const start = placeOf(model, collapsed, activeRow, 'below');
    // A code the version already has is not repeated: the server numbers the copy instead.
    const codes = new Set<string>();
    for (let r = 0; r < model.count; r++) codes.add(textOf(model, model.code[r]!));
    void run(async () => {
      let place: { afterId: string | null; beforeId: string | null } = start;
      for (const line of lines.slice(0, 1000)) {
        const work = await api.works.create.mutate({
          spaceId,
          versionId,
          parentId: start.parentId,
          ...(place.beforeId ? { beforeId: place.beforeId } : { afterId: place.afterId }),
          ...pastedWork(line, codes, calendarHours, t('grid.new_work')),
        });
        codes.add(work.code ?? '');
        unscheduled.add(work.id);
        place = { afterId: work.id, beforeId: null };
      }
      notify('success', [t('grid.pasted', { count: lines.length })]);
    });
    return true;
  };

  // ── progress and links of the selected works ────────────────────────────────────────────────────
  const setProgress = (percent: number) => {
    if (!model || !versionId || readOnly) return;
    // A summary's progress is its works' roll-up (the server refuses it): it follows them.
    const works = selectedRows()
      .filter((r) => !isRolledUpSummary(model, r))
      .map((r) => ({ workId: model.ids[r]!, revision: model.revision[r]! }));
    if (!works.length) return;
    void run(() => api.works.bulkUpdate.mutate({ spaceId, versionId, works, set: { progress: percent } }));
  };

  /** Removes every link between the selected works and others of the version. */
  const unlinkSelected = () => {
    if (!model || !versionId || readOnly) return;
    const commands = unlinkCommands(model, new Set(selectedRows()));
    if (!commands.length) return;
    void run(async () => {
      await api.works.applyEdit.mutate({ spaceId, versionId, revision: model.versionRevision, commands });
      notify('info', [t('rowmenu.unlinked', { count: commands.length })]);
    });
  };

  return {
    activeRow,
    selectedRows,
    run,
    addWork,
    deleteSelected,
    shift,
    moveRow,
    setAllExpanded,
    copyText,
    pasteText,
    setProgress,
    unlinkSelected,
  };
}

export type StructureEdits = ReturnType<typeof useStructureEdits>;

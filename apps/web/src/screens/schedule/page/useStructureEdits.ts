import { type EditCommandInput, type LINK_TYPES, WORK_TYPES } from '@takt/contracts';
import { useEffect, useRef } from 'react';
import { confirm } from '../../../components/confirm';
import { patchWork, textOf, type WorkRecord } from '../../../lib/columnar';
import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { daysToMinutes, hasDate, minutesToDays, parseNumberText } from '../../../lib/schedule-time';
import { api } from '../../../lib/trpc';
import { isRolledUpSummary } from '../columns';
import type { GridState } from './useGridState';
import type { ScheduleData } from './useScheduleData';

/** Where a new work goes relative to the active row. */
type InsertPlace = 'below' | 'above';

/** Today as `YYYY-MM-DD` of the local clock (the what-if starts a version without dates there). */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

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
  const { cursor, selected, setSelected, setCollapsed, collapsed, pendingFocus, bump } = grid;

  // ── the row edits act on ────────────────────────────────────────────────────────────────────
  const selectedRows = () =>
    model
      ? [...selected]
          .map((id) => model.rowOf.get(id))
          .filter((r): r is number => r !== undefined)
          .sort((a, b) => a - b)
      : [];
  // The cursor's row when it is selected (or nothing is); else the last selected row, so that a row picked
  // on the timeline or with Ctrl-click is the one a new work goes under.
  const cursorRow = model && rows.length ? rows[Math.min(cursor.row, rows.length - 1)] : undefined;
  const activeRow = (() => {
    if (!model || cursorRow === undefined || selected.size === 0) return cursorRow;
    if (selected.has(model.ids[cursorRow]!)) return cursorRow;
    const picked = selectedRows();
    return picked.length ? picked.at(-1) : cursorRow;
  })();

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } finally {
      reload();
    }
  };

  // ── new works get dates from the what-if as soon as the loaded version holds them, and again after
  // an edit of them writes the server's (still empty) dates back, until a calculation dates them ─────────
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

  /** Where a work placed `place` of `row` goes: its parent and the sibling it follows or precedes. */
  const placeOf = (row: number | undefined, place: InsertPlace) => {
    if (!model || row === undefined) return { parentId: null, afterId: null, beforeId: null };
    const parent = model.parent[row]!;
    const parentId = parent >= 0 ? model.ids[parent]! : null;
    if (place === 'above') return { parentId, afterId: null, beforeId: model.ids[row]! };
    // Below an expanded summary is its first child (the next row in WBS order); below any other row, its
    // next sibling — either way the new row shows right under the selected one.
    if (model.childCount[row]! > 0 && !collapsed.has(model.ids[row]!))
      return { parentId: model.ids[row]!, afterId: null, beforeId: model.ids[row + 1]! };
    return { parentId, afterId: model.ids[row]!, beforeId: null };
  };

  const addWork = (
    options: { place?: InsertPlace; row?: number; name?: string; startDate?: string } = {},
  ) => {
    if (!model || !versionId || readOnly) return;
    const { parentId, afterId, beforeId } = placeOf(options.row ?? activeRow, options.place ?? 'below');
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
      unscheduled.current.add(work.id);
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

  const siblingsOf = (row: number) => {
    if (!model) return [];
    const parent = model.parent[row]!;
    const out: number[] = [];
    for (let i = parent + 1; i < model.count; i++) {
      if (parent >= 0 && model.depth[i]! <= model.depth[parent]!) break;
      if (model.parent[i] === parent) out.push(i);
    }
    return out;
  };
  const moveRow = (delta: -1 | 1) => {
    if (!model || !versionId || readOnly || activeRow === undefined) return;
    const siblings = siblingsOf(activeRow);
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
  const copyText = (): string => {
    if (!model) return '';
    return selectedRows()
      .map((r) =>
        [
          textOf(model, model.code[r]!),
          textOf(model, model.name[r]!),
          WORK_TYPES[model.type[r]!] ?? 'task',
          String(minutesToDays(model.durationMinutes[r]!, calendarHours)),
        ].join('\t'),
      )
      .join('\n');
  };

  /** Rows of tab-separated text (or one name a line) as new works below the active row; false: no rows. */
  const pasteText = (text: string): boolean => {
    if (!model || !versionId || readOnly) return false;
    const lines = text.split(/\r?\n/).filter((l) => l.trim());
    if (!lines.length) return false;
    const start = placeOf(activeRow, 'below');
    // A code the version already has is not repeated: the server numbers the copy instead.
    const codes = new Set<string>();
    for (let r = 0; r < model.count; r++) codes.add(textOf(model, model.code[r]!));
    void run(async () => {
      let place: { afterId: string | null; beforeId: string | null } = start;
      for (const line of lines.slice(0, 1000)) {
        const cells = line.split('\t');
        const [code, name, type, duration] = cells.length === 1 ? ['', cells[0]] : cells;
        const days = parseNumberText(duration ?? '');
        const given = code?.trim() ?? '';
        const work = await api.works.create.mutate({
          spaceId,
          versionId,
          parentId: start.parentId,
          ...(place.beforeId ? { beforeId: place.beforeId } : { afterId: place.afterId }),
          code: given && !codes.has(given) ? given : null,
          name: (name ?? '').trim().slice(0, 255) || t('grid.new_work'),
          type:
            (WORK_TYPES as readonly string[]).includes(type ?? '') && type !== 'sum'
              ? (type as 'task')
              : undefined,
          durationMinutes:
            days !== null && !Number.isNaN(days) ? daysToMinutes(days, calendarHours) : undefined,
        });
        codes.add(work.code ?? '');
        unscheduled.current.add(work.id);
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
    const picked = new Set(selectedRows());
    const r = model.relations;
    const commands: EditCommandInput[] = [];
    for (let k = 0; k < r.count; k++) {
      const from = r.predecessor[k]!;
      const to = r.successor[k]!;
      if (from < 0 || !(picked.has(from) || picked.has(to))) continue;
      const type = (model.enums.linkType[r.type[k]!] ?? 'fs') as (typeof LINK_TYPES)[number];
      commands.push({
        kind: 'unlink' as const,
        predecessorId: model.ids[from]!,
        successorId: model.ids[to]!,
        type,
      });
    }
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

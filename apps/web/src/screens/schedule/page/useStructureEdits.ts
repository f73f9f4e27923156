import { confirm } from '../../../components/confirm';
import { patchWork, type WorkRecord } from '../../../lib/columnar';
import { useT } from '../../../lib/i18n';
import { daysToMinutes } from '../../../lib/schedule-time';
import { api } from '../../../lib/trpc';
import type { GridState } from './useGridState';
import type { ScheduleData } from './useScheduleData';

/** Structure edits of the grid: add, delete, indent/outdent and move rows. */
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
  const { cursor, selected, setSelected, setCollapsed, pendingFocus } = grid;

  // ── structure edits ─────────────────────────────────────────────────────────────────────────
  const activeRow = model && rows.length ? rows[Math.min(cursor.row, rows.length - 1)] : undefined;
  const selectedRows = () =>
    model
      ? [...selected]
          .map((id) => model.rowOf.get(id))
          .filter((r): r is number => r !== undefined)
          .sort((a, b) => a - b)
      : [];
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } finally {
      reload();
    }
  };

  const addWork = (name = t('grid.new_work')) => {
    if (!model || !versionId || readOnly) return;
    const after = activeRow;
    void run(async () => {
      const work = await api.works.create.mutate({
        spaceId,
        versionId,
        name,
        durationMinutes: daysToMinutes(1, calendarHours),
        parentId: after === undefined ? null : (model.ids[model.parent[after]!] ?? null),
        afterId: after === undefined ? null : model.ids[after]!,
      });
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

  return { activeRow, selectedRows, run, addWork, deleteSelected, shift, moveRow, setAllExpanded };
}

export type StructureEdits = ReturnType<typeof useStructureEdits>;

import { WORK_TYPES } from '@takt/contracts';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { textOf } from '../../../lib/columnar';
import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { daysToMinutes, minutesToDays, parseNumberText } from '../../../lib/schedule-time';
import { api } from '../../../lib/trpc';
import type { GridState } from './useGridState';
import type { ScheduleData } from './useScheduleData';
import type { StructureEdits } from './useStructureEdits';

/** The grid's clipboard and keyboard handling over the selection and the structure edits. */
export function useGridKeys({
  spaceId,
  data,
  grid,
  edits,
  readOnly,
  toggleRow,
}: {
  spaceId: string;
  data: ScheduleData;
  grid: GridState;
  edits: StructureEdits;
  readOnly: boolean;
  toggleRow: (row: number) => void;
}) {
  const t = useT();
  const { model, versionId, calendarHours, checks } = data;
  const { selected, collapsed } = grid;
  const { activeRow, selectedRows, run, addWork, deleteSelected, shift, moveRow } = edits;

  // ── clipboard: rows as tab-separated code, name, type, duration in days ───────────────────
  const onCopy = (event: ClipboardEvent) => {
    if (!model) return;
    const lines = selectedRows().map((r) =>
      [
        textOf(model, model.code[r]!),
        textOf(model, model.name[r]!),
        WORK_TYPES[model.type[r]!] ?? 'task',
        String(minutesToDays(model.durationMinutes[r]!, calendarHours)),
      ].join('\t'),
    );
    if (!lines.length) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', lines.join('\n'));
    notify('info', [t('grid.copied', { count: lines.length })]);
  };
  const onPaste = (event: ClipboardEvent) => {
    if (!model || !versionId || readOnly) return;
    const lines = event.clipboardData
      .getData('text/plain')
      .split(/\r?\n/)
      .filter((l) => l.trim());
    if (!lines.length) return;
    event.preventDefault();
    const after = activeRow;
    void run(async () => {
      let afterId = after === undefined ? null : model.ids[after]!;
      const parentId = after === undefined ? null : (model.ids[model.parent[after]!] ?? null);
      for (const line of lines.slice(0, 1000)) {
        const cells = line.split('\t');
        const [code, name, type, duration] = cells.length === 1 ? ['', cells[0]] : cells;
        const days = parseNumberText(duration ?? '');
        const work = await api.works.create.mutate({
          spaceId,
          versionId,
          parentId,
          afterId,
          code: code?.trim() || null,
          name: (name ?? '').trim().slice(0, 255) || t('grid.new_work'),
          type:
            (WORK_TYPES as readonly string[]).includes(type ?? '') && type !== 'sum'
              ? (type as 'task')
              : undefined,
          durationMinutes:
            days !== null && !Number.isNaN(days) ? daysToMinutes(days, calendarHours) : undefined,
        });
        afterId = work.id;
      }
      notify('success', [t('grid.pasted', { count: lines.length })]);
    });
  };

  const onKey = (event: KeyboardEvent) => {
    const alt = event.altKey && event.shiftKey;
    if (alt && event.key === 'ArrowRight') shift('indent');
    else if (alt && event.key === 'ArrowLeft') shift('outdent');
    else if (alt && event.key === 'ArrowUp') moveRow(-1);
    else if (alt && event.key === 'ArrowDown') moveRow(1);
    else if (event.key === 'Insert') addWork();
    else if (event.key === 'Delete') void deleteSelected();
    else if (event.key === ' ' && selected.size) {
      const ids = [...selected];
      checks.setMany(ids, !ids.every((id) => checks.checked.has(id)));
    } else if (
      (event.key === '+' || event.key === '-') &&
      activeRow !== undefined &&
      model?.childCount[activeRow]
    ) {
      if (collapsed.has(model.ids[activeRow]!) === (event.key === '+')) toggleRow(activeRow);
    } else return false;
    return true;
  };

  return { onCopy, onPaste, onKey };
}

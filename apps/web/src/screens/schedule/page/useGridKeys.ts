import type { ClipboardEvent, KeyboardEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { api, trpc } from '../../../lib/trpc';
import { type ScheduleKeyCommand, scheduleKeyCommand, typesText } from '../wbs-grid/keys';
import type { GridState } from './useGridState';
import type { ScheduleData } from './useScheduleData';
import type { StructureEdits } from './useStructureEdits';

/**
 * The schedule's keyboard and clipboard over the selection and the structure edits (docs/product-rules.md,
 * "Undo"): the grid's keys, and undo/redo anywhere on the page but in a text field or a cell editor.
 */
export function useGridKeys({
  spaceId,
  data,
  grid,
  edits,
  readOnly,
  toggleRow,
  openMenu,
}: {
  spaceId: string;
  data: ScheduleData;
  grid: GridState;
  edits: StructureEdits;
  readOnly: boolean;
  toggleRow: (row: number) => void;
  /** Opens the row menu of the active row (Shift+F10, the context-menu key). */
  openMenu?: () => void;
}) {
  const t = useT();
  const utils = trpc.useUtils();
  const { model, versionId, checks } = data;
  const { selected, collapsed } = grid;
  const { activeRow, run, addWork, deleteSelected, shift, moveRow, copyText, pasteText } = edits;

  // ── undo and redo on the server's list ──────────────────────────────────────────────────────────
  const busy = useRef(false);
  // Keys pressed while an undo or redo is on its way wait their turn: three quick Ctrl+Z undo three steps.
  const queued = useRef<('undo' | 'redo')[]>([]);
  // What the last undo or redo did, for the footer's status (read by screen readers).
  const [announcement, setStatus] = useState('');
  const undoRedo = (which: 'undo' | 'redo') => {
    if (!versionId || readOnly) return;
    queued.current.push(which);
    if (busy.current) return;
    busy.current = true;
    void run(async () => {
      try {
        for (let next = queued.current.shift(); next; next = queued.current.shift()) {
          if (next === 'undo') await api.undo.undo.mutate({ spaceId, versionId });
          else await api.undo.redo.mutate({ spaceId, versionId });
          // The rows change in front of the user: the status line says what happened, no toast piles up.
          setStatus(t(next === 'undo' ? 'undo.undone' : 'undo.redone'));
        }
      } catch {
        // The failure (nothing to undo, a locked version) is already shown by the app's failure link; the
        // keys queued behind it are dropped.
        queued.current = [];
      } finally {
        busy.current = false;
        void utils.undo.canRedo.invalidate();
      }
    });
  };

  const runCommand = (command: ScheduleKeyCommand): boolean => {
    switch (command) {
      case 'undo':
      case 'redo':
        undoRedo(command);
        return true;
      case 'insert':
        addWork();
        return true;
      case 'delete':
        void deleteSelected();
        return true;
      case 'indent':
      case 'outdent':
        shift(command);
        return true;
      case 'move-up':
        moveRow(-1);
        return true;
      case 'move-down':
        moveRow(1);
        return true;
      case 'menu':
        if (!openMenu) return false;
        openMenu();
        return true;
    }
  };

  // Undo and redo also when the timeline or a toolbar button has the focus: a listener on the window
  // that leaves text fields, cell editors and open dialogs alone (the grid handles its own keys first).
  const latest = useRef(undoRedo);
  latest.current = undoRedo;
  useEffect(() => {
    const onWindowKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || typesText(event.target)) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="menu"]')) return;
      const command = scheduleKeyCommand(event);
      if (command !== 'undo' && command !== 'redo') return;
      event.preventDefault();
      latest.current(command);
    };
    window.addEventListener('keydown', onWindowKey);
    return () => window.removeEventListener('keydown', onWindowKey);
  }, []);

  // ── the clipboard's own events on the grid ────────────────────────────────────────────────────────
  const onCopy = (event: ClipboardEvent) => {
    const text = copyText();
    if (!text) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', text);
    notify('info', [t('grid.copied', { count: text.split('\n').length })]);
  };
  const onPaste = (event: ClipboardEvent) => {
    if (pasteText(event.clipboardData.getData('text/plain'))) event.preventDefault();
  };

  /** The grid's keys (the grid calls it first, outside its cell editors): true when handled. */
  const onKey = (event: KeyboardEvent) => {
    const command = scheduleKeyCommand(event);
    if (command) return runCommand(command);
    if (event.key === ' ' && selected.size) {
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

  return { onCopy, onPaste, onKey, announcement };
}

import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import type { GanttView } from '../gantt/timeline';
import type { MenuItem, RowMenu } from '../wbs-grid/types';
import type { Panel } from './ScheduleHeader';
import type { ScheduleData } from './useScheduleData';
import type { StructureEdits } from './useStructureEdits';

/** What "add predecessor / successor" asks of the relations panel: its form on that side, focused. */
export interface RelationRequest {
  side: 'predecessor' | 'successor';
  token: number;
}

// The rows copied last, for a paste from the menu when the browser does not let the page read the clipboard.
let copiedText = '';

/**
 * The row actions of the schedule (docs/product-rules.md, "Codes of new works" for where new rows go):
 * the grid's context menu, and the part of the timeline's menu that is about works.
 */
export function useRowMenu({
  data,
  edits,
  readOnly,
  gantt,
  setPanel,
  requestRelation,
}: {
  data: ScheduleData;
  edits: StructureEdits;
  readOnly: boolean;
  gantt: GanttView;
  setPanel: (panel: Panel) => void;
  requestRelation: (side: RelationRequest['side']) => void;
}): RowMenu {
  const t = useT();
  const { model } = data;

  const copy = () => {
    const text = edits.copyText();
    if (!text) return;
    copiedText = text;
    void navigator.clipboard?.writeText(text).catch(() => {});
    notify('info', [t('grid.copied', { count: text.split('\n').length })]);
  };
  const paste = async () => {
    let text = '';
    try {
      text = (await navigator.clipboard?.readText()) ?? '';
    } catch {
      // Reading the clipboard needs the user's permission; without it the rows copied here are pasted.
    }
    if (!edits.pasteText(text || copiedText)) notify('info', [t('rowmenu.nothing_to_paste')]);
  };

  const itemsFor = (row: number): MenuItem[] => {
    if (!model) return [];
    const editing = !readOnly;
    const item = (key: string, text: string, run: () => void, more: Partial<MenuItem> = {}): MenuItem => ({
      key,
      text,
      run,
      ...more,
    });
    return [
      item('insert_above', t('rowmenu.insert_above'), () => edits.addWork({ place: 'above', row }), {
        disabled: !editing,
      }),
      item('insert_below', t('rowmenu.insert_below'), () => edits.addWork({ place: 'below', row }), {
        disabled: !editing,
      }),
      item('indent', t('rowmenu.indent'), () => edits.shift('indent'), {
        disabled: !editing,
        separated: true,
      }),
      item('outdent', t('rowmenu.outdent'), () => edits.shift('outdent'), {
        disabled: !editing || model.parent[row]! < 0,
      }),
      item('copy', t('rowmenu.copy'), copy, { separated: true }),
      item('paste', t('rowmenu.paste'), () => void paste(), { disabled: !editing }),
      item('add_predecessor', t('rowmenu.add_predecessor'), () => requestRelation('predecessor'), {
        disabled: !editing,
        separated: true,
      }),
      item('add_successor', t('rowmenu.add_successor'), () => requestRelation('successor'), {
        disabled: !editing,
      }),
      item('assign_resource', t('rowmenu.assign_resource'), () => setPanel('assignments')),
      item('replace_with_schedule', t('rowmenu.replace_with_schedule'), () => setPanel('replacements'), {
        disabled: !editing,
      }),
      item('open_in_gantt', t('rowmenu.open_in_gantt'), () => gantt.commands.current?.goTo('selected'), {
        separated: true,
      }),
      item('delete', t('rowmenu.delete'), () => void edits.deleteSelected(), {
        disabled: !editing,
        separated: true,
      }),
    ];
  };

  return {
    readOnly,
    itemsFor,
    setProgress: edits.setProgress,
    unlinkSelected: edits.unlinkSelected,
    addWorkAt: (date) => edits.addWork({ place: 'below', startDate: date }),
    insertBelow: () => edits.addWork(),
    deleteSelected: () => void edits.deleteSelected(),
  };
}

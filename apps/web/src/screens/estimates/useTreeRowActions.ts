import type { RefObject } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { api } from '../../lib/trpc';
import type { EstimateView } from './api';
import type { RowMove } from './TreeToolbar';
import { type Row, rowId, rowsToDelete, withFigures } from './tree-model';
import type { TreeSave } from './useTreeEditing';

/**
 * Rows added (a line into the cursor's section, a section at the top or inside it; the new row's name opens
 * for editing), deleted after a question (the cursor's row and those picked), and moved up, down, into
 * another section or to the top level.
 */
export function useTreeRowActions({
  data,
  rows,
  current,
  picked,
  clearPicked,
  canEdit,
  busy,
  save,
  setView,
  reload,
  pendingFocus,
  onSelect,
  focusGrid,
}: {
  data: EstimateView;
  rows: Row[];
  current: Row | undefined;
  picked: ReadonlySet<string>;
  clearPicked: () => void;
  canEdit: boolean;
  busy: boolean;
  save: TreeSave;
  setView: (next: (v: EstimateView) => EstimateView) => void;
  reload: () => void;
  /** The row whose name is to open for editing once it is drawn. */
  pendingFocus: RefObject<string | null>;
  onSelect: (id: string) => void;
  focusGrid: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const estimateId = data.estimate.id;
  const sectionOfCursor = current
    ? 'section' in current
      ? current.section.id
      : current.line.sectionId
    : null;

  const addLine = async () => {
    if (!canEdit || !sectionOfCursor) return;
    await save(
      () =>
        api.estimates.lines.create.mutate({
          spaceId,
          estimateSectionId: sectionOfCursor,
          name: t('estimates.grid.new_line'),
        }),
      ({ estimate, ...line }) => {
        pendingFocus.current = line.id;
        setView((v) => withFigures(v, estimate, line));
      },
    );
  };

  const addSection = async (inside: boolean) => {
    if (!canEdit || (inside && !sectionOfCursor)) return;
    await save(
      () =>
        api.estimates.sections.create.mutate({
          spaceId,
          estimateId,
          name: t('estimates.grid.new_section'),
          parentSectionId: inside ? sectionOfCursor : null,
        }),
      (section) => {
        pendingFocus.current = section.id;
        reload();
      },
    );
  };

  const deleteRows = async () => {
    if (!canEdit || busy) return;
    const ids = new Set(picked);
    if (current) ids.add(rowId(current));
    const chosen = rows.filter((r) => ids.has(rowId(r)));
    if (!chosen.length) return;
    const { lines, tops } = rowsToDelete(chosen, data.sections);
    const names = [...tops.map((s) => s.name), ...lines.map((l) => l.name)];
    const ok = await confirmedDelete(
      t('estimates.grid.delete_title', { count: names.length }),
      names.slice(0, 5).join('; ') + (names.length > 5 ? '…' : ''),
    );
    if (!ok) return focusGrid();
    await save(
      async () => {
        for (const l of lines) await api.estimates.lines.delete.mutate({ spaceId, estimateLineId: l.id });
        for (const s of tops)
          await api.estimates.sections.delete.mutate({ spaceId, estimateSectionId: s.id });
      },
      () => undefined,
    );
    clearPicked();
    reload();
    focusGrid();
  };

  const moveRow = async (how: RowMove) => {
    if (!canEdit || !current) return;
    const id = rowId(current);
    const move = async () => {
      if ('line' in current) {
        const { line } = current;
        const where =
          'direction' in how
            ? { direction: how.direction }
            : how.into
              ? { estimateSectionId: how.into }
              : null;
        if (where)
          await api.estimates.lines.move.mutate({
            spaceId,
            estimateLineId: line.id,
            revision: line.revision,
            ...where,
          });
        return;
      }
      const { section } = current;
      await api.estimates.sections.move.mutate({
        spaceId,
        estimateSectionId: section.id,
        revision: section.revision,
        ...('direction' in how ? { direction: how.direction } : { parentSectionId: how.into }),
      });
    };
    await save(move, () => {
      onSelect(id);
      reload();
    });
    focusGrid();
  };

  return { sectionOfCursor, addLine, addSection, deleteRows, moveRow };
}

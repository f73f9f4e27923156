import { Button } from '../../components/ui';
import { useT } from '../../lib/i18n';
import type { MoveTarget } from './tree-model';

/**
 * How the row at the cursor moves: a step up or down among its siblings, or to the end of another section
 * (`into`; `null`: the top level, for a section).
 */
export type RowMove = { direction: 'up' | 'down' } | { into: string | null };

/** The value of the top level among the places to move to. */
const TOP = 'top';

/** The tree's editing buttons: add a section, a sub-section or a line, delete, move the row at the cursor. */
export function TreeToolbar({
  busy,
  sectionOfCursor,
  rowChosen,
  moveTargets,
  onAddSection,
  onAddLine,
  onDelete,
  onMove,
}: {
  busy: boolean;
  /** The section of the row at the cursor (a line's own): where a line or a sub-section is added. */
  sectionOfCursor: string | null;
  rowChosen: boolean;
  /** Where the row at the cursor may move to. */
  moveTargets: MoveTarget[];
  onAddSection: (inside: boolean) => void;
  onAddLine: () => void;
  onDelete: () => void;
  onMove: (how: RowMove) => void;
}) {
  const t = useT();
  return (
    <div className="estimates-tab-actions estimate-grid-actions">
      <Button onClick={() => onAddSection(false)} data-testid="estimate-add-section" disabled={busy}>
        + {t('estimates.add_section')}
      </Button>
      <Button
        onClick={() => onAddSection(true)}
        disabled={busy || !sectionOfCursor}
        data-testid="estimate-add-subsection"
        title={sectionOfCursor ? undefined : t('estimates.choose_section')}
      >
        + {t('estimates.grid.add_subsection')}
      </Button>
      <Button
        onClick={() => onAddLine()}
        disabled={busy || !sectionOfCursor}
        data-testid="estimate-add-line"
        title={sectionOfCursor ? t('estimates.grid.insert_hint') : t('estimates.choose_section')}
      >
        + {t('estimates.add_line')}
      </Button>
      <Button
        onClick={() => onDelete()}
        disabled={busy || !rowChosen}
        data-testid="estimate-delete-rows"
        title={t('estimates.grid.delete_hint')}
      >
        {t('estimates.grid.delete')}
      </Button>
      <Button
        onClick={() => onMove({ direction: 'up' })}
        disabled={busy || !rowChosen}
        aria-label={t('estimates.grid.move_up')}
        title={t('estimates.grid.move_hint')}
        data-testid="estimate-move-up"
      >
        ↑
      </Button>
      <Button
        onClick={() => onMove({ direction: 'down' })}
        disabled={busy || !rowChosen}
        aria-label={t('estimates.grid.move_down')}
        title={t('estimates.grid.move_hint')}
        data-testid="estimate-move-down"
      >
        ↓
      </Button>
      <select
        className="input select estimate-move-to"
        aria-label={t('estimates.grid.move_to')}
        data-testid="estimate-move-to"
        disabled={busy || !rowChosen || !moveTargets.length}
        value=""
        onChange={(e) => e.target.value && onMove({ into: e.target.value === TOP ? null : e.target.value })}
      >
        <option value="">{t('estimates.grid.move_to')}…</option>
        {moveTargets.map(({ id, section: s }) =>
          s ? (
            <option key={s.id} value={s.id}>
              {'\u00a0\u00a0'.repeat(s.depth)}
              {s.code ? `${s.code} ` : ''}
              {s.name}
            </option>
          ) : (
            <option key={id ?? TOP} value={TOP}>
              {t('estimates.grid.top_level')}
            </option>
          ),
        )}
      </select>
      <span className="estimate-hint">{t('estimates.grid.keys_hint')}</span>
    </div>
  );
}

import type { ReactNode } from 'react';
import { choicesOf } from '../../../components/compact-select';
import { ListFilters } from '../../../components/list-filters';
import { Button } from '../../../components/ui';
import { useT } from '../../../lib/i18n';
import type { SetParam } from '../../../lib/list-search';
import { ExpandButtons } from './ExpandButtons';
import { FILTER_INDICATORS } from './rows';
import type { StructureEdits } from './useStructureEdits';

/** Views under the grid and the timeline (resources). */
export type Dock = 'histogram' | 'daily_plan' | 'timesheet';

/** The buttons that move the selected works in the tree: their sign and shortcut. */
const SHIFTS = [
  { direction: 'outdent', sign: '⇤', keys: 'Alt+Shift+←' },
  { direction: 'indent', sign: '⇥', keys: 'Alt+Shift+→' },
] as const;

/** The buttons that move the active row among its siblings. */
const MOVES = [
  { by: -1, label: 'grid.move_up', sign: '↑', keys: 'Alt+Shift+↑' },
  { by: 1, label: 'grid.move_down', sign: '↓', keys: 'Alt+Shift+↓' },
] as const;

/** The grid's toolbar: structure edits, expand/collapse, the filter and the indicator, the view controls. */
export function ScheduleToolbar({
  readOnly,
  hasModel,
  selectedCount,
  edits,
  onBulkEdit,
  filterText,
  indicator,
  setParam,
  views,
}: {
  readOnly: boolean;
  hasModel: boolean;
  selectedCount: number;
  edits: StructureEdits;
  onBulkEdit: () => void;
  filterText: string;
  indicator: string;
  setParam: SetParam;
  /** The view controls: columns, the filter builder, grouping. */
  views: ReactNode;
}) {
  const t = useT();
  const { activeRow, addWork, deleteSelected, shift, moveRow, setAllExpanded } = edits;
  return (
    <div className="schedule-toolbar" role="toolbar" aria-label={t('grid.toolbar')}>
      <Button
        disabled={readOnly || !hasModel}
        onClick={() => addWork()}
        data-testid="add-work"
        title="Insert"
      >
        + {t('grid.add')}
      </Button>
      <Button disabled={readOnly || !selectedCount} onClick={() => void deleteSelected()} title="Delete">
        {t('common.delete')}
      </Button>
      <Button disabled={readOnly || !selectedCount} onClick={onBulkEdit} data-testid="bulk-edit">
        {t('grid.bulk_edit')}
      </Button>
      {SHIFTS.map(({ direction, sign, keys }) => (
        <Button
          key={direction}
          disabled={readOnly || !selectedCount}
          onClick={() => shift(direction)}
          title={keys}
          aria-label={t(`grid.${direction}`)}
        >
          {sign} {t(`grid.${direction}`)}
        </Button>
      ))}
      {MOVES.map(({ by, label, sign, keys }) => (
        <Button
          key={by}
          disabled={readOnly || activeRow === undefined}
          onClick={() => moveRow(by)}
          aria-label={t(label)}
          title={keys}
        >
          {sign}
        </Button>
      ))}
      <ExpandButtons onExpandAll={setAllExpanded} />
      <span className="schedule-toolbar-gap" />
      <ListFilters
        filterText={filterText}
        indicator={indicator}
        setParam={setParam}
        filterLabel={t('grid.filter')}
        indicatorLabel={t('grid.indicator')}
        indicators={[
          { value: '', label: t('grid.indicator_all') },
          ...choicesOf(FILTER_INDICATORS, (i) => t(`grid.indicator.${i}`)),
        ]}
        filterClassName="schedule-filter"
      />
      {views}
    </div>
  );
}

/** The toggles of the views under the grid and the timeline. */
export function ScheduleDockBar({
  dock,
  setDock,
  disabled,
}: {
  dock: Dock | null;
  setDock: (dock: Dock | null) => void;
  disabled: boolean;
}) {
  const t = useT();
  return (
    <div className="schedule-docks" role="toolbar" aria-label={t('dock.toolbar')}>
      {(['histogram', 'daily_plan', 'timesheet'] as const).map((d) => (
        <Button
          key={d}
          variant={dock === d ? 'primary' : 'ghost'}
          aria-pressed={dock === d}
          disabled={disabled}
          onClick={() => setDock(dock === d ? null : d)}
          data-testid={`dock-${d}`}
        >
          {t(`dock.${d}`)}
        </Button>
      ))}
    </div>
  );
}

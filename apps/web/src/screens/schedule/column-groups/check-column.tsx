import { textOf } from '../../../lib/columnar';
import type { GridColumn } from '../WbsGrid';
import type { ColumnContext } from './context';

/** The checkbox column in front of the others: a box per row, the header's box checks every visible row. */
export function checkColumn(
  { t, model: m }: ColumnContext,
  checks: NonNullable<ColumnContext['checks']>,
): GridColumn {
  return {
    key: 'checked',
    title: t('grid.check'),
    width: 36,
    align: 'center',
    header: () => {
      const visible = checks.visible();
      const all = visible.length > 0 && visible.every((id) => checks.ids.has(id));
      return (
        <input
          type="checkbox"
          className="wbs-check"
          aria-label={t('grid.check_all')}
          title={t('grid.check_all')}
          checked={all}
          disabled={!visible.length}
          onChange={() => checks.set(visible, !all)}
          data-testid="check-all"
        />
      );
    },
    render: (row) => {
      const id = m.ids[row]!;
      return (
        <input
          type="checkbox"
          className="wbs-check"
          aria-label={t('grid.check_row', { name: textOf(m, m.name[row]!) })}
          checked={checks.ids.has(id)}
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => checks.set([id], e.target.checked)}
          tabIndex={-1}
        />
      );
    },
  };
}

import type { SetParam } from '../lib/list-search';
import { type Choice, CompactSelect } from './compact-select';

/**
 * A list screen's two filters, kept in the address (`useListSearch`): the search text (`filter`) and the
 * indicator (`filter_indicator`, chosen from `indicators`, whose first entry shows everything).
 */
export function ListFilters({
  filterText,
  indicator,
  setParam,
  filterLabel,
  indicatorLabel,
  indicators,
  filterClassName,
  filterTestId,
}: {
  filterText: string;
  indicator: string;
  setParam: SetParam;
  filterLabel: string;
  indicatorLabel: string;
  indicators: readonly Choice[];
  filterClassName?: string;
  filterTestId?: string;
}) {
  return (
    <>
      <input
        className={filterClassName ? `input input-compact ${filterClassName}` : 'input input-compact'}
        type="search"
        placeholder={filterLabel}
        aria-label={filterLabel}
        value={filterText}
        onChange={(e) => setParam('filter', e.target.value)}
        data-testid={filterTestId}
      />
      <CompactSelect
        aria-label={indicatorLabel}
        value={indicator}
        onChange={(value) => setParam('filter_indicator', value)}
        options={indicators}
      />
    </>
  );
}

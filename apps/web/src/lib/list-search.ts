import { useSearchParams } from 'wouter';

/**
 * The query parameters a list screen (the schedule, the resources) keeps its state in, so that a link
 * opens the same view: the filter text, the indicator filter and the target row to select and scroll to.
 * A parameter set to an empty value is dropped from the address; changes replace the history entry.
 */
export function useListSearch() {
  const [search, setSearch] = useSearchParams();
  const filterText = search.get('filter') ?? '';
  const indicator = search.get('filter_indicator') ?? '';
  const target = search.get('target');
  const setParam: SetParam = (key, value) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return { search, filterText, indicator, target, setParam };
}

export type SetParam = (key: string, value: string | null) => void;

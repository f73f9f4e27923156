import { useSearchParams } from 'wouter';

/** The page's query parameters: the version, the filter, the indicator and the target work. */
export function useScheduleSearch() {
  const [search, setSearch] = useSearchParams();
  const filterText = search.get('filter') ?? '';
  const indicator = search.get('filter_indicator') ?? '';
  const target = search.get('target');
  const setParam = (key: string, value: string | null) =>
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

import { SCHEDULE_LIMITS } from '@takt/contracts';
import { useCallback, useEffect, useState } from 'react';
import { withMembers } from '../../lib/sets';
import { api } from '../../lib/trpc';

/**
 * The caller's checked works of a version (a per-user row state): starts from `works.viewState`,
 * changes show at once and are stored with `works.setState` in chunks the server accepts.
 */
export function useChecked(
  spaceId: string,
  versionId: string | undefined,
  initial: readonly string[] | undefined,
) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    setChecked(new Set(initial ?? []));
  }, [initial]);
  const setMany = useCallback(
    (ids: readonly string[], value: boolean) => {
      if (!versionId || !ids.length) return;
      setChecked((previous) => withMembers(previous, ids, value));
      for (let i = 0; i < ids.length; i += SCHEDULE_LIMITS.bulkMaxWorks)
        void api.works.setState.mutate({
          spaceId,
          versionId,
          workIds: ids.slice(i, i + SCHEDULE_LIMITS.bulkMaxWorks),
          checked: value,
        });
    },
    [spaceId, versionId],
  );
  return { checked, setMany };
}

import { useSearchParams } from 'wouter';
import { useSpace } from '../../layouts/space-context';
import { asVersions } from '../../lib/schedule-types';
import { trpc } from '../../lib/trpc';

/**
 * The schedule and the version a view of it (cyclogram, 3D model) shows: the `version` query parameter,
 * else the actual version, else the first; choosing another replaces the parameter.
 */
export function useScheduleVersion(scheduleId: string) {
  const { spaceId } = useSpace();
  const [search, setSearch] = useSearchParams();
  const node = trpc.eps.get.useQuery({ spaceId, nodeId: scheduleId });
  const versions = trpc.versions.list.useQuery({ spaceId, scheduleId });
  const versionList = asVersions(versions.data);
  const versionId: string | undefined =
    search.get('version') ?? versionList.find((v) => v.actual)?.id ?? versionList[0]?.id;
  return {
    node,
    versions,
    versionList,
    versionId,
    setVersion: (id: string) => setSearch({ version: id }, { replace: true }),
  };
}

export type ScheduleVersion = ReturnType<typeof useScheduleVersion>;

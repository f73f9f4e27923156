import { useEffect, useMemo } from 'react';
import { mergeColumns } from '../../../lib/grid-columns';
import { asVersions } from '../../../lib/schedule-types';
import { getLastVersion, setLastVersion } from '../../../lib/storage';
import { trpc } from '../../../lib/trpc';
import { useUiState, viewReadsAttributes } from '../../../lib/ui-state';
import { useChecked } from '../checked';
import { usePlanDetails } from '../plan-details';
import { usePayload } from './usePayload';

/** The queries the schedule page reads: the node, its versions, the open version's payload and what goes with it. */
export function useScheduleData(spaceId: string, scheduleId: string, requestedVersion: string | null) {
  const me = trpc.users.whoAmI.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const node = trpc.eps.get.useQuery({ spaceId, nodeId: scheduleId });
  const versions = trpc.versions.list.useQuery({ spaceId, scheduleId });
  const versionList = asVersions(versions.data);
  const versionId =
    requestedVersion ?? versionList.find((v) => v.actual)?.id ?? versionList[0]?.id ?? undefined;
  const version = versionList.find((v) => v.id === versionId);
  // Until the version list answers, the version opened here last is loaded on a guess: when it is the
  // one the list then names (as it usually is), its payload is already on the way.
  const guessed = versions.isPending ? (requestedVersion ?? getLastVersion(scheduleId)) : null;
  const payload = usePayload(spaceId, version?.id ?? guessed ?? undefined, !version);
  const model = version && payload.data?.versionId === version.id ? payload.data : undefined;
  useEffect(() => {
    if (version) setLastVersion(scheduleId, version.id);
  }, [scheduleId, version]);
  const viewState = trpc.works.viewState.useQuery(
    { spaceId, versionId: versionId ?? '' },
    { enabled: !!versionId },
  );
  const checks = useChecked(spaceId, versionId, viewState.data?.checked);
  const calendars = trpc.calendars.list.useQuery({ spaceId });
  const members = trpc.space.users.useQuery(
    { spaceId },
    { trpc: { context: { quiet: true } }, retry: false },
  );
  const attributes = trpc.attributes.list.useQuery({ spaceId, scheduleId });
  const details = usePlanDetails(spaceId, versionId);
  const status = trpc.calculation.status.useQuery(
    { spaceId, versionId: versionId ?? '' },
    { enabled: !!versionId },
  );
  // The user's view of this schedule (columns, filter, grouping), kept on the server.
  const view = useUiState(spaceId, scheduleId, me.data?.id);
  const storedColumns = view.state?.columns ?? null;
  const columnSettings = useMemo(
    () =>
      mergeColumns(
        storedColumns,
        (attributes.data ?? []).map((a) => a.id),
      ),
    [storedColumns, attributes.data],
  );
  // Attribute values are read when a column shows them or the view filters or groups by one.
  const showsAttributes =
    columnSettings.some((c) => c.visible && c.key.startsWith('attr:')) || viewReadsAttributes(view.state);
  const works = trpc.works.list.useQuery(
    { spaceId, versionId: versionId ?? '' },
    { enabled: !!versionId && showsAttributes },
  );
  const showsResources = columnSettings.some(
    (c) => c.visible && (c.key === 'resources' || c.key === 'labour' || c.key === 'cost'),
  );
  const resourceSummary = trpc.assignments.summary.useQuery(
    { spaceId, versionId: versionId ?? '' },
    { enabled: !!versionId && showsResources },
  );
  const resourceColumns = useMemo(
    () => new Map((resourceSummary.data ?? []).map(({ workId, ...summary }) => [workId, summary])),
    [resourceSummary.data],
  );
  const attributeValues = useMemo(
    () => new Map((works.data ?? []).map((w) => [w.id, w.attributes as Record<string, unknown>])),
    [works.data],
  );

  const calendarHours =
    calendars.data?.find((c) => c.id === version?.calendarId)?.hoursPerDay ??
    calendars.data?.find((c) => c.isDefault)?.hoursPerDay ??
    8;

  return {
    node,
    versions,
    versionList,
    versionId,
    version,
    model,
    viewState,
    checks,
    calendars,
    members,
    attributes,
    details,
    status,
    columnSettings,
    view,
    resourceColumns,
    attributeValues,
    calendarHours,
  };
}

export type ScheduleData = ReturnType<typeof useScheduleData>;

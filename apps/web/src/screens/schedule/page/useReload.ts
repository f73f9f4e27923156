import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { trpc } from '../../../lib/trpc';

/** What a change of the schedule invalidates: everything (reload) or what a cell edit touches (afterEdit). */
export function useReload(spaceId: string, scheduleId: string) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['schedule-payload', spaceId] });
    void utils.versions.list.invalidate({ spaceId, scheduleId });
    void utils.calculation.status.invalidate();
    void utils.undo.list.invalidate();
    void utils.relations.list.invalidate();
    void utils.works.list.invalidate();
    void utils.works.planDetails.invalidate();
    void utils.assignments.summary.invalidate();
  }, [queryClient, spaceId, scheduleId, utils]);
  const afterEdit = useCallback(() => {
    void utils.versions.list.invalidate({ spaceId, scheduleId });
    void utils.calculation.status.invalidate();
    void utils.undo.list.invalidate();
  }, [utils, spaceId, scheduleId]);
  return { reload, afterEdit };
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { trpc } from '../../../lib/trpc';

/**
 * What a change of the schedule invalidates: everything (reload), everything but the version's payload
 * when the change was applied to the loaded document in place (afterSave), or what a cell edit touches
 * (afterEdit).
 */
export function useReload(spaceId: string, scheduleId: string) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const afterSave = useCallback(() => {
    void utils.versions.list.invalidate({ spaceId, scheduleId });
    void utils.calculation.status.invalidate();
    void utils.undo.list.invalidate();
    void utils.relations.list.invalidate();
    void utils.works.list.invalidate();
    void utils.works.planDetails.invalidate();
    void utils.assignments.summary.invalidate();
    // Assignments and the calculation scenario weigh the summaries' progress.
    void utils.calculation.progressWeighting.invalidate();
  }, [spaceId, scheduleId, utils]);
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['schedule-payload', spaceId] });
    afterSave();
  }, [queryClient, spaceId, afterSave]);
  const afterEdit = useCallback(() => {
    void utils.versions.list.invalidate({ spaceId, scheduleId });
    void utils.calculation.status.invalidate();
    void utils.undo.list.invalidate();
  }, [utils, spaceId, scheduleId]);
  return { reload, afterSave, afterEdit };
}

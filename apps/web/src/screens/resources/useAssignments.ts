import { LIMITS } from '@takt/contracts';
import { useSpace } from '../../layouts/space-context';
import { describeFailure } from '../../lib/errors';
import { translateDynamic, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { api, trpc } from '../../lib/trpc';
import type { Assignment, AssignmentPatch } from './assignment-edit';

/**
 * The assignments of a work and the space's resources, with adding, editing and removing one and
 * assigning a resource to many works; every change refreshes the histograms and tells the caller.
 */
export function useAssignments(versionId: string, workId: string | undefined, onChanged: () => void) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const resources = trpc.resources.list.useQuery({ spaceId });
  const list = trpc.assignments.list.useQuery({ spaceId, versionId, workId }, { enabled: !!workId });
  const refresh = () => {
    void utils.assignments.list.invalidate();
    void utils.resources.histogram.invalidate();
    void utils.resources.list.invalidate();
    onChanged();
  };
  const create = trpc.assignments.create.useMutation({ onSuccess: refresh });
  const remove = trpc.assignments.delete.useMutation({ onSuccess: refresh });
  const assign = trpc.assignments.assign.useMutation({
    onSuccess: (result) => {
      const total = result.assigned + result.skipped;
      if (result.status === 'success')
        notify(
          'success',
          [t('assignment.success', { name: result.resourceName, count: result.assigned })],
          LIMITS.restoreNotificationMs,
        );
      else
        notify(
          'info',
          [
            t('assignment.warning', {
              name: result.resourceName,
              assigned: result.assigned,
              total,
              skipped: result.skipped,
            }),
          ],
          LIMITS.restoreNotificationMs,
        );
      refresh();
    },
  });

  /** Saves a change of one assignment; a stale revision reloads the list and says so. */
  const save = async (a: Assignment, patch: AssignmentPatch) => {
    try {
      await api.assignments.update.mutate(
        { spaceId, versionId, assignmentId: a.id, revision: a.revision, ...patch },
        { context: { showsIssues: true } },
      );
      refresh();
    } catch (error) {
      const failure = describeFailure(error, null);
      if (failure.code === 'Conflict') notify('info', [t('grid.conflict_reloaded')]);
      else {
        const issue = failure.issues[0];
        notify('error', [
          issue ? translateDynamic(issue.message, issue.params) : (failure.messages[0] ?? ''),
        ]);
      }
      void utils.assignments.list.invalidate();
    }
  };

  const rows = list.data ?? [];
  const directory = resources.data ?? [];
  return {
    rows,
    /** Resources not assigned to the work yet. */
    free: directory.filter((r) => !rows.some((a) => a.resourceId === r.id)),
    save,
    remove: (a: Assignment) => remove.mutate({ spaceId, versionId, assignmentId: a.id }),
    adding: create.isPending,
    add: (resourceId: string, planQuantity: number, onDone: () => void) =>
      workId &&
      create.mutate({ spaceId, versionId, workId, resourceId, planQuantity }, { onSuccess: onDone }),
    assigning: assign.isPending,
    assignTo: (workIds: readonly string[], resourceId: string, planQuantity: number | null | undefined) =>
      assign.mutate({
        spaceId,
        versionId,
        resourceId,
        workIds: [...workIds],
        ...(planQuantity ? { planQuantity } : {}),
      }),
  };
}

import { Button } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';

/**
 * "Recalculate formulas" of a version (attribute-calculate): shown where the schedule has formula attributes;
 * tells how many values changed and which formulas could not be computed for some works.
 */
export function RecalculateFormulas({
  scheduleId,
  versionId,
  locked,
}: {
  scheduleId: string;
  versionId: string;
  locked: boolean;
}) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const attributes = trpc.attributes.list.useQuery({ spaceId, scheduleId });
  const calculate = trpc.attributes.calculate.useMutation({
    onSuccess: (result) => {
      void utils.works.list.invalidate();
      notify('info', [
        t('formulas.recalculated', { written: result.written, works: result.works }),
        ...result.attributes
          .filter((a) => a.failed > 0)
          .map((a) => t('formulas.recalculated_failed', { name: a.name, failed: a.failed })),
      ]);
    },
  });
  if (!attributes.data?.some((a) => a.formula)) return null;
  return (
    <Button
      busy={calculate.isPending}
      disabled={locked || !can('schedule.edit')}
      onClick={() => calculate.mutate({ spaceId, versionId })}
      data-testid="recalculate-formulas"
    >
      {t('formulas.recalculate')}
    </Button>
  );
}

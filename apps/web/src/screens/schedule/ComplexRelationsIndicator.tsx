import { useEffect } from 'react';
import { Badge, Button } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import '../directories/complex-relations.css';

/**
 * In the schedule's toolbar when complex relations are assigned to it: how many works of the open version are
 * out of line with them (a badge), and "Recalculate", which applies them to the version (one undo action).
 */
export function ComplexRelationsIndicator({
  spaceId,
  scheduleId,
  version,
  readOnly,
  onChanged,
}: {
  spaceId: string;
  scheduleId: string;
  version: { id: string; revision: number } | undefined;
  readOnly: boolean;
  onChanged: () => void;
}) {
  const t = useT();
  const relations = trpc.complexRelations.allRelations.useQuery({ spaceId, scheduleId });
  const assigned = (relations.data ?? []).length > 0;
  const indicator = trpc.complexRelations.versionIndicator.useQuery(
    { spaceId, versionId: version?.id ?? '' },
    { enabled: assigned && !!version },
  );
  const { refetch } = indicator;
  // Every change of the version (an edit here, by others, an undo) moves its revision on: count again.
  const revision = version?.revision;
  useEffect(() => {
    if (assigned && revision !== undefined) void refetch();
  }, [assigned, revision, refetch]);
  const recalculate = trpc.complexRelations.recalculate.useMutation({
    onSuccess: (done) => {
      notify('success', [t('complex_relations.recalculated', { works: done.works })]);
      onChanged();
      void refetch();
    },
  });
  if (!assigned || !version) return null;
  const count = indicator.data?.outOfLine ?? 0;
  return (
    <span className="relations-indicator" data-testid="relations-indicator">
      {count > 0 ? (
        <span title={t('complex_relations.indicator_hint', { count })}>
          <Badge tone="warn">{t('complex_relations.indicator', { count })}</Badge>
        </span>
      ) : (
        indicator.data && <Badge>{t('complex_relations.in_line')}</Badge>
      )}
      <Button
        disabled={readOnly || recalculate.isPending}
        title={t('complex_relations.recalculate_hint')}
        onClick={() => recalculate.mutate({ spaceId, versionId: version.id })}
        data-testid="relations-recalculate"
      >
        {t('complex_relations.recalculate')}
      </Button>
    </span>
  );
}

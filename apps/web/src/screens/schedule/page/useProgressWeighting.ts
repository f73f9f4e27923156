import { useEffect } from 'react';
import { useSpace } from '../../../layouts/space-context';
import type { ScheduleModel } from '../../../lib/columnar';
import { trpc } from '../../../lib/trpc';

/**
 * Gives the loaded document the version's progress weighting (its calculation scenario: duration,
 * volume, labour or cost; docs/product-rules.md, "Summary roll-ups"), so that the summaries the browser
 * rolls up after an edit (`patchWork`) weigh their works' progress as the server does when it saves the
 * edit. Until it arrives, and for a read-only view, the browser weighs by duration.
 */
export function useProgressWeighting(model: ScheduleModel | undefined, versionId: string | undefined) {
  const { spaceId } = useSpace();
  const weighting = trpc.calculation.progressWeighting.useQuery(
    { spaceId, versionId: versionId ?? '' },
    { enabled: !!versionId && !!model, staleTime: 60_000 },
  );
  useEffect(() => {
    const data = weighting.data;
    if (!model || !data) return;
    model.progressWeighting = {
      measure: data.measure,
      byWork: new Map(data.workIds.map((id, i) => [id, data.weights[i]!])),
    };
  }, [model, weighting.data]);
}

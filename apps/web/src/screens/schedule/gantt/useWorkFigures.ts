import { useMemo } from 'react';
import type { ScheduleModel } from '../../../lib/columnar';
import type { Translate } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/schedule-time';
import { trpc } from '../../../lib/trpc';

/**
 * The figures a bar's tooltip shows under its dates: % complete, labour and cost. A summary's are its
 * roll-ups (docs/product-rules.md, "Summary roll-ups"): its stored % complete, and the labour and cost of
 * the works under it (`assignments.summary` sums them up the tree, as the grid's columns show them).
 * Labour and cost are left out where there are none.
 */
export function useWorkFigures(
  spaceId: string,
  versionId: string,
  model: ScheduleModel,
  t: Translate,
  lang: string,
): (row: number) => string {
  const summary = trpc.assignments.summary.useQuery({ spaceId, versionId });
  const byWork = useMemo(
    () => new Map((summary.data ?? []).map((r) => [r.workId, r] as const)),
    [summary.data],
  );
  return (row: number) => {
    const num = (v: number) => formatNumber(v, lang, 2);
    const parts = [`${t('grid.col.progress')}: ${num(model.progress[row]!)} %`];
    const amounts = byWork.get(model.ids[row]!);
    if (amounts?.labour) parts.push(`${t('grid.col.labour')}: ${num(amounts.labour)}`);
    if (amounts?.cost) parts.push(`${t('grid.col.cost')}: ${num(amounts.cost)}`);
    return parts.join(' · ');
  };
}

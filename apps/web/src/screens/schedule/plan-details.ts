import type { LIMIT_TYPES } from '@takt/contracts';
import { useCallback, useMemo } from 'react';
import { trpc } from '../../lib/trpc';

export type LimitType = (typeof LIMIT_TYPES)[number];
export interface Limit {
  type: LimitType;
  date: string | null;
}

/** Fields of a work that the columnar payload does not carry: approved (baseline) plan and constraints. */
export interface PlanDetails {
  approvedStart: string | null;
  approvedFinish: string | null;
  approvedVolume: number | null;
  startLimit: Limit | null;
  finishLimit: Limit | null;
}

export const NO_DETAILS: PlanDetails = {
  approvedStart: null,
  approvedFinish: null,
  approvedVolume: null,
  startLimit: null,
  finishLimit: null,
};

/** The part of a work record (works.update / works.get) that is plan details. */
export function detailsOf(work: Partial<PlanDetails> & { id: string }): PlanDetails & { id: string } {
  return {
    id: work.id,
    approvedStart: work.approvedStart ?? null,
    approvedFinish: work.approvedFinish ?? null,
    approvedVolume: work.approvedVolume ?? null,
    startLimit: (work.startLimit as Limit | null | undefined) ?? null,
    finishLimit: (work.finishLimit as Limit | null | undefined) ?? null,
  };
}

/** The approved plan's fields, which a summary rolls up from its works. */
const APPROVED = ['approvedStart', 'approvedFinish', 'approvedVolume'] as const;

const isEmpty = (d: PlanDetails) =>
  d.approvedStart === null &&
  d.approvedFinish === null &&
  d.approvedVolume === null &&
  d.startLimit === null &&
  d.finishLimit === null;

/**
 * Plan details of a version's works, sparse (only works that have any), by work id; `apply` writes a
 * work just saved into the cached reply so that the grid shows it without a refetch.
 */
export function usePlanDetails(spaceId: string, versionId: string | undefined) {
  const utils = trpc.useUtils();
  const input = { spaceId, versionId: versionId ?? '' };
  const query = trpc.works.planDetails.useQuery(input, { enabled: !!versionId });
  const byId = useMemo(
    () => new Map((query.data ?? []).map((d) => [d.id, detailsOf(d as Parameters<typeof detailsOf>[0])])),
    [query.data],
  );
  const apply = useCallback(
    (work: Parameters<typeof detailsOf>[0]) => {
      if (!versionId) return;
      const next = detailsOf(work);
      let approvedMoved = false;
      utils.works.planDetails.setData({ spaceId, versionId }, (old) => {
        const before = (old ?? []).find((d) => d.id === work.id) as PlanDetails | undefined;
        approvedMoved = APPROVED.some((field) => (before?.[field] ?? null) !== next[field]);
        const rest = (old ?? []).filter((d) => d.id !== work.id);
        return (isEmpty(next) ? rest : [...rest, next]) as typeof old;
      });
      // The server rolled the approved plan of the work's summaries up: they are read again.
      if (approvedMoved) void utils.works.planDetails.invalidate({ spaceId, versionId });
    },
    [utils, spaceId, versionId],
  );
  return { byId: byId as ReadonlyMap<string, PlanDetails>, apply };
}

import { LIMITS } from '@takt/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { describeFailure } from '../../lib/errors';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { api, trpc } from '../../lib/trpc';
import { dayText, parseAmount, weekRange } from './format';

export type DailyPlanRow = RouterOutputs['wdp']['list']['rows'][number];

/**
 * The daily work plans of a week: the rows with their values, saving a cell, the planning status of
 * rows, the volume plan of a day; days before the editing period are closed. Each change refreshes
 * the undo list and the histograms.
 */
export function useDailyPlans(versionId: string, days: readonly string[]) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const list = trpc.wdp.list.useQuery(
    { spaceId, versionId, ...weekRange(days) },
    { placeholderData: keepPreviousData },
  );
  const revisions = useRef(new Map<string, number>());
  const refresh = () => {
    void utils.wdp.list.invalidate();
    void utils.undo.list.invalidate();
    void utils.resources.histogram.invalidate();
  };
  const planning = trpc.wdp.setPlanning.useMutation({
    onSuccess: (result) => {
      for (const r of result.rows) revisions.current.set(r.workId, r.revision);
      refresh();
    },
  });
  const planDay = trpc.wdp.volumePlanAtDay.useMutation({
    onSuccess: (r) => {
      notify(
        'success',
        [t('wdp.day_planned', { count: r.count, date: dayText(r.date) })],
        LIMITS.restoreNotificationMs,
      );
      refresh();
    },
  });
  const firstOpen = list.data?.editing.firstEditableDate ?? null;
  /** The revision to send for a row: the newest this screen has seen. */
  const revisionOf = (row: DailyPlanRow) => revisions.current.get(row.workId) ?? row.revision;

  // Saves go one after another, each with the revision the previous one returned: typing through the cells
  // of a row never trips over its own changes.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    for (const r of list.data?.rows ?? [])
      if ((revisions.current.get(r.workId) ?? -1) < r.revision) revisions.current.set(r.workId, r.revision);
  }, [list.data]);
  const saveCell = (row: DailyPlanRow, date: string, field: 'planVolume' | 'factVolume', text: string) => {
    const value = parseAmount(text);
    if (value === undefined) return notify('error', [t('validation.not_a_number')]);
    const current = row.values.find((v) => v.date === date)?.[field] ?? null;
    if (value === current) return;
    queue.current = queue.current.then(async () => {
      try {
        const saved = await api.wdp.save.mutate({
          spaceId,
          versionId,
          rows: [{ workId: row.workId, revision: revisionOf(row), values: [{ date, [field]: value }] }],
        });
        for (const r of saved.rows) revisions.current.set(r.workId, r.revision);
      } catch (error) {
        if (describeFailure(error, null).code === 'Conflict') notify('info', [t('grid.conflict_reloaded')]);
      } finally {
        refresh();
      }
    });
  };

  const setPlanning = (rows: { workId: string; revision?: number }[], on: boolean) =>
    planning.mutate({ spaceId, versionId, rows, planning: on });

  return {
    loading: list.isLoading,
    rows: list.data?.rows ?? [],
    firstOpen,
    /** Whether a day is before the editing period. */
    closed: (day: string) => firstOpen !== null && day < firstOpen,
    saveCell,
    /** Turns planning on or off for the picked works. */
    planWorks: (workIds: Iterable<string>, on: boolean) =>
      setPlanning(
        [...workIds].map((workId) => ({ workId })),
        on,
      ),
    /** Turns planning on or off for one row, at the revision last seen. */
    planRow: (row: DailyPlanRow, on: boolean) =>
      setPlanning([{ workId: row.workId, revision: revisionOf(row) }], on),
    planningDay: planDay.isPending,
    planDay: (date: string) => planDay.mutate({ spaceId, versionId, date }),
  };
}

export type DailyPlans = ReturnType<typeof useDailyPlans>;

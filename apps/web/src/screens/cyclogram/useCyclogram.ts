import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { useScheduleVersion } from '../schedule/useScheduleVersion';
import type { Draft } from './cyclogram-data';

/**
 * The cyclogram of the chosen version with the settings being edited (the server builds it for the
 * draft before it is saved), saving them, and the trades' colours.
 */
export function useCyclogram(scheduleId: string) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const view = useScheduleVersion(scheduleId);
  const { versionId } = view;
  const [draft, setDraft] = useState<Draft>({});
  const query = trpc.cyclogram.get.useQuery(
    { spaceId, versionId: versionId ?? '', ...draft },
    { enabled: !!versionId, placeholderData: keepPreviousData },
  );
  const data = query.data;
  const save = trpc.cyclogram.save.useMutation({
    onSuccess: (saved) => {
      setDraft({});
      utils.cyclogram.get.setData({ spaceId, versionId: versionId ?? '' }, saved);
      notify('success', [t('cyclogram.saved')]);
    },
  });
  const setColor = trpc.cyclogram.setColor.useMutation({
    onSuccess: () => void utils.cyclogram.get.invalidate(),
  });
  const settings = data?.settings;
  const bufferDays = draft.bufferDays ?? settings?.bufferDays ?? 0;

  return {
    view,
    data,
    /** Changes when the server's answer does: the chart lays itself out again. */
    dataVersion: query.dataUpdatedAt,
    draft,
    change: (patch: Draft) => setDraft((d) => ({ ...d, ...patch })),
    changed: Object.keys(draft).length > 0,
    bufferDays,
    saving: save.isPending,
    save: () =>
      versionId &&
      settings &&
      save.mutate({
        spaceId,
        versionId,
        locations: draft.locations ?? settings.locations,
        trades: draft.trades ?? settings.trades,
        bufferDays,
        revision: settings.revision,
      }),
    colouring: setColor.isPending,
    /** A trade's own colour (null: back to the palette's). */
    setColor: (trade: string, color: number | null) =>
      versionId && setColor.mutate({ spaceId, versionId, trade, color }),
  };
}

export type CyclogramState = ReturnType<typeof useCyclogram>;

import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSpace } from '../../layouts/space-context';
import { formatIsoDay } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import { BUILTIN_PRESET } from './builtin-format';
import { type Draft, type RangeText, rangeOfText } from './print-draft';

/**
 * The print dialog's data: the schedule's and project's names, the space's formats, the version's saved
 * settings as the draft to edit (with the typed date range), and the server's page count of the draft.
 */
export function usePrintSettings(scheduleId: string, versionId: string) {
  const { spaceId } = useSpace();
  const schedule = trpc.eps.get.useQuery({ spaceId, nodeId: scheduleId });
  const parentId = schedule.data?.parentId ?? null;
  const project = trpc.eps.get.useQuery({ spaceId, nodeId: parentId ?? '' }, { enabled: !!parentId });
  const presets = trpc.print.presets.useQuery({ spaceId, versionId });
  const saved = trpc.print.settings.useQuery({ spaceId, versionId });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [rangeText, setRangeText] = useState<RangeText>({ start: '', finish: '' });
  useEffect(() => {
    if (draft || !saved.data) return;
    setDraft({
      presetId: saved.data.presetId,
      scaling: saved.data.scaling,
      columns: saved.data.columns,
      kinds: saved.data.kinds,
    });
    if (saved.data.scaling.kind === 'range')
      setRangeText({
        start: formatIsoDay(saved.data.scaling.start),
        finish: formatIsoDay(saved.data.scaling.finish),
      });
  }, [draft, saved.data]);

  const job = draft ? { spaceId, versionId, ...draft } : null;
  const count = trpc.print.count.useQuery(job ?? { spaceId, versionId }, {
    enabled: !!job,
    placeholderData: keepPreviousData,
    trpc: { context: { showsIssues: true } },
  });
  const preset = presets.data?.find((p) => p.id === draft?.presetId) ?? null;
  const update = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  return {
    scheduleName: schedule.data?.name ?? '',
    projectName: project.data?.name ?? '',
    presets,
    draft,
    update,
    /** The chosen format, null for the built-in one. */
    preset,
    /** The format printed: the chosen one or the built-in. */
    format: preset ?? BUILTIN_PRESET,
    pages: count.data?.pages ?? null,
    rangeText,
    /** Types one end of the range; the draft follows once both ends make a range. */
    typeRange: (field: keyof RangeText, text: string) => {
      const next = { ...rangeText, [field]: text };
      setRangeText(next);
      const range = rangeOfText(next);
      if (range) update({ scaling: { kind: 'range', ...range } });
    },
    /** Prints the range of these days, shown as typed dates. */
    setRange: (range: { start: string; finish: string }) => {
      setRangeText({ start: formatIsoDay(range.start), finish: formatIsoDay(range.finish) });
      update({ scaling: { kind: 'range', ...range } });
    },
  };
}

export type PrintSettings = ReturnType<typeof usePrintSettings>;

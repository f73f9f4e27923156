import { LIMITS } from '@takt/contracts';
import { useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { useSpace } from '../../layouts/space-context';
import { fetchFile, saveBlob } from '../../lib/download';
import { appI18n, useT, weekRule } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import type { PrintSettings } from './usePrintSettings';

/** POSTs a print call of the REST table for its PDF; null when it failed (the failure is reported). */
async function fetchPdf(path: string, body: unknown): Promise<Blob | null> {
  const file = await fetchFile(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(LIMITS.requestTimeoutMs),
  });
  return file?.blob ?? null;
}

/**
 * What the print dialog's buttons do: download the PDF, open the server's one-page preview, remember the
 * settings for the version, delete the chosen format.
 */
export function usePrintActions(settings: PrintSettings, versionId: string, versionName: string) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const saveSettings = trpc.print.createSettings.useMutation();
  const updateSettings = trpc.print.updateSettings.useMutation();
  const deletePreset = trpc.print.deletePreset.useMutation();
  const [busy, setBusy] = useState<'pdf' | 'preview' | null>(null);
  const { draft, preset, update, presets } = settings;
  const body = { ...draft, language: appI18n.locale, week: weekRule() };
  const base = `/api/v1/space/${spaceId}/versions/${versionId}`;

  const download = async () => {
    setBusy('pdf');
    try {
      const pdf = await fetchPdf(`${base}/print`, body);
      if (!pdf) return;
      saveBlob(pdf, `${settings.scheduleName} - ${versionName}.pdf`);
      notify('success', [t('print.downloaded')]);
    } finally {
      setBusy(null);
    }
  };
  const previewPdf = async () => {
    setBusy('preview');
    try {
      const blob = await fetchPdf(`${base}/preview`, { ...body, pages: 1 });
      if (blob) window.open(URL.createObjectURL(blob), '_blank', 'noopener');
    } finally {
      setBusy(null);
    }
  };
  const remember = async () => {
    if (!draft) return;
    const revision = utils.print.settings.getData({ spaceId, versionId })?.revision ?? null;
    const next =
      revision === null
        ? await saveSettings.mutateAsync({ spaceId, versionId, ...draft })
        : await updateSettings.mutateAsync({ spaceId, versionId, revision, ...draft });
    utils.print.settings.setData({ spaceId, versionId }, next);
    notify('success', [t('print.settings_saved')]);
  };
  const removePreset = async () => {
    if (!preset) return;
    if (
      !(await confirmedDelete(t('print.preset_delete'), t('print.preset_delete_text', { name: preset.name })))
    )
      return;
    await deletePreset.mutateAsync({ spaceId, versionId, presetId: preset.id });
    update({ presetId: null });
    void presets.refetch();
  };

  return {
    busy,
    remembering: saveSettings.isPending || updateSettings.isPending,
    download,
    previewPdf,
    remember,
    removePreset,
  };
}

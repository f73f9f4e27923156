import { LIMITS } from '@takt/contracts';
import { useState } from 'react';
import { confirmed } from '../../components/confirm';
import { useSpace } from '../../layouts/space-context';
import { handleFailure } from '../../lib/error-handler';
import { describeFailure, restFailure } from '../../lib/errors';
import { appI18n, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { requestHeaders, trpc } from '../../lib/trpc';
import type { PrintSettings } from './usePrintSettings';

/** POSTs a print call of the REST table and returns the PDF; failures go through the app's error handling. */
async function fetchPdf(path: string, body: unknown): Promise<Blob> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { ...requestHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(LIMITS.requestTimeoutMs),
  }).catch((error: unknown) => {
    handleFailure(describeFailure(error, path));
    throw error;
  });
  if (!response.ok) {
    handleFailure(restFailure(path, response.status, await response.json().catch(() => null)));
    throw new Error(`${path}: ${response.status}`);
  }
  return response.blob();
}

/** Saves a blob under a file name through a link the browser downloads. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
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
  const body = { ...draft, language: appI18n.locale };
  const base = `/api/v1/space/${spaceId}/versions/${versionId}`;

  const download = async () => {
    setBusy('pdf');
    try {
      saveFile(await fetchPdf(`${base}/print`, body), `${settings.scheduleName} - ${versionName}.pdf`);
      notify('success', [t('print.downloaded')]);
    } finally {
      setBusy(null);
    }
  };
  const previewPdf = async () => {
    setBusy('preview');
    try {
      const blob = await fetchPdf(`${base}/preview`, { ...body, pages: 1 });
      window.open(URL.createObjectURL(blob), '_blank', 'noopener');
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
    const yes = await confirmed({
      title: t('print.preset_delete'),
      text: t('print.preset_delete_text', { name: preset.name }),
      danger: true,
    });
    if (!yes) return;
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

import type { Language } from '@takt/contracts';
import { formatDateTime } from '@takt/i18n';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { appI18n, type Translate } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';

export type Backups = RouterOutputs['backups']['list'];
export type Backup = Backups[number];
export type Schedule = RouterOutputs['backups']['schedules']['list'][number];

export const lang = () => appI18n.locale as Language;

/** A backup's date: when it was taken, else when it was asked for. */
export const backupDate = (b: Backup) => formatDateTime(b.takenAt ?? b.createdAt);
export const scopeText = (t: Translate, b: { scope: string; name: string }) =>
  b.scope === 'space'
    ? t('backups.scope_space', { name: b.name })
    : t('backups.scope_project', { name: b.name });

/** The space's projects, which a backup may be taken of. */
export function useProjects() {
  const { spaceId } = useSpace();
  const eps = trpc.eps.list.useQuery({ spaceId });
  return (eps.data ?? []).filter((n) => n.kind === 'project');
}

/** A restore or copy job followed while it runs: read again every half second until it has ended. */
export function useJobProgress(spaceId: string, jobId: string | null) {
  return trpc.interchange.job.useQuery(
    { spaceId, jobId: jobId ?? '' },
    {
      enabled: !!jobId,
      refetchInterval: (q) =>
        q.state.data && !['queued', 'running'].includes(q.state.data.state) ? false : 500,
    },
  );
}

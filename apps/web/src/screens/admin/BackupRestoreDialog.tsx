import { LIMITS, type RestoreMode } from '@takt/contracts';
import { formatDateTime } from '@takt/i18n';
import { useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { Checkbox, ProgressBar, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { type Translate, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { type Backup, backupDate, useJobProgress } from './backup-model';

function outcomeText(t: Translate, report: { skippedRows?: number; takenAt?: string } | null) {
  const date = report?.takenAt ? formatDateTime(report.takenAt) : '';
  return report?.skippedRows
    ? t('backups.restore_warning', { date, count: report.skippedRows })
    : t('backups.restore_success', { date });
}

/**
 * Restoring a backup: over what it was taken of (after ticking the confirmation, unless the project is
 * gone), or as a new space or project with a name; the spec's success or warning message with its date.
 */
export function RestoreDialog({ backup, onClose }: { backup: Backup; onClose: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const gone = backup.scope === 'project' && backup.projectExists === false;
  const [mode, setMode] = useState<RestoreMode>('replace');
  const [name, setName] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = trpc.backups.restore.useMutation({ onSuccess: (job) => setJobId(job.id) });
  const job = useJobProgress(spaceId, jobId);
  const state = job.data?.state;
  const report = (job.data?.report ?? null) as {
    skippedRows?: number;
    takenAt?: string;
    spaceId?: string;
  } | null;
  const finished = state === 'completed';
  const [told, setTold] = useState(false);
  if (finished && !told) {
    setTold(true);
    notify(report?.skippedRows ? 'info' : 'success', [outcomeText(t, report)], LIMITS.restoreNotificationMs);
    void utils.invalidate();
  }
  const date = backupDate(backup);
  const needsConfirm = mode === 'replace' && !gone;
  return (
    <FormDialog
      title={t('backups.restore_title', { date })}
      testId="restore-dialog"
      submitLabel={t('backups.restore_start')}
      busy={start.isPending || (!!jobId && !state) || state === 'queued' || state === 'running'}
      onSubmit={
        jobId
          ? undefined
          : () => {
              if (needsConfirm && !understood) return;
              start.mutate({
                spaceId,
                backupId: backup.id,
                mode,
                ...(mode === 'new' && name.trim() ? { name: name.trim() } : {}),
              });
            }
      }
      onClose={onClose}
    >
      {!jobId && (
        <fieldset className="restore-modes">
          <label className="check">
            <input
              type="radio"
              name="restore-mode"
              checked={mode === 'replace'}
              onChange={() => setMode('replace')}
            />
            <span>
              {gone
                ? t('backups.restore_replace_gone', { name: backup.name })
                : t('backups.restore_replace', { name: backup.name })}
            </span>
          </label>
          <label className="check">
            <input
              type="radio"
              name="restore-mode"
              checked={mode === 'new'}
              onChange={() => setMode('new')}
            />
            <span>
              {backup.scope === 'space' ? t('backups.restore_new_space') : t('backups.restore_new_project')}
            </span>
          </label>
          {mode === 'new' && (
            <TextField
              label={t('backups.restore_name')}
              value={name}
              placeholder={backup.name}
              onChange={setName}
            />
          )}
          {needsConfirm && (
            <div className="restore-warning" role="alert">
              <p>{t('backups.restore_replace_hint', { name: backup.name })}</p>
              <Checkbox label={t('backups.restore_confirm')} checked={understood} onChange={setUnderstood} />
            </div>
          )}
        </fieldset>
      )}
      {jobId && !finished && state !== 'failed' && state !== 'stopped' && (
        <ProgressBar
          value={job.data?.progress ?? 0}
          label={t('backups.restoring', { progress: job.data?.progress ?? 0 })}
        />
      )}
      {finished && (
        <p
          className={report?.skippedRows ? 'restore-outcome restore-outcome-warn' : 'restore-outcome'}
          data-testid="restore-outcome"
        >
          {outcomeText(t, report)}
          {backup.scope === 'space' && mode === 'new' && report?.spaceId && (
            <>
              {' '}
              <a href={`/${report.spaceId}/structure`}>{t('backups.open_new_space')}</a>
            </>
          )}
        </p>
      )}
      {(state === 'failed' || state === 'stopped') && (
        <p className="field-error" role="alert" data-testid="restore-outcome">
          {t('backups.restore_failed', {
            reason: job.data?.error ? t(`errors.${job.data.error.code}` as Parameters<Translate>[0]) : '',
          })}
        </p>
      )}
    </FormDialog>
  );
}

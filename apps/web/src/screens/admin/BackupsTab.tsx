import { useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { DownloadButton } from '../../components/download-button';
import { Icon } from '../../components/icons';
import { PlainTable } from '../../components/table';
import { Badge, Button, Card, Empty, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import './backups.css';
import { fileSizeText } from '../../lib/file-size';
import { BackupJobs } from './BackupJobs';
import { RestoreDialog } from './BackupRestoreDialog';
import { type Backup, type Backups, backupDate, scopeText, useProjects } from './backup-model';
import { RemoteCopyCard } from './RemoteCopyDialog';

/**
 * The administration's backups (docs/product-rules.md, "Backups"): the space's backups with who took them,
 * taking one of the space or of a project, downloading, deleting and restoring one (over what it was taken
 * of, after a confirmation, or as a new space or project), and the backup jobs with their schedules and history.
 */
export function BackupsTab() {
  const t = useT();
  const { spaceId } = useSpace();
  const backups = trpc.backups.list.useQuery(
    { spaceId },
    {
      refetchInterval: (q) =>
        q.state.data?.some((b) => b.state === 'queued' || b.state === 'running') ? 1000 : false,
    },
  );
  const [restoring, setRestoring] = useState<Backup | null>(null);
  if (!backups.data) return <Spinner />;
  return (
    <div className="stack" data-testid="backups-tab">
      <Card title={t('backups.title')} description={t('backups.intro')} actions={<CreateBackup />}>
        <BackupTable backups={backups.data} onRestore={setRestoring} />
      </Card>
      <BackupJobs backups={backups.data} />
      <RemoteCopyCard />
      {restoring && <RestoreDialog backup={restoring} onClose={() => setRestoring(null)} />}
    </div>
  );
}

function CreateBackup() {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const projects = useProjects();
  const [projectId, setProjectId] = useState('');
  const create = trpc.backups.create.useMutation({
    onSuccess: () => void utils.backups.list.invalidate({ spaceId }),
  });
  return (
    <div className="backup-create">
      <Button
        variant="primary"
        busy={create.isPending && !create.variables?.projectId}
        onClick={() => create.mutate({ spaceId })}
        data-testid="backup-space"
      >
        <Icon name="plus" />
        {t('backups.create_space')}
      </Button>
      <select
        className="input select"
        aria-label={t('backups.choose_project')}
        value={projectId}
        onChange={(e) => setProjectId(e.target.value)}
        data-testid="backup-project-select"
      >
        <option value="">{t('backups.choose_project')}</option>
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <Button
        disabled={!projectId}
        busy={create.isPending && !!create.variables?.projectId}
        onClick={() => create.mutate({ spaceId, projectId })}
        data-testid="backup-project"
      >
        {t('backups.create_project')}
      </Button>
    </div>
  );
}

function StateCell({ backup }: { backup: Backup }) {
  const t = useT();
  if (backup.state === 'completed')
    return (
      <span className="backup-state">
        <Badge tone="accent">{t('backups.state_completed')}</Badge>
        <span className="muted">{t('backups.rows', { rows: backup.rows, files: backup.files })}</span>
      </span>
    );
  if (backup.state === 'failed') return <Badge tone="warn">{t('backups.state_failed')}</Badge>;
  if (backup.state === 'running')
    return <span>{t('backups.state_running', { progress: backup.progress })}</span>;
  return <span>{t('backups.state_queued')}</span>;
}

function BackupTable({ backups, onRestore }: { backups: Backups; onRestore: (b: Backup) => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const remove = trpc.backups.delete.useMutation({
    onSuccess: () => void utils.backups.list.invalidate({ spaceId }),
  });
  if (backups.length === 0) return <Empty>{t('backups.empty')}</Empty>;
  const ask = async (b: Backup) => {
    if (await confirmedDelete(t('backups.delete'), t('backups.delete_confirm', { date: backupDate(b) })))
      remove.mutate({ spaceId, backupId: b.id });
  };
  return (
    <PlainTable
      testId="backups"
      heads={[
        t('backups.col_date'),
        t('backups.col_what'),
        t('backups.col_size'),
        t('backups.col_by'),
        t('backups.col_state'),
        { label: t('common.actions'), className: 'cell-actions' },
      ]}
    >
      {backups.map((b) => (
        <tr key={b.id} data-testid={`backup-${b.id}`}>
          <td className="nowrap">{backupDate(b)}</td>
          <td>
            {scopeText(t, b)}
            {b.backupJobId && (
              <>
                {' '}
                <Badge>{t('backups.by_job')}</Badge>
              </>
            )}
          </td>
          <td className="nowrap">{b.state === 'completed' ? fileSizeText(t, b.size) : '—'}</td>
          <td>{b.createdByName ?? t('common.none')}</td>
          <td>
            <StateCell backup={b} />
          </td>
          <td className="cell-actions">
            {b.state === 'completed' && (
              <>
                <DownloadButton
                  className="btn btn-ghost"
                  path={`/api/v1/space/${spaceId}/backups/${b.id}/download`}
                  name={`takt-backup-${b.scope}-${(b.takenAt ?? b.createdAt).slice(0, 10)}.jsonl.gz`}
                >
                  {t('backups.download')}
                </DownloadButton>
                <Button variant="ghost" onClick={() => onRestore(b)} data-testid="backup-restore">
                  {t('backups.restore')}
                </Button>
              </>
            )}
            {(b.state === 'completed' || b.state === 'failed') && (
              <Button variant="ghost" busy={remove.isPending} onClick={() => void ask(b)}>
                <Icon name="trash" />
                {t('backups.delete')}
              </Button>
            )}
          </td>
        </tr>
      ))}
    </PlainTable>
  );
}

/** What a finished restore says: the spec's success or warning message with the backup's date. */

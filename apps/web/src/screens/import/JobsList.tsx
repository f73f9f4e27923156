import { JOB_FINISHED, type JobState } from '@takt/contracts';
import { useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { Badge, Button, Empty, ProgressBar, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { translateDynamic, useT } from '../../lib/i18n';
import { formatTimestamp } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import { downloadStoredFile } from './api';
import { UploadDialog } from './UploadDialog';
import './import.css';

const TONE: Record<JobState, 'neutral' | 'accent' | 'warn'> = {
  queued: 'neutral',
  running: 'accent',
  awaiting_choice: 'warn',
  completed: 'neutral',
  failed: 'warn',
  stopped: 'neutral',
};

/**
 * The schedule's import, export and calculation jobs (`batch-processing/jobs`), newest first: the running ones
 * with their progress, the ones waiting for the recorded-dates choice, the finished ones. An import opens again
 * in the upload dialog (progress, choice or report) after that dialog was closed or the page reloaded; a
 * finished export downloads its file.
 */
export function JobsButton({
  scheduleId,
  disabled,
  onOpenVersion,
}: {
  scheduleId: string | null;
  disabled?: boolean;
  onOpenVersion: (scheduleId: string, versionId: string) => void;
}) {
  const t = useT();
  const [listOpen, setListOpen] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="ghost"
        disabled={disabled || !scheduleId}
        onClick={() => setListOpen(true)}
        data-testid="import-jobs"
      >
        {t('import.jobs.button')}
      </Button>
      {listOpen && scheduleId && (
        <JobsDialog
          scheduleId={scheduleId}
          onClose={() => setListOpen(false)}
          onOpenJob={(id) => {
            setListOpen(false);
            setJobId(id);
          }}
        />
      )}
      {jobId && scheduleId && (
        <UploadDialog
          scheduleId={scheduleId}
          jobId={jobId}
          onClose={() => {
            setJobId(null);
            setListOpen(true);
          }}
          onOpenVersion={(versionId) => onOpenVersion(scheduleId, versionId)}
        />
      )}
    </>
  );
}

function JobsDialog({
  scheduleId,
  onClose,
  onOpenJob,
}: {
  scheduleId: string;
  onClose: () => void;
  onOpenJob: (jobId: string) => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const jobs = trpc.interchange.jobs.useQuery(
    { spaceId, scheduleId },
    {
      // opened again, the list is read again; while something runs it follows it
      refetchOnMount: 'always',
      refetchInterval: (q) =>
        q.state.data?.some((j) => j.state === 'queued' || j.state === 'running') ? 1000 : false,
    },
  );
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (job: { id: string; fileId: string | null; format: string }) => {
    if (!job.fileId) return;
    setDownloading(job.id);
    try {
      await downloadStoredFile(spaceId, job.fileId, `schedule.${job.format}`);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <FormDialog title={t('import.jobs.title')} wide onClose={onClose} testId="import-jobs-dialog">
      {jobs.isLoading ? (
        <Spinner />
      ) : !jobs.data?.length ? (
        <Empty>{t('import.jobs.empty')}</Empty>
      ) : (
        <div className="import-jobs">
          <table className="table">
            <thead>
              <tr>
                <th>{t('import.jobs.col.kind')}</th>
                <th>{t('import.jobs.col.file')}</th>
                <th>{t('import.jobs.col.state')}</th>
                <th>{t('import.jobs.col.started')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {jobs.data.map((job) => {
                const running = job.state === 'queued' || job.state === 'running';
                const what =
                  job.fileName ??
                  translateDynamic(`${job.kind === 'import' ? 'import' : 'export'}.format.${job.format}`);
                return (
                  <tr key={job.id} data-testid={`import-job-${job.id}`} data-state={job.state}>
                    <td>{translateDynamic(`import.jobs.kind.${job.kind}`)}</td>
                    <td className="import-jobs-file" title={what}>
                      {what}
                    </td>
                    <td className="import-jobs-state">
                      {running ? (
                        <ProgressBar
                          value={job.progress}
                          label={`${translateDynamic(`import.phase.${job.phase ?? 'upload'}`)} · ${job.progress}%`}
                        />
                      ) : (
                        <Badge tone={TONE[job.state as JobState]}>
                          {translateDynamic(`import.jobs.state.${job.state}`)}
                        </Badge>
                      )}
                    </td>
                    <td className="import-jobs-time">{formatTimestamp(job.createdAt)}</td>
                    <td className="import-jobs-actions">
                      {job.kind === 'import' && (
                        <Button
                          variant={job.state === 'awaiting_choice' ? 'primary' : 'ghost'}
                          onClick={() => onOpenJob(job.id)}
                          data-testid="import-job-open"
                        >
                          {job.state === 'awaiting_choice' ? t('import.jobs.choose') : t('import.jobs.open')}
                        </Button>
                      )}
                      {job.kind === 'export' && job.state === 'completed' && job.fileId && (
                        <Button
                          variant="ghost"
                          busy={downloading === job.id}
                          onClick={() => void download(job)}
                          data-testid="import-job-download"
                        >
                          {t('import.jobs.download')}
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {jobs.data?.some((j) => !JOB_FINISHED.includes(j.state as JobState)) && (
        <p className="muted">{t('import.jobs.hint')}</p>
      )}
    </FormDialog>
  );
}

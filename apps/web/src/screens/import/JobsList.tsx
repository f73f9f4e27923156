import { JOB_FINISHED, type JobState } from '@takt/contracts';
import { useState } from 'react';
import { DataList } from '../../components/data-list';
import { FormDialog } from '../../components/dialog';
import { Badge, Button, ProgressBar } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { translateDynamic, useT } from '../../lib/i18n';
import { formatTimestamp } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import { downloadStoredFile } from './api';
import { UploadDialog } from './UploadDialog';
import './import.css';

type Job = RouterOutputs['interchange']['jobs'][number];

/** What a job worked on: the imported file's name, else the format it exported. */
const jobFile = (job: Job) =>
  job.fileName ?? translateDynamic(`${job.kind === 'import' ? 'import' : 'export'}.format.${job.format}`);

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
      <DataList
        rows={jobs.data}
        query={jobs}
        rowKey={(job) => job.id}
        empty={t('import.jobs.empty')}
        className="import-jobs"
        rowProps={(job) => ({ 'data-testid': `import-job-${job.id}`, 'data-state': job.state })}
        columns={[
          {
            key: 'kind',
            header: t('import.jobs.col.kind'),
            cell: (job) => translateDynamic(`import.jobs.kind.${job.kind}`),
          },
          {
            key: 'file',
            header: t('import.jobs.col.file'),
            className: 'import-jobs-file',
            cell: jobFile,
            title: jobFile,
          },
          {
            key: 'state',
            header: t('import.jobs.col.state'),
            className: 'import-jobs-state',
            cell: (job) =>
              job.state === 'queued' || job.state === 'running' ? (
                <ProgressBar
                  value={job.progress}
                  label={`${translateDynamic(`import.phase.${job.phase ?? 'upload'}`)} · ${job.progress}%`}
                />
              ) : (
                <Badge tone={TONE[job.state as JobState]}>
                  {translateDynamic(`import.jobs.state.${job.state}`)}
                </Badge>
              ),
          },
          {
            key: 'started',
            header: t('import.jobs.col.started'),
            className: 'import-jobs-time',
            cell: (job) => formatTimestamp(job.createdAt),
          },
        ]}
        actionsHeader={null}
        actionsClassName="import-jobs-actions"
        actions={[
          {
            label: (job) =>
              job.state === 'awaiting_choice' ? t('import.jobs.choose') : t('import.jobs.open'),
            variant: (job) => (job.state === 'awaiting_choice' ? 'primary' : 'ghost'),
            hidden: (job) => job.kind !== 'import',
            shortcut: 'Enter',
            testId: 'import-job-open',
            run: (job) => onOpenJob(job.id),
          },
          {
            label: t('import.jobs.download'),
            // exports and reports of large versions leave a file to download
            hidden: (job) =>
              (job.kind !== 'export' && job.kind !== 'report') || job.state !== 'completed' || !job.fileId,
            busy: (job) => downloading === job.id,
            shortcut: 'Enter',
            testId: 'import-job-download',
            run: (job) => void download(job),
          },
        ]}
      />
      {jobs.data?.some((j) => !JOB_FINISHED.includes(j.state as JobState)) && (
        <p className="muted">{t('import.jobs.hint')}</p>
      )}
    </FormDialog>
  );
}

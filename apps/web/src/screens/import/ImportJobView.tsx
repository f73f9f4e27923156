import { type ImportReport, type JobErrorInfo, jobErrorMessage } from '@takt/contracts';
import { Button, type ButtonVariant, ProgressBar } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { translateDynamic, useT } from '../../lib/i18n';
import type { ImportJob } from './api';
import { MovedDatesTable, ReportView } from './ReportView';
import { megabytes } from './upload-file';
import type { ImportJobControl } from './useImportJob';

/**
 * An import after the file was chosen: the upload's and then the job's progress with a Stop button,
 * the choice about recorded dates that recalculation would move, the report, a failure or "stopped".
 */
export function ImportJobView({
  control,
  sent,
  onOpenVersion,
}: {
  control: ImportJobControl;
  /** The share of the file sent so far (0–1), while there is no job yet. */
  sent: number | null;
  onOpenVersion: (versionId: string) => void;
}) {
  const t = useT();
  const current = control.job;
  const report = (current?.report ?? null) as ImportReport | null;
  const state = current?.state;
  if (!current || state === 'queued' || state === 'running')
    return <ImportProgress current={current} sent={sent} control={control} />;
  if (state === 'awaiting_choice' && report)
    return <RecordedDatesChoice current={current} report={report} control={control} />;
  if (state === 'completed' && report) {
    const versionId = current.versionId;
    return (
      <>
        <ReportView report={report} />
        {versionId && (
          <div className="form-actions">
            <Button variant="primary" onClick={() => onOpenVersion(versionId)} data-testid="import-open">
              {t('import.open_version')}
            </Button>
          </div>
        )}
      </>
    );
  }
  if (state === 'failed' && current.error) {
    const { id, params } = jobErrorMessage(current.error as JobErrorInfo);
    return (
      <div className="notice notice-error" role="alert" data-testid="import-failed">
        {translateDynamic(id, params)}
      </div>
    );
  }
  return (
    <p role="status" data-testid="import-stopped">
      {t('import.stopped')}
    </p>
  );
}

/** The progress of sending the file, then of the job's phases (bytes read while reading the file). */
function ImportProgress({
  current,
  sent,
  control: { stop },
}: {
  current: ImportJob | undefined;
  sent: number | null;
  control: ImportJobControl;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const phase = !current ? 'upload' : (current.phase ?? 'upload');
  const value = !current ? Math.round((sent ?? 0) * 100) : current.progress;
  const bytes =
    current && phase === 'reading'
      ? t('import.bytes', { done: megabytes(current.bytesDone), total: megabytes(current.bytesTotal) })
      : '';
  return (
    <div className="import-progress" data-testid="import-progress">
      <ProgressBar
        value={value}
        label={`${translateDynamic(`import.phase.${phase}`)}${bytes ? ` · ${bytes}` : ''} · ${value}%`}
      />
      <div className="form-actions">
        <Button
          variant="danger"
          disabled={!current || current.stopRequested}
          busy={stop.isPending}
          onClick={() => current && stop.mutate({ spaceId, jobId: current.id })}
          data-testid="import-stop"
        >
          {t('import.stop')}
        </Button>
      </div>
    </div>
  );
}

/** Recalculation would move dates the file recorded: keep them, recalculate, or cancel the import. */
function RecordedDatesChoice({
  current,
  report,
  control: { stop, choose },
}: {
  current: ImportJob;
  report: ImportReport;
  control: ImportJobControl;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const rd = report.recordedDates;
  const choiceButton = (choice: 'keep' | 'recalculate', variant: ButtonVariant) => (
    <Button
      variant={variant}
      busy={choose.isPending && choose.variables?.choice === choice}
      disabled={choose.isPending}
      onClick={() => choose.mutate({ spaceId, jobId: current.id, choice })}
      data-testid={`import-${choice}`}
    >
      {t(`import.choice.${choice}`)}
    </Button>
  );
  return (
    <div className="import-choice" data-testid="import-choice">
      <p className="import-choice-text">
        {t('import.choice.text', { count: rd.moved, works: rd.movedWorks })}
      </p>
      <MovedDatesTable report={report} />
      <div className="form-actions">
        {choiceButton('keep', 'primary')}
        {choiceButton('recalculate', 'secondary')}
        <Button variant="ghost" onClick={() => stop.mutate({ spaceId, jobId: current.id })}>
          {t('import.choice.cancel')}
        </Button>
      </div>
    </div>
  );
}

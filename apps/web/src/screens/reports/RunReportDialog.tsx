import { REPORT_FORMATS, type ReportFormat } from '@takt/contracts';
import { useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { Button, ProgressBar, Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { runReport } from './api';
import './reports.css';

/** A report being written: which one, in which format, how far. */
interface Running {
  formId: string | null;
  format: ReportFormat;
  progress: number | null;
}

/**
 * The reports a version can be run with: the master report and the forms linked to its schedule or a node
 * above it, each to Excel or PDF. A large version's report is written by a job whose progress is shown until
 * the file downloads.
 */
export function ReportRunList({ versionId, scheduleId }: { versionId: string; scheduleId: string }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const forms = trpc.reports.forms.list.useQuery({ spaceId, nodeId: scheduleId });
  const [running, setRunning] = useState<Running | null>(null);
  const run = async (formId: string | null, format: ReportFormat) => {
    setRunning({ formId, format, progress: null });
    try {
      await runReport(spaceId, versionId, format, formId, (progress) =>
        setRunning({ formId, format, progress }),
      );
    } finally {
      setRunning(null);
    }
  };
  const reports = [
    { id: null, name: t('reports.master'), hint: t('reports.master_hint') },
    ...(forms.data ?? []).map((f) => ({
      id: f.id,
      name: f.name,
      hint: [f.fileName, f.showSummaries ? t('reports.with_summaries') : null].filter(Boolean).join(' · '),
    })),
  ];
  return (
    <>
      <ul className="ruled-list">
        {reports.map((r) => (
          <li key={r.id ?? 'master'} className="report-run" data-testid="report-run">
            <div className="report-run-text">
              <span className="report-run-name">{r.name}</span>
              <span className="report-run-hint">{r.hint}</span>
            </div>
            <div className="report-run-actions">
              {REPORT_FORMATS.map((format) => (
                <Button
                  key={format}
                  busy={running?.formId === r.id && running.format === format}
                  disabled={running !== null || !can('print')}
                  onClick={() => void run(r.id, format)}
                  data-testid={`report-run-${format}`}
                >
                  {t(format === 'xlsx' ? 'reports.run_xlsx' : 'reports.run_pdf')}
                </Button>
              ))}
            </div>
          </li>
        ))}
      </ul>
      {forms.isLoading && <Spinner />}
      {running?.progress !== null && running?.progress !== undefined && (
        <ProgressBar value={running.progress} label={t('reports.running', { progress: running.progress })} />
      )}
    </>
  );
}

/** The reports of a version, from its schedule's export menu. */
export function RunReportDialog({
  versionId,
  versionName,
  scheduleId,
  onClose,
}: {
  versionId: string;
  versionName: string;
  scheduleId: string;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <FormDialog
      title={t('reports.run_title', { name: versionName })}
      wide
      onClose={onClose}
      testId="run-report-dialog"
    >
      <ReportRunList versionId={versionId} scheduleId={scheduleId} />
    </FormDialog>
  );
}

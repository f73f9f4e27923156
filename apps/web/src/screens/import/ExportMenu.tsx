import { type ExportFormat, INTERCHANGE_LIMITS } from '@takt/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { handleFailure } from '../../lib/error-handler';
import { describeFailure } from '../../lib/errors';
import { defaultColumns } from '../../lib/grid-columns';
import { translateDynamic, useT } from '../../lib/i18n';
import { api, trpc } from '../../lib/trpc';
import { downloadComparisonExport, downloadStoredFile, downloadVersionExport } from './api';
import './import.css';

/** The reports of a version, loaded when first opened. */
const RunReportDialog = lazy(() =>
  import('../reports/RunReportDialog').then((m) => ({ default: m.RunReportDialog })),
);

/** Formats offered for a version, and for a comparison of two versions (the table, or the other version with the base as baseline). */
export const EXPORT_MENU_FORMATS: readonly ExportFormat[] = [
  'xer',
  'xml-primavera',
  'xml',
  'excel',
  'csv',
  'json',
  'zip',
];
const GRID_FORMATS: readonly ExportFormat[] = ['csv', 'excel', 'xlsx'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The export menu of a version (or of a comparison): a list of formats; choosing one downloads the file.
 * A big version is written by a background job and downloaded from storage when the job is done.
 */
export function ExportMenu({
  versionId,
  scheduleId,
  otherVersionId,
  workCount,
  label,
  versionName,
}: {
  versionId: string;
  /** The schedule whose grid columns (the user's view of it) a spreadsheet takes. */
  scheduleId?: string;
  otherVersionId?: string;
  workCount: number;
  label?: string;
  /** The version's name: with it (and the schedule) the menu offers the version's reports too. */
  versionName?: string;
}) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const view = trpc.uiState.get.useQuery(scheduleId ? { spaceId, scheduleId } : { spaceId }, {
    staleTime: Number.POSITIVE_INFINITY,
  });
  const storedColumns = view.data?.state?.columns ?? null;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [reports, setReports] = useState(false);
  const withReports =
    versionName !== undefined && scheduleId !== undefined && !otherVersionId && can('print');
  const root = useRef<HTMLDivElement>(null);
  const formats = EXPORT_MENU_FORMATS;

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  // Spreadsheets are the grid as shown: the user's visible columns in their order.
  const columnsFor = (format: ExportFormat) =>
    GRID_FORMATS.includes(format)
      ? (storedColumns ?? defaultColumns()).filter((c) => c.visible).map((c) => c.key)
      : undefined;

  const viaJob = async (format: ExportFormat) => {
    try {
      const columns = columnsFor(format);
      let job = await api.interchange.startExport.mutate({
        spaceId,
        versionId,
        ...(otherVersionId ? { otherVersionId } : {}),
        format,
        ...(columns ? { columns } : {}),
      });
      while (job.state === 'queued' || job.state === 'running') {
        await sleep(500);
        job = await api.interchange.job.query({ spaceId, jobId: job.id });
      }
      if (job.state === 'completed' && job.fileId)
        await downloadStoredFile(spaceId, job.fileId, `schedule.${format}`);
    } catch (error) {
      handleFailure(describeFailure(error, null));
    }
  };

  const run = async (format: ExportFormat) => {
    setOpen(false);
    setBusy(format);
    try {
      if (workCount > INTERCHANGE_LIMITS.exportInlineMaxWorks) await viaJob(format);
      else if (otherVersionId) await downloadComparisonExport(spaceId, versionId, otherVersionId, format);
      else await downloadVersionExport(spaceId, versionId, format, columnsFor(format));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="export-menu" ref={root}>
      <Button
        disabled={!can('export') && !withReports}
        busy={busy !== null}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid={otherVersionId ? 'export-comparison' : 'export-version'}
      >
        {label ?? t('export.title')} ▾
      </Button>
      {open && (
        <div className="export-menu-list" role="menu">
          {formats.map((f) => (
            <button
              key={f}
              type="button"
              role="menuitem"
              className="export-menu-item"
              disabled={!can('export')}
              onClick={() => void run(f)}
              data-testid={`export-${f}`}
            >
              {translateDynamic(`export.format.${f}`)}
            </button>
          ))}
          {withReports && (
            <button
              type="button"
              role="menuitem"
              className="export-menu-item export-menu-separated"
              onClick={() => {
                setOpen(false);
                setReports(true);
              }}
              data-testid="export-reports"
            >
              {t('reports.run')}
            </button>
          )}
        </div>
      )}
      {reports && versionName !== undefined && scheduleId && (
        <Suspense fallback={null}>
          <RunReportDialog
            versionId={versionId}
            versionName={versionName}
            scheduleId={scheduleId}
            onClose={() => setReports(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

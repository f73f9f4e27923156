import {
  ENCODED_FORMATS,
  IMPORT_ENCODINGS,
  IMPORT_EXTENSIONS,
  type ImportEncoding,
  type ImportFormat,
  type ImportReport,
  INTERCHANGE_LIMITS,
  JOB_FINISHED,
  type JobErrorInfo,
  jobErrorMessage,
  TABULAR_FORMATS,
} from '@takt/contracts';
import { type ReactNode, useId, useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { Button, ProgressBar, SelectField, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { handleFailure } from '../../lib/error-handler';
import { appI18n, translateDynamic, useT } from '../../lib/i18n';
import { formatNumber } from '../../lib/schedule-time';
import { trpc } from '../../lib/trpc';
import { uploadVersionFile } from './api';
import { PreviewTable } from './PreviewTable';
import { encodingName, MovedDatesTable, ReportView } from './ReportView';
import { RulesDialog } from './RulesDialog';
import './import.css';

/** The format a file name suggests; XML and JSON dialects are told apart by the server from the content. */
export function formatOfName(name: string): ImportFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xer')) return 'xer';
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'excel';
  if (lower.endsWith('.zip')) return 'zip';
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.xml')) return 'xml';
  return null;
}

const megabytes = (bytes: number) => formatNumber(bytes / (1024 * 1024), appI18n.locale, 1);

/**
 * Version upload (screens and routes "version upload" form): choose a file (a rule for spreadsheets) → the file is sent
 * and read by a background job with a progress bar and a Stop button → when recalculation would move dates the
 * file recorded, the user keeps them or recalculates → the report, and the new version opens.
 */
export function UploadDialog({
  scheduleId,
  jobId: reopened,
  onClose,
  onOpenVersion,
}: {
  scheduleId: string;
  /** an import started earlier, opened again from the jobs list (its progress, choice or report) */
  jobId?: string;
  onClose: () => void;
  onOpenVersion: (versionId: string) => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const fileInput = useId();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [settingId, setSettingId] = useState('');
  const [encoding, setEncoding] = useState<ImportEncoding>('auto');
  const [rulesOpen, setRulesOpen] = useState(false);
  // A rule edited in the rules dialog is read again by the preview.
  const [previewKey, setPreviewKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [jobId, setJobId] = useState<string | null>(reopened ?? null);
  const format = file ? formatOfName(file.name) : null;
  const tabular = format !== null && TABULAR_FORMATS.includes(format);
  // A text file's encoding can be chosen; `.xml` stands for both XML dialects here.
  const encoded = format !== null && ENCODED_FORMATS.includes(format);
  const settings = trpc.interchange.settings.list.useQuery({ spaceId }, { enabled: tabular });
  const job = trpc.interchange.job.useQuery(
    { spaceId, jobId: jobId ?? '' },
    {
      enabled: jobId !== null,
      refetchInterval: (q) => {
        const state = q.state.data?.state;
        return state && (JOB_FINISHED.includes(state) || state === 'awaiting_choice') ? false : 400;
      },
    },
  );
  const utils = trpc.useUtils();
  const stop = trpc.interchange.stop.useMutation({ onSuccess: () => void job.refetch() });
  const choose = trpc.interchange.chooseRecordedDates.useMutation({ onSuccess: () => void job.refetch() });

  const pick = (chosen: File | null) => {
    setProblem(null);
    setFile(chosen);
    if (!chosen) return;
    if (!formatOfName(chosen.name)) setProblem(t('errors.UnsupportedFileType'));
    else if (chosen.size > INTERCHANGE_LIMITS.uploadMaxBytes) setProblem(t('errors.FileTooLarge'));
  };

  const start = async () => {
    if (!file || !format || problem) return;
    if (tabular && !settingId) {
      setProblem(t('import.error.rule_required'));
      return;
    }
    setSent(0);
    const result = await uploadVersionFile(
      spaceId,
      scheduleId,
      file,
      {
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(tabular ? { format, settingId } : {}),
        ...(encoded && encoding !== 'auto' ? { encoding } : {}),
      },
      setSent,
    );
    if ('failure' in result) {
      setSent(null);
      handleFailure(result.failure);
      return;
    }
    setJobId(result.job.id);
    utils.interchange.job.setData({ spaceId, jobId: result.job.id }, result.job);
  };

  const current = job.data;
  const report = (current?.report ?? null) as ImportReport | null;
  const state = current?.state;
  const finished = state === 'completed' || state === 'failed' || state === 'stopped';

  let body: ReactNode;
  if (!jobId && sent === null) {
    body = (
      <>
        <div className="field">
          <label className="field-label" htmlFor={fileInput}>
            {t('import.file')}
          </label>
          <input
            id={fileInput}
            type="file"
            className="input import-file"
            accept={IMPORT_EXTENSIONS.join(',')}
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
            data-testid="import-file"
          />
          <div className="field-hint">
            {t('import.file_hint', { size: megabytes(INTERCHANGE_LIMITS.uploadMaxBytes) })}
          </div>
        </div>
        {file && format && (
          <p className="muted" data-testid="import-detected">
            {t('import.detected', {
              format: translateDynamic(`import.format.${format}`),
              size:
                file.size < 1024 * 1024
                  ? t('import.size_kb', { size: formatNumber(file.size / 1024, appI18n.locale, 1) })
                  : t('import.size_mb', { size: megabytes(file.size) }),
            })}
          </p>
        )}
        <TextField
          label={t('import.version_name')}
          value={name}
          onChange={setName}
          maxLength={32}
          placeholder={t('import.version_name_hint')}
        />
        {encoded && (
          <SelectField
            label={t('import.encoding')}
            value={encoding}
            onChange={(v) => setEncoding(v as ImportEncoding)}
            options={IMPORT_ENCODINGS.map((e) => ({
              value: e,
              label: e === 'auto' ? t('import.encoding.auto') : encodingName(e),
            }))}
            hint={t('import.encoding_hint')}
            data-testid="import-encoding"
          />
        )}
        {tabular && (
          <div className="import-rule-row">
            <SelectField
              label={t('import.rule')}
              value={settingId}
              onChange={setSettingId}
              options={[
                { value: '', label: t('import.rule_choose') },
                ...(settings.data ?? []).map((s) => ({ value: s.id, label: s.name })),
              ]}
              data-testid="import-rule"
            />
            <Button variant="ghost" onClick={() => setRulesOpen(true)} data-testid="import-rules-edit">
              {t('import.rules_edit')}
            </Button>
          </div>
        )}
        {tabular && file && format && settingId && (
          <PreviewTable
            key={`${settingId}-${previewKey}`}
            file={file}
            settingId={settingId}
            format={format}
            encoding={encoding}
          />
        )}
        {problem && (
          <div className="field-error" role="alert">
            {problem}
          </div>
        )}
      </>
    );
  } else if (!current || state === 'queued' || state === 'running') {
    const phase = !current ? 'upload' : (current.phase ?? 'upload');
    const value = !current ? Math.round((sent ?? 0) * 100) : current.progress;
    const bytes =
      current && phase === 'reading'
        ? t('import.bytes', { done: megabytes(current.bytesDone), total: megabytes(current.bytesTotal) })
        : '';
    body = (
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
  } else if (state === 'awaiting_choice' && report) {
    const rd = report.recordedDates;
    body = (
      <div className="import-choice" data-testid="import-choice">
        <p className="import-choice-text">
          {t('import.choice.text', { count: rd.moved, works: rd.movedWorks })}
        </p>
        <MovedDatesTable report={report} />
        <div className="form-actions">
          <Button
            variant="primary"
            busy={choose.isPending && choose.variables?.choice === 'keep'}
            disabled={choose.isPending}
            onClick={() => choose.mutate({ spaceId, jobId: current.id, choice: 'keep' })}
            data-testid="import-keep"
          >
            {t('import.choice.keep')}
          </Button>
          <Button
            busy={choose.isPending && choose.variables?.choice === 'recalculate'}
            disabled={choose.isPending}
            onClick={() => choose.mutate({ spaceId, jobId: current.id, choice: 'recalculate' })}
            data-testid="import-recalculate"
          >
            {t('import.choice.recalculate')}
          </Button>
          <Button variant="ghost" onClick={() => stop.mutate({ spaceId, jobId: current.id })}>
            {t('import.choice.cancel')}
          </Button>
        </div>
      </div>
    );
  } else if (state === 'completed' && report) {
    const versionId = current.versionId;
    body = (
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
  } else if (state === 'failed' && current.error) {
    const { id, params } = jobErrorMessage(current.error as JobErrorInfo);
    body = (
      <div className="notice notice-error" role="alert" data-testid="import-failed">
        {translateDynamic(id, params)}
      </div>
    );
  } else {
    body = (
      <p role="status" data-testid="import-stopped">
        {t('import.stopped')}
      </p>
    );
  }

  return (
    <>
      <FormDialog
        title={t('import.title')}
        wide
        onClose={onClose}
        submitLabel={t('import.start')}
        onSubmit={!jobId && sent === null && file && !problem ? () => void start() : undefined}
        testId="import-dialog"
      >
        {body}
        {finished && state !== 'completed' && (
          <div className="form-actions">
            <Button
              onClick={() => {
                setJobId(null);
                setSent(null);
                setFile(null);
              }}
            >
              {t('import.again')}
            </Button>
          </div>
        )}
      </FormDialog>
      {rulesOpen && (
        <RulesDialog
          onClose={(chosen) => {
            setRulesOpen(false);
            if (chosen) setSettingId(chosen);
            setPreviewKey((k) => k + 1);
          }}
        />
      )}
    </>
  );
}

import { useEffect, useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { Checkbox, FileField, IntegerField, Spinner, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { translateDynamic, useT } from '../../lib/i18n';
import { postForm } from '../../lib/upload';
import { SheetPreview } from '../import/PreviewTable';
import './directory-upload.css';

type Preview = RouterOutputs['directories']['uploadPreview'];
type Report = RouterOutputs['directories']['upload'];
interface Settings {
  nameColumn: string;
  codeColumn: string;
  rowsToSkip: string;
  header: boolean;
}

/** `POST …/directories/{id}/upload[/preview]` (multipart): the file and the chosen columns. */
async function send<T>(
  spaceId: string,
  directoryId: string,
  preview: boolean,
  file: File,
  settings: Settings,
  revision: number,
): Promise<{ ok: T } | { failure: string }> {
  const path = `/api/v1/space/${spaceId}/directories/${directoryId}/upload${preview ? '/preview' : ''}`;
  const form = new FormData();
  form.append('file', file);
  form.append('nameColumn', settings.nameColumn.trim());
  if (settings.codeColumn.trim()) form.append('codeColumn', settings.codeColumn.trim());
  form.append('rowsToSkip', String(Number(settings.rowsToSkip) || 0));
  form.append('header', JSON.stringify(settings.header));
  if (!preview) form.append('revision', String(revision));
  const result = await postForm<T>(path, form);
  return 'failure' in result ? { failure: result.failure.messages.join('\n') } : { ok: result.answer };
}

/**
 * Upload of directory values from xlsx or CSV: the file, the value (and code) column and the rows to skip;
 * a preview of the first rows with what happens to each; then the import (all or nothing) and its report.
 */
export function DirectoryUploadDialog({
  directory,
  onClose,
  onDone,
}: {
  directory: { id: string; name: string; revision: number };
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [file, setFile] = useState<File | null>(null);
  const [settings, setSettings] = useState<Settings>({
    nameColumn: 'A',
    codeColumn: '',
    rowsToSkip: '0',
    header: true,
  });
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<Report | null>(null);
  const set = (patch: Partial<Settings>) => setSettings((s) => ({ ...s, ...patch }));

  useEffect(() => {
    if (!file || !settings.nameColumn.trim()) return;
    let live = true;
    setProblem(null);
    const timer = setTimeout(() => {
      void send<Preview>(spaceId, directory.id, true, file, settings, directory.revision).then((result) => {
        if (!live) return;
        if ('ok' in result) setPreview(result.ok);
        else {
          setPreview(null);
          setProblem(result.failure || t('errors.UnknownException'));
        }
      });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [spaceId, directory.id, directory.revision, file, settings, t]);

  const importable = !!file && !!preview && preview.ruleProblems.length === 0 && preview.problemCount === 0;
  const submit = async () => {
    if (!file) return;
    setBusy(true);
    const result = await send<Report>(spaceId, directory.id, false, file, settings, directory.revision);
    setBusy(false);
    if ('ok' in result) {
      setReport(result.ok);
      onDone();
    } else setProblem(result.failure || t('errors.UnknownException'));
  };

  if (report)
    return (
      <FormDialog
        title={t('directories.upload.report.title')}
        onClose={onClose}
        onSubmit={onClose}
        submitLabel={t('directories.upload.close')}
        testId="directory-upload-report"
      >
        <p>
          {t('directories.upload.report.summary', {
            read: report.rowsRead,
            added: report.added,
            skipped: report.skippedCount,
          })}
        </p>
        {report.skipped.length > 0 && (
          <ul className="import-report-list">
            {report.skipped.map((s) => (
              <li key={s.row}>
                {t('directories.upload.preview.row')} {s.row}: {translateDynamic(s.id, s.values)}
              </li>
            ))}
          </ul>
        )}
        {report.skippedCount > report.skipped.length && (
          <p className="muted">
            {t('directories.upload.report.more', { count: report.skippedCount - report.skipped.length })}
          </p>
        )}
      </FormDialog>
    );

  return (
    <FormDialog
      title={t('directories.upload.title', { name: directory.name })}
      wide
      busy={busy}
      submitLabel={t('directories.upload.import')}
      onClose={onClose}
      onSubmit={importable ? () => void submit() : undefined}
      testId="directory-upload"
    >
      <FileField
        label={t('directories.upload.file')}
        accept=".xlsx,.csv,.txt"
        onFile={(chosen) => {
          setFile(chosen);
          setPreview(null);
        }}
        data-testid="directory-upload-file"
      />
      <div className="directory-upload-settings">
        <TextField
          label={t('directories.upload.name_column')}
          hint={t('directories.upload.column_hint')}
          value={settings.nameColumn}
          onChange={(v) => set({ nameColumn: v })}
          data-testid="directory-upload-name-column"
        />
        <TextField
          label={t('directories.upload.code_column')}
          value={settings.codeColumn}
          onChange={(v) => set({ codeColumn: v })}
          data-testid="directory-upload-code-column"
        />
        <IntegerField
          label={t('directories.upload.rows_to_skip')}
          value={settings.rowsToSkip}
          min={0}
          max={1000}
          onChange={(v) => set({ rowsToSkip: v })}
          name="rowsToSkip"
        />
      </div>
      <Checkbox
        label={t('directories.upload.header')}
        checked={settings.header}
        onChange={(v) => set({ header: v })}
      />
      {problem && (
        <div className="field-error" role="alert" style={{ whiteSpace: 'pre-line' }}>
          {problem}
        </div>
      )}
      {file && !preview && !problem && <Spinner label={t('directories.upload.preview.loading')} />}
      {preview && <PreviewTable preview={preview} />}
    </FormDialog>
  );
}

function PreviewTable({ preview }: { preview: Preview }) {
  const t = useT();
  return (
    <SheetPreview
      testId="directory-upload-preview"
      wrapClassName="table-wrap"
      title={t('directories.upload.preview.title')}
      ruleProblems={preview.ruleProblems}
      summary={t('directories.upload.preview.summary', {
        add: preview.toAdd,
        total: preview.totalRows,
        skipped: preview.skipped,
        problems: preview.problemCount,
      })}
      rowHeading={t('directories.upload.preview.row')}
      columns={preview.columns}
      columnNote={(c) =>
        c.role && (
          <div className="muted">
            {c.role === 'name' ? t('directories.upload.preview.value') : t('directories.upload.preview.code')}
          </div>
        )
      }
      lastHeading={t('directories.upload.preview.outcome')}
    >
      {preview.rows.map((r) => (
        <tr key={r.row} className={r.skip ? 'muted' : undefined}>
          <td>{r.row}</td>
          {preview.columns.map((c) => (
            <td key={c.index}>{r.cells[c.index] ?? ''}</td>
          ))}
          <td className={r.problems.length ? 'field-error' : undefined}>
            {r.problems.length
              ? r.problems.map((p) => translateDynamic(p.id, p.values)).join('; ')
              : r.skip
                ? translateDynamic(r.skip.id, r.skip.values)
                : preview.ruleProblems.length
                  ? ''
                  : t('directories.upload.preview.added')}
          </td>
        </tr>
      ))}
    </SheetPreview>
  );
}

import { useState } from 'react';
import { FormDialog } from '../../components/dialog';
import { Button } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { handleFailure } from '../../lib/error-handler';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { uploadVersionFile } from './api';
import { ImportJobView } from './ImportJobView';
import { RulesDialog } from './RulesDialog';
import { UploadFields } from './UploadFields';
import { uploadFields } from './upload-file';
import { useImportJob } from './useImportJob';
import { useUploadForm } from './useUploadForm';
import './import.css';

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
  const utils = trpc.useUtils();
  const form = useUploadForm();
  const [rulesOpen, setRulesOpen] = useState(false);
  // A rule edited in the rules dialog is read again by the preview.
  const [previewKey, setPreviewKey] = useState(0);
  const [sent, setSent] = useState<number | null>(null);
  const [jobId, setJobId] = useState<string | null>(reopened ?? null);
  const control = useImportJob(jobId);
  const { file, format, problem } = form;

  const start = async () => {
    if (!file || !format || problem) return;
    if (form.tabular && !form.settingId) {
      form.setProblem(t('import.error.rule_required'));
      return;
    }
    setSent(0);
    const result = await uploadVersionFile(spaceId, scheduleId, file, uploadFields(format, form), setSent);
    if ('failure' in result) {
      setSent(null);
      handleFailure(result.failure);
      return;
    }
    setJobId(result.job.id);
    utils.interchange.job.setData({ spaceId, jobId: result.job.id }, result.job);
  };

  const choosing = !jobId && sent === null;
  const state = control.job?.state;
  const finished = state === 'completed' || state === 'failed' || state === 'stopped';
  return (
    <>
      <FormDialog
        title={t('import.title')}
        wide
        onClose={onClose}
        submitLabel={t('import.start')}
        onSubmit={choosing && file && !problem ? () => void start() : undefined}
        testId="import-dialog"
      >
        {choosing ? (
          <UploadFields form={form} previewKey={previewKey} onEditRules={() => setRulesOpen(true)} />
        ) : (
          <ImportJobView control={control} sent={sent} onOpenVersion={onOpenVersion} />
        )}
        {finished && state !== 'completed' && (
          <div className="form-actions">
            <Button
              onClick={() => {
                setJobId(null);
                setSent(null);
                form.pick(null);
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
            if (chosen) form.setSettingId(chosen);
            setPreviewKey((k) => k + 1);
          }}
        />
      )}
    </>
  );
}

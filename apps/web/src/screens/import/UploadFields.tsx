import {
  IMPORT_ENCODINGS,
  IMPORT_EXTENSIONS,
  type ImportEncoding,
  INTERCHANGE_LIMITS,
} from '@takt/contracts';
import { Button, FileField, namedOptions, SelectField, TextField } from '../../components/ui';
import { appI18n, translateDynamic, useT } from '../../lib/i18n';
import { formatNumber } from '../../lib/schedule-time';
import { PreviewTable } from './PreviewTable';
import { encodingName } from './ReportView';
import { megabytes } from './upload-file';
import type { UploadForm } from './useUploadForm';

/**
 * The upload form: the file and the format it was taken for, the version's name, the encoding of a text
 * file, the rule of a spreadsheet (with a preview of how it reads the file) and what stops the upload.
 */
export function UploadFields({
  form,
  previewKey,
  onEditRules,
}: {
  form: UploadForm;
  /** Changes when a rule was edited, so that the preview reads the file again. */
  previewKey: number;
  onEditRules: () => void;
}) {
  const t = useT();
  const { file, format, tabular, encoded, settingId } = form;
  return (
    <>
      <FileField
        label={t('import.file')}
        hint={t('import.file_hint', { size: megabytes(INTERCHANGE_LIMITS.uploadMaxBytes) })}
        className="import-file"
        accept={IMPORT_EXTENSIONS.join(',')}
        onFile={form.pick}
        data-testid="import-file"
      />
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
        value={form.name}
        onChange={form.setName}
        maxLength={32}
        placeholder={t('import.version_name_hint')}
      />
      {encoded && (
        <SelectField
          label={t('import.encoding')}
          value={form.encoding}
          onChange={(v) => form.setEncoding(v as ImportEncoding)}
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
            onChange={form.setSettingId}
            options={namedOptions(form.rules, t('import.rule_choose'))}
            data-testid="import-rule"
          />
          <Button variant="ghost" onClick={onEditRules} data-testid="import-rules-edit">
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
          encoding={form.encoding}
        />
      )}
      {form.problem && (
        <div className="field-error" role="alert">
          {form.problem}
        </div>
      )}
    </>
  );
}

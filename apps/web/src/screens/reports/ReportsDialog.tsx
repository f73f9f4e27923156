import { REPORT_LIMITS } from '@takt/contracts';
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { confirm } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import { DownloadButton } from '../../components/download-button';
import {
  Badge,
  Button,
  CrossButton,
  Empty,
  FileField,
  IntegerField,
  SelectField,
  Spinner,
  Switch,
  TextField,
} from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { handleFailure } from '../../lib/error-handler';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { type ReportForm, replaceReportTemplate, templatePath, uploadReportForm } from './api';
import { REPORT_PLACEHOLDERS } from './placeholders';
import { ReportRunList } from './RunReportDialog';
import './reports.css';

/** The node the dialog was opened from (a schedule with its actual version, if it has one). */
interface NodeRef {
  id: string;
  name: string;
  kind: string;
  actualVersionId?: string | null;
}

/**
 * The reports of an EPS node: the forms linked to it or to a node above it, each with its template, report
 * year, WBS option and links; managers (`analytics.manage`) upload, edit, replace, link, unlink and delete.
 */
export function ReportsDialog({ node, onClose }: { node: NodeRef; onClose: () => void }) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const manage = can('analytics.manage');
  const forms = trpc.reports.forms.list.useQuery({ spaceId, nodeId: node.id });
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<ReportForm | null>(null);
  const runOn = node.kind === 'schedule' ? node.actualVersionId : null;
  return (
    <FormDialog
      title={t('reports.of_node', { name: node.name })}
      wide
      onClose={onClose}
      testId="reports-dialog"
    >
      {runOn && (
        <>
          <h3 className="reports-subtitle">{t('reports.run_actual')}</h3>
          <ReportRunList versionId={runOn} scheduleId={node.id} />
        </>
      )}
      <div className="reports-head">
        <h3 className="reports-subtitle">{t('reports.forms')}</h3>
        {manage && (
          <Button variant="primary" onClick={() => setUploading(true)} data-testid="reports-upload">
            {t('reports.upload')}
          </Button>
        )}
      </div>
      {forms.isLoading ? (
        <Spinner />
      ) : !forms.data?.length ? (
        <Empty>{t('reports.empty')}</Empty>
      ) : (
        <ul className="ruled-list report-forms" data-testid="report-forms">
          {forms.data.map((form) => (
            <FormItem key={form.id} form={form} manage={manage} onEdit={() => setEditing(form)} />
          ))}
        </ul>
      )}
      <details className="report-placeholders">
        <summary>{t('reports.placeholders')}</summary>
        <p className="field-hint">{t('reports.placeholders_text')}</p>
        {Object.entries(REPORT_PLACEHOLDERS).map(([group, keys]) => (
          <p key={group} className="report-tokens">
            {keys.map((k) => (
              <code key={k}>{k}</code>
            ))}
          </p>
        ))}
      </details>
      {/* dialogs over this one are forms of their own, outside its form */}
      {uploading &&
        createPortal(<UploadFormDialog node={node} onClose={() => setUploading(false)} />, document.body)}
      {editing &&
        createPortal(<EditFormDialog form={editing} onClose={() => setEditing(null)} />, document.body)}
    </FormDialog>
  );
}

function FormItem({ form, manage, onEdit }: { form: ReportForm; manage: boolean; onEdit: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const refresh = () => utils.reports.forms.list.invalidate();
  const unlink = trpc.reports.forms.unlink.useMutation({ onSuccess: refresh });
  const remove = trpc.reports.forms.delete.useMutation({ onSuccess: refresh });
  const file = useRef<HTMLInputElement>(null);
  const [linking, setLinking] = useState(false);
  const linkedAbove = form.inherited ? form.nodes.map((n) => n.name).join(', ') : null;
  return (
    <li className="report-form" data-testid="report-form">
      <div className="report-form-main">
        <div className="report-form-name">{form.name}</div>
        <div className="report-form-facts">
          <span>{form.fileName}</span>
          <span>{t('reports.size', { size: Math.max(1, Math.round(form.size / 1024)) })}</span>
          {form.year !== null && <Badge>{t('reports.year_value', { year: form.year })}</Badge>}
          {form.showSummaries && <Badge tone="accent">{t('reports.with_summaries')}</Badge>}
          {linkedAbove && (
            <span className="report-inherited">{t('reports.inherited', { name: linkedAbove })}</span>
          )}
        </div>
        {manage && (
          <div className="report-form-links">
            <span className="field-hint">{t('reports.linked_to')}</span>
            {form.nodes.map((n) => (
              <span key={n.id} className="report-link">
                {n.name}
                <CrossButton
                  label={t('reports.unlink', { name: n.name })}
                  onClick={() => unlink.mutate({ spaceId, formId: form.id, nodeId: n.id })}
                />
              </span>
            ))}
            {linking ? (
              <LinkPicker form={form} onDone={() => setLinking(false)} />
            ) : (
              <Button variant="ghost" className="btn-small" onClick={() => setLinking(true)}>
                + {t('reports.link')}
              </Button>
            )}
          </div>
        )}
      </div>
      <div className="report-form-actions">
        <DownloadButton className="btn btn-ghost" path={templatePath(spaceId, form.id)} name={form.fileName}>
          {t('reports.download_template')}
        </DownloadButton>
        {manage && (
          <>
            <Button onClick={onEdit} data-testid="report-edit">
              {t('reports.edit')}
            </Button>
            <Button onClick={() => file.current?.click()}>{t('reports.replace')}</Button>
            <input
              ref={file}
              type="file"
              accept=".xlsx"
              hidden
              onChange={async (e) => {
                const chosen = e.target.files?.[0];
                e.target.value = '';
                if (!chosen) return;
                const result = await replaceReportTemplate(spaceId, form.id, chosen);
                if ('failure' in result) handleFailure(result.failure);
                else {
                  notify('success', [t('reports.saved')]);
                  void refresh();
                }
              }}
            />
            <Button
              variant="danger"
              onClick={async () => {
                const answer = await confirm({
                  title: t('reports.delete'),
                  text: t('reports.delete_confirm', { name: form.name }),
                  danger: true,
                });
                if (answer.status === 'confirmed') remove.mutate({ spaceId, formId: form.id });
              }}
            >
              {t('reports.delete')}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

/** Links the form to one more node of the space, chosen from the EPS. */
function LinkPicker({ form, onDone }: { form: ReportForm; onDone: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const nodes = trpc.eps.list.useQuery({ spaceId });
  const link = trpc.reports.forms.link.useMutation({
    onSuccess: () => {
      void utils.reports.forms.list.invalidate();
      onDone();
    },
  });
  const linked = new Set(form.nodes.map((n) => n.id));
  const options = (nodes.data ?? [])
    .filter((n) => !linked.has(n.id))
    .map((n) => ({ value: n.id, label: `${t(`eps.kind.${n.kind}`)}: ${n.name}` }));
  return (
    <span className="report-link-picker">
      <SelectField
        label={t('reports.link')}
        value=""
        options={[{ value: '', label: t('reports.link_choose') }, ...options]}
        onChange={(nodeId) => nodeId && link.mutate({ spaceId, formId: form.id, nodeId })}
        onBlur={onDone}
        data-testid="report-link-select"
      />
    </span>
  );
}

/** The year as the form's field holds it: empty for "the data date's year". */
const yearText = (year: number | null) => (year === null ? '' : String(year));

/** What the upload and the edit of a form do once it is written: say so, read the forms again, close. */
function useFormWritten(onClose: () => void) {
  const utils = trpc.useUtils();
  return (message: string) => {
    notify('success', [message]);
    void utils.reports.forms.list.invalidate();
    onClose();
  };
}

/** The fields of a form that its upload and its edit both set: name, year and summaries, as typed. */
function useFormFields(form?: ReportForm) {
  const [name, setName] = useState(form?.name ?? '');
  const [year, setYear] = useState(yearText(form?.year ?? null));
  const [summaries, setSummaries] = useState(form?.showSummaries ?? false);
  return { name, setName, year, setYear, summaries, setSummaries };
}

function FormFields({
  fields: { name, setName, year, setYear, summaries, setSummaries },
}: {
  fields: ReturnType<typeof useFormFields>;
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={t('reports.name')}
        value={name}
        onChange={setName}
        maxLength={REPORT_LIMITS.nameMaxLength}
        data-testid="report-name"
      />
      <IntegerField
        label={t('reports.year')}
        hint={t('reports.year_hint')}
        value={year}
        onChange={setYear}
        min={REPORT_LIMITS.minYear}
        max={REPORT_LIMITS.maxYear}
        name="year"
      />
      <Switch
        label={t('reports.show_summaries')}
        hint={t('reports.show_summaries_hint')}
        checked={summaries}
        onChange={setSummaries}
      />
    </>
  );
}

const yearOf = (text: string) => (text.trim() === '' ? null : Number(text));

function UploadFormDialog({ node, onClose }: { node: NodeRef; onClose: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const written = useFormWritten(onClose);
  const [file, setFile] = useState<File | null>(null);
  const fields = useFormFields();
  const { name, year, summaries } = fields;
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!file) return;
    setBusy(true);
    const result = await uploadReportForm(spaceId, node.id, file, {
      ...(name.trim() ? { name: name.trim() } : {}),
      year: yearOf(year),
      showSummaries: summaries,
    });
    setBusy(false);
    if ('failure' in result) {
      handleFailure(result.failure);
      return;
    }
    written(t('reports.uploaded'));
  };
  return (
    <FormDialog
      title={t('reports.upload_title')}
      submitLabel={t('reports.upload')}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="report-upload-dialog"
    >
      <FileField
        label={t('reports.file')}
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onFile={(f) => {
          setFile(f);
          if (f && !name) fields.setName(f.name.replace(/\.xlsx$/i, ''));
        }}
        data-testid="report-file"
      />
      <FormFields fields={fields} />
    </FormDialog>
  );
}

function EditFormDialog({ form, onClose }: { form: ReportForm; onClose: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const fields = useFormFields(form);
  const { name, year, summaries } = fields;
  const written = useFormWritten(onClose);
  const update = trpc.reports.forms.update.useMutation({ onSuccess: () => written(t('reports.saved')) });
  return (
    <FormDialog
      title={t('reports.edit')}
      submitLabel={t('reports.save')}
      busy={update.isPending}
      onSubmit={() =>
        update.mutate({ spaceId, formId: form.id, name, year: yearOf(year), showSummaries: summaries })
      }
      onClose={onClose}
      testId="report-edit-dialog"
    >
      <FormFields fields={fields} />
    </FormDialog>
  );
}

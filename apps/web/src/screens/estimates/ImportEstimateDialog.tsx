import { CSV_DELIMITERS, ESTIMATE_TABULAR_FIELDS, type EstimateTabularFieldId } from '@takt/contracts';
import { useEffect, useMemo, useState } from 'react';
import { FormDialog } from '../../components/dialog';
import {
  Button,
  Checkbox,
  FileField,
  IntegerField,
  SelectField,
  Spinner,
  TextField,
} from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { handleFailure } from '../../lib/error-handler';
import { translateDynamic, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { SheetPreview } from '../import/PreviewTable';
import '../import/import.css';
import {
  type EstimateImportReport,
  type EstimatePreview,
  type EstimateSheetRule,
  importEstimate,
  previewEstimateImport,
} from './api';

/** A sheet (xlsx, CSV) is read through an upload rule; ARPS and XML files as they are. */
const isSheet = (file: File | null) => !!file && /\.(xlsx|csv|txt)$/i.test(file.name);

type Delimiter = (typeof CSV_DELIMITERS)[number];
interface Draft {
  rowsToSkip: string;
  header: boolean;
  sheet: string;
  delimiter: '' | Delimiter;
  /** field → its column (a letter, a number or the header text) */
  columns: Partial<Record<EstimateTabularFieldId, string>>;
}
const EMPTY_DRAFT: Draft = {
  rowsToSkip: '0',
  header: true,
  sheet: '',
  delimiter: '',
  columns: { code: 'A', name: 'B', unit: 'C', quantity: 'D', unitCost: 'E' },
};

function ruleOf(d: Draft): EstimateSheetRule {
  const mapping: Record<string, EstimateTabularFieldId> = {};
  for (const f of ESTIMATE_TABULAR_FIELDS) {
    const column = d.columns[f]?.trim();
    if (column) mapping[column] = f;
  }
  return {
    rowsToSkip: Math.max(0, Number.parseInt(d.rowsToSkip, 10) || 0),
    header: d.header,
    sheet: d.sheet || null,
    delimiter: d.delimiter || null,
    mapping,
  };
}

function draftOf(rule: EstimateSheetRule): Draft {
  const columns: Draft['columns'] = {};
  for (const [column, field] of Object.entries(rule.mapping)) columns[field] = column;
  return {
    rowsToSkip: String(rule.rowsToSkip),
    header: rule.header !== false,
    sheet: rule.sheet ?? '',
    delimiter: rule.delimiter ?? '',
    columns,
  };
}

/**
 * Importing an estimate file into a node. A sheet (xlsx, CSV) is read through an upload rule — a saved one,
 * or columns set here (each field's column by letter, number or header text, rows to skip, the header row,
 * the sheet or delimiter) — shown as a preview of its first rows with what each becomes before anything is
 * written; the rule can be saved for next time. Then the report of what was read, and the new estimate.
 */
export function ImportEstimateDialog({
  nodeId,
  onClose,
  onImported,
}: {
  nodeId: string;
  onClose: () => void;
  onImported: (id: string) => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [ruleId, setRuleId] = useState('');
  const [done, setDone] = useState<{ estimateId: string; report: EstimateImportReport } | null>(null);
  const sheet = isSheet(file);
  const rule = useMemo(() => ruleOf(draft), [draft]);

  const submit = async () => {
    if (done) {
      onImported(done.estimateId);
      return;
    }
    if (!file) return;
    setBusy(true);
    const reply = await importEstimate(spaceId, nodeId, file, sheet ? rule : undefined);
    setBusy(false);
    if ('failure' in reply) handleFailure(reply.failure);
    else setDone(reply.answer);
  };
  return (
    <FormDialog
      title={t('estimates.import')}
      submitLabel={done ? t('estimates.imported.open') : t('estimates.import')}
      busy={busy}
      wide={sheet}
      onClose={onClose}
      onSubmit={() => void submit()}
      testId="estimate-import-dialog"
    >
      {done ? (
        <ImportReport report={done.report} />
      ) : (
        <>
          <FileField
            label={t('estimates.import_file')}
            hint={t('estimates.import_hint')}
            onFile={setFile}
            data-testid="estimate-import-file"
          />
          {file && sheet && (
            <div className="estimate-import-body">
              <RuleEditor draft={draft} onDraft={setDraft} ruleId={ruleId} onRuleId={setRuleId} />
              <RulePreview file={file} rule={rule} draft={draft} onDraft={setDraft} />
            </div>
          )}
        </>
      )}
    </FormDialog>
  );
}

/** The rule's settings: a saved rule to start from, the rows, the sheet or delimiter, each field's column; saving. */
function RuleEditor({
  draft,
  onDraft,
  ruleId,
  onRuleId,
}: {
  draft: Draft;
  onDraft: (d: Draft) => void;
  ruleId: string;
  onRuleId: (id: string) => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const rules = trpc.estimates.uploadRules.list.useQuery({ spaceId });
  const utils = trpc.useUtils();
  const chosen = rules.data?.find((r) => r.id === ruleId);
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const onSaved = (r: { id: string; name: string }) => {
    void utils.estimates.uploadRules.list.invalidate();
    onRuleId(r.id);
    setSaved(r.name);
  };
  const create = trpc.estimates.uploadRules.create.useMutation({ onSuccess: onSaved });
  const update = trpc.estimates.uploadRules.update.useMutation({ onSuccess: onSaved });
  const save = () => {
    const values = { ...ruleOf(draft), name: name.trim() };
    setSaved(null);
    if (chosen && chosen.name === values.name)
      update.mutate({ spaceId, estimateRuleId: chosen.id, revision: chosen.revision, ...values });
    else create.mutate({ spaceId, ...values });
  };
  const set = (patch: Partial<Draft>) => onDraft({ ...draft, ...patch });
  return (
    <section className="estimate-rule" data-testid="estimate-rule">
      <h3 className="import-section-title">{t('estimates.rule.title')}</h3>
      <div className="estimate-rule-row">
        <SelectField
          label={t('estimates.rule.saved')}
          value={ruleId}
          onChange={(id) => {
            onRuleId(id);
            setSaved(null);
            const r = rules.data?.find((x) => x.id === id);
            if (r) {
              onDraft(draftOf(r));
              setName(r.name);
            }
          }}
          options={[
            { value: '', label: t('estimates.rule.none') },
            ...(rules.data ?? []).map((r) => ({ value: r.id, label: r.name })),
          ]}
          data-testid="estimate-rule-saved"
        />
        <IntegerField
          label={t('estimates.rule.rows_to_skip')}
          value={draft.rowsToSkip}
          min={0}
          max={1000}
          onChange={(v) => set({ rowsToSkip: v })}
          name="rowsToSkip"
        />
        <TextField
          label={t('estimates.rule.sheet')}
          value={draft.sheet}
          placeholder={t('estimates.rule.first_sheet')}
          onChange={(v) => set({ sheet: v })}
        />
        <SelectField
          label={t('estimates.rule.delimiter')}
          value={draft.delimiter}
          onChange={(v) => set({ delimiter: v as Draft['delimiter'] })}
          options={[
            { value: '', label: t('estimates.rule.delimiter_auto') },
            ...CSV_DELIMITERS.map((d) => ({
              value: d,
              label: d === '\t' ? t('estimates.rule.delimiter_tab') : d,
            })),
          ]}
        />
      </div>
      <Checkbox
        label={t('estimates.rule.header')}
        checked={draft.header}
        onChange={(header) => set({ header })}
      />
      <p className="muted">{t('estimates.rule.columns_hint')}</p>
      <div className="estimate-rule-columns">
        {ESTIMATE_TABULAR_FIELDS.map((f) => (
          <TextField
            key={f}
            label={t(`estimates.sheet_field.${f}`)}
            value={draft.columns[f] ?? ''}
            onChange={(v) => set({ columns: { ...draft.columns, [f]: v } })}
            data-testid={`estimate-rule-column-${f}`}
          />
        ))}
      </div>
      <div className="estimate-rule-row estimate-rule-save">
        <TextField
          label={t('estimates.rule.name')}
          value={name}
          onChange={setName}
          maxLength={32}
          data-testid="estimate-rule-name"
        />
        <Button
          onClick={save}
          disabled={!name.trim() || create.isPending || update.isPending}
          data-testid="estimate-rule-save"
        >
          {t('estimates.rule.save')}
        </Button>
        {saved && (
          <span className="muted" role="status">
            {t('estimates.rule.saved_as', { name: saved })}
          </span>
        )}
      </div>
    </section>
  );
}

/** The sheet as the rule reads it, asked again shortly after the rule changes. */
function RulePreview({
  file,
  rule,
  draft,
  onDraft,
}: {
  file: File;
  rule: EstimateSheetRule;
  draft: Draft;
  onDraft: (d: Draft) => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [preview, setPreview] = useState<EstimatePreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const key = JSON.stringify(rule);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void previewEstimateImport(spaceId, file, JSON.parse(key) as EstimateSheetRule).then((result) => {
        if (!live) return;
        if ('answer' in result) {
          setPreview(result.answer);
          setProblem(null);
        } else setProblem(result.failure.messages.join('\n') || t('errors.UnknownException'));
      });
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [spaceId, file, key, t]);

  if (problem)
    return (
      <div className="field-error" role="alert">
        {problem}
      </div>
    );
  if (!preview) return <Spinner label={t('estimates.preview.loading')} />;
  const columns = preview.columns.slice(0, 16);
  const kindText = (r: EstimatePreview['rows'][number]) =>
    r.kind === null
      ? ''
      : r.kind === 'section'
        ? t('estimates.preview.kind.section', { level: r.level ?? 1 })
        : t(`estimates.preview.kind.${r.kind}`);
  return (
    <>
      {preview.sheets && preview.sheets.length > 1 && (
        <SelectField
          label={t('estimates.rule.sheet')}
          value={draft.sheet}
          onChange={(sheet) => onDraft({ ...draft, sheet })}
          options={[
            { value: '', label: t('estimates.rule.first_sheet') },
            ...preview.sheets.map((s) => ({ value: s, label: s })),
          ]}
        />
      )}
      <SheetPreview
        testId="estimate-import-preview"
        className="import-preview"
        wrapClassName="import-moved-table"
        title={t('estimates.preview.title')}
        ruleProblems={preview.ruleProblems}
        summary={
          preview.report
            ? t('estimates.preview.summary', {
                sections: preview.report.sections,
                lines: preview.report.lines,
                warnings: preview.report.warnings.length,
              })
            : ''
        }
        rowHeading={t('estimates.preview.row')}
        columns={columns}
        columnNote={(c) =>
          c.field ? <div className="import-preview-field">{t(`estimates.sheet_field.${c.field}`)}</div> : null
        }
        lastHeading={t('estimates.preview.read_as')}
      >
        {preview.rows.map((r) => (
          <tr
            key={r.row}
            className={
              r.kind === 'skipped' || r.kind === 'header'
                ? 'import-preview-skipped'
                : r.kind === 'section'
                  ? 'estimate-preview-section'
                  : undefined
            }
          >
            <td>{r.row}</td>
            {columns.map((c) => (
              <td key={c.index}>{r.cells[c.index] ?? ''}</td>
            ))}
            <td className="muted">{kindText(r)}</td>
          </tr>
        ))}
      </SheetPreview>
      {preview.report && preview.report.warnings.length > 0 && <Warnings report={preview.report} />}
    </>
  );
}

function Warnings({ report }: { report: EstimateImportReport }) {
  const t = useT();
  return (
    <div className="estimate-import-warnings">
      <h3 className="import-section-title">{t('estimates.imported.notes')}</h3>
      <ul>
        {report.warnings.slice(0, 20).map((w) => (
          <li key={`${w.where ?? ''}-${w.id}-${JSON.stringify(w.values)}`}>
            {w.where ? `${w.where}: ` : ''}
            {translateDynamic(w.id, w.values)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the import read: sections and lines, and the notes on what was kept, clamped or left out. */
function ImportReport({ report }: { report: EstimateImportReport }) {
  const t = useT();
  return (
    <div data-testid="estimate-import-report">
      <h3 className="import-section-title">{t('estimates.imported.title')}</h3>
      <p>{t('estimates.imported.summary', { sections: report.sections, lines: report.lines })}</p>
      {report.warnings.length > 0 && <Warnings report={report} />}
    </div>
  );
}

import {
  CSV_DELIMITERS,
  IMPORT_DATE_FORMATS,
  type ImportSettingFields,
  INTERCHANGE_LIMITS,
  importSettingFields,
  TABULAR_FIELDS,
  type TabularField,
} from '@takt/contracts';
import { useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import { Button, Empty, IntegerField, SelectField, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { FieldError } from '../../lib/form';
import { translateDynamic, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import type { ImportSetting } from './api';

interface Draft {
  id: string | null;
  revision: number;
  name: string;
  rowsToSkip: string;
  dateFormat: ImportSettingFields['dateFormat'];
  delimiter: string;
  sheet: string;
  mapping: { column: string; field: TabularField }[];
}

const emptyDraft = (): Draft => ({
  id: null,
  revision: 0,
  name: '',
  rowsToSkip: '0',
  dateFormat: 'DD.MM.YYYY',
  delimiter: '',
  sheet: '',
  mapping: [
    { column: 'A', field: 'code' },
    { column: 'B', field: 'name' },
    { column: 'C', field: 'start' },
    { column: 'D', field: 'finish' },
  ],
});

const draftOf = (s: ImportSetting): Draft => ({
  id: s.id,
  revision: s.revision,
  name: s.name,
  rowsToSkip: String(s.rowsToSkip),
  dateFormat: s.dateFormat,
  delimiter: s.delimiter ?? '',
  sheet: s.sheet ?? '',
  mapping: Object.entries(s.mapping).map(([column, field]) => ({ column, field: field as TabularField })),
});

/**
 * The version upload rules of the space (entities: rule name, rows to skip) with the column of each field and
 * the date format. Closing returns the rule last saved, so the upload dialog can select it.
 */
export function RulesDialog({ onClose }: { onClose: (chosenId: string | null) => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const list = trpc.interchange.settings.list.useQuery({ spaceId });
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const done = (s: ImportSetting) => {
    setSaved(s.id);
    setDraft(draftOf(s));
    void utils.interchange.settings.list.invalidate();
  };
  const create = trpc.interchange.settings.create.useMutation({ onSuccess: done });
  const update = trpc.interchange.settings.update.useMutation({ onSuccess: done });
  const remove = trpc.interchange.settings.delete.useMutation({
    onSuccess: () => {
      setDraft(emptyDraft());
      void utils.interchange.settings.list.invalidate();
    },
  });

  const save = () => {
    const candidate = {
      name: draft.name,
      rowsToSkip: Number(draft.rowsToSkip || 0),
      dateFormat: draft.dateFormat,
      delimiter: (draft.delimiter || null) as ImportSettingFields['delimiter'],
      sheet: draft.sheet.trim() || null,
      mapping: Object.fromEntries(
        draft.mapping.filter((m) => m.column.trim()).map((m) => [m.column.trim(), m.field]),
      ),
    };
    const parsed = importSettingFields.safeParse(candidate);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), { message: i.message }])),
      );
      return;
    }
    setErrors({});
    if (draft.id) update.mutate({ spaceId, settingId: draft.id, revision: draft.revision, ...parsed.data });
    else create.mutate({ spaceId, ...parsed.data });
  };

  const onDelete = async () => {
    if (!draft.id) return;
    if (await confirmedDelete(t('import.rules.delete_title', { name: draft.name })))
      remove.mutate({ spaceId, settingId: draft.id });
  };

  const setMapping = (index: number, patch: Partial<Draft['mapping'][number]>) =>
    setDraft((d) => ({ ...d, mapping: d.mapping.map((m, i) => (i === index ? { ...m, ...patch } : m)) }));

  return (
    <FormDialog
      title={t('import.rules.title')}
      wide
      busy={create.isPending || update.isPending}
      onClose={() => onClose(saved)}
      onSubmit={save}
      testId="import-rules"
    >
      <div className="import-rules">
        <aside className="import-rules-list">
          {(list.data ?? []).length === 0 ? (
            <Empty>{t('import.rules.empty')}</Empty>
          ) : (
            <ul className="stack-list">
              {list.data!.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    className={`import-rule-item${draft.id === s.id ? ' import-rule-item-active' : ''}`}
                    onClick={() => setDraft(draftOf(s))}
                  >
                    {s.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Button variant="ghost" onClick={() => setDraft(emptyDraft())} data-testid="import-rule-new">
            + {t('import.rules.new')}
          </Button>
        </aside>
        <div className="import-rules-form">
          <TextField
            label={t('import.rules.name')}
            value={draft.name}
            onChange={(name) => setDraft((d) => ({ ...d, name }))}
            error={errors.name}
            maxLength={32}
            data-testid="import-rule-name"
          />
          <div className="form-grid">
            <IntegerField
              label={t('import.rules.rows_to_skip')}
              value={draft.rowsToSkip}
              onChange={(rowsToSkip) => setDraft((d) => ({ ...d, rowsToSkip }))}
              error={errors.rowsToSkip}
              min={0}
              max={INTERCHANGE_LIMITS.rowsToSkipMax}
            />
            <SelectField
              label={t('import.rules.date_format')}
              value={draft.dateFormat}
              onChange={(v) => setDraft((d) => ({ ...d, dateFormat: v as Draft['dateFormat'] }))}
              options={IMPORT_DATE_FORMATS.map((f) => ({ value: f, label: f }))}
            />
            <SelectField
              label={t('import.rules.delimiter')}
              value={draft.delimiter}
              onChange={(delimiter) => setDraft((d) => ({ ...d, delimiter }))}
              options={[
                { value: '', label: t('import.rules.delimiter_auto') },
                ...CSV_DELIMITERS.map((c) => ({ value: c, label: c === '\t' ? 'Tab' : c })),
              ]}
            />
            <TextField
              label={t('import.rules.sheet')}
              value={draft.sheet}
              onChange={(sheet) => setDraft((d) => ({ ...d, sheet }))}
              placeholder={t('import.rules.sheet_first')}
            />
          </div>
          <fieldset className="import-mapping">
            <legend className="field-label">{t('import.rules.mapping')}</legend>
            {draft.mapping.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; a column may be blank
              <div className="import-mapping-row" key={i}>
                <input
                  className="input input-compact"
                  aria-label={t('import.rules.column')}
                  value={m.column}
                  maxLength={64}
                  onChange={(e) => setMapping(i, { column: e.target.value })}
                />
                <span aria-hidden="true">→</span>
                <select
                  className="input input-compact"
                  aria-label={t('import.rules.field')}
                  value={m.field}
                  onChange={(e) => setMapping(i, { field: e.target.value as TabularField })}
                >
                  {TABULAR_FIELDS.map((f) => (
                    <option key={f} value={f}>
                      {translateDynamic(`import.tabular.${f}`)}
                    </option>
                  ))}
                </select>
                <Button
                  variant="ghost"
                  aria-label={t('common.delete')}
                  onClick={() => setDraft((d) => ({ ...d, mapping: d.mapping.filter((_, k) => k !== i) }))}
                >
                  ×
                </Button>
              </div>
            ))}
            <Button
              variant="ghost"
              onClick={() =>
                setDraft((d) => ({ ...d, mapping: [...d.mapping, { column: '', field: 'duration' }] }))
              }
            >
              + {t('import.rules.add_column')}
            </Button>
            {errors.mapping && (
              <div className="field-error" role="alert">
                {translateDynamic(errors.mapping.message)}
              </div>
            )}
          </fieldset>
          {draft.id && (
            <div className="form-actions">
              <Button variant="danger" onClick={() => void onDelete()}>
                {t('common.delete')}
              </Button>
            </div>
          )}
        </div>
      </div>
    </FormDialog>
  );
}

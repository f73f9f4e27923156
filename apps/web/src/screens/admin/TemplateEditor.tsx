import { LINK_TYPES } from '@takt/contracts';
import { type InputHTMLAttributes, useMemo, useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  CrossButton,
  errorText,
  IconButton,
  SelectField,
  TextArea,
  TextField,
} from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { describeFailure } from '../../lib/errors';
import type { FieldError } from '../../lib/form';
import { appI18n, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { TemplatePreview } from './TemplatePreview';
import {
  addStep,
  checkDraft,
  type DraftErrors,
  moveStep,
  type RelationDraft,
  removeStep,
  renameStep,
  type StepDraft,
  serverDraftErrors,
  sharesSum,
  type TemplateDraft,
  VOLUME_RULES,
} from './template-draft';

/**
 * The editor of one decomposition template (docs/product-rules.md, "Schedule assistant"): its names and
 * the words, units and floors it is matched by, the volume rule, its sub-works with their shares, units
 * and trades in both languages, the relations between them — checked by the contract the server applies
 * (once Save was pressed, at every change after), and tried on a work-like sample below. Takt's own
 * templates open read only, with their copy a click away.
 */
export function TemplateEditor({
  title,
  initial,
  saved,
  readOnly,
  onCopy,
  onSaved,
  onReload,
  onClose,
}: {
  title: string;
  initial: TemplateDraft;
  /** The space's template being edited and the revision it was read at; null for a new one. */
  saved: { id: string; revision: number } | null;
  readOnly: boolean;
  onCopy: () => void;
  onSaved: () => void;
  onReload: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [draft, setDraft] = useState(initial);
  const [checking, setChecking] = useState(false);
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const check = useMemo(() => checkDraft(draft), [draft]);
  const errors: DraftErrors = { ...serverErrors, ...(checking && !check.ok ? check.errors : {}) };
  const errorAt = (path: string): FieldError | undefined => errors[path];

  const change = (next: TemplateDraft) => {
    setDraft(next);
    setServerErrors({});
  };
  const refused = (error: unknown) => {
    const failure = describeFailure(error, null);
    if (failure.code === 'Conflict') setConflict(failure.messages.join(' '));
    else setServerErrors(serverDraftErrors(failure.issues, 'template'));
  };
  const context = { trpc: { context: { showsIssues: true, showsMessages: ['Conflict'] } } };
  const create = trpc.assistant.templates.create.useMutation({
    ...context,
    onSuccess: () => {
      notify('success', [t('assistant.templates.created')]);
      onSaved();
    },
    onError: refused,
  });
  const update = trpc.assistant.templates.update.useMutation({
    ...context,
    onSuccess: () => {
      notify('success', [t('assistant.templates.saved')]);
      onSaved();
    },
    onError: refused,
  });
  const save = () => {
    setChecking(true);
    if (!check.ok) return;
    if (saved)
      update.mutate({ spaceId, templateId: saved.id, revision: saved.revision, template: check.template });
    else create.mutate({ spaceId, template: check.template });
  };

  const set = <K extends keyof TemplateDraft>(field: K, value: TemplateDraft[K]) =>
    change({ ...draft, [field]: value });
  const setText = (field: 'name' | 'description' | 'keywords', language: 'ru' | 'en', value: string) =>
    change({ ...draft, [field]: { ...draft[field], [language]: value } });
  const field = (path: string, value: string, onChange: (value: string) => void) => ({
    value,
    onChange,
    error: errorAt(path),
  });

  return (
    <Card
      title={title}
      description={readOnly ? t('assistant.templates.read_only') : undefined}
      actions={
        <>
          <Button variant="ghost" onClick={onClose} data-testid="template-back">
            ← {t('assistant.templates.back')}
          </Button>
          {readOnly && (
            <Button variant="primary" onClick={onCopy}>
              {t('assistant.templates.copy')}
            </Button>
          )}
        </>
      }
    >
      <form
        className="form template-editor"
        noValidate
        data-testid="template-editor"
        onSubmit={(event) => {
          event.preventDefault();
          if (!readOnly) save();
        }}
      >
        <fieldset className="plain-fieldset form" disabled={readOnly}>
          <h3 className="template-section">{t('assistant.templates.section.matching')}</h3>
          <div className="form-grid">
            <TextField
              label={t('assistant.templates.field.name_ru')}
              {...field('name.ru', draft.name.ru, (v) => setText('name', 'ru', v))}
              data-testid="template-name-ru"
            />
            <TextField
              label={t('assistant.templates.field.name_en')}
              {...field('name.en', draft.name.en, (v) => setText('name', 'en', v))}
              data-testid="template-name-en"
            />
            <TextArea
              label={t('assistant.templates.field.description_ru')}
              rows={2}
              {...field('description.ru', draft.description.ru, (v) => setText('description', 'ru', v))}
            />
            <TextArea
              label={t('assistant.templates.field.description_en')}
              rows={2}
              {...field('description.en', draft.description.en, (v) => setText('description', 'en', v))}
            />
            <TextArea
              label={t('assistant.templates.field.keywords_ru')}
              rows={2}
              hint={t('assistant.templates.field.keywords_hint')}
              {...field('keywords.ru', draft.keywords.ru, (v) => setText('keywords', 'ru', v))}
              data-testid="template-keywords-ru"
            />
            <TextArea
              label={t('assistant.templates.field.keywords_en')}
              rows={2}
              hint={t('assistant.templates.field.keywords_hint')}
              {...field('keywords.en', draft.keywords.en, (v) => setText('keywords', 'en', v))}
              data-testid="template-keywords-en"
            />
            <TextField
              label={t('assistant.templates.field.units')}
              hint={t('assistant.templates.field.units_hint')}
              {...field('units', draft.units, (v) => set('units', v))}
              data-testid="template-units"
            />
            <TextField
              label={t('assistant.templates.field.key')}
              hint={t('assistant.templates.field.key_hint')}
              {...field('key', draft.key, (v) => set('key', v))}
              data-testid="template-key"
            />
            <SelectField
              label={t('assistant.templates.field.volume')}
              value={draft.volume}
              onChange={(v) => {
                const rule = VOLUME_RULES.find((r) => r === v);
                if (rule) set('volume', rule);
              }}
              options={VOLUME_RULES.map((rule) => ({
                value: rule,
                label: t(`assistant.templates.volume.${rule}`),
              }))}
              error={errorAt('volume')}
              data-testid="template-volume"
            />
            <div className="template-floors">
              <Checkbox
                label={t('assistant.templates.field.per_floor')}
                checked={draft.perFloor}
                onChange={(v) => set('perFloor', v)}
              />
              <p className="field-hint">{t('assistant.templates.field.per_floor_hint')}</p>
            </div>
          </div>

          <h3 className="template-section">{t('assistant.templates.section.steps')}</h3>
          <StepsTable draft={draft} errorAt={errorAt} onChange={change} readOnly={readOnly} />

          <h3 className="template-section">{t('assistant.templates.section.relations')}</h3>
          <RelationsTable draft={draft} errorAt={errorAt} onChange={change} readOnly={readOnly} />
        </fieldset>

        {conflict && (
          <div className="template-conflict" role="alert" data-testid="template-conflict">
            <span>{conflict}</span>
            <Button variant="secondary" onClick={onReload}>
              {t('assistant.templates.reload')}
            </Button>
          </div>
        )}
        <div className="form-actions">
          {checking && !check.ok && (
            <span className="template-invalid" data-testid="template-invalid">
              {t('assistant.templates.invalid')}
            </span>
          )}
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {readOnly ? (
            <Button variant="primary" onClick={onCopy} data-testid="template-copy">
              {t('assistant.templates.copy')}
            </Button>
          ) : (
            <Button
              type="submit"
              variant="primary"
              busy={create.isPending || update.isPending}
              data-testid="template-save"
            >
              {saved ? t('common.save') : t('assistant.templates.add')}
            </Button>
          )}
        </div>
      </form>
      <TemplatePreview
        check={check}
        draft={draft}
        templateId={saved?.id}
        language={appI18n.locale === 'ru' ? 'ru' : 'en'}
      />
    </Card>
  );
}

/** A cell's input with its error under it. */
function CellInput({
  error,
  className,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  error: FieldError | undefined;
  onChange: (value: string) => void;
}) {
  const message = errorText(error);
  const { onChange, ...input } = rest;
  return (
    <>
      <input
        className={['input', 'input-compact', className].filter(Boolean).join(' ')}
        aria-invalid={message ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
      {message && (
        <div className="field-error" role="alert">
          {message}
        </div>
      )}
    </>
  );
}

interface TableProps {
  draft: TemplateDraft;
  errorAt: (path: string) => FieldError | undefined;
  onChange: (draft: TemplateDraft) => void;
  readOnly: boolean;
}

const number = (n: number) => new Intl.NumberFormat(appI18n.locale).format(n);

/** The sub-works: names and trades in both languages, shares, own unit, key; moved, added, removed. */
function StepsTable({ draft, errorAt, onChange, readOnly }: TableProps) {
  const t = useT();
  const split = draft.volume === 'shares';
  const edit = (k: number, patch: Partial<StepDraft>) =>
    onChange({ ...draft, steps: draft.steps.map((step, i) => (i === k ? { ...step, ...patch } : step)) });
  const editText = (k: number, field: 'name' | 'trade', language: 'ru' | 'en', value: string) =>
    edit(k, { [field]: { ...draft.steps[k]![field], [language]: value } });
  const shares = sharesSum(draft, 'share');
  const volumes = sharesSum(draft, 'volumeShare');
  const stepsError = errorText(errorAt('steps'));
  return (
    <div className="template-steps">
      <table className="template-table" data-testid="template-steps">
        <thead>
          <tr>
            <th className="template-col-n">#</th>
            <th>{t('assistant.templates.step.name')}</th>
            <th>{t('assistant.templates.step.trade')}</th>
            <th className="template-col-number">{t('assistant.templates.step.share')}</th>
            {split && <th className="template-col-number">{t('assistant.templates.step.volume_share')}</th>}
            <th className="template-col-unit">{t('assistant.templates.step.unit')}</th>
            <th className="template-col-key">{t('assistant.templates.step.key')}</th>
            {!readOnly && <th className="template-col-actions" />}
          </tr>
        </thead>
        <tbody>
          {draft.steps.map((step, k) => {
            const n = k + 1;
            const at = (path: string) => errorAt(`steps.${k}.${path}`);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a step's key is typed in this row, its place is what stays
              <tr key={k} data-testid={`template-step-${n}`}>
                <td className="template-col-n muted">{n}</td>
                <td>
                  <div className="template-pair">
                    <CellInput
                      aria-label={t('assistant.templates.step.name_ru', { n })}
                      placeholder="RU"
                      value={step.name.ru}
                      onChange={(v) => editText(k, 'name', 'ru', v)}
                      error={at('name.ru')}
                    />
                    <CellInput
                      aria-label={t('assistant.templates.step.name_en', { n })}
                      placeholder="EN"
                      value={step.name.en}
                      onChange={(v) => editText(k, 'name', 'en', v)}
                      error={at('name.en')}
                    />
                  </div>
                </td>
                <td>
                  <div className="template-pair">
                    <CellInput
                      aria-label={t('assistant.templates.step.trade_ru', { n })}
                      placeholder="RU"
                      value={step.trade.ru}
                      onChange={(v) => editText(k, 'trade', 'ru', v)}
                      error={at('trade.ru')}
                    />
                    <CellInput
                      aria-label={t('assistant.templates.step.trade_en', { n })}
                      placeholder="EN"
                      value={step.trade.en}
                      onChange={(v) => editText(k, 'trade', 'en', v)}
                      error={at('trade.en')}
                    />
                  </div>
                </td>
                <td className="template-col-number">
                  <CellInput
                    aria-label={`${t('assistant.templates.step.share')} ${n}`}
                    inputMode="decimal"
                    value={step.share}
                    onChange={(v) => edit(k, { share: v })}
                    error={at('share')}
                  />
                </td>
                {split && (
                  <td className="template-col-number">
                    <CellInput
                      aria-label={`${t('assistant.templates.step.volume_share')} ${n}`}
                      inputMode="decimal"
                      value={step.volumeShare}
                      onChange={(v) => edit(k, { volumeShare: v })}
                      error={at('volumeShare')}
                    />
                  </td>
                )}
                <td className="template-col-unit">
                  <CellInput
                    aria-label={`${t('assistant.templates.step.unit')} ${n}`}
                    placeholder={t('assistant.templates.step.unit_placeholder')}
                    value={step.unit}
                    onChange={(v) => edit(k, { unit: v })}
                    error={at('unit')}
                  />
                </td>
                <td className="template-col-key">
                  <CellInput
                    aria-label={`${t('assistant.templates.step.key')} ${n}`}
                    className="template-key"
                    value={step.key}
                    onChange={(v) => onChange(renameStep(draft, k, v))}
                    error={at('key')}
                  />
                </td>
                {!readOnly && (
                  <td className="template-col-actions">
                    <IconButton
                      label={t('assistant.templates.step.up')}
                      onClick={() => onChange(moveStep(draft, k, -1))}
                      disabled={k === 0}
                    >
                      ↑
                    </IconButton>
                    <IconButton
                      label={t('assistant.templates.step.down')}
                      onClick={() => onChange(moveStep(draft, k, 1))}
                      disabled={k === draft.steps.length - 1}
                    >
                      ↓
                    </IconButton>
                    <CrossButton
                      label={t('assistant.templates.step.remove')}
                      onClick={() => onChange(removeStep(draft, k))}
                      disabled={draft.steps.length <= 2}
                    />
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="template-steps-foot">
        {!readOnly && (
          <Button variant="ghost" onClick={() => onChange(addStep(draft))} data-testid="template-step-add">
            + {t('assistant.templates.step.add')}
          </Button>
        )}
        <span className="template-sums">
          <span
            className={shares === 100 ? 'template-sum' : 'template-sum template-sum-off'}
            data-testid="template-shares"
          >
            {t('assistant.templates.shares_sum', { sum: number(shares) })}
          </span>
          {split && (
            <span className={volumes === 100 ? 'template-sum' : 'template-sum template-sum-off'}>
              {t('assistant.templates.volume_sum', { sum: number(volumes) })}
            </span>
          )}
        </span>
      </div>
      {stepsError && (
        <div className="field-error" role="alert" data-testid="template-steps-error">
          {stepsError}
        </div>
      )}
    </div>
  );
}

/** The relations between the sub-works: predecessor, type, successor and lag in working days. */
function RelationsTable({ draft, errorAt, onChange, readOnly }: TableProps) {
  const t = useT();
  const language = appI18n.locale === 'ru' ? 'ru' : 'en';
  const steps = draft.steps.map((step, k) => ({
    value: step.key,
    label: `${k + 1}. ${step.name[language] || step.name[language === 'ru' ? 'en' : 'ru'] || step.key}`,
  }));
  const edit = (k: number, patch: Partial<RelationDraft>) =>
    onChange({ ...draft, relations: draft.relations.map((r, i) => (i === k ? { ...r, ...patch } : r)) });
  const add = () => {
    const [from, to] = [draft.steps.at(-2)?.key ?? '', draft.steps.at(-1)?.key ?? ''];
    onChange({ ...draft, relations: [...draft.relations, { from, to, type: 'fs', lagDays: '0' }] });
  };
  const relationsError = errorText(errorAt('relations'));
  const choices = (value: string) =>
    steps.some((s) => s.value === value) ? steps : [{ value, label: value || '—' }, ...steps];
  return (
    <div className="template-relations">
      {draft.relations.length === 0 ? (
        <p className="muted">{t('assistant.templates.relation.none')}</p>
      ) : (
        <table className="template-table" data-testid="template-relations">
          <thead>
            <tr>
              <th>{t('assistant.templates.relation.from')}</th>
              <th className="template-col-type">{t('assistant.templates.relation.type')}</th>
              <th>{t('assistant.templates.relation.to')}</th>
              <th className="template-col-number">{t('assistant.templates.relation.lag')}</th>
              {!readOnly && <th className="template-col-actions" />}
            </tr>
          </thead>
          <tbody>
            {draft.relations.map((relation, k) => {
              const rowError = errorText(
                errorAt(`relations.${k}`) ?? errorAt(`relations.${k}.from`) ?? errorAt(`relations.${k}.to`),
              );
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: two rows may name the same pair while being edited
                <tr key={k} data-testid={`template-relation-${k + 1}`}>
                  <td>
                    <select
                      className="input input-compact select"
                      aria-label={`${t('assistant.templates.relation.from')} ${k + 1}`}
                      value={relation.from}
                      onChange={(e) => edit(k, { from: e.target.value })}
                    >
                      {choices(relation.from).map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                    {rowError && (
                      <div className="field-error" role="alert">
                        {rowError}
                      </div>
                    )}
                  </td>
                  <td className="template-col-type">
                    <select
                      className="input input-compact select"
                      aria-label={`${t('assistant.templates.relation.type')} ${k + 1}`}
                      value={relation.type}
                      onChange={(e) => {
                        const type = LINK_TYPES.find((x) => x === e.target.value);
                        if (type) edit(k, { type });
                      }}
                    >
                      {LINK_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {type.toUpperCase()}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <select
                      className="input input-compact select"
                      aria-label={`${t('assistant.templates.relation.to')} ${k + 1}`}
                      value={relation.to}
                      onChange={(e) => edit(k, { to: e.target.value })}
                    >
                      {choices(relation.to).map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="template-col-number">
                    <CellInput
                      aria-label={`${t('assistant.templates.relation.lag')} ${k + 1}`}
                      inputMode="decimal"
                      value={relation.lagDays}
                      onChange={(v) => edit(k, { lagDays: v })}
                      error={errorAt(`relations.${k}.lagDays`)}
                    />
                  </td>
                  {!readOnly && (
                    <td className="template-col-actions">
                      <CrossButton
                        label={t('assistant.templates.relation.remove')}
                        onClick={() =>
                          onChange({ ...draft, relations: draft.relations.filter((_, i) => i !== k) })
                        }
                      />
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {relationsError && (
        <div className="field-error" role="alert">
          {relationsError}
        </div>
      )}
      {!readOnly && (
        <Button
          variant="ghost"
          onClick={add}
          disabled={draft.steps.length < 2}
          data-testid="template-relation-add"
        >
          + {t('assistant.templates.relation.add')}
        </Button>
      )}
    </div>
  );
}

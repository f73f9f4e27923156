import type { AttributeType, FormulaFailure } from '@takt/contracts';
import { useEffect, useState } from 'react';
import { Button, namedOptions, SelectField, TextArea } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { describeFailure } from '../../lib/errors';
import type { FieldError } from '../../lib/form';
import { appI18n, useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import './formulas.css';

type CheckResult = { tone: 'ok' | 'error'; text: string } | null;

/**
 * The formula of an attribute: the expression, the names it may use (a click adds one to the formula) and
 * "Check", which validates the draft as saving would and shows its value for a work of a chosen version.
 */
export function FormulaEditor({
  formula,
  onChange,
  error,
  valueType,
  scheduleId,
  attributeId,
  schedules,
}: {
  formula: string;
  onChange: (formula: string) => void;
  error: FieldError | undefined;
  valueType: AttributeType;
  /** the attribute's schedule; '' for a space-wide attribute */
  scheduleId: string;
  attributeId: string | undefined;
  schedules: { id: string; name: string }[];
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const names = trpc.attributes.formulaNames.useQuery({
    spaceId,
    ...(scheduleId ? { scheduleId } : {}),
    ...(attributeId ? { attributeId } : {}),
  });
  // The sample comes from a version of the attribute's schedule, or of any schedule for a space-wide one.
  const [sampleSchedule, setSampleSchedule] = useState(scheduleId || schedules[0]?.id || '');
  useEffect(() => {
    if (scheduleId) setSampleSchedule(scheduleId);
  }, [scheduleId]);
  const versions = trpc.versions.list.useQuery(
    { spaceId, scheduleId: sampleSchedule },
    { enabled: !!sampleSchedule },
  );
  const [versionId, setVersionId] = useState('');
  const versionList = versions.data ?? [];
  const chosenVersion =
    versionList.find((v) => v.id === versionId)?.id ??
    (versionList.find((v) => v.actual) ?? versionList[versionList.length - 1])?.id ??
    '';
  const [result, setResult] = useState<CheckResult>(null);
  const [checking, setChecking] = useState(false);
  const add = (name: string) => {
    onChange(formula.trim() ? `${formula.trimEnd()} ${name}` : name);
    setResult(null);
  };

  const check = async () => {
    setChecking(true);
    try {
      const answer = await utils.attributes.checkFormula.fetch(
        {
          spaceId,
          formula,
          valueType,
          scheduleId: scheduleId || null,
          ...(attributeId ? { attributeId } : {}),
          ...(chosenVersion ? { versionId: chosenVersion } : {}),
        },
        { trpc: { context: { quiet: true, showsIssues: true } } },
      );
      const sample = answer.sample;
      if (!sample) setResult({ tone: 'ok', text: t('formulas.check_ok') });
      else {
        const work = [sample.code, sample.name].filter(Boolean).join(' ');
        const text = sample.failure
          ? t('formulas.sample_failed', {
              work,
              reason: t(`formulas.failure.${sample.failure as FormulaFailure}`),
            })
          : sample.empty
            ? t('formulas.sample_empty', { work })
            : t('formulas.sample', { work, value: String(sample.value) });
        setResult({ tone: sample.failure ? 'error' : 'ok', text: `${t('formulas.check_ok')}. ${text}` });
      }
    } catch (failure) {
      const described = describeFailure(failure, null);
      const issue = described.issues[0];
      setResult({
        tone: 'error',
        text: issue
          ? appI18n._(issue.message, issue.params)
          : (described.messages[0] ?? t('errors.UnknownException')),
      });
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="formula-editor" data-testid="formula-editor">
      <TextArea
        label={t('formulas.formula')}
        value={formula}
        onChange={(v) => {
          onChange(v);
          setResult(null);
        }}
        error={error}
        hint={t('formulas.formula_hint')}
        rows={3}
        spellCheck={false}
        className="input textarea formula-input"
        data-testid="formula-input"
      />
      <fieldset className="formula-names" aria-label={t('formulas.names')}>
        <NameGroup
          title={t('formulas.fields')}
          items={(names.data?.fields ?? []).map((f) => ({
            insert: f.name,
            label: f.name,
            hint: t(`formulas.field.${f.name as 'duration'}`),
          }))}
          onAdd={add}
        />
        <NameGroup
          title={t('formulas.attributes')}
          items={(names.data?.attributes ?? []).map((a) => ({
            insert: a.reference,
            label: a.name,
            hint: `${t(`attribute_type.${a.valueType as AttributeType}`)}${a.formula ? ` · ${t('formulas.computed')}` : ''}`,
          }))}
          onAdd={add}
        />
        <NameGroup
          title={t('formulas.functions')}
          items={(names.data?.functions ?? []).map((f) => ({ insert: `${f}(`, label: `${f}()`, hint: '' }))}
          onAdd={add}
        />
      </fieldset>
      <div className="formula-check">
        {!scheduleId && (
          <SelectField
            label={t('links.schedule')}
            value={sampleSchedule}
            onChange={(id) => {
              setSampleSchedule(id);
              setVersionId('');
            }}
            options={namedOptions(schedules)}
          />
        )}
        <SelectField
          label={t('formulas.check_version')}
          value={chosenVersion}
          onChange={setVersionId}
          options={versionList.map((v) => ({ value: v.id, label: v.name }))}
          data-testid="formula-check-version"
        />
        <Button
          busy={checking}
          disabled={!formula.trim()}
          onClick={() => void check()}
          data-testid="formula-check"
        >
          {t('formulas.check')}
        </Button>
      </div>
      {result && (
        <p
          className={`formula-result formula-result-${result.tone}`}
          role="status"
          data-testid="formula-check-result"
        >
          {result.text}
        </p>
      )}
    </div>
  );
}

function NameGroup({
  title,
  items,
  onAdd,
}: {
  title: string;
  items: { insert: string; label: string; hint: string }[];
  onAdd: (text: string) => void;
}) {
  const t = useT();
  if (!items.length) return null;
  return (
    <div className="formula-name-group">
      <span className="formula-name-title">{title}</span>
      {items.map((item) => (
        <button
          key={item.insert}
          type="button"
          className="formula-name"
          title={item.hint ? `${item.hint} — ${t('formulas.insert', { name: item.insert })}` : undefined}
          aria-label={t('formulas.insert', { name: item.insert })}
          onClick={() => onAdd(item.insert)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

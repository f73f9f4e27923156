import { LIMIT_TYPES, WORK_STATUSES, WORK_TYPES, workFields } from '@takt/contracts';
import { useState } from 'react';
import { choicesOf } from '../../components/compact-select';
import { FormDialog } from '../../components/dialog';
import { namedOptions, SelectField, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import type { ScheduleModel } from '../../lib/columnar';
import { describeFailure } from '../../lib/errors';
import { appI18n, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { daysToMinutes, parseDateText, parseNumberText } from '../../lib/schedule-time';
import { api } from '../../lib/trpc';
import { check, isRolledUpField, isRolledUpSummary, parseAttributeText } from './columns';

type Kind = 'select' | 'date' | 'number' | 'days' | 'text' | 'limit';
/** The fields a bulk edit sets, each with the grid column that names it and its editor. */
const FIELDS = [
  ['type', 'type', 'select'],
  ['status', 'status', 'select'],
  ['calendarId', 'calendar', 'select'],
  ['executorId', 'executor', 'select'],
  ['curatorId', 'curator', 'select'],
  ['durationMinutes', 'duration', 'days'],
  ['progress', 'progress', 'number'],
  ['planStart', 'start', 'date'],
  ['planFinish', 'finish', 'date'],
  ['approvedStart', 'approvedStart', 'date'],
  ['approvedFinish', 'approvedFinish', 'date'],
  ['factStart', 'factStart', 'date'],
  ['factFinish', 'factFinish', 'date'],
  ['planVolume', 'volume', 'number'],
  ['approvedVolume', 'approvedVolume', 'number'],
  ['factVolume', 'factVolume', 'number'],
  ['unit', 'unit', 'text'],
  ['startLimit', 'startLimit', 'limit'],
  ['finishLimit', 'finishLimit', 'limit'],
] as const satisfies readonly (readonly [keyof typeof workFields.shape, string, Kind])[];
type Field = (typeof FIELDS)[number][0];
type Attribute = RouterOutputs['attributes']['list'][number];
/** A custom attribute is chosen as `attr:<id>`. */
const ATTRIBUTE_PREFIX = 'attr:';

/**
 * Sets one field — or one custom attribute the user may edit — of every selected work through
 * `works.bulkUpdate`: one request, one undo action. Values are checked with the contracts schemas
 * first; dates in the input formats of validation rules; an empty attribute value clears it.
 */
export function BulkEditDialog({
  model,
  rows,
  versionId,
  hoursPerDay,
  calendars,
  members,
  attributes = [],
  onClose,
  onDone,
}: {
  model: ScheduleModel;
  rows: readonly number[];
  versionId: string;
  hoursPerDay: number;
  calendars: readonly { id: string; name: string }[];
  members: readonly { userId: string; firstName: string; lastName: string }[];
  attributes?: readonly Attribute[];
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [field, setField] = useState<Field | `${typeof ATTRIBUTE_PREFIX}${string}`>('status');
  const [value, setValue] = useState('not_started');
  const [limitType, setLimitType] = useState('not_earlier');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editable = attributes.filter((a) => a.canEdit);
  const attribute = field.startsWith(ATTRIBUTE_PREFIX)
    ? editable.find((a) => `${ATTRIBUTE_PREFIX}${a.id}` === field)
    : undefined;
  const kind: Kind = attribute
    ? attribute.valueType === 'boolean'
      ? 'select'
      : 'text'
    : FIELDS.find((f) => f[0] === field)![2];
  const none = { value: '', label: t('common.none') };
  const people = [none, ...members.map((u) => ({ value: u.userId, label: `${u.firstName} ${u.lastName}` }))];
  const options: Partial<Record<string, { value: string; label: string }[]>> = {
    type: choicesOf(WORK_TYPES, (w) => t(`work_type.${w}`)),
    status: choicesOf(WORK_STATUSES, (s) => t(`work_status.${s}`)),
    calendarId: namedOptions(calendars, none.label),
    executorId: people,
    curatorId: people,
  };

  if (attribute?.valueType === 'boolean')
    options[field] = [
      none,
      { value: 'true', label: t('common.yes') },
      { value: 'false', label: t('common.no') },
    ];

  const pickField = (next: typeof field) => {
    setField(next);
    setProblem(null);
    setValue(options[next]?.[0]?.value ?? '');
  };

  /** The value to send, or an error text. */
  const parse = (): { value: unknown } | { error: string } => {
    if (attribute) return parseAttributeText(t, attribute.valueType, value);
    switch (kind) {
      case 'select':
        return { value: value || null };
      case 'date': {
        const date = parseDateText(value);
        return date === undefined ? { error: t('validation.invalid_date') } : { value: date };
      }
      case 'number':
      case 'days': {
        const n = parseNumberText(value);
        if (Number.isNaN(n)) return { error: t('validation.not_a_number') };
        if (kind === 'days')
          return n === null ? { error: t('validation.required') } : { value: daysToMinutes(n, hoursPerDay) };
        return { value: field === 'progress' ? (n ?? 0) : n };
      }
      case 'text':
        return { value: value.trim() || null };
      case 'limit': {
        if (!limitType) return { value: null };
        const date = parseDateText(value);
        if (!date) return { error: t(date === null ? 'validation.required' : 'validation.invalid_date') };
        return { value: { type: limitType, date } };
      }
    }
  };

  const submit = async () => {
    const parsed = parse();
    if ('error' in parsed) return setProblem(parsed.error);
    // Checked against the contracts schema below, then sent as the one field to set.
    const set: Record<string, unknown> = attribute
      ? { attributes: { [attribute.id]: parsed.value } }
      : { [field]: parsed.value };
    const [name, schema] = attribute
      ? (['attributes', workFields.shape.attributes] as const)
      : ([field as Field, workFields.shape[field as Field]] as const);
    const invalid = check(schema, set[name]);
    if (invalid) return setProblem(invalid);
    // A summary's rolled-up fields follow its works (the server refuses them): the edit passes it by.
    const targets =
      !attribute && isRolledUpField(field) ? rows.filter((r) => !isRolledUpSummary(model, r)) : rows;
    if (!targets.length) return setProblem(t('validation.summary_rolled_up'));
    setBusy(true);
    try {
      const result = await api.works.bulkUpdate.mutate(
        {
          spaceId,
          versionId,
          works: targets.map((r) => ({ workId: model.ids[r]!, revision: model.revision[r]! })),
          set,
        },
        { context: { showsIssues: true } },
      );
      notify('success', [t('grid.bulk.done', { count: result.count })]);
      onDone();
      onClose();
    } catch (error) {
      const failure = describeFailure(error, 'works.bulkUpdate');
      const issue = failure.issues[0];
      setProblem(
        issue
          ? appI18n._(issue.message, issue.params)
          : (failure.messages[0] ?? t('errors.UnknownException')),
      );
    } finally {
      setBusy(false);
    }
  };

  const valueLabel = t('grid.bulk.value');
  const error = problem ? { message: problem } : undefined;
  return (
    <FormDialog
      title={t('grid.bulk.title', { count: rows.length })}
      submitLabel={t('grid.bulk.apply')}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="bulk-dialog"
    >
      <p className="muted">{t('grid.bulk.hint')}</p>
      <SelectField
        label={t('grid.bulk.field')}
        value={field}
        onChange={(v) => pickField(v as typeof field)}
        options={[
          ...FIELDS.map(([key, column]) => ({ value: key, label: t(`grid.col.${column}`) })),
          ...editable.map((a) => ({ value: `${ATTRIBUTE_PREFIX}${a.id}`, label: a.name })),
        ]}
      />
      {kind === 'limit' && (
        <SelectField
          label={t('grid.limit.type')}
          value={limitType}
          onChange={(v) => {
            setLimitType(v);
            setProblem(null);
          }}
          options={[none, ...LIMIT_TYPES.map((l) => ({ value: l, label: t(`grid.limit.${l}`) }))]}
        />
      )}
      {kind === 'select' ? (
        <SelectField
          label={valueLabel}
          value={value}
          onChange={(v) => {
            setValue(v);
            setProblem(null);
          }}
          options={options[field] ?? []}
        />
      ) : (
        <TextField
          label={kind === 'limit' ? t('grid.limit.date') : valueLabel}
          value={value}
          disabled={kind === 'limit' && !limitType}
          placeholder={kind === 'date' || kind === 'limit' ? t('grid.date_placeholder') : undefined}
          onChange={(v) => {
            setValue(v);
            setProblem(null);
          }}
          error={error}
        />
      )}
      {kind === 'select' && problem && (
        <div className="field-error" role="alert">
          {problem}
        </div>
      )}
    </FormDialog>
  );
}

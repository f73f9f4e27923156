import { RESOURCE_KINDS, type ResourceKind } from '@takt/contracts';
import { namedOptions, SelectField, TextField } from '../../components/ui';
import type { FieldErrors } from '../../lib/form';
import { useT } from '../../lib/i18n';
import type { ResourceDraft } from './resource-form';

/** A resource's own fields: name, code, kind, unit, price, units per day, calendar and specialty. */
export function ResourceFields({
  draft,
  onChange,
  errors,
  editable,
  calendars,
  specialties,
}: {
  draft: ResourceDraft;
  onChange: (patch: Partial<ResourceDraft>) => void;
  errors: FieldErrors;
  editable: boolean;
  calendars: readonly { id: string; name: string }[];
  specialties: readonly { id: string; name: string }[];
}) {
  const t = useT();
  // A text or select field's value, change and error; `error` names the error's field where the input's differs.
  const bind = (key: Exclude<keyof ResourceDraft, 'kind' | 'periods'>, error: string = key) => ({
    value: draft[key],
    onChange: (value: string) => onChange({ [key]: value }),
    error: errors[error],
  });
  return (
    <fieldset disabled={!editable} className="resource-fields">
      <TextField label={t('eps.name')} {...bind('name')} maxLength={255} />
      <TextField label={t('eps.code')} {...bind('code')} maxLength={64} />
      <SelectField
        label={t('resources.kind')}
        value={draft.kind}
        onChange={(v) => onChange({ kind: v as ResourceKind })}
        options={RESOURCE_KINDS.map((k) => ({ value: k, label: t(`resources.kind.${k}`) }))}
        hint={t(`resources.kind_hint.${draft.kind}`)}
        error={errors.kind}
      />
      <TextField label={t('resources.unit')} {...bind('unit')} maxLength={16} />
      <TextField label={t('resources.price')} {...bind('price')} inputMode="decimal" />
      <TextField
        label={t('resources.units_per_day')}
        {...bind('units', 'unitsPerDay')}
        hint={t('resources.units_per_day_hint')}
        inputMode="decimal"
      />
      <SelectField
        label={t('resources.calendar')}
        {...bind('calendarId')}
        options={namedOptions(calendars, t('resources.every_day'))}
      />
      <SelectField
        label={t('resources.specialty')}
        {...bind('specialtyId')}
        options={namedOptions(specialties, t('common.none'))}
      />
    </fieldset>
  );
}

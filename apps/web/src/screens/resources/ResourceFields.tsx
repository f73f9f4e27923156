import { RESOURCE_KINDS, type ResourceKind } from '@takt/contracts';
import { SelectField, TextField } from '../../components/ui';
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
  return (
    <fieldset disabled={!editable} className="resource-fields">
      <TextField
        label={t('eps.name')}
        value={draft.name}
        onChange={(name) => onChange({ name })}
        error={errors.name}
        maxLength={255}
      />
      <TextField
        label={t('eps.code')}
        value={draft.code}
        onChange={(code) => onChange({ code })}
        error={errors.code}
        maxLength={64}
      />
      <SelectField
        label={t('resources.kind')}
        value={draft.kind}
        onChange={(v) => onChange({ kind: v as ResourceKind })}
        options={RESOURCE_KINDS.map((k) => ({ value: k, label: t(`resources.kind.${k}`) }))}
        hint={t(`resources.kind_hint.${draft.kind}`)}
        error={errors.kind}
      />
      <TextField
        label={t('resources.unit')}
        value={draft.unit}
        onChange={(unit) => onChange({ unit })}
        error={errors.unit}
        maxLength={16}
      />
      <TextField
        label={t('resources.price')}
        value={draft.price}
        onChange={(price) => onChange({ price })}
        error={errors.price}
        inputMode="decimal"
      />
      <TextField
        label={t('resources.units_per_day')}
        value={draft.units}
        onChange={(units) => onChange({ units })}
        error={errors.unitsPerDay}
        hint={t('resources.units_per_day_hint')}
        inputMode="decimal"
      />
      <SelectField
        label={t('resources.calendar')}
        value={draft.calendarId}
        onChange={(calendarId) => onChange({ calendarId })}
        options={[
          { value: '', label: t('resources.every_day') },
          ...calendars.map((c) => ({ value: c.id, label: c.name })),
        ]}
        error={errors.calendarId}
      />
      <SelectField
        label={t('resources.specialty')}
        value={draft.specialtyId}
        onChange={(specialtyId) => onChange({ specialtyId })}
        options={[
          { value: '', label: t('common.none') },
          ...specialties.map((s) => ({ value: s.id, label: s.name })),
        ]}
        error={errors.specialtyId}
      />
    </fieldset>
  );
}

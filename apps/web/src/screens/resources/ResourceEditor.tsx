import { RESOURCE_KINDS, type ResourceKind } from '@takt/contracts';
import { useState } from 'react';
import { confirmed } from '../../components/confirm';
import { Button, Card, errorText, SelectField, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { describeFailure } from '../../lib/errors';
import { type FieldErrors, serverFieldErrors } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { api, trpc } from '../../lib/trpc';
import { dayText, parseAmount, parseDay, quantityText } from './format';

/** A resource of the space's directory as the resources screen lists it. */
export type Resource = RouterOutputs['resources']['list'][number];

interface PeriodRow {
  from: string;
  until: string;
  units: string;
}

/** The editor of one resource (or a new one): its fields and its availability periods. */
export function ResourceEditor({
  resource,
  editable,
  calendars,
  specialties,
  onSaved,
  onDeleted,
  onClose,
}: {
  resource: Resource | null;
  editable: boolean;
  calendars: readonly { id: string; name: string }[];
  specialties: readonly { id: string; name: string }[];
  onSaved: (id: string) => void;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const [name, setName] = useState(resource?.name ?? '');
  const [code, setCode] = useState(resource?.code ?? '');
  const [kind, setKind] = useState<ResourceKind>(resource?.kind ?? 'labour');
  const [unit, setUnit] = useState(resource?.unit ?? '');
  const [price, setPrice] = useState(quantityText(resource?.price ?? 0, 2));
  const [units, setUnits] = useState(quantityText(resource?.unitsPerDay));
  const [calendarId, setCalendarId] = useState(resource?.calendarId ?? '');
  const [specialtyId, setSpecialtyId] = useState(resource?.specialtyId ?? '');
  const [periods, setPeriods] = useState<PeriodRow[]>(
    (resource?.periods ?? []).map((p) => ({
      from: dayText(p.from),
      until: dayText(p.until),
      units: quantityText(p.unitsPerDay),
    })),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const local: FieldErrors = {};
    const priceValue = parseAmount(price);
    const unitsValue = parseAmount(units);
    if (priceValue === undefined) local.price = { message: 'validation.not_a_number' };
    if (unitsValue === undefined) local.unitsPerDay = { message: 'validation.not_a_number' };
    const periodValues = periods.map((p) => ({
      from: parseDay(p.from),
      until: parseDay(p.until),
      unitsPerDay: parseAmount(p.units),
    }));
    if (periodValues.some((p) => !p.from || p.until === undefined || p.unitsPerDay == null))
      local.periods = { message: 'resources.validation.period_fields' };
    if (Object.keys(local).length) return setErrors(local);
    const fields = {
      name,
      code: code.trim() || null,
      kind,
      unit: unit.trim() || null,
      price: priceValue ?? 0,
      unitsPerDay: unitsValue ?? null,
      calendarId: calendarId || null,
      specialtyId: specialtyId || null,
      periods: periodValues.map((p) => ({
        from: p.from!,
        until: p.until ?? null,
        unitsPerDay: p.unitsPerDay!,
      })),
    };
    setBusy(true);
    try {
      const saved = resource
        ? await api.resources.update.mutate(
            { spaceId, resourceId: resource.id, revision: resource.revision, ...fields },
            { context: { showsIssues: true } },
          )
        : await api.resources.create.mutate({ spaceId, ...fields }, { context: { showsIssues: true } });
      await utils.resources.list.invalidate();
      notify('success', [t('common.saved')]);
      onSaved(saved.id);
    } catch (error) {
      const failure = describeFailure(error, null);
      if (failure.issues.length) setErrors(serverFieldErrors(failure.issues));
      if (failure.code === 'Conflict') await utils.resources.list.invalidate();
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!resource) return;
    if (!(await confirmed({ title: t('resources.delete_title', { name: resource.name }), danger: true })))
      return;
    try {
      await api.resources.delete.mutate({ spaceId, resourceId: resource.id });
      await utils.resources.list.invalidate();
      onDeleted();
    } catch {
      // The failure (e.g. ResourceInUse) is already shown by the client's error handling.
    }
  };

  const setPeriod = (index: number, patch: Partial<PeriodRow>) =>
    setPeriods((list) => list.map((p, k) => (k === index ? { ...p, ...patch } : p)));

  return (
    <Card
      className="resource-editor"
      title={resource ? resource.name : t('resources.new')}
      actions={
        <Button variant="ghost" onClick={onClose} aria-label={t('common.close')}>
          ×
        </Button>
      }
    >
      <form
        className="resource-form"
        data-testid="resource-editor"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset disabled={!editable} className="resource-fields">
          <TextField
            label={t('eps.name')}
            value={name}
            onChange={setName}
            error={errors.name}
            maxLength={255}
          />
          <TextField
            label={t('eps.code')}
            value={code}
            onChange={setCode}
            error={errors.code}
            maxLength={64}
          />
          <SelectField
            label={t('resources.kind')}
            value={kind}
            onChange={(v) => setKind(v as ResourceKind)}
            options={RESOURCE_KINDS.map((k) => ({ value: k, label: t(`resources.kind.${k}`) }))}
            hint={t(`resources.kind_hint.${kind}`)}
            error={errors.kind}
          />
          <TextField
            label={t('resources.unit')}
            value={unit}
            onChange={setUnit}
            error={errors.unit}
            maxLength={16}
          />
          <TextField
            label={t('resources.price')}
            value={price}
            onChange={setPrice}
            error={errors.price}
            inputMode="decimal"
          />
          <TextField
            label={t('resources.units_per_day')}
            value={units}
            onChange={setUnits}
            error={errors.unitsPerDay}
            hint={t('resources.units_per_day_hint')}
            inputMode="decimal"
          />
          <SelectField
            label={t('resources.calendar')}
            value={calendarId}
            onChange={setCalendarId}
            options={[
              { value: '', label: t('resources.every_day') },
              ...calendars.map((c) => ({ value: c.id, label: c.name })),
            ]}
            error={errors.calendarId}
          />
          <SelectField
            label={t('resources.specialty')}
            value={specialtyId}
            onChange={setSpecialtyId}
            options={[
              { value: '', label: t('common.none') },
              ...specialties.map((s) => ({ value: s.id, label: s.name })),
            ]}
            error={errors.specialtyId}
          />
        </fieldset>
        <div className="resource-periods">
          <div className="panel-row">
            <h3 className="resource-periods-title">{t('resources.availability_periods')}</h3>
            <Button
              variant="ghost"
              disabled={!editable}
              onClick={() => setPeriods((list) => [...list, { from: '', until: '', units: '' }])}
              data-testid="period-add"
            >
              + {t('common.add')}
            </Button>
          </div>
          {periods.length === 0 ? (
            <p className="muted">{t('resources.no_periods')}</p>
          ) : (
            <table className="table period-table">
              <thead>
                <tr>
                  <th>{t('resources.period_from')}</th>
                  <th>{t('resources.period_until')}</th>
                  <th>{t('resources.units_per_day')}</th>
                  <th aria-label={t('common.actions')} />
                </tr>
              </thead>
              <tbody>
                {periods.map((p, k) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows being typed have no id yet
                  <tr key={k}>
                    <td>
                      <input
                        className="input input-compact"
                        placeholder={t('common.date_placeholder')}
                        aria-label={t('resources.period_from')}
                        value={p.from}
                        disabled={!editable}
                        onChange={(e) => setPeriod(k, { from: e.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        className="input input-compact"
                        placeholder={t('common.never')}
                        aria-label={t('resources.period_until')}
                        value={p.until}
                        disabled={!editable}
                        onChange={(e) => setPeriod(k, { until: e.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        className="input input-compact"
                        inputMode="decimal"
                        aria-label={t('resources.units_per_day')}
                        value={p.units}
                        disabled={!editable}
                        onChange={(e) => setPeriod(k, { units: e.target.value })}
                      />
                    </td>
                    <td>
                      <Button
                        variant="ghost"
                        disabled={!editable}
                        aria-label={t('common.delete')}
                        onClick={() => setPeriods((list) => list.filter((_, i) => i !== k))}
                      >
                        ×
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {errors.periods && (
            <div className="field-error" role="alert">
              {errorText(errors.periods)}
            </div>
          )}
        </div>
        <footer className="resource-actions">
          {resource && (
            <Button
              variant="danger"
              disabled={!editable}
              onClick={() => void remove()}
              data-testid="resource-delete"
            >
              {t('common.delete')}
            </Button>
          )}
          <span className="schedule-toolbar-gap" />
          <Button
            type="submit"
            variant="primary"
            busy={busy}
            disabled={!editable}
            data-testid="resource-save"
          >
            {t('common.save')}
          </Button>
        </footer>
      </form>
    </Card>
  );
}

import type { ResourceKind } from '@takt/contracts';
import type { RouterOutputs } from '../../lib/api-types';
import type { FieldErrors } from '../../lib/form';
import { dayText, parseAmount, parseDay, quantityText } from './format';

/** A resource of the space's directory as the resources screen lists it. */
export type Resource = RouterOutputs['resources']['list'][number];

/** An availability period as typed: days as DD.MM.YYYY, units per day as text. */
export interface PeriodRow {
  from: string;
  until: string;
  units: string;
}

/** The resource editor's fields as typed. */
export interface ResourceDraft {
  name: string;
  code: string;
  kind: ResourceKind;
  unit: string;
  price: string;
  units: string;
  calendarId: string;
  specialtyId: string;
  periods: PeriodRow[];
}

/** The fields of a resource to edit, or of a new labour resource. */
export function draftOf(resource: Resource | null): ResourceDraft {
  return {
    name: resource?.name ?? '',
    code: resource?.code ?? '',
    kind: resource?.kind ?? 'labour',
    unit: resource?.unit ?? '',
    price: quantityText(resource?.price ?? 0, 2),
    units: quantityText(resource?.unitsPerDay),
    calendarId: resource?.calendarId ?? '',
    specialtyId: resource?.specialtyId ?? '',
    periods: (resource?.periods ?? []).map((p) => ({
      from: dayText(p.from),
      until: dayText(p.until),
      units: quantityText(p.unitsPerDay),
    })),
  };
}

/**
 * The resource to send from the typed fields, or the fields that are not amounts or days (the
 * server checks the rest): a price and units per day ≥ 0, each period with a start and its units.
 */
export function resourceOf(draft: ResourceDraft) {
  const errors: FieldErrors = {};
  const price = parseAmount(draft.price);
  const unitsPerDay = parseAmount(draft.units);
  if (price === undefined) errors.price = { message: 'validation.not_a_number' };
  if (unitsPerDay === undefined) errors.unitsPerDay = { message: 'validation.not_a_number' };
  const periods = draft.periods.map((p) => ({
    from: parseDay(p.from),
    until: parseDay(p.until),
    unitsPerDay: parseAmount(p.units),
  }));
  if (periods.some((p) => !p.from || p.until === undefined || p.unitsPerDay == null))
    errors.periods = { message: 'resources.validation.period_fields' };
  if (Object.keys(errors).length) return { errors };
  return {
    fields: {
      name: draft.name,
      code: draft.code.trim() || null,
      kind: draft.kind,
      unit: draft.unit.trim() || null,
      price: price ?? 0,
      unitsPerDay: unitsPerDay ?? null,
      calendarId: draft.calendarId || null,
      specialtyId: draft.specialtyId || null,
      periods: periods.map((p) => ({ from: p.from!, until: p.until ?? null, unitsPerDay: p.unitsPerDay! })),
    },
  };
}

import type { ReservedAllocationMode } from '@takt/contracts';
import type { RouterOutputs } from '../../lib/api-types';
import type { Translate } from '../../lib/i18n';
import { parseAmount, quantityText } from './format';

export type Assignment = RouterOutputs['assignments']['list'][number];
/** The fields of an assignment that its row edits. */
export type AssignmentPatch = Partial<
  Pick<
    Assignment,
    | 'planQuantity'
    | 'approvedQuantity'
    | 'factQuantity'
    | 'distribution'
    | 'reserved'
    | 'lagMinutes'
    | 'windowMinutes'
    | 'followsId'
    | 'period'
  >
>;

/**
 * A quantity typed over `current`: `{ value }` to save (empty is null where the field may be empty,
 * else 0), null when nothing changed, `{ error }` for text that is not an amount.
 */
export function amountChange(
  text: string,
  current: number | null,
  nullable: boolean,
): { value: number | null } | { error: 'validation.not_a_number' } | null {
  const value = parseAmount(text);
  if (value === undefined) return { error: 'validation.not_a_number' };
  if (value === null && !nullable) return { value: 0 };
  return value === current ? null : { value };
}

/** Minutes as working days of `hoursPerDay` for a lag or window field; '' for none. */
export const daysText = (minutes: number | null, hoursPerDay: number) =>
  minutes === null ? '' : quantityText(minutes / 60 / hoursPerDay, 2);

/** Typed days as minutes of `hoursPerDay`; null for empty text or text that is not a number. */
export function minutesOfDays(text: string, hoursPerDay: number): number | null {
  const value = Number(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? null : Math.round(value * 60 * hoursPerDay);
}

/**
 * The change of an assignment to another reserved allocation mode, with the parameter the mode needs
 * when it has none yet: a lag of 0, a monthly period, the first other volume assignment to follow
 * (`error` when the work has none).
 */
export function reservedChange(
  a: Assignment,
  reserved: ReservedAllocationMode | null,
  others: readonly Assignment[],
): AssignmentPatch | { error: 'resources.validation.follows_required' } {
  const patch: AssignmentPatch = { reserved };
  if (reserved === 'by_lag' && a.lagMinutes === null) patch.lagMinutes = 0;
  if (reserved === 'by_period' && !a.period) patch.period = 'month';
  if (reserved === 'by_volume') {
    const volume = others.find((o) => o.kind === 'volume' && o.id !== a.id);
    if (!volume) return { error: 'resources.validation.follows_required' };
    patch.followsId = volume.id;
  }
  return patch;
}

export interface ScenarioResult {
  scenario: number;
  count: number;
  skipped: {
    label: string;
    reason: 'no_plan' | 'no_target' | 'no_daily_plan' | 'invalid';
    detail?: string;
  }[];
}

/** The lines telling what applying a scenario did: the count, then the first three works skipped and why. */
export function scenarioMessages(t: Translate, r: ScenarioResult): string[] {
  const reason = (s: ScenarioResult['skipped'][number]) =>
    s.reason === 'no_plan'
      ? t(`scenario.reason.no_plan_${r.scenario as 6 | 9 | 12}`)
      : s.reason === 'invalid'
        ? (s.detail ?? '')
        : t(`scenario.reason.${s.reason}`);
  return [
    t('scenario.applied', { scenario: r.scenario, count: r.count }),
    ...r.skipped.slice(0, 3).map((s) => t('scenario.skipped', { work: s.label, reason: reason(s) })),
    ...(r.skipped.length > 3 ? [t('histogram.over_more', { count: r.skipped.length - 3 })] : []),
  ];
}

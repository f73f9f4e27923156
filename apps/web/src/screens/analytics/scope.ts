import type { AnalyticsLevel } from '@takt/contracts';
import { formatDate } from '@takt/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { appI18n } from '../../lib/i18n';
import { formatNumber } from '../../lib/schedule-time';

/** What a dashboard shows the figures of: a level and the id of its space, EPS node or version. */
export interface DashboardScope {
  level: AnalyticsLevel;
  id: string;
}

export type Indicators = RouterOutputs['analytics']['indicators']['total'];
export type ScopeVersion = RouterOutputs['analytics']['indicators']['versions'][number];

/** A number in the active language, or a dash for none. */
export const num = (value: number | null | undefined, digits = 2) =>
  value === null || value === undefined ? '—' : formatNumber(value, appI18n.locale, digits);

/** A `YYYY-MM-DD…` date as the product writes a day (`DD.MM.YYYY`). */
export const day = (iso: string | null | undefined) =>
  iso ? formatDate(`${iso.slice(0, 10)}T00:00:00`) : '—';

/** The schedule screen of a version, with the grid filtered by an indicator or a work selected. */
export function scheduleLink(
  version: { scheduleId: string; versionId: string },
  params: { indicator?: string; target?: string } = {},
) {
  const query = new URLSearchParams({ version: version.versionId });
  if (params.indicator) query.set('filter_indicator', params.indicator);
  if (params.target) query.set('target', params.target);
  return `/schedule/${version.scheduleId}?${query}`;
}

import { appI18n } from '../../lib/i18n';

/** Money with kopecks and grouped thousands, quantities with up to six decimals, in the app's language. */
export const money = (value: number | null | undefined) =>
  new Intl.NumberFormat(appI18n.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(value ?? 0),
  );
export const quantity = (value: number | null | undefined) =>
  new Intl.NumberFormat(appI18n.locale, { maximumFractionDigits: 6 }).format(Number(value ?? 0));

/**
 * Messages of the spreadsheet import, the Takt archive and the estimate files: i18n ids of the catalog
 * (`packages/i18n/src/locales/area-interchange.ts`, English and Russian) with their values, so the server
 * and the web app show them translated; `message` is the English text for logs and scripts, rendered from
 * the same catalog.
 */
import { CATALOGS, type MessageId, translate } from '@takt/i18n';

export type InterchangeMessageId = Extract<
  MessageId,
  | `interchange.tabular.${string}`
  | `interchange.archive.${string}`
  | `interchange.estimate.${string}`
  | `interchange.missing_volume_codes${string}`
>;

const OWN = /^interchange\.(tabular\.|archive\.|estimate\.|missing_volume_codes)/;
/** This package's messages in English, as the catalog has them. */
export const INTERCHANGE_MESSAGES = Object.fromEntries(
  Object.entries(CATALOGS.en).filter(([id]) => OWN.test(id)),
) as Readonly<Record<InterchangeMessageId, string>>;

export type MessageValues = Readonly<Record<string, string | number>>;

export interface LocalizedText {
  id: InterchangeMessageId;
  values: MessageValues;
  /** English. */
  message: string;
}

export function englishText(id: InterchangeMessageId, values: MessageValues = {}): string {
  return translate('en', id, values);
}

export function localized(id: InterchangeMessageId, values: MessageValues = {}): LocalizedText {
  return { id, values, message: englishText(id, values) };
}

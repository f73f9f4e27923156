export {
  applyOverrides,
  CATALOG_LANGUAGES,
  CATALOGS,
  type Catalog,
  createI18n,
  FALLBACK_LANGUAGE,
  isLanguage,
  isMessageId,
  isValidMessage,
  type Language,
  LOCALE_OF,
  type MessageId,
  translate,
} from './catalogs';
// Every formatter is public.
export * from './format';
export { GUIDE_SECTIONS, type GuideSection, type GuideSectionId, guideSections } from './guide';
export { parseAcceptLanguage, pickLanguage, primaryLanguage, resolveLanguage } from './language';

import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { type Catalog, en, type MessageId } from './locales/en';
import { fr } from './locales/fr';
import { ru } from './locales/ru';

export type { Catalog, MessageId };

/**
 * The catalogs are plain TypeScript modules of ICU messages, so neither the browser nor Node needs a
 * build step or a macro. Each catalog is compiled once, on first use, with Lingui's own compiler;
 * Lingui then only interpolates.
 */
export const CATALOGS = { ru, en, fr } as const satisfies Record<string, Catalog>;
export type Language = keyof typeof CATALOGS;
export const CATALOG_LANGUAGES = Object.keys(CATALOGS) as Language[];
export const FALLBACK_LANGUAGE: Language = 'ru';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(CATALOGS, value);
}

export function isMessageId(id: string): id is MessageId {
  return Object.hasOwn(en, id);
}

const compiled = new Map<Language, Messages>();

function compiledCatalog(lang: Language): Messages {
  let messages = compiled.get(lang);
  if (!messages) {
    messages = {};
    for (const [id, text] of Object.entries(CATALOGS[lang])) messages[id] = compileMessage(text);
    compiled.set(lang, messages);
  }
  return messages;
}

/** BCP 47 locale used for number and weekday formatting of a language. */
export const LOCALE_OF: Record<Language, string> = { ru: 'ru-RU', en: 'en-GB', fr: 'fr-FR' };

/** A Lingui instance with the catalog of `lang` loaded and activated. A missing id renders as the id. */
export function createI18n(lang: Language): I18n {
  const i18n = setupI18n();
  // Ids that are not in the catalog fall back to the id text itself, which Lingui compiles with this.
  i18n.setMessagesCompiler(compileMessage);
  // a copy each: Lingui merges later loads into the object it holds (see applyOverrides)
  for (const language of CATALOG_LANGUAGES) i18n.load(language, { ...compiledCatalog(language) });
  i18n.activate(lang, [LOCALE_OF[lang]]);
  return i18n;
}

const shared = new Map<Language, I18n>();

/** Translates one message id; returns the id itself when the catalog has no such message. */
export function translate(lang: Language, id: string, values?: Record<string, unknown>): string {
  const language = isLanguage(lang) ? lang : FALLBACK_LANGUAGE;
  let i18n = shared.get(language);
  if (!i18n) {
    i18n = createI18n(language);
    shared.set(language, i18n);
  }
  return i18n._(id, values);
}

/** Whether a text is a message the catalogs' compiler accepts (a space's override of a message, for one). */
export function isValidMessage(text: string): boolean {
  try {
    compileMessageOrThrow(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads every catalog into `i18n` afresh, with `overrides` (message id → text) over the catalog of `lang`:
 * a space's own wording. Ids the catalogs do not know and texts that do not compile are left out. Lingui
 * tells its listeners, so the texts on screen change at once.
 */
export function applyOverrides(
  i18n: I18n,
  lang: Language,
  overrides: Readonly<Record<string, string>>,
): void {
  for (const language of CATALOG_LANGUAGES) {
    const messages: Messages = { ...compiledCatalog(language) };
    if (language === lang)
      for (const [id, text] of Object.entries(overrides))
        if (isMessageId(id) && isValidMessage(text)) messages[id] = compileMessage(text);
    i18n.load(language, messages);
  }
}

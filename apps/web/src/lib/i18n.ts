import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  createI18n,
  interfaceLocale,
  type Language,
  LOCALE_OF,
  type MessageId,
  pickLanguage,
  primaryLanguage,
  type WeekRule,
  weekRuleOf,
} from '@takt/i18n';
import { useCallback } from 'react';

/** The one Lingui instance of the app; switching the language re-activates it. */
export const appI18n: I18n = createI18n('ru');

export function activateLanguage(lang: Language): void {
  if (appI18n.locale !== lang) appI18n.activate(lang, [LOCALE_OF[lang]]);
  document.documentElement.lang = lang;
}

const weekRules = new Map<string, WeekRule>();

/**
 * How weeks start and are numbered for the user (the spec: Monday by default, otherwise per locale): by
 * the browser's locale of the interface language when it names a region (Sunday for `en-US`), else by the
 * language's own locale (Monday for Russian, British English and French).
 */
export function weekRule(): WeekRule {
  const lang = (appI18n.locale || 'ru') as Language;
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const locale = interfaceLocale(lang, preferred);
  let rule = weekRules.get(locale);
  if (!rule) {
    rule = weekRuleOf(locale);
    weekRules.set(locale, rule);
  }
  return rule;
}

export type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

/** Translation function of the active language; components using it re-render on a switch. */
export function useT(): Translate {
  const { i18n } = useLingui();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the locale identifies the active catalog
  return useCallback((id, values) => i18n._(id, values), [i18n, i18n.locale]);
}

/** Translates an id that arrives at run time (a validation message id, an error code). */
export function translateDynamic(id: string, values?: Record<string, unknown>): string {
  return appI18n._(id, values);
}

/**
 * Language of the guest pages: the remembered choice, then the browser's preferred languages; the
 * first that the server allows and that has a catalog wins, otherwise the first allowed language.
 */
export function chooseLanguage(
  stored: Language | null,
  browserLanguages: readonly string[],
  allowed: readonly string[],
): Language {
  return pickLanguage(stored ? [stored, ...browserLanguages] : browserLanguages, allowed);
}

/** The disconnected layout needs no server: Russian for a Russian browser, otherwise English. */
export function disconnectedLanguage(browserLanguage: string | undefined): Language {
  return primaryLanguage(browserLanguage ?? '') === 'ru' ? 'ru' : 'en';
}

import type { Language } from '@takt/i18n';
import { appState } from '../state/app-state';
import { activateLanguage } from './i18n';
import { setDarkTheme, setStoredLanguage } from './storage';

/** Switches the interface language and remembers it as the last used localization. */
export function setLanguage(lang: Language): void {
  activateLanguage(lang);
  setStoredLanguage(lang);
  appState.set({ language: lang });
}

/** Applies the theme to the document and remembers the flag under `DarkThemeActive`. */
export function setTheme(dark: boolean): void {
  applyTheme(dark);
  setDarkTheme(dark);
}

export function applyTheme(dark: boolean): void {
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  appState.set({ darkTheme: dark });
}

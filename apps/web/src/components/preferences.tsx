import { LANGUAGES } from '@takt/contracts';
import { isLanguage, type Language } from '@takt/i18n';
import { useT } from '../lib/i18n';
import { setLanguage, setTheme } from '../lib/preferences';
import { useAppState } from '../state/app-state';
import { Icon } from './icons';

/** The languages the server allows (all of the product's before the system state is known). */
export function useAllowedLanguages(): Language[] {
  const allowed = useAppState((s) => s.systemState?.allowed_langs);
  return (allowed ?? LANGUAGES).filter(isLanguage);
}

export function LanguageSwitcher({ onChange }: { onChange?: (lang: Language) => void }) {
  const t = useT();
  const language = useAppState((s) => s.language);
  const allowed = useAllowedLanguages();
  return (
    <select
      className="lang-switch"
      aria-label={t('common.language')}
      value={language}
      onChange={(e) => {
        const lang = e.target.value;
        if (!isLanguage(lang)) return;
        setLanguage(lang);
        onChange?.(lang);
      }}
    >
      {allowed.map((lang) => (
        <option key={lang} value={lang}>
          {t(`lang.${lang}`)}
        </option>
      ))}
    </select>
  );
}

export function ThemeToggle({ onChange }: { onChange?: (dark: boolean) => void }) {
  const t = useT();
  const dark = useAppState((s) => s.darkTheme);
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={t('theme.toggle')}
      title={t('theme.toggle')}
      aria-pressed={dark}
      onClick={() => {
        setTheme(!dark);
        onChange?.(!dark);
      }}
    >
      <Icon name={dark ? 'sun' : 'moon'} />
    </button>
  );
}

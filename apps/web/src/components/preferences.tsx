import { LANGUAGES } from '@takt/contracts';
import { isLanguage, type Language } from '@takt/i18n';
import { useT } from '../lib/i18n';
import { setLanguage, setTheme } from '../lib/preferences';
import { useToken } from '../lib/session';
import { trpc } from '../lib/trpc';
import { useAppState } from '../state/app-state';
import { IconButton } from './ui';

/** The languages the server allows (all of the product's before the system state is known). */
export function useAllowedLanguages(): Language[] {
  const allowed = useAppState((s) => s.systemState?.allowed_langs);
  return (allowed ?? LANGUAGES).filter(isLanguage);
}

/** A signed-in user's choice is also saved to the profile, which wins on the next start. */
function useSaveToProfile() {
  const token = useToken();
  const utils = trpc.useUtils();
  const update = trpc.users.update.useMutation({
    trpc: { context: { quiet: true } },
    onSuccess: (user) => utils.users.whoAmI.setData(undefined, user),
  });
  return (patch: { language?: Language; theme?: 'light' | 'dark' }) => {
    if (token) update.mutate(patch);
  };
}

export function LanguageSwitcher() {
  const t = useT();
  const save = useSaveToProfile();
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
        save({ language: lang });
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

export function ThemeToggle() {
  const t = useT();
  const save = useSaveToProfile();
  const dark = useAppState((s) => s.darkTheme);
  return (
    <IconButton
      icon={dark ? 'sun' : 'moon'}
      label={t('theme.toggle')}
      pressed={dark}
      onClick={() => {
        setTheme(!dark);
        save({ theme: dark ? 'light' : 'dark' });
      }}
    />
  );
}

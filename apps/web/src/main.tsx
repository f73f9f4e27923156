import { LANGUAGES } from '@takt/contracts';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadSystemState } from './app/system-state';
import { activateLanguage, chooseLanguage } from './lib/i18n';
import { applyTheme } from './lib/preferences';
import { getDarkTheme, getStoredLanguage } from './lib/storage';
import { startScheduleEarly } from './screens/schedule/page/early-load';
import { appState, trackViewport } from './state/app-state';
import './styles/app.css';

/** Start-up (screens and routes): theme restored, system state loaded, language chosen — then the first render. */
async function start() {
  applyTheme(getDarkTheme());
  startScheduleEarly(window.location);
  const systemState = await loadSystemState();
  const language = chooseLanguage(
    getStoredLanguage(),
    navigator.languages ?? [navigator.language],
    systemState?.allowed_langs ?? LANGUAGES,
  );
  activateLanguage(language);
  appState.set({ language });
  trackViewport();
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App />);
}

void start();

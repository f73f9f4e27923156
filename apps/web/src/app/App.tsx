import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { ConfirmHost } from '../components/confirm';
import { NotificationHost } from '../components/notifications';
import { reportClientErrors } from '../lib/client-errors';
import { DISCONNECT_PATH, handleFailure } from '../lib/error-handler';
import { appI18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { onCallFailure, trpc, trpcClient } from '../lib/trpc';
import { appState } from '../state/app-state';
import { AppRoutes } from './routes';
import { SessionEffects } from './SessionEffects';
import { loadSystemState } from './system-state';

onCallFailure(handleFailure);

/** Pages scroll to the top on navigation; a system state that failed to load is loaded again. */
function NavigationEffects() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    if (location !== DISCONNECT_PATH && appState.get().systemState === null) void loadSystemState();
  }, [location]);
  return null;
}

export function App() {
  useEffect(() => reportClientErrors(), []);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={appI18n}>
          <NavigationEffects />
          <SessionEffects />
          <AppRoutes />
          <ConfirmHost />
          <NotificationHost />
        </I18nProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

import { I18nProvider } from '@lingui/react';
import { createI18n } from '@takt/i18n';
import { useMemo } from 'react';
import { Logo } from '../../components/icons';
import { StatusPanel } from '../../components/status-panel';
import { Button } from '../../components/ui';
import { disconnectedLanguage, useT } from '../../lib/i18n';
import { useDisconnectCountdown } from './countdown';

/**
 * Connection-lost page (screens and routes). It needs nothing from the server, so it has its own simple layout
 * whose language is Russian for a Russian browser and English otherwise.
 */
export function DisconnectPage() {
  const i18n = useMemo(() => createI18n(disconnectedLanguage(navigator.language)), []);
  return (
    <I18nProvider i18n={i18n}>
      <div className="guest">
        <header className="guest-header">
          <span className="brand">
            <Logo />
          </span>
        </header>
        <main className="guest-main">
          <Disconnect />
        </main>
      </div>
    </I18nProvider>
  );
}

function Disconnect() {
  const t = useT();
  const { count, ready, restore } = useDisconnectCountdown();
  return (
    <StatusPanel
      icon="wifiOff"
      tone="warn"
      title={t('disconnect.disconnect')}
      testId="disconnect-page"
      action={
        <Button variant="primary" disabled={!ready} onClick={restore} data-testid="disconnect-restore">
          {ready ? t('disconnect.restore') : t('disconnect.restore_counter', { count })}
        </Button>
      }
      text={t('disconnect.try_reconnect')}
    />
  );
}

import { StatusPanel } from '../../components/status-panel';
import type { SpaceScreen } from '../../layouts/space-screens';
import { useT } from '../../lib/i18n';

/** A space screen of a later issue: declared as a route, explained inside the layout. */
export function UnavailablePage({ screen }: { screen: SpaceScreen }) {
  const t = useT();
  const title = t(screen.title);
  return (
    <div className="page">
      <StatusPanel
        icon={screen.icon}
        title={title}
        className="unavailable"
        testId="unavailable"
        text={t('unavailable.text', { screen: title })}
        link={{ href: '/', label: t('unavailable.back'), variant: 'secondary' }}
      >
        <p className="status-message">{t('unavailable.title')}</p>
      </StatusPanel>
    </div>
  );
}

import { Link } from 'wouter';
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
        action={
          <Link href="/" className="btn btn-secondary">
            {t('unavailable.back')}
          </Link>
        }
      >
        <p className="status-message">{t('unavailable.title')}</p>
        <p className="muted">{t('unavailable.text', { screen: title })}</p>
      </StatusPanel>
    </div>
  );
}

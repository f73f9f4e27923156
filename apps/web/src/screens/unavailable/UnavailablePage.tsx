import { Link } from 'wouter';
import { Icon } from '../../components/icons';
import type { SpaceScreen } from '../../layouts/space-screens';
import { useT } from '../../lib/i18n';

/** A space screen of a later issue: declared as a route, explained inside the layout. */
export function UnavailablePage({ screen }: { screen: SpaceScreen }) {
  const t = useT();
  const title = t(screen.title);
  return (
    <div className="page">
      <div className="panel status-page unavailable" data-testid="unavailable">
        <div className="status-icon">
          <Icon name={screen.icon} size={28} />
        </div>
        <h1 className="panel-title">{title}</h1>
        <p className="status-message">{t('unavailable.title')}</p>
        <p className="muted">{t('unavailable.text', { screen: title })}</p>
        <Link href="/" className="btn btn-secondary">
          {t('unavailable.back')}
        </Link>
      </div>
    </div>
  );
}

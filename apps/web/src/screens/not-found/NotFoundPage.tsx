import { Link } from 'wouter';
import { useT } from '../../lib/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <div className="panel panel-narrow status-page" data-testid="not-found">
      <div className="status-code">404</div>
      <h1 className="panel-title">{t('not_found.title')}</h1>
      <p className="muted">{t('not_found.text')}</p>
      <Link href="~/" className="btn btn-primary">
        {t('not_found.home')}
      </Link>
    </div>
  );
}

import { Link } from 'wouter';
import { StatusPanel } from '../../components/status-panel';
import { useT } from '../../lib/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <StatusPanel
      code="404"
      title={t('not_found.title')}
      testId="not-found"
      action={
        <Link href="~/" className="btn btn-primary">
          {t('not_found.home')}
        </Link>
      }
    >
      <p className="muted">{t('not_found.text')}</p>
    </StatusPanel>
  );
}

import { Link } from 'wouter';
import { Icon } from '../../components/icons';
import { useT } from '../../lib/i18n';

export function IdlenessPage() {
  const t = useT();
  return (
    <div className="panel panel-narrow status-page" data-testid="idleness-page">
      <div className="status-icon">
        <Icon name="clock" size={28} />
      </div>
      <h1 className="panel-title">{t('auth.idleness.title')}</h1>
      <p className="muted">{t('auth.idleness.text')}</p>
      <Link href="~/auth/login" className="btn btn-primary">
        {t('auth.idleness.sign_in')}
      </Link>
    </div>
  );
}

import { Link } from 'wouter';
import { StatusPanel } from '../../components/status-panel';
import { useT } from '../../lib/i18n';

export function IdlenessPage() {
  const t = useT();
  return (
    <StatusPanel
      icon="clock"
      title={t('auth.idleness.title')}
      testId="idleness-page"
      action={
        <Link href="~/auth/login" className="btn btn-primary">
          {t('auth.idleness.sign_in')}
        </Link>
      }
    >
      <p className="muted">{t('auth.idleness.text')}</p>
    </StatusPanel>
  );
}

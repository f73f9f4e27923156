import { StatusPanel } from '../../components/status-panel';
import { useT } from '../../lib/i18n';

export function IdlenessPage() {
  const t = useT();
  return (
    <StatusPanel
      icon="clock"
      title={t('auth.idleness.title')}
      testId="idleness-page"
      text={t('auth.idleness.text')}
      link={{ href: '~/auth/login', label: t('auth.idleness.sign_in') }}
    />
  );
}

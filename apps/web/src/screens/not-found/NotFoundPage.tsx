import { StatusPanel } from '../../components/status-panel';
import { useT } from '../../lib/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <StatusPanel
      code="404"
      title={t('not_found.title')}
      testId="not-found"
      text={t('not_found.text')}
      link={{ href: '~/', label: t('not_found.home') }}
    />
  );
}

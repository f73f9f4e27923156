import { ERROR_PAGE_MESSAGES, type ErrorPageMessage } from '@takt/contracts';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { StatusPanel } from '../../components/status-panel';
import { Button } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { forgetLastSpace } from '../../lib/session';

function errorPageMessage(search: string): ErrorPageMessage | null {
  const message = new URLSearchParams(search).get('message');
  return (ERROR_PAGE_MESSAGES as readonly string[]).includes(message ?? '')
    ? (message as ErrorPageMessage)
    : null;
}

/** `/error?message=…` (screens and routes): the matching text, the administrator line and a way back. */
export function ErrorPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const message = errorPageMessage(useSearch());

  useEffect(() => forgetLastSpace(), []);

  return (
    <StatusPanel
      icon={message === 'IPNotAllowed' ? 'lock' : 'alert'}
      tone="danger"
      title={t('error_page.title')}
      testId="error-page"
      text={t('error_page.contact_admin')}
      action={
        <Button variant="primary" onClick={() => navigate('/auth/select-space')}>
          {t('error_page.choose_space')}
        </Button>
      }
    >
      <p className="status-message" data-testid="error-message">
        {message ? t(`errors.${message}`) : t('errors.UnknownException')}
      </p>
    </StatusPanel>
  );
}

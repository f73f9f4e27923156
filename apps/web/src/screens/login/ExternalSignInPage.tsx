import { isErrorCode } from '@takt/contracts';
import { isLanguage } from '@takt/i18n';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { StatusPanel } from '../../components/status-panel';
import { Spinner } from '../../components/ui';
import { signedIn } from '../../lib/auth';
import { useT } from '../../lib/i18n';
import { setLanguage } from '../../lib/preferences';
import { trpc } from '../../lib/trpc';

/**
 * `/auth/external`: where a sign-in with the company directory lands. With `handoff` it exchanges the
 * one-time code for a session and opens the last space; with `error` (or when the exchange fails) it
 * shows why, translated, with the way back to the sign-in page.
 */
export function ExternalSignInPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const handoff = query.get('handoff');
  const given = query.get('error');
  const finish = trpc.auth.finishExternal.useMutation({
    trpc: { context: { quiet: true } },
    onSuccess: ({ token, user }) => {
      if (user.language && isLanguage(user.language)) setLanguage(user.language);
      const lastSpace = signedIn(token, user.id);
      navigate(lastSpace ? `~/${lastSpace}` : '~/auth/select-space', { replace: true });
    },
  });
  // the code works once: exchanged on the first render only (React runs effects twice in development)
  const sent = useRef(false);
  useEffect(() => {
    if (!handoff || sent.current) return;
    sent.current = true;
    finish.mutate({ handoff });
  }, [handoff, finish]);

  const failed = given ?? (finish.error?.data as { error_code?: string } | undefined)?.error_code;
  if (!failed && handoff && !finish.isError) return <Spinner label={t('auth.external.finishing')} />;
  const code = failed && isErrorCode(failed) ? failed : 'ExternalSignInFailed';
  return (
    <StatusPanel
      icon="alert"
      tone="danger"
      title={t('auth.external.failed_title')}
      testId="external-sign-in-failed"
      link={{ href: '~/auth/login', label: t('auth.external.back') }}
    >
      <p className="status-message" data-testid="error-message">
        {t(`errors.${code}`)}
      </p>
    </StatusPanel>
  );
}

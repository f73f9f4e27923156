import { Redirect } from 'wouter';
import { StatusPanel } from '../../components/status-panel';
import { Spinner } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { useToken } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** Shown after a successful registration with sign-in. */
export function SuccessPage() {
  const t = useT();
  const token = useToken();
  const me = trpc.users.whoAmI.useQuery(undefined, {
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!token) return <Redirect to="~/auth/login" replace />;
  if (!me.data) return <Spinner />;
  return (
    <StatusPanel
      icon="check"
      tone="ok"
      title={t('auth.success.title')}
      testId="success-page"
      text={t('auth.success.text', { name: me.data.firstName || me.data.login })}
      link={{ href: '~/auth/select-space', label: t('auth.success.continue') }}
    />
  );
}

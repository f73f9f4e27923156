import { Link, Redirect } from 'wouter';
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
      action={
        <Link href="~/auth/select-space" className="btn btn-primary">
          {t('auth.success.continue')}
        </Link>
      }
    >
      <p className="muted">{t('auth.success.text', { name: me.data.firstName || me.data.login })}</p>
    </StatusPanel>
  );
}

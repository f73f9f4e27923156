import { Link, Redirect } from 'wouter';
import { Icon } from '../../components/icons';
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
    <div className="panel panel-narrow status-page" data-testid="success-page">
      <div className="status-icon status-icon-ok">
        <Icon name="check" size={28} />
      </div>
      <h1 className="panel-title">{t('auth.success.title')}</h1>
      <p className="muted">{t('auth.success.text', { name: me.data.firstName || me.data.login })}</p>
      <Link href="~/auth/select-space" className="btn btn-primary">
        {t('auth.success.continue')}
      </Link>
    </div>
  );
}

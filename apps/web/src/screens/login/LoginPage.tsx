import { loginInput } from '@takt/contracts';
import { isLanguage } from '@takt/i18n';
import { Link, useLocation } from 'wouter';
import { AuthCard } from '../../components/auth-card';
import { Checkbox, PasswordField, TextField } from '../../components/ui';
import { signedIn } from '../../lib/auth';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { setLanguage } from '../../lib/preferences';
import { trpc } from '../../lib/trpc';
import { useAppState } from '../../state/app-state';

export function LoginPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const registrationOpen = useAppState((s) => s.systemState?.registration_open ?? true);
  // The language this page is shown in (the switcher above, else the browser's) becomes the account's.
  const language = useAppState((s) => s.language);
  const form = useForm(loginInput, { login: '', password: '', rememberLogin: false });
  const providers = trpc.auth.providers.useQuery(undefined, {
    trpc: { context: { quiet: true } },
    staleTime: 60_000,
  });
  const login = trpc.auth.login.useMutation({
    ...form.showsIssues,
    onSuccess: ({ token, user }) => {
      if (user.language && isLanguage(user.language)) setLanguage(user.language);
      const lastSpace = signedIn(token, user.id);
      navigate(lastSpace ? `~/${lastSpace}` : '~/auth/select-space');
    },
  });

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      onSubmit={form.handleSubmit((input) => login.mutate({ ...input, language }))}
      submit={{ label: t('auth.login.submit'), busy: login.isPending }}
      testId="login-page"
      below={
        providers.data &&
        providers.data.length > 0 && (
          <div className="directory-sign-in" data-testid="directory-sign-in">
            <div className="directory-sign-in-or">{t('auth.external.or')}</div>
            {providers.data.map((provider) => (
              // a whole-page navigation: the server redirects to the company directory
              <a
                key={provider.slot}
                className="btn btn-secondary btn-block"
                href={`/api/v1/auth/${provider.slot}`}
                data-testid={`sign-in-${provider.slot}`}
              >
                {t('auth.external.sign_in_with', { label: provider.label })}
              </a>
            ))}
          </div>
        )
      }
      footer={
        registrationOpen && (
          <>
            {t('auth.login.no_account')} <Link href="~/auth/register">{t('auth.login.register')}</Link>
          </>
        )
      }
    >
      <TextField label={t('field.login')} autoComplete="username" autoFocus {...form.field('login')} />
      <PasswordField
        label={t('field.password')}
        autoComplete="current-password"
        {...form.field('password')}
      />
      <div className="form-row-between">
        <Checkbox
          label={t('auth.login.remember')}
          checked={form.values.rememberLogin ?? false}
          onChange={(v) => form.set('rememberLogin', v)}
        />
        <Link href="~/auth/restore" className="link-small">
          {t('auth.login.forgot')}
        </Link>
      </div>
    </AuthCard>
  );
}

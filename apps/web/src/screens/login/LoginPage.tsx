import { loginInput } from '@takt/contracts';
import { isLanguage } from '@takt/i18n';
import { Link, useLocation } from 'wouter';
import { AuthCard } from '../../components/auth-card';
import { Button, Checkbox, TextField } from '../../components/ui';
import { signedIn } from '../../lib/auth';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { failureIssues } from '../../lib/mutation';
import { setLanguage } from '../../lib/preferences';
import { trpc } from '../../lib/trpc';
import { useAppState } from '../../state/app-state';

export function LoginPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const registrationOpen = useAppState((s) => s.systemState?.registration_open ?? true);
  const form = useForm(loginInput, { login: '', password: '', rememberLogin: false });
  const login = trpc.auth.login.useMutation({
    trpc: { context: { showsIssues: true } },
    onSuccess: ({ token, user }) => {
      if (user.language && isLanguage(user.language)) setLanguage(user.language);
      const lastSpace = signedIn(token, user.id);
      navigate(lastSpace ? `~/${lastSpace}` : '~/auth/select-space');
    },
    onError: (error) => form.showServerIssues(failureIssues(error)),
  });

  const submit = () => {
    const input = form.submit();
    if (input) login.mutate(input);
  };

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      onSubmit={submit}
      testId="login-page"
      footer={
        registrationOpen && (
          <>
            {t('auth.login.no_account')} <Link href="~/auth/register">{t('auth.login.register')}</Link>
          </>
        )
      }
    >
      <TextField
        label={t('field.login')}
        name="login"
        autoComplete="username"
        autoFocus
        value={form.values.login}
        onChange={(v) => form.set('login', v)}
        error={form.errors.login}
      />
      <TextField
        label={t('field.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.values.password}
        onChange={(v) => form.set('password', v)}
        error={form.errors.password}
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
      <Button type="submit" variant="primary" className="btn-block" busy={login.isPending}>
        {t('auth.login.submit')}
      </Button>
    </AuthCard>
  );
}

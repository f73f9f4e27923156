import { registerInput } from '@takt/contracts';
import { Link, useLocation } from 'wouter';
import { AuthCard } from '../../components/auth-card';
import { Checkbox, PasswordField, TextField } from '../../components/ui';
import { signedIn } from '../../lib/auth';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { useAppState } from '../../state/app-state';

const EMPTY = {
  login: '',
  email: '',
  password: '',
  confirmPassword: '',
  firstName: '',
  lastName: '',
  secretQuestion: '',
  answer: '',
  privacyPolicyAccepted: false,
};

export function RegisterPage() {
  const t = useT();
  const [, navigate] = useLocation();
  const registrationOpen = useAppState((s) => s.systemState?.registration_open ?? true);
  // The language this page is shown in (the switcher above, else the browser's) becomes the account's.
  const language = useAppState((s) => s.language);
  const form = useForm(registerInput, EMPTY);
  const register = trpc.users.registerAndLogin.useMutation({
    ...form.showsIssues,
    onSuccess: ({ token, user }) => {
      signedIn(token, user.id);
      navigate('~/auth/success');
    },
  });

  if (!registrationOpen) {
    return (
      <AuthCard title={t('auth.register.title')} testId="register-page">
        <p className="muted">{t('auth.register.closed')}</p>
        <Link href="~/auth/login" className="btn btn-primary">
          {t('auth.register.sign_in')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      onSubmit={form.handleSubmit((input) => register.mutate({ ...input, language }))}
      submit={{ label: t('auth.register.submit'), busy: register.isPending }}
      wide
      testId="register-page"
      footer={
        <>
          {t('auth.register.have_account')} <Link href="~/auth/login">{t('auth.register.sign_in')}</Link>
        </>
      }
    >
      <div className="form-grid">
        <TextField
          label={t('field.first_name')}
          autoComplete="given-name"
          autoFocus
          {...form.field('firstName')}
        />
        <TextField label={t('field.last_name')} autoComplete="family-name" {...form.field('lastName')} />
        <TextField label={t('field.login')} autoComplete="username" {...form.field('login')} />
        <TextField label={t('field.email')} type="email" autoComplete="email" {...form.field('email')} />
        <PasswordField label={t('field.password')} {...form.field('password')} />
        <PasswordField label={t('field.confirm_password')} {...form.field('confirmPassword')} />
        <TextField label={t('field.secret_question')} {...form.field('secretQuestion')} />
        <TextField label={t('field.answer')} {...form.field('answer')} />
      </div>
      <Checkbox
        label={t('auth.register.privacy')}
        checked={form.values.privacyPolicyAccepted === true}
        onChange={(v) => form.set('privacyPolicyAccepted', v)}
        error={form.errors.privacyPolicyAccepted}
      />
    </AuthCard>
  );
}

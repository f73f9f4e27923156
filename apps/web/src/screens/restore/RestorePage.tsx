import { changeForgottenPasswordInput, resetPasswordInput, resetPasswordRequestInput } from '@takt/contracts';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { AuthCard } from '../../components/auth-card';
import { StatusPanel } from '../../components/status-panel';
import { Button, PasswordField, TextField } from '../../components/ui';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';

type Step =
  | { kind: 'login' }
  | { kind: 'answer'; login: string; question: string }
  | { kind: 'password'; resetToken: string }
  | { kind: 'done' };

/**
 * Password restore (screens and routes): login → the secret question → the answer → a new password. A reset link
 * (`/auth/reset-password?token=…`) lands directly on the last step.
 */
export function RestorePage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const [step, setStep] = useState<Step>(token ? { kind: 'password', resetToken: token } : { kind: 'login' });
  switch (step.kind) {
    case 'login':
      return <LoginStep onQuestion={(login, question) => setStep({ kind: 'answer', login, question })} />;
    case 'answer':
      return (
        <AnswerStep
          login={step.login}
          question={step.question}
          onToken={(resetToken) => setStep({ kind: 'password', resetToken })}
        />
      );
    case 'password':
      return <PasswordStep resetToken={step.resetToken} onDone={() => setStep({ kind: 'done' })} />;
    case 'done':
      return <Done />;
  }
}

function Footer() {
  const t = useT();
  return <Link href="~/auth/login">{t('auth.restore.back_to_login')}</Link>;
}

function LoginStep({ onQuestion }: { onQuestion: (login: string, question: string) => void }) {
  const t = useT();
  const form = useForm(resetPasswordRequestInput, { login: '' });
  const request = trpc.users.resetPasswordRequest.useMutation({
    trpc: { context: { showsIssues: true } },
    onSuccess: ({ secretQuestion }, { login }) => onQuestion(login, secretQuestion),
    onError: (error) => form.showIssuesOf(error),
  });
  return (
    <AuthCard
      title={t('auth.restore.title')}
      subtitle={t('auth.restore.login_hint')}
      footer={<Footer />}
      testId="restore-login"
      onSubmit={form.handleSubmit((input) => request.mutate(input))}
    >
      <TextField label={t('field.login')} autoComplete="username" autoFocus {...form.field('login')} />
      <Button type="submit" variant="primary" className="btn-block" busy={request.isPending}>
        {t('auth.restore.next')}
      </Button>
    </AuthCard>
  );
}

function AnswerStep({
  login,
  question,
  onToken,
}: {
  login: string;
  question: string;
  onToken: (token: string) => void;
}) {
  const t = useT();
  const form = useForm(resetPasswordInput, { login, answer: '' });
  const reset = trpc.users.resetPassword.useMutation({
    trpc: { context: { showsIssues: true } },
    onSuccess: ({ resetToken }) => onToken(resetToken),
    onError: (error) => form.showIssuesOf(error),
  });
  return (
    <AuthCard
      title={t('auth.restore.title')}
      subtitle={t('auth.restore.answer_hint')}
      footer={<Footer />}
      testId="restore-answer"
      onSubmit={form.handleSubmit((input) => reset.mutate(input))}
    >
      <div className="field">
        <span className="field-label">{t('field.secret_question')}</span>
        <div className="readonly-value" data-testid="secret-question">
          {question}
        </div>
      </div>
      <TextField label={t('field.answer')} autoFocus {...form.field('answer')} />
      <Button type="submit" variant="primary" className="btn-block" busy={reset.isPending}>
        {t('auth.restore.next')}
      </Button>
    </AuthCard>
  );
}

function PasswordStep({ resetToken, onDone }: { resetToken: string; onDone: () => void }) {
  const t = useT();
  const form = useForm(changeForgottenPasswordInput, { resetToken, newPassword: '', confirmPassword: '' });
  const change = trpc.users.changeForgottenPassword.useMutation({
    trpc: { context: { showsIssues: true } },
    onSuccess: onDone,
    onError: (error) => form.showIssuesOf(error),
  });
  return (
    <AuthCard
      title={t('auth.restore.title')}
      subtitle={t('auth.restore.password_hint')}
      footer={<Footer />}
      testId="restore-password"
      onSubmit={form.handleSubmit((input) => change.mutate(input))}
    >
      <PasswordField label={t('field.new_password')} autoFocus {...form.field('newPassword')} />
      <PasswordField label={t('field.confirm_password')} {...form.field('confirmPassword')} />
      <Button type="submit" variant="primary" className="btn-block" busy={change.isPending}>
        {t('auth.restore.submit')}
      </Button>
    </AuthCard>
  );
}

function Done() {
  const t = useT();
  return (
    <StatusPanel
      icon="check"
      tone="ok"
      title={t('auth.restore.title')}
      testId="restore-done"
      text={t('auth.restore.success')}
      link={{ href: '~/auth/login', label: t('auth.login.submit') }}
    />
  );
}

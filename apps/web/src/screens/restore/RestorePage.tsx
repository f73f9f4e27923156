import { changeForgottenPasswordInput, resetPasswordInput, resetPasswordRequestInput } from '@takt/contracts';
import { type ComponentProps, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { AuthCard } from '../../components/auth-card';
import { StatusPanel } from '../../components/status-panel';
import { PasswordField, TextField } from '../../components/ui';
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

/** A step of the restore: the card with the step's hint and the way back to sign-in. */
function RestoreCard(
  props: Omit<ComponentProps<typeof AuthCard>, 'title' | 'subtitle' | 'footer'> & { hint: string },
) {
  const t = useT();
  const { hint, ...card } = props;
  return (
    <AuthCard
      title={t('auth.restore.title')}
      subtitle={hint}
      footer={<Link href="~/auth/login">{t('auth.restore.back_to_login')}</Link>}
      {...card}
    />
  );
}

function LoginStep({ onQuestion }: { onQuestion: (login: string, question: string) => void }) {
  const t = useT();
  const form = useForm(resetPasswordRequestInput, { login: '' });
  const request = trpc.users.resetPasswordRequest.useMutation({
    ...form.showsIssues,
    onSuccess: ({ secretQuestion }, { login }) => onQuestion(login, secretQuestion),
  });
  return (
    <RestoreCard
      hint={t('auth.restore.login_hint')}
      testId="restore-login"
      onSubmit={form.handleSubmit((input) => request.mutate(input))}
      submit={{ label: t('auth.restore.next'), busy: request.isPending }}
    >
      <TextField label={t('field.login')} autoComplete="username" autoFocus {...form.field('login')} />
    </RestoreCard>
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
    ...form.showsIssues,
    onSuccess: ({ resetToken }) => onToken(resetToken),
  });
  return (
    <RestoreCard
      hint={t('auth.restore.answer_hint')}
      testId="restore-answer"
      onSubmit={form.handleSubmit((input) => reset.mutate(input))}
      submit={{ label: t('auth.restore.next'), busy: reset.isPending }}
    >
      <div className="field">
        <span className="field-label">{t('field.secret_question')}</span>
        <div className="readonly-value" data-testid="secret-question">
          {question}
        </div>
      </div>
      <TextField label={t('field.answer')} autoFocus {...form.field('answer')} />
    </RestoreCard>
  );
}

function PasswordStep({ resetToken, onDone }: { resetToken: string; onDone: () => void }) {
  const t = useT();
  const form = useForm(changeForgottenPasswordInput, { resetToken, newPassword: '', confirmPassword: '' });
  const change = trpc.users.changeForgottenPassword.useMutation({
    ...form.showsIssues,
    onSuccess: onDone,
  });
  return (
    <RestoreCard
      hint={t('auth.restore.password_hint')}
      testId="restore-password"
      onSubmit={form.handleSubmit((input) => change.mutate(input))}
      submit={{ label: t('auth.restore.submit'), busy: change.isPending }}
    >
      <PasswordField label={t('field.new_password')} autoFocus {...form.field('newPassword')} />
      <PasswordField label={t('field.confirm_password')} {...form.field('confirmPassword')} />
    </RestoreCard>
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

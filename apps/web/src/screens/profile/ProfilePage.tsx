import { changePasswordInput, updateProfileInput } from '@takt/contracts';
import { formatDate, isLanguage } from '@takt/i18n';
import { useEffect, useRef, useState } from 'react';
import { Avatar, avatarChanged } from '../../components/avatar';
import { FormCard } from '../../components/form-card';
import { Icon } from '../../components/icons';
import { useAllowedLanguages } from '../../components/preferences';
import {
  Button,
  Card,
  PageHeader,
  PasswordField,
  SelectField,
  Spinner,
  Switch,
  TextField,
} from '../../components/ui';
import type { User } from '../../lib/api-types';
import { handleFailure, notifyErrors } from '../../lib/error-handler';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { setLanguage, setTheme } from '../../lib/preferences';
import { trpc } from '../../lib/trpc';
import { RendererSetting } from '../schedule/gantt/RendererSetting';
import { AVATAR_MAX_MB, AVATAR_TYPES, avatarFileProblem, uploadAvatar } from './avatar-upload';

export function ProfilePage() {
  const t = useT();
  const me = trpc.users.whoAmI.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  if (!me.data) return <Spinner />;
  return (
    <div className="page" data-testid="profile-page">
      <PageHeader title={t('screen.profile')} subtitle={`${me.data.login} · ${me.data.email}`} />
      <div className="profile-grid">
        <div className="profile-main">
          <PersonalCard user={me.data} />
          <SecretQuestionCard user={me.data} />
          <PasswordCard />
        </div>
        <div className="profile-side">
          <AvatarCard user={me.data} />
          <PreferencesCard user={me.data} />
          <PrivacyCard user={me.data} />
        </div>
      </div>
    </div>
  );
}

/** `users.update` that puts the returned user into the cache and confirms the save. */
function useUpdateProfile(onIssues?: (error: unknown) => void) {
  const t = useT();
  const utils = trpc.useUtils();
  return trpc.users.update.useMutation({
    trpc: { context: { showsIssues: Boolean(onIssues) } },
    onSuccess: (user) => {
      utils.users.whoAmI.setData(undefined, user);
      notify('success', [t('common.saved')]);
    },
    onError: (error) => onIssues?.(error),
  });
}

function PersonalCard({ user }: { user: User }) {
  const t = useT();
  const schema = updateProfileInput.pick({ firstName: true, lastName: true, email: true });
  const form = useForm(schema, { firstName: user.firstName, lastName: user.lastName, email: user.email });
  const update = useUpdateProfile((error) => form.showIssuesOf(error));
  return (
    <FormCard
      title={t('profile.personal')}
      onSubmit={form.handleSubmit((input) => update.mutate(input))}
      busy={update.isPending}
      submit={t('common.save')}
    >
      <div className="form-grid">
        <TextField label={t('field.first_name')} {...form.field('firstName')} />
        <TextField label={t('field.last_name')} {...form.field('lastName')} />
      </div>
      <TextField label={t('field.email')} type="email" {...form.field('email')} />
    </FormCard>
  );
}

function SecretQuestionCard({ user }: { user: User }) {
  const t = useT();
  const schema = updateProfileInput.pick({ secretQuestion: true, answer: true }).required();
  const form = useForm(schema, { secretQuestion: user.secretQuestion ?? '', answer: '' });
  const update = useUpdateProfile((error) => form.showIssuesOf(error));
  return (
    <FormCard
      title={t('profile.security')}
      description={t('profile.security_hint')}
      onSubmit={form.handleSubmit((input) =>
        update.mutate(input, { onSuccess: () => form.set('answer', '') }),
      )}
      busy={update.isPending}
      submit={t('common.save')}
    >
      <div className="form-grid">
        <TextField label={t('field.secret_question')} {...form.field('secretQuestion')} />
        <TextField label={t('field.answer')} {...form.field('answer')} />
      </div>
    </FormCard>
  );
}

function PasswordCard() {
  const t = useT();
  const empty = { password: '', newPassword: '', confirmPassword: '' };
  const form = useForm(changePasswordInput, empty);
  const change = trpc.users.changePassword.useMutation({
    ...form.showsIssues,
    onSuccess: () => {
      form.setValues(empty);
      notify('success', [t('profile.password_changed')]);
    },
  });
  return (
    <FormCard
      title={t('profile.password')}
      onSubmit={form.handleSubmit((input) => change.mutate(input))}
      busy={change.isPending}
      submit={t('profile.password_submit')}
    >
      <PasswordField
        label={t('field.current_password')}
        autoComplete="current-password"
        {...form.field('password')}
      />
      <div className="form-grid">
        <PasswordField label={t('field.new_password')} {...form.field('newPassword')} />
        <PasswordField label={t('field.confirm_password')} {...form.field('confirmPassword')} />
      </div>
    </FormCard>
  );
}

function AvatarCard({ user }: { user: User }) {
  const t = useT();
  const utils = trpc.useUtils();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = trpc.users.deleteAvatar.useMutation({
    onSuccess: (updated) => {
      utils.users.whoAmI.setData(undefined, updated);
      avatarChanged();
    },
  });

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      notifyErrors([
        problem === 'type'
          ? t('errors.UnsupportedFileType')
          : t('profile.avatar_too_large', { maxMb: AVATAR_MAX_MB }),
      ]);
      return;
    }
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    const result = await uploadAvatar(file);
    setBusy(false);
    if ('failure' in result) {
      setPreview(null);
      handleFailure(result.failure);
      return;
    }
    utils.users.whoAmI.setData(undefined, result.user);
    avatarChanged();
  };

  return (
    <Card title={t('profile.avatar')}>
      <div className="avatar-editor">
        <Avatar user={user} size={88} src={preview ?? undefined} />
        <div className="avatar-editor-actions">
          <input
            ref={input}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            className="visually-hidden"
            data-testid="avatar-input"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <Button busy={busy} onClick={() => input.current?.click()}>
            <Icon name="upload" />
            {t('profile.avatar_upload')}
          </Button>
          {user.hasAvatar && (
            <Button
              variant="ghost"
              busy={remove.isPending}
              onClick={() => {
                setPreview(null);
                remove.mutate();
              }}
            >
              <Icon name="trash" />
              {t('profile.avatar_remove')}
            </Button>
          )}
          <p className="field-hint">{t('profile.avatar_hint', { maxMb: AVATAR_MAX_MB })}</p>
        </div>
      </div>
    </Card>
  );
}

function PreferencesCard({ user }: { user: User }) {
  const t = useT();
  const utils = trpc.useUtils();
  const languages = useAllowedLanguages();
  const update = useUpdateProfile();
  // The switch flips at once and flips back if the server refuses.
  const [executor, setExecutorShown] = useState(user.executor);
  const setExecutor = trpc.users.setExecutor.useMutation({
    onSuccess: (updated) => utils.users.whoAmI.setData(undefined, updated),
    onError: () => setExecutorShown(user.executor),
  });
  const language = user.language && isLanguage(user.language) ? user.language : (languages[0] ?? 'ru');
  return (
    <Card title={t('profile.preferences')}>
      <div className="form">
        <SelectField
          label={t('common.language')}
          name="language"
          value={language}
          options={languages.map((lang) => ({ value: lang, label: t(`lang.${lang}`) }))}
          onChange={(value) => {
            if (!isLanguage(value)) return;
            setLanguage(value);
            update.mutate({ language: value });
          }}
        />
        <SelectField
          label={t('common.theme')}
          name="theme"
          value={user.theme}
          options={[
            { value: 'light', label: t('theme.light') },
            { value: 'dark', label: t('theme.dark') },
          ]}
          onChange={(value) => {
            const theme = value === 'dark' ? 'dark' : 'light';
            setTheme(theme === 'dark');
            update.mutate({ theme });
          }}
        />
        <RendererSetting />
        <Switch
          label={t('profile.executor')}
          hint={t('profile.executor_hint')}
          checked={executor}
          disabled={setExecutor.isPending}
          onChange={(value) => {
            setExecutorShown(value);
            setExecutor.mutate({ userId: user.id, executor: value });
          }}
        />
      </div>
    </Card>
  );
}

function PrivacyCard({ user }: { user: User }) {
  const t = useT();
  const utils = trpc.useUtils();
  const accept = trpc.users.acceptPrivacyPolicy.useMutation({
    onSuccess: (updated) => utils.users.whoAmI.setData(undefined, updated),
  });
  return (
    <Card>
      {user.privacyPolicyAcceptedAt ? (
        <p className="muted privacy-line">
          <Icon name="check" />
          {t('profile.privacy_accepted', { date: formatDate(user.privacyPolicyAcceptedAt) })}
        </p>
      ) : (
        <div className="form">
          <p className="muted">{t('profile.privacy_missing')}</p>
          <Button variant="primary" busy={accept.isPending} onClick={() => accept.mutate()}>
            {t('profile.privacy_accept')}
          </Button>
        </div>
      )}
    </Card>
  );
}

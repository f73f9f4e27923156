import { isIntegerText, renameSpaceInput, spaceSettingsShape, VALIDATION } from '@takt/contracts';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { confirm } from '../../components/confirm';
import { FormCard } from '../../components/form-card';
import { Icon } from '../../components/icons';
import { Button, Card, IntegerField, ProgressBar, Spinner, TextArea, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { SpaceSettingsDto } from '../../lib/api-types';
import { notifyErrors } from '../../lib/error-handler';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { forgetLastSpace } from '../../lib/session';
import { trpc } from '../../lib/trpc';

const integerText = z
  .string()
  .trim()
  .refine(isIntegerText, { message: VALIDATION.notAnInteger })
  .transform((text) => Number(text));

/** The settings form edits text; it parses into the contract's settings shape. */
const settingsForm = z.object({
  idleTimeoutMinutes: integerText.pipe(spaceSettingsShape.shape.idleTimeoutMinutes),
  editingPeriodDays: integerText.pipe(spaceSettingsShape.shape.editingPeriodDays),
  ipAllowlist: z
    .string()
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(spaceSettingsShape.shape.ipAllowlist),
});

export function SettingsTab() {
  const { spaceId } = useSpace();
  const settings = trpc.space.settings.useQuery({ spaceId });
  if (!settings.data) return <Spinner />;
  return (
    <div className="stack">
      <AccessCard key={settings.data.revision} settings={settings.data} />
      <RenameCard />
      <DemoCard />
      <DeleteCard />
    </div>
  );
}

function AccessCard({ settings }: { settings: SpaceSettingsDto }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const form = useForm(settingsForm, {
    idleTimeoutMinutes: String(settings.idleTimeoutMinutes),
    editingPeriodDays: String(settings.editingPeriodDays),
    ipAllowlist: settings.ipAllowlist.join('\n'),
  });
  const save = trpc.space.updateSettings.useMutation({
    trpc: { context: { showsIssues: true } },
    onSuccess: (updated) => {
      utils.space.settings.setData({ spaceId }, updated);
      void utils.users.spaceConfig.invalidate({ spaceId });
      notify('success', [t('common.saved')]);
    },
    onError: (error) => {
      form.showIssuesOf(error);
      // A stale revision (409) means someone else saved: show their values.
      void utils.space.settings.invalidate({ spaceId });
    },
  });
  return (
    <FormCard
      title={t('admin.settings.access')}
      testId="settings-form"
      onSubmit={form.handleSubmit((input) => save.mutate({ spaceId, revision: settings.revision, ...input }))}
      busy={save.isPending}
      submit={t('common.save')}
    >
      <div className="form-grid">
        <IntegerField
          label={t('admin.settings.idle_timeout')}
          hint={t('admin.settings.idle_timeout_hint')}
          {...form.field('idleTimeoutMinutes')}
        />
        <IntegerField
          label={t('admin.settings.editing_period')}
          hint={t('admin.settings.editing_period_hint')}
          {...form.field('editingPeriodDays')}
        />
      </div>
      <TextArea
        label={t('admin.settings.ip_allowlist')}
        hint={t('admin.settings.ip_allowlist_hint')}
        rows={4}
        {...form.field('ipAllowlist')}
      />
    </FormCard>
  );
}

function RenameCard() {
  const t = useT();
  const { spaceId, config } = useSpace();
  const utils = trpc.useUtils();
  const form = useForm(renameSpaceInput, { spaceId, name: config.space.name });
  const rename = trpc.space.rename.useMutation({
    ...form.showsIssues,
    onSuccess: () => {
      void utils.users.spaceConfig.invalidate({ spaceId });
      void utils.users.spaces.invalidate();
      notify('success', [t('admin.settings.renamed')]);
    },
  });
  return (
    <Card title={t('admin.settings.rename')}>
      <form className="form-inline" noValidate onSubmit={form.handleSubmit((input) => rename.mutate(input))}>
        <TextField label={t('field.space_name')} {...form.field('name')} />
        <Button type="submit" variant="primary" busy={rename.isPending}>
          {t('common.save')}
        </Button>
      </form>
    </Card>
  );
}

function DemoCard() {
  const t = useT();
  const { spaceId } = useSpace();
  const fill = trpc.space.demo.useMutation({
    onSuccess: () => notify('success', [t('admin.settings.demo_done')]),
  });
  const ask = async () => {
    const result = await confirm({
      title: t('admin.settings.demo'),
      text: t('admin.settings.demo_text'),
      useEnter: true,
    });
    if (result.status === 'confirmed') fill.mutate({ spaceId });
  };
  return (
    <Card
      title={t('admin.settings.demo')}
      description={t('admin.settings.demo_text')}
      actions={
        <Button busy={fill.isPending} onClick={() => void ask()}>
          <Icon name="sparkle" />
          {t('admin.settings.demo_submit')}
        </Button>
      }
    />
  );
}

function DeleteCard() {
  const t = useT();
  const { spaceId, config } = useSpace();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const [started, setStarted] = useState(false);
  const status = trpc.space.deletionStatus.useQuery(
    { spaceId },
    {
      refetchInterval: (query) =>
        started || query.state.data?.state === 'queued' || query.state.data?.state === 'running'
          ? 1000
          : false,
    },
  );
  const state = status.data?.state ?? 'none';
  const running = state === 'queued' || state === 'running' || (started && state === 'none');

  const remove = trpc.space.delete.useMutation({ onSuccess: () => setStarted(true) });

  useEffect(() => {
    if (!started) return;
    if (state === 'completed') {
      setStarted(false);
      forgetLastSpace();
      void utils.users.spaces.invalidate();
      navigate('~/auth/select-space');
    } else if (state === 'failed') {
      setStarted(false);
      notifyErrors([t('admin.settings.delete_failed')]);
    }
  }, [state, started, navigate, t, utils]);

  const ask = async () => {
    const result = await confirm({
      title: t('admin.settings.delete_confirm', { name: config.space.name }),
      text: t('admin.settings.delete_text'),
      checkboxLabel: t('admin.settings.delete_check'),
      requireCheckbox: true,
      confirmLabel: t('admin.settings.delete_submit'),
      danger: true,
    });
    if (result.status === 'confirmed' && result.checkboxValue) remove.mutate({ spaceId });
  };

  return (
    <Card title={t('admin.settings.danger')} description={t('admin.settings.delete_text')} tone="danger">
      {running ? (
        <ProgressBar
          value={status.data?.progress ?? 0}
          label={t('admin.settings.deleting', { progress: status.data?.progress ?? 0 })}
        />
      ) : (
        <div className="form-actions">
          <Button variant="danger" busy={remove.isPending} onClick={() => void ask()}>
            <Icon name="trash" />
            {t('admin.settings.delete_submit')}
          </Button>
        </div>
      )}
    </Card>
  );
}

import { formatDate } from '@takt/i18n';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { confirm } from '../../components/confirm';
import { Icon } from '../../components/icons';
import { Badge, Button, Card, Empty, FileField, ProgressBar, Spinner, TextArea } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { type Translate, useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { forgetLastSpace } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { AdminTable } from './AdminTable';

type Licences = RouterOutputs['licences']['list'];
type Licence = Licences['licences'][number];

/** The space's licence: the one in force, every loaded licence, loading a new one, deleting a free space. */
export function LicenceTab() {
  const { can, config } = useSpace();
  const manage = can('space.manage');
  return (
    <div className="stack">
      <CurrentCard />
      <LicencesCard manage={manage} />
      {manage && <UploadCard />}
      {manage && config.space.kind === 'free' && <DeleteFreeCard />}
    </div>
  );
}

function CurrentCard() {
  const t = useT();
  const { spaceId } = useSpace();
  const licence = trpc.space.licence.useQuery({ spaceId });
  if (!licence.data) return <Spinner />;
  const { kind, userLimit, usedSeats, validUntil, bimUserLimit, bimUsers } = licence.data;
  return (
    <Card title={t('licences.current')}>
      <dl className="facts" data-testid="licence">
        <div>
          <dt>{t('admin.licence.kind')}</dt>
          <dd>{t(`space_kind.${kind}`)}</dd>
        </div>
        <div>
          <dt>{t('admin.licence.user_limit')}</dt>
          <dd>{userLimit}</dd>
        </div>
        <div>
          <dt>{t('admin.licence.used_seats')}</dt>
          <dd>{usedSeats}</dd>
        </div>
        <div>
          <dt>{t('admin.licence.bim_users')}</dt>
          <dd data-testid="licence-bim">
            {bimUserLimit === null
              ? t('admin.licence.bim_all', { used: bimUsers })
              : bimUserLimit <= 0
                ? t('admin.licence.bim_none')
                : t('admin.licence.usage', { used: bimUsers, limit: bimUserLimit })}
          </dd>
        </div>
        <div>
          <dt>{t('admin.licence.valid_until')}</dt>
          <dd>{validUntil ? formatDate(validUntil) : t('common.never')}</dd>
        </div>
      </dl>
      <ProgressBar
        value={userLimit > 0 ? (usedSeats / userLimit) * 100 : 0}
        label={t('admin.licence.usage', { used: usedSeats, limit: userLimit })}
      />
    </Card>
  );
}

/** Seats of a module as the list shows them: every member, none, or a number of users. */
function seatsText(t: Translate, limit: number | null): string {
  if (limit === null) return t('licences.feature.all_members');
  if (limit <= 0) return t('licences.feature.none');
  return t('licences.feature.seats', { count: limit });
}

const STATE_TONE: Record<Licence['state'], 'accent' | 'neutral' | 'warn'> = {
  in_force: 'accent',
  standby: 'neutral',
  future: 'neutral',
  withdrawn: 'neutral',
  expired: 'warn',
  version: 'warn',
};

function LicencesCard({ manage }: { manage: boolean }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const list = trpc.licences.list.useQuery({ spaceId });
  const remove = trpc.licences.delete.useMutation({
    onSuccess: () => {
      void utils.licences.list.invalidate({ spaceId });
      notify('success', [t('licences.deleted')]);
    },
  });
  if (!list.data) return <Spinner />;
  const { members } = list.data;
  const ask = async (licence: Licence) => {
    const name = licence.tokenId ?? t('licences.default');
    const result = await confirm({ title: t('licences.delete_confirm', { id: name }), danger: true });
    if (result.status === 'confirmed') remove.mutate({ spaceId, licenceId: licence.id });
  };
  return (
    <Card title={t('licences.list')}>
      {list.data.licences.length === 0 ? (
        <Empty>{t('licences.empty')}</Empty>
      ) : (
        <AdminTable
          testId="licences"
          heads={[
            t('licences.column.id'),
            t('licences.column.state'),
            t('licences.column.seats'),
            t('licences.column.features'),
            t('licences.column.validity'),
            t('licences.column.version'),
          ]}
          rows={list.data.licences}
          rowKey={(l) => l.id}
          rowTestId={(l) => `licence-${l.tokenId ?? 'default'}`}
          cells={(l) => (
            <>
              <td>
                <div>{l.tokenId ?? t('licences.default')}</div>
                {l.customer && (
                  <div className="muted">{t('licences.customer', { customer: l.customer })}</div>
                )}
              </td>
              <td>
                <Badge tone={STATE_TONE[l.state]}>{t(`licences.state.${l.state}`)}</Badge>
              </td>
              <td>
                {l.state === 'in_force'
                  ? t('licences.seats_of', { used: members, limit: l.userLimit })
                  : l.userLimit}
              </td>
              <td>
                <div>{t('licences.feature.bim', { seats: seatsText(t, l.bimUserLimit) })}</div>
                <div>{t('licences.feature.estimate', { seats: seatsText(t, l.estimateUserLimit) })}</div>
              </td>
              <td>
                {t('licences.validity', {
                  from: formatDate(l.validFrom),
                  until: l.validUntil ? formatDate(l.validUntil) : t('common.never'),
                })}
              </td>
              <td>
                {l.minAppVersion
                  ? t('licences.version_from', { version: l.minAppVersion })
                  : t('licences.any_version')}
              </td>
            </>
          )}
          action={
            manage && {
              label: t('common.delete'),
              run: (l) => void ask(l),
              busy: remove.isPending,
              hidden: (l) => l.state === 'in_force',
            }
          }
        />
      )}
    </Card>
  );
}

function UploadCard() {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const [token, setToken] = useState('');
  // a new file input after each upload: the chosen file's name goes with the token it gave
  const [fileInput, setFileInput] = useState(0);
  const upload = trpc.licences.upload.useMutation({
    onSuccess: () => {
      setToken('');
      setFileInput((n) => n + 1);
      void utils.licences.list.invalidate({ spaceId });
      void utils.space.licence.invalidate({ spaceId });
      void utils.users.spaceConfig.invalidate({ spaceId });
      notify('success', [t('licences.uploaded')]);
    },
  });
  return (
    <Card title={t('licences.upload')} description={t('licences.upload_hint')}>
      <form
        className="stack"
        noValidate
        data-testid="licence-upload"
        onSubmit={(e) => {
          e.preventDefault();
          if (token.trim()) upload.mutate({ spaceId, token });
        }}
      >
        <FileField
          key={fileInput}
          label={t('licences.file')}
          onFile={(file) => void file?.text().then((text) => setToken(text.trim()))}
        />
        <TextArea label={t('licences.token')} rows={4} value={token} onChange={setToken} spellCheck={false} />
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={upload.isPending} disabled={!token.trim()}>
            <Icon name="upload" />
            {t('licences.upload')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function DeleteFreeCard() {
  const t = useT();
  const { spaceId, config } = useSpace();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const remove = trpc.space.deleteFree.useMutation({
    onSuccess: () => {
      forgetLastSpace();
      void utils.users.spaces.invalidate();
      navigate('~/auth/select-space');
    },
  });
  const ask = async () => {
    const result = await confirm({
      title: t('licences.delete_free'),
      text: t('licences.delete_free_confirm', { name: config.space.name }),
      confirmLabel: t('common.delete'),
      danger: true,
    });
    if (result.status === 'confirmed') remove.mutate({ spaceId });
  };
  return (
    <Card
      title={t('licences.delete_free')}
      tone="danger"
      actions={
        <Button variant="danger" busy={remove.isPending} onClick={() => void ask()}>
          <Icon name="trash" />
          {t('licences.delete_free')}
        </Button>
      }
    />
  );
}

import { createSpaceInput } from '@takt/contracts';
import { Redirect, useLocation } from 'wouter';
import { Icon } from '../../components/icons';
import { Badge, Button, Card, Empty, Spinner, TextField } from '../../components/ui';
import type { SpaceListItem } from '../../lib/api-types';
import { signOut } from '../../lib/auth';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { rememberSpace, useToken } from '../../lib/session';
import { getLastSpace } from '../../lib/storage';
import { trpc } from '../../lib/trpc';
import { roleName } from '../admin/role-name';

export function SelectSpacePage() {
  const token = useToken();
  if (!token) return <Redirect to="~/auth/login" replace />;
  return <SpaceChooser />;
}

function SpaceChooser() {
  const t = useT();
  const [, navigate] = useLocation();
  const me = trpc.users.whoAmI.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const spaces = trpc.users.spaces.useQuery();
  const utils = trpc.useUtils();
  const lastSpace = me.data ? getLastSpace(me.data.id) : null;

  const open = (spaceId: string) => {
    rememberSpace(spaceId);
    navigate(`~/${spaceId}`);
  };
  const created = ({ id }: { id: string }) => {
    void utils.users.spaces.invalidate();
    open(id);
  };

  const form = useForm(createSpaceInput, { name: '' });
  const create = trpc.space.create.useMutation({
    ...form.showsIssues,
    onSuccess: created,
  });
  const createDemo = trpc.space.createDemo.useMutation({ onSuccess: created });

  return (
    <div className="select-space" data-testid="select-space">
      <div className="select-space-head">
        <div>
          <h1 className="page-title">{t('select_space.title')}</h1>
          <p className="page-subtitle">{t('select_space.subtitle')}</p>
        </div>
        {me.data && (
          <div className="select-space-user">
            <span className="muted">{t('select_space.signed_in_as', { login: me.data.login })}</span>
            <Button variant="ghost" onClick={() => void signOut('logout')}>
              <Icon name="logout" />
              {t('layout.sign_out')}
            </Button>
          </div>
        )}
      </div>
      <div className="select-space-grid">
        <div className="space-list" aria-busy={spaces.isLoading}>
          {spaces.isLoading && <Spinner />}
          {spaces.data?.length === 0 && <Empty>{t('select_space.empty')}</Empty>}
          {spaces.data?.map((space) => (
            <SpaceCard
              key={space.id}
              space={space}
              last={space.id === lastSpace}
              onOpen={() => open(space.id)}
            />
          ))}
        </div>
        <div className="select-space-side">
          <Card title={t('select_space.create_title')}>
            <form className="form" noValidate onSubmit={form.handleSubmit((input) => create.mutate(input))}>
              <TextField label={t('field.space_name')} {...form.field('name')} />
              <Button type="submit" variant="primary" className="btn-block" busy={create.isPending}>
                <Icon name="plus" />
                {t('select_space.create_submit')}
              </Button>
            </form>
          </Card>
          <Card title={t('select_space.create_demo')} description={t('select_space.demo_hint')}>
            <Button className="btn-block" busy={createDemo.isPending} onClick={() => createDemo.mutate()}>
              <Icon name="sparkle" />
              {t('select_space.create_demo')}
            </Button>
          </Card>
        </div>
      </div>
    </div>
  );
}

function SpaceCard({ space, last, onOpen }: { space: SpaceListItem; last: boolean; onOpen: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      className={`space-card${last ? ' space-card-last' : ''}`}
      onClick={onOpen}
      data-testid="space-card"
    >
      <span className="space-card-avatar" aria-hidden="true">
        {space.name.trim().charAt(0).toUpperCase()}
      </span>
      <span className="space-card-body">
        <span className="space-card-name">{space.name}</span>
        <span className="space-card-meta">
          {roleName(t, space.role)} · {t('select_space.members', { count: space.memberCount })}
        </span>
      </span>
      <span className="space-card-badges">
        {last && <Badge tone="accent">{t('select_space.last_used')}</Badge>}
        <Badge>{t(`space_kind.${space.kind}`)}</Badge>
      </span>
    </button>
  );
}

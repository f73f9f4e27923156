import { roleInput } from '@takt/contracts';
import { confirmedDelete } from '../../components/confirm';
import { FormCard } from '../../components/form-card';
import { Icon } from '../../components/icons';
import { Badge, Button, Spinner, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { Role } from '../../lib/api-types';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { useFormTarget } from '../../state/app-state';
import { AbilityPicker } from './AbilityPicker';
import { roleName } from './role-name';

export function RolesTab() {
  const { spaceId, can } = useSpace();
  const roles = trpc.roles.list.useQuery({ spaceId });
  // a role's permissions are the app-level `permissions` form: one open at a time, closed on leaving
  const [openId, setOpenId] = useFormTarget<string>('permissions');
  const manage = can('roles.manage');
  if (!roles.data) return <Spinner />;
  return (
    <div className="stack">
      {manage && <NewRoleCard />}
      <div className="role-list" data-testid="roles">
        {roles.data.map((role) => (
          <RoleItem
            key={role.id}
            role={role}
            open={openId === role.id}
            editable={manage && role.key === null}
            onToggle={() => setOpenId(openId === role.id ? null : role.id)}
          />
        ))}
      </div>
    </div>
  );
}

function NewRoleCard() {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const form = useForm(roleInput, { spaceId, name: '', abilities: ['space.view'] });
  const create = trpc.roles.create.useMutation({
    ...form.showsIssues,
    onSuccess: () => {
      form.setValues({ spaceId, name: '', abilities: ['space.view'] });
      void utils.roles.list.invalidate({ spaceId });
      notify('success', [t('admin.roles.created')]);
    },
  });
  return (
    <FormCard
      title={t('admin.roles.new')}
      onSubmit={form.handleSubmit((input) => create.mutate(input))}
      busy={create.isPending}
      submit={
        <>
          <Icon name="plus" />
          {t('common.create')}
        </>
      }
    >
      <TextField label={t('field.name')} {...form.field('name')} />
      <AbilityPicker value={form.values.abilities} onChange={(a) => form.set('abilities', a)} />
    </FormCard>
  );
}

function RoleItem({
  role,
  open,
  editable,
  onToggle,
}: {
  role: Role;
  open: boolean;
  editable: boolean;
  onToggle: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const name = roleName(t, role);
  const schema = roleInput;
  const form = useForm(schema, { spaceId, name: role.name, abilities: role.abilities });
  const refresh = () => {
    void utils.roles.list.invalidate({ spaceId });
    void utils.users.spaceConfig.invalidate({ spaceId });
  };
  const update = trpc.roles.update.useMutation({
    trpc: { context: { showsIssues: true } },
    onSuccess: () => {
      refresh();
      notify('success', [t('admin.roles.saved')]);
    },
    onError: (error) => {
      form.showIssuesOf(error);
      refresh();
    },
  });
  const remove = trpc.roles.delete.useMutation({
    onSuccess: () => {
      refresh();
      notify('success', [t('admin.roles.deleted')]);
    },
  });
  const askDelete = async () => {
    if (await confirmedDelete(t('common.delete'), t('admin.roles.delete_confirm', { name })))
      remove.mutate({ spaceId, roleId: role.id });
  };

  return (
    <section className={`role${open ? ' role-open' : ''}`} data-testid={`role-${role.name}`}>
      <button type="button" className="role-head" aria-expanded={open} onClick={onToggle}>
        <span className="role-name">{name}</span>
        {role.key !== null && <Badge>{t('admin.roles.built_in')}</Badge>}
        <span className="muted role-meta">
          {t('admin.roles.members', { count: role.memberCount })} ·{' '}
          {t('admin.roles.ability_count', { count: role.abilities.length })}
        </span>
        <span className="role-chevron" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <form
          className="form role-body"
          noValidate
          onSubmit={form.handleSubmit((input) =>
            update.mutate({ ...input, roleId: role.id, revision: role.revision }),
          )}
        >
          {editable && <TextField label={t('field.name')} {...form.field('name')} />}
          <AbilityPicker
            value={form.values.abilities}
            onChange={(a) => form.set('abilities', a)}
            disabled={!editable}
          />
          {editable && (
            <div className="form-actions">
              <Button variant="ghost" onClick={() => void askDelete()} busy={remove.isPending}>
                <Icon name="trash" />
                {t('common.delete')}
              </Button>
              <Button type="submit" variant="primary" busy={update.isPending}>
                {t('common.save')}
              </Button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}

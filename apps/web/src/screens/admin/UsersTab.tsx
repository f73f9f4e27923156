import { inviteInput } from '@takt/contracts';
import { formatDate } from '@takt/i18n';
import { Avatar } from '../../components/avatar';
import { Options } from '../../components/compact-select';
import { confirm } from '../../components/confirm';
import { Badge, Button, Card, Empty, SelectField, Spinner, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { AdminTable } from './AdminTable';
import { roleName } from './role-name';

/** A member's name as the list shows it: first and last name, or the login when both are empty. */
function nameOf(member: { firstName: string; lastName: string; login: string }): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.login;
}

export function UsersTab() {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const me = trpc.users.whoAmI.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const members = trpc.space.users.useQuery({ spaceId });
  const roles = trpc.roles.list.useQuery({ spaceId });
  const manage = can('users.manage');
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: roleName(t, role) }));

  const refresh = () => {
    void utils.space.users.invalidate({ spaceId });
    void utils.roles.list.invalidate({ spaceId });
    void utils.users.spaceConfig.invalidate({ spaceId });
  };
  const setRole = trpc.space.setMemberRole.useMutation({
    onSuccess: () => {
      refresh();
      notify('success', [t('admin.users.role_changed')]);
    },
  });
  const kickout = trpc.space.kickout.useMutation({
    onSuccess: () => {
      refresh();
      notify('success', [t('admin.users.kicked')]);
    },
  });

  const isMe = (member: { userId: string }) => member.userId === me.data?.id;
  const askKickout = async (userId: string, name: string) => {
    const result = await confirm({
      title: t('admin.users.kickout'),
      text: t('admin.users.kickout_confirm', { name }),
      confirmLabel: t('admin.users.kickout'),
      danger: true,
    });
    if (result.status === 'confirmed') kickout.mutate({ spaceId, userId });
  };

  return (
    <div className="stack">
      {manage && roles.data && (
        <InviteCard
          roleOptions={roleOptions}
          defaultRoleId={(roles.data.find((r) => r.key === 'viewer') ?? roles.data.at(-1))?.id ?? ''}
          onInvited={refresh}
        />
      )}
      <Card title={t('admin.tab.users')}>
        {members.isLoading && <Spinner />}
        {members.data?.length === 0 && <Empty>{t('common.none')}</Empty>}
        {members.data && members.data.length > 0 && (
          <AdminTable
            testId="members"
            heads={[t('admin.users.name'), t('field.email'), t('field.role'), t('admin.users.joined')]}
            rows={members.data}
            rowKey={(member) => member.userId}
            rowTestId={(member) => `member-${member.login}`}
            cells={(member) => (
              <>
                <td>
                  <div className="person">
                    <Avatar user={{ ...member, id: member.userId, hasAvatar: false }} size={30} />
                    <div>
                      <div className="person-name">
                        {nameOf(member)}{' '}
                        {isMe(member) && <span className="muted">({t('admin.users.you')})</span>}
                      </div>
                      <div className="person-login">
                        {member.login}
                        {member.executor && <Badge>{t('admin.users.executor')}</Badge>}
                      </div>
                    </div>
                  </div>
                </td>
                <td>{member.email}</td>
                <td>
                  {manage ? (
                    <select
                      className="input select input-compact"
                      aria-label={t('field.role')}
                      value={member.role.id}
                      disabled={setRole.isPending}
                      onChange={(e) =>
                        setRole.mutate({ spaceId, userId: member.userId, roleId: e.target.value })
                      }
                    >
                      <Options options={roleOptions} />
                    </select>
                  ) : (
                    roleName(t, member.role)
                  )}
                </td>
                <td>{formatDate(member.joinedAt)}</td>
              </>
            )}
            action={
              manage && {
                label: t('admin.users.kickout'),
                hidden: isMe,
                run: (member) => void askKickout(member.userId, nameOf(member)),
              }
            }
          />
        )}
      </Card>
    </div>
  );
}

function InviteCard({
  roleOptions,
  defaultRoleId,
  onInvited,
}: {
  roleOptions: { value: string; label: string }[];
  defaultRoleId: string;
  onInvited: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const form = useForm(inviteInput, { spaceId, login: '', roleId: defaultRoleId });
  const invite = trpc.space.invite.useMutation({
    ...form.showsIssues,
    onSuccess: (_member, { login }) => {
      form.set('login', '');
      onInvited();
      notify('success', [t('admin.users.invited', { login })]);
    },
  });
  return (
    <Card title={t('admin.users.invite')}>
      <form
        className="form-inline"
        noValidate
        data-testid="invite-form"
        onSubmit={form.handleSubmit((input) => invite.mutate(input))}
      >
        <TextField label={t('field.login')} {...form.field('login')} />
        <SelectField label={t('field.role')} options={roleOptions} {...form.field('roleId')} />
        <Button type="submit" variant="primary" busy={invite.isPending}>
          {t('admin.users.invite_submit')}
        </Button>
      </form>
    </Card>
  );
}

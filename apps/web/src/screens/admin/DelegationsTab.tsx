import { type Ability, delegationInput, parseDateInput, VALIDATION } from '@takt/contracts';
import { formatDate } from '@takt/i18n';
import { z } from 'zod';
import { confirmedDelete } from '../../components/confirm';
import { FormCard } from '../../components/form-card';
import { Badge, Card, Empty, SelectField, Spinner, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { Delegation } from '../../lib/api-types';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import { AbilityPicker } from './AbilityPicker';
import { AdminTable } from './AdminTable';

/** "Valid until" is typed as DD.MM.YYYY (validation rules date formats) and means the end of that day. */
const validUntilText = z.string().transform((text, ctx) => {
  if (text.trim() === '') return null;
  const date = parseDateInput(text);
  if (!date) {
    ctx.addIssue({ code: 'custom', message: VALIDATION.invalidDate });
    return z.NEVER;
  }
  return new Date(date.year, date.month - 1, date.day, 23, 59, 59).toISOString();
});

const delegationForm = delegationInput.extend({ validUntil: validUntilText, comment: z.string() });

export function DelegationsTab() {
  const t = useT();
  const { spaceId } = useSpace();
  const list = trpc.delegation.list.useQuery({ spaceId });
  if (!list.data) return <Spinner />;
  return (
    <div className="stack">
      <NewDelegationCard />
      <Card title={t('admin.delegations.given')}>
        <DelegationTable items={list.data.given} direction="given" />
      </Card>
      <Card title={t('admin.delegations.received')}>
        <DelegationTable items={list.data.received} direction="received" />
      </Card>
    </div>
  );
}

function NewDelegationCard() {
  const t = useT();
  const { spaceId, config } = useSpace();
  const utils = trpc.useUtils();
  const me = trpc.users.whoAmI.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const members = trpc.space.users.useQuery(
    { spaceId },
    { enabled: config.abilities.includes('users.view') },
  );
  const empty = { spaceId, toUserId: '', abilities: [] as Ability[], validUntil: '', comment: '' };
  const form = useForm(delegationForm, empty);
  const create = trpc.delegation.create.useMutation({
    ...form.showsIssues,
    onSuccess: () => {
      form.setValues(empty);
      void utils.delegation.list.invalidate({ spaceId });
      notify('success', [t('admin.delegations.created')]);
    },
  });
  const others = (members.data ?? []).filter((m) => m.userId !== me.data?.id);
  return (
    <FormCard
      title={t('admin.delegations.new')}
      onSubmit={form.handleSubmit((input) =>
        create.mutate({ ...input, comment: input.comment.trim() || undefined }),
      )}
      busy={create.isPending}
      submit={t('admin.delegations.new')}
    >
      <div className="form-grid">
        <SelectField
          label={t('admin.delegations.to_user')}
          {...form.field('toUserId')}
          options={[
            { value: '', label: t('admin.delegations.choose_user') },
            ...others.map((m) => ({ value: m.userId, label: `${m.firstName} ${m.lastName} (${m.login})` })),
          ]}
        />
        <TextField
          label={t('admin.delegations.valid_until')}
          placeholder={t('common.date_placeholder')}
          {...form.field('validUntil')}
        />
      </div>
      <TextField label={t('admin.delegations.comment')} {...form.field('comment')} />
      <AbilityPicker
        value={form.values.abilities}
        available={config.abilities}
        onChange={(abilities) => form.set('abilities', abilities)}
      />
      {form.errors.abilities && <div className="field-error">{t('validation.required')}</div>}
    </FormCard>
  );
}

function DelegationTable({ items, direction }: { items: Delegation[]; direction: 'given' | 'received' }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const remove = trpc.delegation.delete.useMutation({
    onSuccess: () => {
      void utils.delegation.list.invalidate({ spaceId });
      notify('success', [t('admin.delegations.deleted')]);
    },
  });
  if (items.length === 0) return <Empty>{t('admin.delegations.empty')}</Empty>;
  const ask = async (item: Delegation) => {
    if (
      await confirmedDelete(
        t('common.delete'),
        t('admin.delegations.delete_confirm', { name: item.toUser.name }),
      )
    )
      remove.mutate({ spaceId, delegationId: item.id });
  };
  return (
    <AdminTable
      testId={`delegations-${direction}`}
      heads={[
        direction === 'given' ? t('admin.delegations.to_user') : t('admin.delegations.from_user'),
        t('admin.roles.abilities'),
        t('admin.delegations.valid_until'),
        t('admin.delegations.comment'),
      ]}
      rows={items}
      rowKey={(item) => item.id}
      cells={(item) => (
        <>
          <td>{direction === 'given' ? item.toUser.name : item.fromUser.name}</td>
          <td>
            <div className="badges">
              {item.abilities.map((a) => (
                <Badge key={a}>{t(`ability.${a}`)}</Badge>
              ))}
            </div>
          </td>
          <td>{item.validUntil ? formatDate(item.validUntil) : t('common.never')}</td>
          <td>{item.comment ?? t('common.none')}</td>
        </>
      )}
      action={
        direction === 'given' && {
          label: t('common.delete'),
          busy: remove.isPending,
          run: (item) => void ask(item),
        }
      }
    />
  );
}

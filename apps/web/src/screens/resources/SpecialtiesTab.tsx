import { useState } from 'react';
import { CompactSelect } from '../../components/compact-select';
import { confirmedDelete } from '../../components/confirm';
import { DataList } from '../../components/data-list';
import { FormDialog } from '../../components/dialog';
import { Badge, Button, Card, Empty, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { useSaving } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { withMember } from '../../lib/sets';
import { api, trpc } from '../../lib/trpc';

type Specialty = RouterOutputs['resources']['specialties'][number];

/** Specialties (trades) of the space: create, rename, delete. */
export function SpecialtiesTab({ editable }: { editable: boolean }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const list = trpc.resources.specialties.useQuery({ spaceId });
  const [editing, setEditing] = useState<Specialty | 'new' | null>(null);
  const remove = async (s: Specialty) => {
    if (!(await confirmedDelete(t('resources.specialty_delete_title', { name: s.name })))) return;
    await api.resources.deleteSpecialty.mutate({ spaceId, specialtyId: s.id });
    await utils.resources.specialties.invalidate();
  };
  return (
    <Card
      title={t('resources.tab.specialties')}
      description={t('resources.specialties_hint')}
      actions={
        <Button
          variant="primary"
          disabled={!editable}
          onClick={() => setEditing('new')}
          data-testid="specialty-create"
        >
          + {t('resources.new_specialty')}
        </Button>
      }
    >
      <DataList
        rows={list.data}
        query={list}
        rowKey={(s) => s.id}
        empty={t('resources.no_specialties')}
        searchText={(s) => `${s.code ?? ''} ${s.name}`}
        columns={[
          { key: 'code', header: t('eps.code'), cell: (s) => s.code ?? '' },
          { key: 'name', header: t('eps.name'), cell: (s) => s.name },
          { key: 'resources', header: t('screen.resources'), className: 'num', cell: (s) => s.resources },
          { key: 'users', header: t('resources.tab.executors'), className: 'num', cell: (s) => s.users },
        ]}
        actions={[
          { label: t('common.edit'), disabled: !editable, shortcut: 'Enter', run: setEditing },
          { label: t('common.delete'), disabled: !editable, shortcut: 'Delete', run: (s) => void remove(s) },
        ]}
      />
      {editing && (
        <SpecialtyDialog
          specialty={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            void utils.resources.specialties.invalidate();
          }}
        />
      )}
    </Card>
  );
}

function SpecialtyDialog({
  specialty,
  onClose,
  onDone,
}: {
  specialty: Specialty | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [name, setName] = useState(specialty?.name ?? '');
  const [code, setCode] = useState(specialty?.code ?? '');
  const { errors, busy, run } = useSaving();
  const submit = () =>
    run(async () => {
      const fields = { name, code: code.trim() || null };
      if (specialty)
        await api.resources.updateSpecialty.mutate(
          { spaceId, specialtyId: specialty.id, revision: specialty.revision, ...fields },
          { context: { showsIssues: true } },
        );
      else
        await api.resources.createSpecialty.mutate(
          { spaceId, ...fields },
          { context: { showsIssues: true } },
        );
      onDone();
    });
  return (
    <FormDialog
      title={specialty ? t('resources.edit_specialty') : t('resources.new_specialty')}
      busy={busy}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="specialty-dialog"
    >
      <TextField label={t('eps.name')} value={name} onChange={setName} error={errors.name} maxLength={32} />
      <TextField label={t('eps.code')} value={code} onChange={setCode} error={errors.code} maxLength={32} />
    </FormDialog>
  );
}

type Executor = RouterOutputs['resources']['executors'][number];

/** Executors of the space (members flagged as executors or holding specialties) and their specialties. */
export function ExecutorsTab({ editable }: { editable: boolean }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const executors = trpc.resources.executors.useQuery({ spaceId });
  const members = trpc.space.users.useQuery(
    { spaceId },
    { trpc: { context: { quiet: true } }, retry: false },
  );
  const specialties = trpc.resources.specialties.useQuery({ spaceId });
  const [editing, setEditing] = useState<Executor | null>(null);
  const [adding, setAdding] = useState('');
  const listed = new Set((executors.data ?? []).map((e) => e.id));
  const others = (members.data ?? []).filter((m) => !listed.has(m.userId));
  return (
    <Card
      title={t('resources.tab.executors')}
      description={t('resources.executors_hint')}
      actions={
        editable &&
        others.length > 0 && (
          <CompactSelect
            aria-label={t('resources.add_executor')}
            value={adding}
            onChange={(userId) => {
              const member = others.find((m) => m.userId === userId);
              setAdding('');
              if (member)
                setEditing({
                  id: member.userId,
                  login: member.login,
                  firstName: member.firstName,
                  lastName: member.lastName,
                  executor: member.executor,
                  specialties: [],
                });
            }}
            options={[
              { value: '', label: `+ ${t('resources.add_executor')}` },
              ...others.map((m) => ({
                value: m.userId,
                label: `${m.lastName} ${m.firstName}`.trim() || m.login,
              })),
            ]}
          />
        )
      }
    >
      <DataList
        rows={executors.data}
        query={executors}
        rowKey={(e) => e.id}
        empty={t('resources.no_executors')}
        searchText={(e) => `${e.lastName} ${e.firstName} ${e.login}`}
        columns={[
          {
            key: 'executor',
            header: t('resources.executor'),
            cell: (e) => (
              <>
                {`${e.lastName} ${e.firstName}`.trim() || e.login}
                {e.executor && (
                  <>
                    {' '}
                    <Badge tone="accent">{t('resources.executor_flag')}</Badge>
                  </>
                )}
              </>
            ),
          },
          {
            key: 'specialties',
            header: t('resources.tab.specialties'),
            cell: (e) => e.specialties.map((s) => s.name).join(', ') || t('common.none'),
          },
        ]}
        actions={[{ label: t('common.edit'), disabled: !editable, shortcut: 'Enter', run: setEditing }]}
      />
      {editing && (
        <UserSpecialtiesDialog
          executor={editing}
          specialties={specialties.data ?? []}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            void utils.resources.executors.invalidate();
            void utils.resources.specialties.invalidate();
            notify('success', [t('common.saved')]);
          }}
        />
      )}
    </Card>
  );
}

function UserSpecialtiesDialog({
  executor,
  specialties,
  onClose,
  onDone,
}: {
  executor: Executor;
  specialties: readonly Specialty[];
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set(executor.specialties.map((s) => s.id)));
  const save = trpc.resources.setUserSpecialties.useMutation({ onSuccess: onDone });
  return (
    <FormDialog
      title={t('resources.specialties_of', {
        name: `${executor.lastName} ${executor.firstName}`.trim() || executor.login,
      })}
      busy={save.isPending}
      onSubmit={() => save.mutate({ spaceId, userId: executor.id, specialtyIds: [...picked] })}
      onClose={onClose}
    >
      {specialties.length === 0 ? (
        <Empty>{t('resources.no_specialties')}</Empty>
      ) : (
        <ul className="plain-list">
          {specialties.map((s) => (
            <li key={s.id}>
              <label className="check">
                <input
                  type="checkbox"
                  checked={picked.has(s.id)}
                  onChange={(e) => setPicked((p) => withMember(p, s.id, e.target.checked))}
                />
                <span>{s.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </FormDialog>
  );
}

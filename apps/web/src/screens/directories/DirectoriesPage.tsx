import { useEffect, useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { DataList } from '../../components/data-list';
import { FormDialog } from '../../components/dialog';
import { SplitPicker } from '../../components/split-picker';
import {
  Badge,
  Button,
  Card,
  namedOptions,
  PageHeader,
  SelectField,
  Tabs,
  TextField,
} from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { fieldErrorsOf } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { asVersions } from '../../lib/schedule-types';
import { withMember } from '../../lib/sets';
import { trpc } from '../../lib/trpc';
import '../calendars/calendars.css';
import '../structure/structure.css';
import { setFormVisible, useFormFlag } from '../../state/app-state';
import { ComplexRelationsTab } from './ComplexRelationsTab';
import { DirectoryUploadDialog } from './DirectoryUploadDialog';

type Directory = RouterOutputs['directories']['list'][number];
type Value = Directory['values'][number];
type Editing =
  | { kind: 'directory'; directory: Directory | null }
  | { kind: 'value'; directory: Directory; value: Value | null }
  | null;

/** The directories screen: its two tabs, the directories themselves and their complex relations. */
export function DirectoriesPage() {
  const t = useT();
  const [tab, setTab] = useState<'directories' | 'relations'>('directories');
  return (
    <div className="page page-wide" data-testid="directories-page">
      <Tabs
        label={t('screen.directories')}
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'directories', label: t('complex_relations.tab_directories') },
          { key: 'relations', label: t('complex_relations.tab') },
        ]}
      />
      {tab === 'directories' ? <DirectoriesTab /> : <ComplexRelationsTab />}
    </div>
  );
}

/** Directories (reference lists) and their values; chosen values can be added to a version. */
function DirectoriesTab() {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const list = trpc.directories.list.useQuery({ spaceId });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [addTo, setAddTo] = useState(false);
  // the directory upload opens and closes through its app-level flag
  const [uploading, setUploading] = useFormFlag('directoryUpload');
  useEffect(() => () => setFormVisible('directoryUpload', false), []);
  const refresh = () => void utils.directories.list.invalidate();
  const removeDirectory = trpc.directories.delete.useMutation({ onSuccess: refresh });
  const removeValue = trpc.directories.deleteValue.useMutation({ onSuccess: refresh });
  const editable = can('directories.edit');
  const directories = list.data ?? [];
  const directory = directories.find((d) => d.id === selectedId) ?? directories[0];

  return (
    <>
      <PageHeader
        title={t('screen.directories')}
        subtitle={t('directories.subtitle')}
        add={{
          label: t('directories.new'),
          disabled: !editable,
          onClick: () => setEditing({ kind: 'directory', directory: null }),
          testId: 'directory-create',
        }}
      />
      <SplitPicker
        loading={list.isLoading}
        items={directories}
        empty={t('directories.empty')}
        chosenId={directory?.id}
        onChoose={(d) => {
          setSelectedId(d.id);
          setPicked(new Set());
        }}
        badge={(d) => <Badge>{d.values.length}</Badge>}
      >
        {directory && (
          <Card
            title={directory.name}
            actions={
              <>
                <Button disabled={!editable} onClick={() => setEditing({ kind: 'directory', directory })}>
                  {t('eps.rename')}
                </Button>
                <Button
                  variant="danger"
                  disabled={!editable}
                  onClick={async () => {
                    if (await confirmedDelete(t('directories.delete_title', { name: directory.name })))
                      removeDirectory.mutate({ spaceId, directoryId: directory.id });
                  }}
                >
                  {t('common.delete')}
                </Button>
                <Button
                  disabled={!editable}
                  onClick={() => setEditing({ kind: 'value', directory, value: null })}
                  data-testid="value-create"
                >
                  + {t('directories.new_value')}
                </Button>
                <Button
                  disabled={!editable}
                  onClick={() => setUploading(true)}
                  data-testid="directory-upload-open"
                >
                  {t('directories.upload.button')}
                </Button>
                <Button
                  variant="primary"
                  disabled={!editable || picked.size === 0}
                  onClick={() => setAddTo(true)}
                >
                  {t('directories.add_to_version', { count: picked.size })}
                </Button>
              </>
            }
          >
            <DataList
              rows={directory.values}
              rowKey={(v) => v.id}
              empty={t('directories.no_values')}
              searchText={(v) => `${v.code ?? ''} ${v.name}`}
              columns={[
                {
                  key: 'pick',
                  header: null,
                  headerLabel: t('directories.pick'),
                  cell: (v) => (
                    <input
                      type="checkbox"
                      aria-label={t('directories.pick_value', { name: v.name })}
                      checked={picked.has(v.id)}
                      onChange={(e) => setPicked((p) => withMember(p, v.id, e.target.checked))}
                    />
                  ),
                },
                { key: 'code', header: t('eps.code'), cell: (v) => v.code ?? '' },
                { key: 'name', header: t('eps.name'), cell: (v) => v.name },
              ]}
              actions={[
                {
                  label: t('common.edit'),
                  disabled: !editable,
                  shortcut: 'Enter',
                  run: (v) => setEditing({ kind: 'value', directory, value: v }),
                },
                {
                  label: t('common.delete'),
                  disabled: !editable,
                  // no Delete key: a value is removed without asking, so only its button removes it
                  run: (v) => removeValue.mutate({ spaceId, valueId: v.id }),
                },
              ]}
            />
          </Card>
        )}
      </SplitPicker>
      {editing && <EditDialog editing={editing} onClose={() => setEditing(null)} onDone={refresh} />}
      {uploading && directory && (
        <DirectoryUploadDialog directory={directory} onClose={() => setUploading(false)} onDone={refresh} />
      )}
      {addTo && directory && (
        <AddToVersionDialog
          directoryId={directory.id}
          valueIds={[...picked]}
          onClose={() => setAddTo(false)}
          onDone={(added) => {
            setAddTo(false);
            setPicked(new Set());
            notify('success', [t('directories.added', { count: added })]);
          }}
        />
      )}
    </>
  );
}

function EditDialog({
  editing,
  onClose,
  onDone,
}: {
  editing: NonNullable<Editing>;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const current = editing.kind === 'directory' ? editing.directory : editing.value;
  const [name, setName] = useState(current?.name ?? '');
  const [code, setCode] = useState(editing.kind === 'value' ? (editing.value?.code ?? '') : '');
  const [errors, setErrors] = useState<Record<string, { message: string }>>({});
  const ctx = { trpc: { context: { showsIssues: true } } };
  const done = {
    onSuccess: () => {
      onDone();
      onClose();
    },
    onError: (error: unknown) => setErrors(fieldErrorsOf(error)),
  };
  const createDirectory = trpc.directories.create.useMutation(ctx);
  const updateDirectory = trpc.directories.update.useMutation(ctx);
  const createValue = trpc.directories.createValue.useMutation(ctx);
  const updateValue = trpc.directories.updateValue.useMutation(ctx);
  const submit = () => {
    if (editing.kind === 'directory') {
      if (editing.directory)
        updateDirectory.mutate(
          { spaceId, directoryId: editing.directory.id, name, revision: editing.directory.revision },
          done,
        );
      else createDirectory.mutate({ spaceId, name }, done);
    } else if (editing.value)
      updateValue.mutate(
        { spaceId, valueId: editing.value.id, revision: editing.value.revision, name, code: code || null },
        done,
      );
    else createValue.mutate({ spaceId, directoryId: editing.directory.id, name, code: code || null }, done);
  };
  return (
    <FormDialog
      title={
        editing.kind === 'directory'
          ? current
            ? t('directories.rename')
            : t('directories.new')
          : current
            ? t('directories.edit_value')
            : t('directories.new_value')
      }
      onClose={onClose}
      onSubmit={submit}
      testId="directory-dialog"
    >
      <TextField label={t('eps.name')} value={name} onChange={setName} error={errors.name} />
      {editing.kind === 'value' && (
        <TextField label={t('eps.code')} value={code} onChange={setCode} error={errors.code} />
      )}
    </FormDialog>
  );
}

function AddToVersionDialog({
  directoryId,
  valueIds,
  onClose,
  onDone,
}: {
  directoryId: string;
  valueIds: string[];
  onClose: () => void;
  onDone: (added: number) => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const eps = trpc.eps.list.useQuery({ spaceId });
  const schedules = (eps.data ?? []).filter((n) => n.kind === 'schedule');
  const [scheduleId, setScheduleId] = useState('');
  const chosenSchedule = scheduleId || schedules[0]?.id || '';
  const versions = trpc.versions.list.useQuery(
    { spaceId, scheduleId: chosenSchedule },
    { enabled: !!chosenSchedule },
  );
  const [versionId, setVersionId] = useState('');
  const versionList = asVersions(versions.data);
  const chosenVersion = versionId || versionList.find((v) => v.actual)?.id || '';
  const add = trpc.versions.addDirectoryValues.useMutation({ onSuccess: (r) => onDone(r.added) });
  return (
    <FormDialog
      title={t('directories.add_to_version', { count: valueIds.length })}
      busy={add.isPending}
      onClose={onClose}
      onSubmit={
        chosenVersion
          ? () => add.mutate({ spaceId, versionId: chosenVersion, directoryId, valueIds })
          : undefined
      }
    >
      {schedules.length === 0 ? (
        <p>{t('directories.no_schedules')}</p>
      ) : (
        <>
          <SelectField
            label={t('eps.kind.schedule')}
            value={chosenSchedule}
            onChange={(v) => {
              setScheduleId(v);
              setVersionId('');
            }}
            options={namedOptions(schedules)}
          />
          <SelectField
            label={t('versions.version')}
            value={chosenVersion}
            onChange={setVersionId}
            options={namedOptions(versionList)}
          />
        </>
      )}
    </FormDialog>
  );
}

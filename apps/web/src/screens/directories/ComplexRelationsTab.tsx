import { COMPLEX_RELATION_MODES, type ComplexRelationMode } from '@takt/contracts';
import { useState } from 'react';
import { confirmed, confirmedDelete } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import { SplitPicker } from '../../components/split-picker';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  CrossButton,
  FileField,
  namedOptions,
  PageHeader,
  SelectField,
  TextField,
} from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { fetchFile, fileNameOf, saveBlob } from '../../lib/download';
import { fieldErrorsOf } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { withMember } from '../../lib/sets';
import { trpc } from '../../lib/trpc';
import { postForm } from '../../lib/upload';
import './complex-relations.css';

type Relation = RouterOutputs['complexRelations']['all'][number];
type Directory = RouterOutputs['directories']['list'][number];
type Row = RouterOutputs['complexRelations']['rows']['rows'][number];

const base = (spaceId: string, relationId: string) =>
  `/api/v1/space/${spaceId}/directory-complex-relations/${relationId}`;

/**
 * The directories screen's "Complex relations" tab: the space's relations on the left; the chosen one's
 * directories with their roles, options, schedules, and its rows edited in place — one select per directory —
 * with export and import of the rows.
 */
export function ComplexRelationsTab() {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const list = trpc.complexRelations.all.useQuery({ spaceId });
  const directories = trpc.directories.list.useQuery({ spaceId });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const editable = can('directories.edit');
  const relations = list.data ?? [];
  const relation = relations.find((r) => r.id === chosenId) ?? relations[0];
  const refresh = () => {
    void utils.complexRelations.all.invalidate();
    void utils.complexRelations.rows.invalidate();
  };
  return (
    <>
      <PageHeader
        title={t('complex_relations.tab')}
        subtitle={t('complex_relations.subtitle')}
        add={{
          label: t('complex_relations.new'),
          disabled: !editable || (directories.data ?? []).length < 2,
          onClick: () => setCreating(true),
          testId: 'relation-create',
        }}
      />
      <SplitPicker
        loading={list.isLoading}
        items={relations}
        empty={t('complex_relations.empty')}
        chosenId={relation?.id}
        onChoose={(r) => setChosenId(r.id)}
        badge={(r) => <Badge>{r.rowCount}</Badge>}
      >
        {relation && (
          <RelationEditor
            key={relation.id}
            relation={relation}
            directories={directories.data ?? []}
            editable={editable}
            onChanged={refresh}
          />
        )}
      </SplitPicker>
      {creating && (
        <RelationDialog
          directories={directories.data ?? []}
          onClose={() => setCreating(false)}
          onDone={(id) => {
            setChosenId(id);
            refresh();
          }}
        />
      )}
    </>
  );
}

function RelationEditor({
  relation,
  directories,
  editable,
  onChanged,
}: {
  relation: Relation;
  directories: Directory[];
  editable: boolean;
  onChanged: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const rows = trpc.complexRelations.rows.useQuery({ spaceId, complexRelationId: relation.id });
  const [dialog, setDialog] = useState<'options' | 'assign' | 'import' | null>(null);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [rowError, setRowError] = useState<string | null>(null);
  const quiet = { trpc: { context: { showsIssues: true } } };
  const saveRows = trpc.complexRelations.updateRows.useMutation(quiet);
  const deleteRows = trpc.complexRelations.deleteRows.useMutation({ onSuccess: onChanged });
  const remove = trpc.complexRelations.delete.useMutation({ onSuccess: onChanged });
  const valuesOf = new Map(directories.map((d) => [d.id, d.values]));
  const driver = relation.directories.find((d) => d.role === 'driver');

  const save = (row: { complexRelationRowId?: string; values: Record<string, string | null> }) =>
    saveRows.mutate(
      { spaceId, complexRelationId: relation.id, rows: [row] },
      {
        onSuccess: () => {
          setRowError(null);
          onChanged();
        },
        onError: (error) => {
          const issue = Object.values(fieldErrorsOf(error))[0];
          setRowError(issue?.message ?? t('errors.UnknownException'));
        },
      },
    );
  const cell = (
    directoryId: string,
    value: string,
    onChange: (value: string) => void,
    label: string,
    testId?: string,
  ) => (
    <select
      className="input select"
      aria-label={label}
      value={value}
      disabled={!editable}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
    >
      <option value="">{t('complex_relations.choose_value')}</option>
      {(valuesOf.get(directoryId) ?? []).map((v) => (
        <option key={v.id} value={v.id}>
          {v.code ? `${v.name} (${v.code})` : v.name}
        </option>
      ))}
    </select>
  );

  return (
    <Card
      title={relation.name}
      description={`${t(`complex_relations.mode.${relation.mode}`)} · ${t('complex_relations.assigned', {
        count: relation.scheduleIds.length,
      })}`}
      actions={
        <>
          <Button disabled={!editable} onClick={() => setDialog('options')} data-testid="relation-options">
            {t('complex_relations.options')}
          </Button>
          <Button disabled={!editable} onClick={() => setDialog('assign')} data-testid="relation-assign">
            {t('complex_relations.assign')}
          </Button>
          <Button
            onClick={async () => {
              const got = await fetchFile(`${base(spaceId, relation.id)}/export`, {});
              if (got) saveBlob(got.blob, fileNameOf(got.response) ?? `${relation.name}.xlsx`);
            }}
            data-testid="relation-export"
          >
            {t('complex_relations.export')}
          </Button>
          <Button disabled={!editable} onClick={() => setDialog('import')} data-testid="relation-import">
            {t('complex_relations.import')}
          </Button>
          <Button
            variant="danger"
            disabled={!editable}
            onClick={async () => {
              if (await confirmedDelete(t('complex_relations.delete_title', { name: relation.name })))
                remove.mutate({ spaceId, complexRelationId: relation.id });
            }}
          >
            {t('common.delete')}
          </Button>
        </>
      }
    >
      <div className="table-wrap">
        <table className="table relation-rows" data-testid="relation-rows">
          <thead>
            <tr>
              {relation.directories.map((d) => (
                <th key={d.directoryId}>
                  {d.name}
                  <span className={`relation-role relation-role-${d.role}`}>
                    {t(`complex_relations.role.${d.role}`)}
                  </span>
                </th>
              ))}
              <th aria-label={t('common.actions')} />
            </tr>
          </thead>
          <tbody>
            {(rows.data?.rows ?? []).map((row: Row, k) => (
              <tr key={row.id} data-testid="relation-row">
                {relation.directories.map((d) => (
                  <td key={d.directoryId}>
                    {cell(
                      d.directoryId,
                      row.values[d.directoryId] ?? '',
                      (value) =>
                        save({
                          complexRelationRowId: row.id,
                          values: { ...row.values, [d.directoryId]: value || null },
                        }),
                      `${d.name} ${k + 1}`,
                    )}
                  </td>
                ))}
                <td>
                  {editable && (
                    <CrossButton
                      label={t('complex_relations.delete_row')}
                      onClick={() =>
                        deleteRows.mutate({
                          spaceId,
                          complexRelationId: relation.id,
                          complexRelationRowIds: [row.id],
                        })
                      }
                    />
                  )}
                </td>
              </tr>
            ))}
            {editable && (
              <tr className="relation-new-row">
                {relation.directories.map((d) => (
                  <td key={d.directoryId}>
                    {cell(
                      d.directoryId,
                      draft[d.directoryId] ?? '',
                      (value) => setDraft((r) => ({ ...r, [d.directoryId]: value })),
                      `${d.name} — ${t('complex_relations.add_row')}`,
                      `relation-new-${d.name}`,
                    )}
                  </td>
                ))}
                <td>
                  <Button
                    variant="primary"
                    disabled={!driver || !draft[driver.directoryId]}
                    onClick={() => {
                      save({
                        values: Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v || null])),
                      });
                      setDraft({});
                    }}
                    data-testid="relation-add-row"
                  >
                    + {t('complex_relations.add_row')}
                  </Button>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {rows.data && rows.data.rows.length === 0 && <p className="muted">{t('complex_relations.no_rows')}</p>}
      {rowError && (
        <p className="field-error" role="alert">
          {rowError}
        </p>
      )}
      {dialog === 'options' && (
        <RelationDialog
          relation={relation}
          directories={directories}
          onClose={() => setDialog(null)}
          onDone={onChanged}
        />
      )}
      {dialog === 'assign' && (
        <AssignDialog relation={relation} onClose={() => setDialog(null)} onDone={onChanged} />
      )}
      {dialog === 'import' && (
        <ImportDialog relation={relation} onClose={() => setDialog(null)} onDone={onChanged} />
      )}
    </Card>
  );
}

/**
 * "New relation" (no `relation`) and "Options" of one: name, directories in order, driver, dependents and
 * mode. Other directories for a relation with rows are saved only once the user agrees to delete its rows.
 */
function RelationDialog({
  relation,
  directories,
  onClose,
  onDone,
}: {
  relation?: Relation;
  directories: Directory[];
  onClose: () => void;
  onDone: (id: string) => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [name, setName] = useState(relation?.name ?? '');
  // Each level with a key of its own (a level removed keeps the others' selects as they were).
  const [levels, setLevels] = useState(
    relation
      ? relation.directories.map((d, k) => ({ key: k + 1, id: d.directoryId }))
      : [
          { key: 1, id: '' },
          { key: 2, id: '' },
        ],
  );
  const chosen = levels.map((l) => l.id);
  const [driver, setDriver] = useState(
    relation?.directories.find((d) => d.role === 'driver')?.directoryId ?? '',
  );
  // The directories that are not dependent: a directory added later is dependent until unticked.
  const [passive, setPassive] = useState<ReadonlySet<string>>(
    new Set(relation?.directories.filter((d) => d.role === 'none').map((d) => d.directoryId) ?? []),
  );
  const [mode, setMode] = useState<ComplexRelationMode>(relation?.mode ?? 'overwrite');
  const [errors, setErrors] = useState<Record<string, { message: string }>>({});
  const quiet = { trpc: { context: { showsIssues: true } } };
  const create = trpc.complexRelations.create.useMutation(quiet);
  const update = trpc.complexRelations.updateOptions.useMutation(quiet);
  const picked = chosen.filter(Boolean);
  const named = new Map(directories.map((d) => [d.id, d.name]));
  const theDriver = driver && picked.includes(driver) ? driver : (picked[0] ?? '');
  const dependents = picked.filter((d) => d !== theDriver && !passive.has(d));
  const done = {
    onSuccess: (r: { id: string }) => {
      onDone(r.id);
      onClose();
    },
    onError: (error: unknown) => setErrors(fieldErrorsOf(error)),
  };

  const submit = async () => {
    const fields = { name, driverDirectoryId: theDriver, dependentDirectoryIds: dependents, mode };
    if (!relation) {
      create.mutate({ spaceId, directoryIds: picked, ...fields }, done);
      return;
    }
    const before = relation.directories.map((d) => d.directoryId);
    const reordered = picked.length !== before.length || picked.some((d, k) => d !== before[k]);
    const otherSet = picked.length !== before.length || picked.some((d) => !before.includes(d));
    const clearRows = otherSet && relation.rowCount > 0;
    if (
      clearRows &&
      !(await confirmed({
        title: t('complex_relations.clear_rows_title', { count: relation.rowCount }),
        text: t('complex_relations.clear_rows_text'),
        confirmLabel: t('complex_relations.clear_rows_confirm'),
        danger: true,
      }))
    )
      return;
    update.mutate(
      {
        spaceId,
        complexRelationId: relation.id,
        revision: relation.revision,
        ...(reordered ? { directoryIds: picked, ...(clearRows ? { clearRows: true } : {}) } : {}),
        ...fields,
      },
      done,
    );
  };

  return (
    <FormDialog
      title={relation ? t('complex_relations.options') : t('complex_relations.new')}
      busy={create.isPending || update.isPending}
      onClose={onClose}
      testId={relation ? 'relation-options-dialog' : 'relation-dialog'}
      onSubmit={() => void submit()}
    >
      <TextField label={t('complex_relations.name')} value={name} onChange={setName} error={errors.name} />
      <fieldset className="relation-levels">
        <legend>{t('complex_relations.directories')}</legend>
        <p className="muted">{t('complex_relations.directories_hint')}</p>
        {levels.map(({ key, id }, k) => (
          <div className="relation-level" key={key}>
            <SelectField
              label={t('complex_relations.level', { n: k + 1 })}
              value={id}
              onChange={(v) => setLevels((c) => c.map((x) => (x.key === key ? { key, id: v } : x)))}
              options={namedOptions(
                directories.filter((d) => d.id === id || !chosen.includes(d.id)),
                t('complex_relations.choose_value'),
              )}
              data-testid={`relation-level-${k + 1}`}
            />
            {chosen.length > 2 && (
              <CrossButton
                label={t('complex_relations.remove_directory', { name: named.get(id) ?? k + 1 })}
                onClick={() => setLevels((c) => c.filter((x) => x.key !== key))}
              />
            )}
          </div>
        ))}
        {errors.directoryIds && <p className="field-error">{errors.directoryIds.message}</p>}
        <Button
          disabled={chosen.length >= Math.min(8, directories.length)}
          onClick={() => setLevels((c) => [...c, { key: Math.max(...c.map((x) => x.key)) + 1, id: '' }])}
          data-testid="relation-add-level"
        >
          + {t('complex_relations.add_directory')}
        </Button>
      </fieldset>
      <SelectField
        label={t('complex_relations.driver')}
        value={theDriver}
        onChange={setDriver}
        options={picked.map((id) => ({ value: id, label: named.get(id) ?? id }))}
        error={errors.driverDirectoryId}
      />
      <fieldset className="relation-levels">
        <legend>{t('complex_relations.dependents')}</legend>
        {picked
          .filter((d) => d !== theDriver)
          .map((d) => (
            <Checkbox
              key={d}
              label={named.get(d) ?? d}
              checked={!passive.has(d)}
              onChange={(on) => setPassive((s) => withMember(s, d, !on))}
            />
          ))}
        {errors.dependentDirectoryIds && (
          <p className="field-error">{errors.dependentDirectoryIds.message}</p>
        )}
      </fieldset>
      <ModeField value={mode} onChange={setMode} />
    </FormDialog>
  );
}

function ModeField({
  value,
  onChange,
}: {
  value: ComplexRelationMode;
  onChange: (v: ComplexRelationMode) => void;
}) {
  const t = useT();
  return (
    <SelectField
      label={t('complex_relations.mode')}
      value={value}
      onChange={(v) => onChange(v as ComplexRelationMode)}
      options={COMPLEX_RELATION_MODES.map((m) => ({ value: m, label: t(`complex_relations.mode.${m}`) }))}
      data-testid="relation-mode"
    />
  );
}

function AssignDialog({
  relation,
  onClose,
  onDone,
}: {
  relation: Relation;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const eps = trpc.eps.list.useQuery({ spaceId });
  const schedules = (eps.data ?? []).filter((n) => n.kind === 'schedule');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(relation.scheduleIds));
  const assign = trpc.complexRelations.assign.useMutation({
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  return (
    <FormDialog
      title={t('complex_relations.assign_title')}
      busy={assign.isPending}
      onClose={onClose}
      testId="relation-assign-dialog"
      onSubmit={() => assign.mutate({ spaceId, complexRelationId: relation.id, scheduleIds: [...chosen] })}
    >
      {schedules.length === 0 && <p>{t('directories.no_schedules')}</p>}
      {schedules.map((s) => (
        <Checkbox
          key={s.id}
          label={s.name}
          checked={chosen.has(s.id)}
          onChange={(on) => setChosen((c) => withMember(c, s.id, on))}
        />
      ))}
    </FormDialog>
  );
}

function ImportDialog({
  relation,
  onClose,
  onDone,
}: {
  relation: Relation;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog
      title={t('complex_relations.import_title', { name: relation.name })}
      busy={busy}
      onClose={onClose}
      testId="relation-import-dialog"
      onSubmit={
        file
          ? async () => {
              const form = new FormData();
              form.append('file', file);
              form.append('revision', String(relation.revision));
              setBusy(true);
              const result = await postForm<{ rows: number }>(`${base(spaceId, relation.id)}/import`, form);
              setBusy(false);
              if ('failure' in result) setProblem(result.failure.messages.join('\n'));
              else {
                notify('success', [t('complex_relations.imported', { count: result.answer.rows })]);
                onDone();
                onClose();
              }
            }
          : undefined
      }
    >
      <p className="muted">{t('complex_relations.import_hint')}</p>
      <FileField
        label={t('complex_relations.import')}
        accept=".xlsx"
        onFile={setFile}
        data-testid="relation-import-file"
      />
      {problem && (
        <pre className="field-error relation-import-problem" role="alert">
          {problem}
        </pre>
      )}
    </FormDialog>
  );
}

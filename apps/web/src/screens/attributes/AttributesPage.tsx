import {
  ATTRIBUTE_TYPES,
  type AttributeType,
  createAttributeInput,
  FORMULA_VALUE_TYPES,
} from '@takt/contracts';
import { useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { DataList } from '../../components/data-list';
import { FormDialog } from '../../components/dialog';
import { Card, Empty, namedOptions, PageHeader, SelectField, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { roleName } from '../admin/role-name';
import '../calendars/calendars.css';
import '../structure/structure.css';
import { FormulaEditor } from './FormulaEditor';
import { LinkedAttributes } from './LinkedAttributes';

type Attribute = RouterOutputs['attributes']['list'][number];
const attributeForm = createAttributeInput.pick({ name: true, valueType: true });

/** Attributes (custom columns): value types of entities, per-schedule scope, and access per schedule and role. */
export function AttributesPage() {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const list = trpc.attributes.list.useQuery({ spaceId });
  const eps = trpc.eps.list.useQuery({ spaceId });
  const directories = trpc.directories.list.useQuery({ spaceId });
  const roles = trpc.roles.list.useQuery({ spaceId }, { trpc: { context: { quiet: true } }, retry: false });
  const schedules = (eps.data ?? []).filter((n) => n.kind === 'schedule');
  const [dialog, setDialog] = useState<Attribute | 'new' | null>(null);
  const [accessSchedule, setAccessSchedule] = useState('');
  const remove = trpc.attributes.delete.useMutation({ onSuccess: () => void utils.attributes.invalidate() });
  const setAccess = trpc.attributes.setAccess.useMutation({
    onSuccess: () => void utils.attributes.invalidate(),
  });
  const editable = can('attributes.edit');
  const scheduleName = new Map(schedules.map((s) => [s.id, s.name]));
  const directoryName = new Map((directories.data ?? []).map((d) => [d.id, d.name]));
  const attributes = list.data ?? [];
  const chosenSchedule = accessSchedule || schedules[0]?.id || '';
  const ruleOf = (a: Attribute, roleId: string) =>
    a.access.find((r) => r.roleId === roleId && r.scheduleId === chosenSchedule) ?? {
      canView: true,
      canEdit: true,
    };

  return (
    <div className="page page-wide" data-testid="attributes-page">
      <PageHeader
        title={t('screen.attributes')}
        subtitle={t('attributes.subtitle')}
        add={{
          label: t('attributes.new'),
          disabled: !editable,
          onClick: () => setDialog('new'),
          testId: 'attribute-create',
        }}
      />
      <Card>
        <DataList
          rows={list.data}
          query={list}
          rowKey={(a) => a.id}
          empty={t('attributes.empty')}
          searchText={(a) => a.name}
          columns={[
            { key: 'name', header: t('eps.name'), cell: (a) => a.name },
            {
              key: 'type',
              header: t('attributes.value_type'),
              cell: (a) => t(`attribute_type.${a.valueType as AttributeType}`),
            },
            {
              key: 'kind',
              header: t('formulas.kind'),
              cell: (a) =>
                a.formula ? (
                  <span title={a.formula}>
                    {t('formulas.kind_formula')}: <code className="formula-code">{a.formula}</code>
                  </span>
                ) : (
                  t('formulas.kind_entered')
                ),
            },
            {
              key: 'scope',
              header: t('attributes.scope'),
              cell: (a) =>
                a.scheduleId ? (scheduleName.get(a.scheduleId) ?? '…') : t('attributes.all_schedules'),
            },
            {
              key: 'directory',
              header: t('attributes.directory'),
              cell: (a) => (a.directoryId ? (directoryName.get(a.directoryId) ?? '…') : t('common.none')),
            },
          ]}
          actions={[
            { label: t('common.edit'), disabled: !editable, shortcut: 'Enter', run: setDialog },
            {
              label: t('common.delete'),
              disabled: !editable,
              shortcut: 'Delete',
              run: async (a) => {
                if (await confirmedDelete(t('attributes.delete_title', { name: a.name })))
                  remove.mutate({ spaceId, attributeId: a.id });
              },
            },
          ]}
        />
      </Card>
      <Card title={t('attributes.access')} description={t('attributes.access_hint')}>
        {schedules.length === 0 || attributes.length === 0 || !roles.data ? (
          <Empty>{t('attributes.access_empty')}</Empty>
        ) : (
          <div className="stack">
            <SelectField
              label={t('eps.kind.schedule')}
              value={chosenSchedule}
              onChange={setAccessSchedule}
              options={namedOptions(schedules)}
            />
            <div className="table-wrap">
              <table className="table access-table" data-testid="attribute-access">
                <thead>
                  <tr>
                    <th>{t('attributes.role')}</th>
                    {attributes.map((a) => (
                      <th key={a.id}>{a.name}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {roles.data.map((role) => (
                    <tr key={role.id}>
                      <td>{roleName(t, role)}</td>
                      {attributes.map((a) => {
                        const rule = ruleOf(a, role.id);
                        const change = (next: { canView: boolean; canEdit: boolean }) =>
                          setAccess.mutate({
                            spaceId,
                            attributeId: a.id,
                            scheduleId: chosenSchedule,
                            roleId: role.id,
                            ...next,
                          });
                        return (
                          <td key={a.id}>
                            <label className="check">
                              <input
                                type="checkbox"
                                checked={rule.canView}
                                disabled={!editable}
                                onChange={(e) =>
                                  change({
                                    canView: e.target.checked,
                                    canEdit: e.target.checked && rule.canEdit,
                                  })
                                }
                              />
                              <span>{t('attributes.can_view')}</span>
                            </label>
                            <label className="check">
                              <input
                                type="checkbox"
                                checked={rule.canEdit}
                                disabled={!editable || !rule.canView}
                                onChange={(e) => change({ canView: rule.canView, canEdit: e.target.checked })}
                              />
                              <span>{t('attributes.can_edit')}</span>
                            </label>
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </Card>
      <LinkedAttributes schedules={schedules} attributes={attributes} editable={editable} />
      {dialog && (
        <AttributeDialog
          attribute={dialog === 'new' ? null : dialog}
          schedules={schedules}
          directories={directories.data ?? []}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

function AttributeDialog({
  attribute,
  schedules,
  directories,
  onClose,
}: {
  attribute: Attribute | null;
  schedules: { id: string; name: string }[];
  directories: { id: string; name: string }[];
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const form = useForm(attributeForm, {
    name: attribute?.name ?? '',
    valueType: (attribute?.valueType as AttributeType | undefined) ?? 'string',
  });
  const [scheduleId, setScheduleId] = useState(attribute?.scheduleId ?? '');
  const [directoryId, setDirectoryId] = useState(attribute?.directoryId ?? '');
  const [isFormula, setIsFormula] = useState(!!attribute?.formula);
  const [formula, setFormula] = useState(attribute?.formula ?? '');
  const done = {
    onSuccess: () => {
      void utils.attributes.invalidate();
      void utils.works.list.invalidate();
      onClose();
    },
  };
  const create = trpc.attributes.create.useMutation(form.showsIssues);
  const update = trpc.attributes.update.useMutation(form.showsIssues);
  const formulaAllowed =
    (FORMULA_VALUE_TYPES as readonly string[]).includes(form.values.valueType) && !directoryId;
  const withFormula = isFormula && formulaAllowed;
  return (
    <FormDialog
      title={attribute ? t('attributes.edit') : t('attributes.new')}
      busy={create.isPending || update.isPending}
      onClose={onClose}
      wide={withFormula}
      onSubmit={form.handleSubmit((values) => {
        const refs = {
          scheduleId: scheduleId || null,
          directoryId: directoryId || null,
          formula: withFormula ? formula : null,
        };
        if (attribute)
          update.mutate(
            { spaceId, attributeId: attribute.id, revision: attribute.revision, name: values.name, ...refs },
            done,
          );
        else create.mutate({ spaceId, name: values.name, valueType: values.valueType, ...refs }, done);
      })}
      testId="attribute-dialog"
    >
      <TextField label={t('eps.name')} {...form.field('name')} />
      <SelectField
        label={t('attributes.value_type')}
        value={form.values.valueType}
        disabled={!!attribute}
        onChange={(v) => form.set('valueType', v as AttributeType)}
        options={ATTRIBUTE_TYPES.map((type) => ({ value: type, label: t(`attribute_type.${type}`) }))}
      />
      <SelectField
        label={t('attributes.scope')}
        value={scheduleId}
        onChange={setScheduleId}
        options={namedOptions(schedules, t('attributes.all_schedules'))}
      />
      <SelectField
        label={t('attributes.directory')}
        value={directoryId}
        onChange={setDirectoryId}
        disabled={withFormula}
        options={namedOptions(directories, t('common.none'))}
      />
      <SelectField
        label={t('formulas.kind')}
        value={withFormula ? 'formula' : 'entered'}
        disabled={!formulaAllowed}
        onChange={(v) => setIsFormula(v === 'formula')}
        options={[
          { value: 'entered', label: t('formulas.kind_entered') },
          { value: 'formula', label: t('formulas.kind_formula') },
        ]}
        data-testid="attribute-kind"
      />
      {withFormula && (
        <FormulaEditor
          formula={formula}
          onChange={setFormula}
          error={form.errors.formula}
          valueType={form.values.valueType as AttributeType}
          scheduleId={scheduleId}
          attributeId={attribute?.id}
          schedules={schedules}
        />
      )}
    </FormDialog>
  );
}

import { createVersionTemplateInput, VERSION_TEMPLATE_WBS, type VersionTemplateWbs } from '@takt/contracts';
import { type KeyboardEvent, useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import { Button, Checkbox, IconButton, SelectField, TextArea, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import './templates.css';

/**
 * Saves a version as a template of the space (its calendars, attributes, codes, numbering, options and
 * the WBS as chosen); the space's templates are listed under the form, each to rename or delete.
 */
export function SaveTemplateDialog({
  versionId,
  versionName,
  onClose,
}: {
  versionId: string;
  versionName: string;
  onClose: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const templates = trpc.versionTemplates.list.useQuery({ spaceId });
  const form = useForm(createVersionTemplateInput.pick({ name: true }), { name: versionName });
  const [description, setDescription] = useState('');
  const [wbs, setWbs] = useState<VersionTemplateWbs>('summaries');
  const [relations, setRelations] = useState(false);
  const create = trpc.versionTemplates.create.useMutation({
    ...form.showsIssues,
    onSuccess: (template) => {
      notify('success', [t('templates.saved', { name: template.name })]);
      void utils.versionTemplates.list.invalidate();
      onClose();
    },
  });
  const remove = trpc.versionTemplates.delete.useMutation({
    onSuccess: () => void utils.versionTemplates.list.invalidate(),
  });
  const submit = form.handleSubmit((values) =>
    create.mutate({
      spaceId,
      versionId,
      name: values.name,
      description,
      wbs,
      relations: wbs === 'all' && relations,
    }),
  );
  return (
    <FormDialog
      title={t('templates.save_title')}
      busy={create.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="template-dialog"
    >
      <TextField label={t('templates.name')} {...form.field('name')} autoComplete="off" />
      <TextArea label={t('templates.description')} value={description} onChange={setDescription} />
      <SelectField
        label={t('templates.wbs')}
        value={wbs}
        onChange={(value) => setWbs(value as VersionTemplateWbs)}
        options={VERSION_TEMPLATE_WBS.map((value) => ({ value, label: t(`templates.wbs.${value}`) }))}
        data-testid="template-wbs"
      />
      {wbs === 'all' && (
        <Checkbox label={t('templates.relations')} checked={relations} onChange={setRelations} />
      )}
      {(templates.data?.length ?? 0) > 0 && (
        <section className="templates-list">
          <h4>{t('templates.title')}</h4>
          <ul>
            {templates.data!.map((template) => (
              <TemplateRow
                key={template.id}
                template={template}
                onDelete={async () => {
                  if (await confirmedDelete(t('templates.delete_confirm', { name: template.name })))
                    remove.mutate({ spaceId, templateId: template.id });
                }}
              />
            ))}
          </ul>
        </section>
      )}
    </FormDialog>
  );
}

type TemplateSummary = RouterOutputs['versionTemplates']['list'][number];

/**
 * A template in the list: its name with the buttons to rename and to delete it; renaming turns the name
 * into a field, saved by Enter or "Save" (at the revision listed), given up by Escape or "Cancel".
 */
function TemplateRow({ template, onDelete }: { template: TemplateSummary; onDelete: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const [name, setName] = useState<string | null>(null);
  const rename = trpc.versionTemplates.update.useMutation({
    onSuccess: (saved) => {
      notify('success', [t('templates.renamed', { name: saved.name })]);
      setName(null);
    },
    onSettled: () => void utils.versionTemplates.list.invalidate(),
  });
  const save = () => {
    const next = name?.trim();
    if (!next || next === template.name) return setName(null);
    rename.mutate({ spaceId, templateId: template.id, name: next, revision: template.revision });
  };
  // The dialog around is a form: Enter here renames the template and does not save a new one.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') save();
    else if (event.key === 'Escape') setName(null);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  if (name === null)
    return (
      <li data-testid="template-row">
        <span>{template.name}</span>
        <span className="templates-actions">
          <IconButton
            label={t('templates.rename', { name: template.name })}
            onClick={() => setName(template.name)}
          >
            ✎
          </IconButton>
          <IconButton label={t('templates.delete')} onClick={onDelete}>
            ×
          </IconButton>
        </span>
      </li>
    );
  return (
    <li data-testid="template-row">
      <input
        className="input input-compact templates-name"
        aria-label={t('templates.new_name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: the field the rename button opened
        autoFocus
      />
      <span className="templates-actions">
        <Button busy={rename.isPending} disabled={!name.trim()} onClick={save}>
          {t('common.save')}
        </Button>
        <Button onClick={() => setName(null)}>{t('common.cancel')}</Button>
      </span>
    </li>
  );
}

import { createVersionTemplateInput, VERSION_TEMPLATE_WBS, type VersionTemplateWbs } from '@takt/contracts';
import { useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import { Checkbox, IconButton, SelectField, TextArea, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useForm } from '../../lib/form';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import { trpc } from '../../lib/trpc';
import './templates.css';

/**
 * Saves a version as a template of the space (its calendars, attributes, codes, numbering, options and
 * the WBS as chosen); the space's templates are listed under the form, each to delete.
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
              <li key={template.id}>
                <span>{template.name}</span>
                <IconButton
                  label={t('templates.delete')}
                  onClick={async () => {
                    if (await confirmedDelete(t('templates.delete_confirm', { name: template.name })))
                      remove.mutate({ spaceId, templateId: template.id });
                  }}
                >
                  ×
                </IconButton>
              </li>
            ))}
          </ul>
        </section>
      )}
    </FormDialog>
  );
}

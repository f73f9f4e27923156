import { KANBAN_LIMITS } from '@takt/contracts';
import { useState } from 'react';
import { confirmedDelete } from '../../components/confirm';
import { FormDialog } from '../../components/dialog';
import { Button, TextArea, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';

/** The items a template's text area holds: one a line, blank lines dropped, each cut to an item's length. */
const itemsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim().slice(0, KANBAN_LIMITS.checklistItemMaxLength))
    .filter(Boolean)
    .slice(0, KANBAN_LIMITS.checklistItems);

/**
 * The space's checklist templates (board managers): the list on the left, the chosen one — or a new one —
 * on the right with its name and its items one a line; saved, or deleted after a confirmation.
 */
export function ChecklistTemplatesDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { spaceId } = useSpace();
  const utils = trpc.useUtils();
  const templates = trpc.checklists.templates.list.useQuery({ spaceId });
  /** The template being edited: its id, or null for a new one. */
  const [chosen, setChosen] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [items, setItems] = useState('');
  const saved = (template: { id: string; name: string; items: string[] }) => {
    void utils.checklists.templates.list.invalidate({ spaceId });
    open(template);
  };
  const create = trpc.checklists.templates.create.useMutation({ onSuccess: saved });
  const update = trpc.checklists.templates.update.useMutation({ onSuccess: saved });
  const remove = trpc.checklists.templates.delete.useMutation({
    onSuccess: () => {
      void utils.checklists.templates.list.invalidate({ spaceId });
      open(null);
    },
  });
  const open = (template: { id: string; name: string; items: string[] } | null) => {
    setChosen(template?.id ?? null);
    setName(template?.name ?? '');
    setItems(template?.items.join('\n') ?? '');
  };
  const save = () => {
    const fields = { spaceId, name: name.trim(), items: itemsOf(items) };
    if (!fields.name) return;
    if (chosen) update.mutate({ ...fields, templateId: chosen });
    else create.mutate(fields);
  };
  const current = templates.data?.find((tpl) => tpl.id === chosen);

  return (
    <FormDialog
      title={t('checklist.templates.title')}
      submitLabel={t('common.save')}
      busy={create.isPending || update.isPending}
      wide
      onSubmit={save}
      onClose={onClose}
      testId="checklist-templates"
    >
      <div className="checklist-templates">
        <ul className="checklist-template-list">
          {(templates.data ?? []).map((tpl) => (
            <li key={tpl.id}>
              <button
                type="button"
                className={
                  tpl.id === chosen ? 'checklist-template checklist-template-on' : 'checklist-template'
                }
                onClick={() => open(tpl)}
              >
                <span>{tpl.name}</span>
                <small>{t('checklist.templates.items', { count: tpl.items.length })}</small>
              </button>
            </li>
          ))}
          {templates.data?.length === 0 && <li className="muted">{t('checklist.templates.empty')}</li>}
          <li>
            <Button variant="ghost" onClick={() => open(null)} disabled={chosen === null}>
              {t('checklist.templates.new')}
            </Button>
          </li>
        </ul>
        <div className="checklist-template-form">
          <TextField
            label={t('checklist.templates.name')}
            value={name}
            onChange={setName}
            maxLength={KANBAN_LIMITS.checklistNameMaxLength}
            required
          />
          <TextArea
            label={t('checklist.templates.lines')}
            hint={t('checklist.templates.lines_hint', { max: KANBAN_LIMITS.checklistItems })}
            value={items}
            onChange={setItems}
            rows={10}
          />
          {current && (
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={async () => {
                if (await confirmedDelete(t('checklist.templates.delete_confirm', { name: current.name })))
                  remove.mutate({ spaceId, templateId: current.id });
              }}
            >
              {t('common.delete')}
            </Button>
          )}
        </div>
      </div>
    </FormDialog>
  );
}

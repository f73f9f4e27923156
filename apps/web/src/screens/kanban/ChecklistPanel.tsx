import { useState } from 'react';
import { Button, SelectField, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';

/**
 * The checklists of a work or of a card: each with its progress, items ticked in place, added, removed and
 * moved up; a new checklist empty or from one of the space's templates.
 */
export function ChecklistPanel({
  owner,
  onChange,
}: {
  owner: { workId: string } | { cardId: string };
  onChange?: () => void;
}) {
  const t = useT();
  const { spaceId, can } = useSpace();
  const utils = trpc.useUtils();
  const input = { spaceId, ...owner };
  const lists = trpc.checklists.list.useQuery(input);
  const templates = trpc.checklists.templates.list.useQuery({ spaceId }, { staleTime: 60_000 });
  const [name, setName] = useState('');
  const [templateId, setTemplateId] = useState('');
  const changed = () => {
    void utils.checklists.list.invalidate(input);
    if ('workId' in owner) void utils.checklists.progress.invalidate();
    onChange?.();
  };
  const create = trpc.checklists.create.useMutation({
    onSuccess: () => {
      setName('');
      setTemplateId('');
      changed();
    },
  });
  const remove = trpc.checklists.delete.useMutation({ onSuccess: changed });
  const add = trpc.checklists.items.add.useMutation({ onSuccess: changed });
  const update = trpc.checklists.items.update.useMutation({ onSuccess: changed });
  const removeItem = trpc.checklists.items.delete.useMutation({ onSuccess: changed });
  const reorder = trpc.checklists.items.reorder.useMutation({ onSuccess: changed });
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const works = can('boards.work');

  return (
    <section className="checklists" data-testid="checklists">
      <h3 className="kanban-detail-heading">{t('checklist.title')}</h3>
      {lists.data?.length === 0 && <p className="muted">{t('checklist.empty')}</p>}
      {lists.data?.map((list) => (
        <div key={list.id} className="checklist" data-testid="checklist">
          <div className="checklist-head">
            <strong>{list.name}</strong>
            <span className="checklist-progress" aria-hidden="true">
              <span style={{ width: list.total ? `${(100 * list.done) / list.total}%` : 0 }} />
            </span>
            <small>{t('checklist.progress', { done: list.done, total: list.total })}</small>
            {works && (
              <button
                type="button"
                className="icon-btn"
                aria-label={t('checklist.delete')}
                onClick={() => remove.mutate({ spaceId, checklistId: list.id })}
              >
                ×
              </button>
            )}
          </div>
          <ul className="checklist-items">
            {list.items.map((item, index) => (
              <li key={item.id} className={item.done ? 'checklist-done' : undefined}>
                <label className="check">
                  <input
                    type="checkbox"
                    checked={item.done}
                    disabled={!works}
                    onChange={(e) => update.mutate({ spaceId, itemId: item.id, done: e.target.checked })}
                  />
                  <span>{item.text}</span>
                </label>
                {item.dueDate && (
                  <small className="checklist-due">{item.dueDate.split('-').reverse().join('.')}</small>
                )}
                {works && index > 0 && (
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label="↑"
                    onClick={() => {
                      const ids = list.items.map((i) => i.id);
                      [ids[index - 1], ids[index]] = [ids[index]!, ids[index - 1]!];
                      reorder.mutate({ spaceId, checklistId: list.id, itemIds: ids });
                    }}
                  >
                    ↑
                  </button>
                )}
                {works && (
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={t('checklist.delete_item')}
                    onClick={() => removeItem.mutate({ spaceId, itemId: item.id })}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
          {works && (
            <div className="kanban-inline">
              <TextField
                label={t('checklist.item_text')}
                value={drafts[list.id] ?? ''}
                onChange={(text) => setDrafts({ ...drafts, [list.id]: text })}
                maxLength={500}
                onKeyDown={(e) => {
                  const text = (drafts[list.id] ?? '').trim();
                  if (e.key === 'Enter' && text) {
                    e.preventDefault();
                    add.mutate({ spaceId, checklistId: list.id, text });
                    setDrafts({ ...drafts, [list.id]: '' });
                  }
                }}
              />
              <Button
                disabled={!(drafts[list.id] ?? '').trim()}
                onClick={() => {
                  add.mutate({ spaceId, checklistId: list.id, text: (drafts[list.id] ?? '').trim() });
                  setDrafts({ ...drafts, [list.id]: '' });
                }}
              >
                {t('checklist.add_item')}
              </Button>
            </div>
          )}
        </div>
      ))}
      {works && (
        <div className="kanban-inline">
          <TextField label={t('checklist.name')} value={name} onChange={setName} maxLength={255} />
          <SelectField
            label={t('checklist.template')}
            value={templateId}
            onChange={setTemplateId}
            options={[
              { value: '', label: t('checklist.template_none') },
              ...(templates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name })),
            ]}
          />
          <Button
            disabled={!name.trim()}
            busy={create.isPending}
            onClick={() =>
              create.mutate({ ...input, name: name.trim(), templateId: templateId || undefined })
            }
          >
            {t('checklist.new')}
          </Button>
        </div>
      )}
    </section>
  );
}

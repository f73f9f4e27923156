import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, CrossButton, IconButton, SelectField, TextField } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import type { RouterOutputs } from '../../lib/api-types';
import { useT } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { type Member, personName, today } from './board-model';
import { ChecklistTemplatesDialog } from './ChecklistTemplates';
import { useSpacePeople } from './people';

type Checklist = RouterOutputs['checklists']['list'][number];
type Item = Checklist['items'][number];
/** What an item's editor changes: its text, who is to do it and by when. */
type ItemFields = { text: string; assigneeId: string | null; dueDate: string | null };

/** The assignee choices of an item: nobody, then the space's members by name. */
const assigneeOptions = (people: Map<string, Member>, none: string) => [
  { value: '', label: none },
  ...[...people.values()]
    .sort((a, b) => personName(a).localeCompare(personName(b)))
    .map((p) => ({ value: p.id, label: personName(p) })),
];

/**
 * The checklists of a work or of a card: each with its progress, renamed in place, its items ticked, edited
 * (text, assignee, due date), added, removed and moved up; a new checklist empty or from one of the space's
 * templates, which board managers keep here too.
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
  const people = useSpacePeople();
  const [name, setName] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [managing, setManaging] = useState(false);
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
  const works = can('boards.work');

  return (
    <section className="checklists" data-testid="checklists">
      <div className="checklists-head">
        <h3 className="kanban-detail-heading">{t('checklist.title')}</h3>
        {can('boards.manage') && (
          <Button variant="ghost" onClick={() => setManaging(true)} data-testid="checklist-templates-open">
            {t('checklist.templates.title')}
          </Button>
        )}
      </div>
      {lists.data?.length === 0 && <p className="muted">{t('checklist.empty')}</p>}
      {lists.data?.map((list) => (
        <ChecklistBox key={list.id} list={list} people={people} works={works} onChanged={changed} />
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
      {/* Outside the card's dialog (a form of its own), not a form inside a form. */}
      {managing &&
        createPortal(<ChecklistTemplatesDialog onClose={() => setManaging(false)} />, document.body)}
    </section>
  );
}

function ChecklistBox({
  list,
  people,
  works,
  onChanged,
}: {
  list: Checklist;
  people: Map<string, Member>;
  works: boolean;
  onChanged: () => void;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const rename = trpc.checklists.rename.useMutation({
    onSuccess: () => {
      setRenaming(null);
      onChanged();
    },
  });
  const remove = trpc.checklists.delete.useMutation({ onSuccess: onChanged });
  const add = trpc.checklists.items.add.useMutation({ onSuccess: onChanged });
  const update = trpc.checklists.items.update.useMutation({ onSuccess: onChanged });
  const removeItem = trpc.checklists.items.delete.useMutation({ onSuccess: onChanged });
  const reorder = trpc.checklists.items.reorder.useMutation({ onSuccess: onChanged });
  const addItem = () => {
    const text = draft.trim();
    if (!text) return;
    add.mutate({ spaceId, checklistId: list.id, text });
    setDraft('');
  };
  const saveName = () => {
    const name = renaming?.trim();
    if (name) rename.mutate({ spaceId, checklistId: list.id, revision: list.revision, name });
  };

  return (
    <div className="checklist" data-testid="checklist">
      <div className="checklist-head">
        {renaming === null ? (
          <strong>{list.name}</strong>
        ) : (
          <TextField
            label={t('checklist.name')}
            value={renaming}
            onChange={setRenaming}
            maxLength={255}
            autoFocus
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                saveName();
              }
              if (e.key === 'Escape') {
                e.stopPropagation();
                setRenaming(null);
              }
            }}
          />
        )}
        <span className="checklist-progress" aria-hidden="true">
          <span style={{ width: list.total ? `${(100 * list.done) / list.total}%` : 0 }} />
        </span>
        <small>{t('checklist.progress', { done: list.done, total: list.total })}</small>
        {works && renaming === null && (
          <IconButton label={t('checklist.rename')} onClick={() => setRenaming(list.name)}>
            ✎
          </IconButton>
        )}
        {renaming !== null && (
          <Button busy={rename.isPending} disabled={!renaming.trim()} onClick={saveName}>
            {t('common.save')}
          </Button>
        )}
        {works && (
          <CrossButton
            label={t('checklist.delete')}
            onClick={() => remove.mutate({ spaceId, checklistId: list.id })}
          />
        )}
      </div>
      <ul className="checklist-items">
        {list.items.map((item, index) => (
          <ItemRow
            key={item.id}
            item={item}
            people={people}
            works={works}
            onTick={(done) => update.mutate({ spaceId, itemId: item.id, done })}
            onSave={(fields) => update.mutate({ spaceId, itemId: item.id, ...fields })}
            onRemove={() => removeItem.mutate({ spaceId, itemId: item.id })}
            onUp={
              index > 0
                ? () => {
                    const ids = list.items.map((i) => i.id);
                    [ids[index - 1], ids[index]] = [ids[index]!, ids[index - 1]!];
                    reorder.mutate({ spaceId, checklistId: list.id, itemIds: ids });
                  }
                : null
            }
          />
        ))}
      </ul>
      {works && (
        <div className="kanban-inline">
          <TextField
            label={t('checklist.item_text')}
            value={draft}
            onChange={setDraft}
            maxLength={500}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addItem();
              }
            }}
          />
          <Button disabled={!draft.trim()} onClick={addItem}>
            {t('checklist.add_item')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** An item: ticked in place; its text, assignee and due date edited in a row of their own. */
function ItemRow({
  item,
  people,
  works,
  onTick,
  onSave,
  onRemove,
  onUp,
}: {
  item: Item;
  people: Map<string, Member>;
  works: boolean;
  onTick: (done: boolean) => void;
  onSave: (fields: ItemFields) => void;
  onRemove: () => void;
  onUp: (() => void) | null;
}) {
  const t = useT();
  const [editing, setEditing] = useState<ItemFields | null>(null);
  const assignee = item.assigneeId ? people.get(item.assigneeId) : undefined;
  const overdue = !item.done && item.dueDate !== null && item.dueDate < today();
  if (editing)
    return (
      <li className="checklist-edit" data-testid="checklist-item-editor">
        <TextField
          label={t('checklist.item_text')}
          value={editing.text}
          onChange={(text) => setEditing({ ...editing, text })}
          maxLength={500}
          autoFocus
        />
        <SelectField
          label={t('checklist.assignee')}
          value={editing.assigneeId ?? ''}
          onChange={(id) => setEditing({ ...editing, assigneeId: id || null })}
          options={assigneeOptions(people, t('checklist.assignee_none'))}
        />
        <TextField
          label={t('checklist.due')}
          type="date"
          value={editing.dueDate ?? ''}
          onChange={(date) => setEditing({ ...editing, dueDate: date || null })}
        />
        <Button
          disabled={!editing.text.trim()}
          onClick={() => {
            onSave({ ...editing, text: editing.text.trim() });
            setEditing(null);
          }}
        >
          {t('common.save')}
        </Button>
        <Button variant="ghost" onClick={() => setEditing(null)}>
          {t('common.cancel')}
        </Button>
      </li>
    );
  return (
    <li className={item.done ? 'checklist-done' : undefined} data-testid="checklist-item">
      <label className="check">
        <input
          type="checkbox"
          checked={item.done}
          disabled={!works}
          onChange={(e) => onTick(e.target.checked)}
        />
        <span>{item.text}</span>
      </label>
      {assignee && <small className="checklist-assignee">{personName(assignee)}</small>}
      {item.dueDate && (
        <small className={overdue ? 'checklist-due checklist-overdue' : 'checklist-due'}>
          {item.dueDate.split('-').reverse().join('.')}
        </small>
      )}
      {works && (
        <IconButton
          label={t('checklist.edit_item')}
          onClick={() => setEditing({ text: item.text, assigneeId: item.assigneeId, dueDate: item.dueDate })}
        >
          ✎
        </IconButton>
      )}
      {works && onUp && (
        <IconButton label={t('checklist.move_up')} onClick={onUp}>
          ↑
        </IconButton>
      )}
      {works && <CrossButton label={t('checklist.delete_item')} onClick={onRemove} />}
    </li>
  );
}

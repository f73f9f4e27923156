import { KANBAN_DUE_FILTERS, WORK_STATUSES } from '@takt/contracts';
import type { MessageId } from '@takt/i18n';
import { Button, SelectField, TextField } from '../../components/ui';
import { useT } from '../../lib/i18n';
import type { CardFilter as Filter } from './board-model';
import { type Board, type Member, personName, STATUS_LABEL } from './board-model';

export function FilterBar({
  board,
  people,
  filter,
  onChange,
}: {
  board: Board;
  people: Map<string, Member>;
  filter: Filter;
  onChange: (filter: Filter) => void;
}) {
  const t = useT();
  const dueLabels: Record<(typeof KANBAN_DUE_FILTERS)[number], MessageId> = {
    overdue: 'kanban.filter.due_overdue',
    week: 'kanban.filter.due_week',
    none: 'kanban.filter.due_none',
  };
  return (
    <div className="kanban-filterbar" data-testid="kanban-filterbar">
      <TextField
        label={t('kanban.filter.text')}
        value={filter.text ?? ''}
        onChange={(text) => onChange({ ...filter, text: text || undefined })}
      />
      <SelectField
        label={t('kanban.filter.label')}
        value={filter.labelIds?.[0] ?? ''}
        onChange={(v) => onChange({ ...filter, labelIds: v ? [v] : undefined })}
        options={[
          { value: '', label: t('kanban.filter.any') },
          ...board.labels.map((l) => ({ value: l.id, label: l.name })),
        ]}
      />
      <SelectField
        label={t('kanban.filter.assignee')}
        value={filter.assigneeIds?.[0] ?? ''}
        onChange={(v) => onChange({ ...filter, assigneeIds: v ? [v] : undefined })}
        options={[
          { value: '', label: t('kanban.filter.any') },
          ...[...people.values()].map((p) => ({ value: p.id, label: personName(p) })),
        ]}
      />
      <SelectField
        label={t('kanban.filter.due')}
        value={filter.due ?? ''}
        onChange={(v) => onChange({ ...filter, due: (v || undefined) as Filter['due'] })}
        options={[
          { value: '', label: t('kanban.filter.due_any') },
          ...KANBAN_DUE_FILTERS.map((d) => ({ value: d, label: t(dueLabels[d]) })),
        ]}
      />
      <SelectField
        label={t('kanban.filter.status')}
        value={filter.workStatuses?.[0] ?? ''}
        onChange={(v) =>
          onChange({ ...filter, workStatuses: v ? [v as (typeof WORK_STATUSES)[number]] : undefined })
        }
        options={[
          { value: '', label: t('kanban.filter.any') },
          ...WORK_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABEL[s]) })),
        ]}
      />
      <Button variant="ghost" onClick={() => onChange({})}>
        {t('kanban.filter.clear')}
      </Button>
    </div>
  );
}

/** The cards of each column, in the order the server answered them (by position). */

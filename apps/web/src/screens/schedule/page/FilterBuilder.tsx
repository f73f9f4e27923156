import {
  FILTER_FIELDS,
  type FilterCondition,
  type FilterOperator,
  type GridFilter,
  UI_STATE_LIMITS,
} from '@takt/contracts';
import { useState } from 'react';
import { type Choice, CompactSelect } from '../../../components/compact-select';
import { confirmedDelete } from '../../../components/confirm';
import { Button, CrossButton, IconButton } from '../../../components/ui';
import { describeFailure } from '../../../lib/errors';
import { appI18n, useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { trpc } from '../../../lib/trpc';
import { ENUM_VALUES, fieldKind, needsValue, OPERATORS_OF } from './filter-eval';

const EMPTY: GridFilter = { match: 'all', conditions: [] };

/**
 * The filter builder: conditions of a field, an operator and a value, all or any of which a row must
 * meet; every change applies at once. Saved filters (the user's own and those shared with the space)
 * are applied with a click, and the filter shown can be saved under a name.
 */
export function FilterBuilder({
  spaceId,
  filter,
  onChange,
  attributes,
  members,
}: {
  spaceId: string;
  filter: GridFilter | null | undefined;
  onChange: (filter: GridFilter | null) => void;
  attributes: readonly { id: string; name: string }[];
  members: readonly { userId: string; firstName: string; lastName: string }[];
}) {
  const t = useT();
  const current = filter ?? EMPTY;
  const fields: Choice[] = [
    ...FILTER_FIELDS.map((f) => ({ value: f, label: t(`grid.col.${f}` as never) })),
    ...attributes.map((a) => ({ value: `attr:${a.id}`, label: a.name })),
  ];
  const set = (conditions: FilterCondition[], match = current.match) =>
    onChange(conditions.length ? { match, conditions } : null);
  const change = (index: number, patch: Partial<FilterCondition>) =>
    set(current.conditions.map((c, i) => (i === index ? { ...c, ...patch } : c)));

  const valueInput = (c: FilterCondition, index: number) => {
    if (!needsValue(c.op)) return <span />;
    const label = t('views.value');
    const kind = fieldKind(c.field);
    const onValue = (value: string) => change(index, { value });
    const choose = (options: Choice[]) => (
      <CompactSelect
        aria-label={label}
        value={c.value}
        onChange={onValue}
        options={[{ value: '', label: '—' }, ...options]}
        data-testid="filter-value"
      />
    );
    if (kind === 'enum') {
      const prefix = c.field === 'type' ? 'work_type' : 'work_status';
      return choose(
        (ENUM_VALUES[c.field as 'type'] ?? []).map((v) => ({
          value: v,
          label: t(`${prefix}.${v}` as never),
        })),
      );
    }
    if (kind === 'boolean')
      return choose([
        { value: 'true', label: t('views.value.true') },
        { value: 'false', label: t('views.value.false') },
      ]);
    if (kind === 'user')
      return choose(members.map((m) => ({ value: m.userId, label: `${m.lastName} ${m.firstName}`.trim() })));
    return (
      <input
        className="input input-compact"
        type={kind === 'date' ? 'date' : 'text'}
        inputMode={kind === 'number' ? 'decimal' : undefined}
        aria-label={label}
        maxLength={UI_STATE_LIMITS.valueMaxLength}
        value={c.value}
        onChange={(e) => onValue(e.target.value)}
        data-testid="filter-value"
      />
    );
  };

  return (
    <div className="views-panel views-filter" data-testid="filter-builder">
      <div className="views-panel-head">
        <strong>{t('views.filter_title')}</strong>
        <Button variant="ghost" disabled={!current.conditions.length} onClick={() => onChange(null)}>
          {t('views.clear')}
        </Button>
      </div>
      <div className="views-match">
        <span>{t('views.match')}</span>
        <CompactSelect
          aria-label={t('views.match')}
          value={current.match}
          onChange={(match) => set(current.conditions, match)}
          options={[
            { value: 'all', label: t('views.match.all') },
            { value: 'any', label: t('views.match.any') },
          ]}
          data-testid="filter-match"
        />
      </div>
      {current.conditions.length === 0 && <p className="views-hint">{t('views.no_conditions')}</p>}
      <div className="views-conditions">
        {current.conditions.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity beyond their place
          <div className="views-condition" key={i} data-testid="filter-condition">
            <CompactSelect
              aria-label={t('views.field')}
              value={c.field}
              options={fields}
              onChange={(field) => {
                const ops = OPERATORS_OF[fieldKind(field)];
                change(i, { field, op: ops.includes(c.op) ? c.op : ops[0]!, value: '' });
              }}
              data-testid="filter-field"
            />
            <CompactSelect
              aria-label={t('views.operator')}
              value={c.op}
              options={OPERATORS_OF[fieldKind(c.field)].map((op: FilterOperator) => ({
                value: op,
                label: t(`views.op.${op}`),
              }))}
              onChange={(op) => change(i, { op })}
              data-testid="filter-op"
            />
            {valueInput(c, i)}
            <CrossButton
              label={t('views.remove_condition')}
              onClick={() => set(current.conditions.filter((_, k) => k !== i))}
            />
          </div>
        ))}
      </div>
      <Button
        variant="ghost"
        disabled={current.conditions.length >= UI_STATE_LIMITS.maxConditions}
        onClick={() => set([...current.conditions, { field: 'name', op: 'contains', value: '' }])}
        data-testid="filter-add"
      >
        {t('views.add_condition')}
      </Button>
      <SavedFilters spaceId={spaceId} filter={current} onApply={onChange} />
    </div>
  );
}

/** A saved filter opened for editing: its id and the name and sharing as they are being edited. */
interface Editing {
  id: string;
  name: string;
  shared: boolean;
}

/**
 * The saved filters: applied with a click; the author's own opened for editing (the builder then shows
 * its conditions, and its name and sharing are changed below them), deleted after a confirmation; the
 * filter shown saved under a new name, shared or not.
 */
function SavedFilters({
  spaceId,
  filter,
  onApply,
}: {
  spaceId: string;
  filter: GridFilter;
  onApply: (filter: GridFilter) => void;
}) {
  const t = useT();
  const utils = trpc.useUtils();
  const list = trpc.uiState.filters.list.useQuery({ spaceId });
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const showIssue = (e: unknown, procedure: string) => {
    const issue = describeFailure(e, procedure).issues[0];
    setError(issue ? appI18n._(issue.message, issue.params) : null);
  };
  const create = trpc.uiState.filters.create.useMutation({
    trpc: { context: { showsIssues: true } },
    onSuccess: () => {
      setName('');
      setEditing(null);
      setError(null);
      notify('success', [t('views.filter_saved')]);
      void utils.uiState.filters.list.invalidate();
    },
    onError: (e) => showIssue(e, 'uiState.filters.create'),
  });
  const update = trpc.uiState.filters.update.useMutation({
    trpc: { context: { showsIssues: true } },
    onSuccess: () => {
      setEditing(null);
      setError(null);
      notify('success', [t('views.filter_updated')]);
      void utils.uiState.filters.list.invalidate();
    },
    onError: (e) => showIssue(e, 'uiState.filters.update'),
  });
  const remove = trpc.uiState.filters.delete.useMutation({
    onSuccess: (_, { filterId }) => {
      if (editing?.id === filterId) setEditing(null);
      notify('success', [t('views.filter_deleted')]);
      void utils.uiState.filters.list.invalidate();
    },
  });
  const onDelete = async (f: { id: string; name: string; shared: boolean }) => {
    const sure = await confirmedDelete(
      t('views.delete_filter_title', { name: f.name }),
      f.shared ? t('views.delete_filter_text') : undefined,
    );
    if (sure) remove.mutate({ spaceId, filterId: f.id });
  };
  const open = (f: { id: string; name: string; shared: boolean; filter: GridFilter }) => {
    setEditing({ id: f.id, name: f.name, shared: f.shared });
    setError(null);
    onApply(f.filter);
  };
  const shownName = editing ? editing.name : name;
  const shownShared = editing ? editing.shared : shared;
  return (
    <div className="views-saved">
      <strong>{t('views.saved_filters')}</strong>
      {list.data?.length ? (
        <ul className="views-saved-list">
          {list.data.map((f) => (
            <li key={f.id} className={editing?.id === f.id ? 'views-saved-editing' : undefined}>
              <button
                type="button"
                className="link-btn"
                onClick={() => onApply(f.filter)}
                data-testid="saved-filter"
              >
                {f.name}
              </button>
              {f.shared && <span className="views-tag">{t('views.shared')}</span>}
              {f.own && (
                <span className="views-saved-actions">
                  <IconButton
                    label={t('views.edit_filter', { name: f.name })}
                    onClick={() => open(f)}
                    testId="saved-filter-edit"
                  >
                    ✎
                  </IconButton>
                  <CrossButton
                    label={t('views.delete_filter', { name: f.name })}
                    onClick={() => void onDelete(f)}
                  />
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="views-hint">{t('views.saved_none')}</p>
      )}
      <form
        className="views-save"
        onSubmit={(e) => {
          e.preventDefault();
          if (editing)
            update.mutate({
              spaceId,
              filterId: editing.id,
              name: editing.name,
              filter,
              shared: editing.shared,
            });
          else create.mutate({ spaceId, name, filter, shared });
        }}
      >
        {editing && <span className="views-editing">{t('views.editing_filter')}</span>}
        <input
          className="input input-compact"
          aria-label={t('views.filter_name')}
          placeholder={t('views.filter_name')}
          value={shownName}
          maxLength={32}
          onChange={(e) => {
            // The refusal was of the name as it was: a new name has not been refused.
            setError(null);
            if (editing) setEditing({ ...editing, name: e.target.value });
            else setName(e.target.value);
          }}
          data-testid="filter-name"
        />
        <label className="check">
          <input
            type="checkbox"
            checked={shownShared}
            onChange={(e) =>
              editing ? setEditing({ ...editing, shared: e.target.checked }) : setShared(e.target.checked)
            }
            data-testid="filter-shared"
          />
          <span>{t('views.share')}</span>
        </label>
        <div className="views-save-buttons">
          <Button
            type="submit"
            disabled={!shownName.trim() || !filter.conditions.length}
            busy={editing ? update.isPending : create.isPending}
            data-testid="filter-save"
          >
            {editing ? t('views.save_changes') : t('views.save_as')}
          </Button>
          {editing && (
            <>
              <Button
                variant="ghost"
                disabled={!editing.name.trim() || !filter.conditions.length}
                busy={create.isPending}
                onClick={() => create.mutate({ spaceId, name: editing.name, filter, shared: editing.shared })}
                data-testid="filter-save-as"
              >
                {t('views.save_as')}
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setEditing(null);
                  setError(null);
                }}
                data-testid="filter-edit-cancel"
              >
                {t('views.cancel_edit')}
              </Button>
            </>
          )}
        </div>
        {error && (
          <div className="field-error" role="alert">
            {error}
          </div>
        )}
      </form>
    </div>
  );
}

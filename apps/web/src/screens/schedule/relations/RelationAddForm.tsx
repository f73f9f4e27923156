import { CompactSelect } from '../../../components/compact-select';
import { Button } from '../../../components/ui';
import type { ScheduleModel } from '../../../lib/columnar';
import { useT } from '../../../lib/i18n';
import { LINK_CHOICES } from './types';
import type { RelationAdd } from './useRelationAdd';
import { rowText, workText } from './work-match';

/** The form under the tables that adds a link to the work `workId`. */
export function RelationAddForm({
  model,
  workId,
  form,
}: {
  model: ScheduleModel;
  workId: string;
  form: RelationAdd;
}) {
  const t = useT();
  const here = form.scope === 'here';
  return (
    <form
      className="rel-add"
      onSubmit={(e) => {
        e.preventDefault();
        form.add(workId);
      }}
    >
      <h3 className="panel-title">{t('relations.add')}</h3>
      <CompactSelect
        aria-label={t('relations.scope')}
        value={form.scope}
        onChange={form.changeScope}
        options={[
          { value: 'here', label: t('relations.scope_here') },
          { value: 'other', label: t('relations.scope_other') },
        ]}
        data-testid="relation-scope"
      />
      {here ? (
        <CompactSelect
          aria-label={t('relations.side')}
          value={form.side}
          onChange={form.setSide}
          options={[
            { value: 'predecessor', label: t('relations.predecessor') },
            { value: 'successor', label: t('relations.successor') },
          ]}
        />
      ) : (
        <p className="muted">{t('relations.external_hint')}</p>
      )}
      <input
        className="input input-compact"
        list={here ? 'rel-works' : undefined}
        placeholder={here ? t('relations.work_placeholder') : t('relations.search_other')}
        aria-label={t('relations.work')}
        value={form.other}
        onChange={(e) => form.typeOther(e.target.value)}
        data-testid="relation-work"
      />
      {!here && form.search && !form.picked && <FoundWorks form={form} />}
      <datalist id="rel-works">
        {form.suggestions.map((i) => (
          <option key={i} value={rowText(model, i)} />
        ))}
      </datalist>
      <div className="rel-add-row">
        <CompactSelect
          aria-label={t('relations.type')}
          value={form.type}
          onChange={form.setType}
          options={LINK_CHOICES}
        />
        <input
          className="input input-compact rel-lag"
          aria-label={t('relations.lag_days')}
          value={form.lag}
          onChange={(e) => form.setLag(e.target.value)}
        />
        <Button type="submit" variant="primary" busy={form.adding} data-testid="relation-add">
          {t('common.add')}
        </Button>
      </div>
      {form.problem && (
        <div className="field-error" role="alert">
          {form.problem}
        </div>
      )}
    </form>
  );
}

/** Works of other schedules that the search found, each a button that picks it. */
function FoundWorks({ form }: { form: RelationAdd }) {
  const t = useT();
  return (
    <ul className="rel-found" aria-label={t('relations.scope_other')} data-testid="relation-found">
      {form.found?.length === 0 && <li className="muted">{t('relations.no_matches')}</li>}
      {form.found?.map((w) => (
        <li key={w.id}>
          <button type="button" className="rel-found-item" onClick={() => form.pick(w)}>
            <span className="rel-work-name">{workText(w)}</span>
            <span className="rel-work-where">
              {t('relations.external_of', { schedule: w.scheduleName, version: w.versionName })}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

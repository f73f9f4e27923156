import type { LinkType } from '@takt/contracts';
import { CompactSelect } from '../../../components/compact-select';
import { Badge, CrossButton } from '../../../components/ui';
import type { ScheduleModel } from '../../../lib/columnar';
import { appI18n, useT } from '../../../lib/i18n';
import { daysToMinutes, formatNumber, minutesToDays } from '../../../lib/schedule-time';
import { type FoundWork, LINK_CHOICES, type Relation } from './types';
import { lagDaysOf, workText } from './work-match';

/**
 * The predecessors or the successors of a work: the other work (a predecessor in another schedule is
 * marked and says where it lives), the link type and the lag in days, each editable, and a remove button.
 */
export function RelationTable({
  title,
  list,
  end,
  model,
  externalById,
  label,
  readOnly,
  hoursPerDay,
  onUpdate,
  onRemove,
}: {
  title: string;
  list: readonly Relation[];
  /** The end of each link that is the other work. */
  end: 'predecessorId' | 'successorId';
  model: ScheduleModel;
  externalById: ReadonlyMap<string, FoundWork>;
  label: (workId: string) => string;
  readOnly: boolean;
  hoursPerDay: number;
  onUpdate: (relation: Relation, patch: { type?: LinkType; lagMinutes?: number }) => void;
  onRemove: (relation: Relation) => void;
}) {
  const t = useT();
  const days = (m: number) => formatNumber(minutesToDays(m, hoursPerDay), appI18n.locale);
  return (
    <section className="rel-section">
      <h3 className="panel-title">{title}</h3>
      {list.length === 0 ? (
        <p className="muted">{t('relations.none')}</p>
      ) : (
        <table className="table rel-table">
          <tbody>
            {list.map((r) => {
              const external = end === 'predecessorId' && !model.rowOf.has(r.predecessorId);
              const w = external ? externalById.get(r.predecessorId) : undefined;
              return (
                <tr
                  key={r.id}
                  className={external ? 'rel-external' : undefined}
                  data-external={external || undefined}
                >
                  <td
                    className="rel-work"
                    title={w ? `${workText(w)} — ${w.scheduleName} · ${w.versionName}` : undefined}
                  >
                    {external && <Badge tone="warn">{t('relations.external_badge')}</Badge>}
                    <span className="rel-work-name">{label(r[end])}</span>
                    {w && (
                      <span className="rel-work-where">
                        {t('relations.external_of', { schedule: w.scheduleName, version: w.versionName })}
                      </span>
                    )}
                  </td>
                  <td>
                    <CompactSelect
                      aria-label={t('relations.type')}
                      value={r.type}
                      disabled={readOnly}
                      onChange={(type) => onUpdate(r, { type })}
                      options={LINK_CHOICES}
                    />
                  </td>
                  <td>
                    <input
                      className="input input-compact rel-lag"
                      aria-label={t('relations.lag')}
                      defaultValue={days(r.lagMinutes)}
                      disabled={readOnly}
                      onBlur={(e) => {
                        const value = lagDaysOf(e.target.value);
                        if (value === null) return;
                        const lagMinutes = daysToMinutes(value, hoursPerDay);
                        if (lagMinutes !== r.lagMinutes) onUpdate(r, { lagMinutes });
                      }}
                    />
                  </td>
                  <td>
                    <CrossButton
                      label={t('relations.remove')}
                      disabled={readOnly}
                      onClick={() => onRemove(r)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

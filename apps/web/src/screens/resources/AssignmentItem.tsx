import { DISTRIBUTION_MODES, RESERVED_ALLOCATION_MODES } from '@takt/contracts';
import { CompactSelect, choicesOf } from '../../components/compact-select';
import { InlineLabel } from '../../components/inline-label';
import { Badge, Button } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notifications';
import {
  type Assignment,
  type AssignmentPatch,
  amountChange,
  daysText,
  minutesOfDays,
  reservedChange,
} from './assignment-edit';
import { quantityText } from './format';

/**
 * One assignment of the work: the resource, its planned, approved and actual quantities (saved when a
 * field is left), the distribution mode and the reserved allocation mode with its parameters.
 */
export function AssignmentItem({
  a,
  others,
  readOnly,
  hoursPerDay,
  onSave,
  onRemove,
}: {
  a: Assignment;
  /** Every assignment of the work, this one included. */
  others: readonly Assignment[];
  readOnly: boolean;
  hoursPerDay: number;
  onSave: (a: Assignment, patch: AssignmentPatch) => void;
  onRemove: (a: Assignment) => void;
}) {
  const t = useT();
  return (
    <li className="assignment-item" data-testid="assignment">
      <div className="panel-row">
        <span>
          <strong>{a.resourceCode ? `${a.resourceCode} ${a.resourceName}` : a.resourceName}</strong>{' '}
          <Badge>{t(`resources.kind.${a.kind}`)}</Badge>
        </span>
        <Button
          variant="ghost"
          disabled={readOnly}
          aria-label={t('common.delete')}
          onClick={() => onRemove(a)}
        >
          ×
        </Button>
      </div>
      <div className="assignment-fields">
        {(['planQuantity', 'approvedQuantity', 'factQuantity'] as const).map((field) => (
          <InlineLabel key={field} text={t(`assignment.${field}`)}>
            <input
              className="input input-compact"
              inputMode="decimal"
              disabled={readOnly}
              defaultValue={quantityText(a[field])}
              placeholder={a.unit ?? ''}
              data-testid={`assignment-${field}`}
              onBlur={(e) => {
                const change = amountChange(e.target.value, a[field], field !== 'planQuantity');
                if (change && 'error' in change) notify('error', [t(change.error)]);
                else if (change) onSave(a, { [field]: change.value });
              }}
            />
          </InlineLabel>
        ))}
        <InlineLabel text={t('assignment.distribution')}>
          <CompactSelect
            disabled={readOnly}
            value={a.distribution}
            onChange={(distribution) => onSave(a, { distribution })}
            options={choicesOf(DISTRIBUTION_MODES, (m) => t(`assignment.distribution.${m}`))}
          />
        </InlineLabel>
        <InlineLabel text={t('assignment.reserved')}>
          <CompactSelect
            disabled={readOnly}
            value={a.reserved ?? ''}
            data-testid="assignment-reserved"
            onChange={(value) => {
              const change = reservedChange(a, value || null, others);
              if ('error' in change) notify('error', [t(change.error)]);
              else onSave(a, change);
            }}
            options={[
              { value: '', label: t('assignment.reserved.none') },
              ...choicesOf(RESERVED_ALLOCATION_MODES, (m) => t(`assignment.reserved.${m}`)),
            ]}
          />
        </InlineLabel>
        <ReservedFields a={a} others={others} readOnly={readOnly} hoursPerDay={hoursPerDay} onSave={onSave} />
      </div>
    </li>
  );
}

/** The parameters of the reserved allocation mode: lag and window, the assignment followed, or a note. */
function ReservedFields({
  a,
  others,
  readOnly,
  hoursPerDay,
  onSave,
}: {
  a: Assignment;
  others: readonly Assignment[];
  readOnly: boolean;
  hoursPerDay: number;
  onSave: (a: Assignment, patch: AssignmentPatch) => void;
}) {
  const t = useT();
  switch (a.reserved) {
    case 'by_lag':
      return (
        <>
          <InlineLabel text={t('assignment.lag_days')}>
            <input
              className="input input-compact"
              disabled={readOnly}
              defaultValue={daysText(a.lagMinutes, hoursPerDay)}
              onBlur={(e) => onSave(a, { lagMinutes: minutesOfDays(e.target.value, hoursPerDay) ?? 0 })}
            />
          </InlineLabel>
          <InlineLabel text={t('assignment.window_days')}>
            <input
              className="input input-compact"
              disabled={readOnly}
              defaultValue={daysText(a.windowMinutes, hoursPerDay)}
              placeholder={t('assignment.to_finish')}
              onBlur={(e) => onSave(a, { windowMinutes: minutesOfDays(e.target.value, hoursPerDay) })}
            />
          </InlineLabel>
        </>
      );
    case 'by_volume':
      return (
        <InlineLabel text={t('assignment.follows')}>
          <CompactSelect
            disabled={readOnly}
            value={a.followsId ?? ''}
            onChange={(followsId) => onSave(a, { followsId })}
            options={others
              .filter((o) => o.id !== a.id && o.reserved !== 'by_volume')
              .map((o) => ({ value: o.id, label: o.resourceName }))}
          />
        </InlineLabel>
      );
    case 'by_date':
      return <p className="muted assignment-note">{t('assignment.by_date_note')}</p>;
    case 'by_fact':
      return <p className="muted assignment-note">{t('assignment.by_fact_note')}</p>;
    default:
      return null;
  }
}

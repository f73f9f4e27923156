import { Button, errorText } from '../../components/ui';
import type { FieldError } from '../../lib/form';
import { useT } from '../../lib/i18n';
import type { PeriodRow } from './resource-form';

/** A resource's availability periods: from, until (open-ended when empty) and units per day, as a table. */
export function PeriodsTable({
  periods,
  onChange,
  editable,
  error,
}: {
  periods: readonly PeriodRow[];
  onChange: (periods: PeriodRow[]) => void;
  editable: boolean;
  error: FieldError | undefined;
}) {
  const t = useT();
  const setPeriod = (index: number, patch: Partial<PeriodRow>) =>
    onChange(periods.map((p, k) => (k === index ? { ...p, ...patch } : p)));
  const field = (k: number, name: keyof PeriodRow, label: string, placeholder?: string) => (
    <td>
      <input
        className="input input-compact"
        placeholder={placeholder}
        inputMode={name === 'units' ? 'decimal' : undefined}
        aria-label={label}
        value={periods[k]![name]}
        disabled={!editable}
        onChange={(e) => setPeriod(k, { [name]: e.target.value })}
      />
    </td>
  );
  return (
    <div className="resource-periods">
      <div className="panel-row">
        <h3 className="resource-periods-title">{t('resources.availability_periods')}</h3>
        <Button
          variant="ghost"
          disabled={!editable}
          onClick={() => onChange([...periods, { from: '', until: '', units: '' }])}
          data-testid="period-add"
        >
          + {t('common.add')}
        </Button>
      </div>
      {periods.length === 0 ? (
        <p className="muted">{t('resources.no_periods')}</p>
      ) : (
        <table className="table period-table">
          <thead>
            <tr>
              <th>{t('resources.period_from')}</th>
              <th>{t('resources.period_until')}</th>
              <th>{t('resources.units_per_day')}</th>
              <th aria-label={t('common.actions')} />
            </tr>
          </thead>
          <tbody>
            {periods.map((_, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows being typed have no id yet
              <tr key={k}>
                {field(k, 'from', t('resources.period_from'), t('common.date_placeholder'))}
                {field(k, 'until', t('resources.period_until'), t('common.never'))}
                {field(k, 'units', t('resources.units_per_day'))}
                <td>
                  <Button
                    variant="ghost"
                    disabled={!editable}
                    aria-label={t('common.delete')}
                    onClick={() => onChange(periods.filter((_, i) => i !== k))}
                  >
                    ×
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {error && (
        <div className="field-error" role="alert">
          {errorText(error)}
        </div>
      )}
    </div>
  );
}

import { Button } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { dayHeading, dayText, quantityText } from './format';
import type { DailyPlanRow, DailyPlans } from './useDailyPlans';

/**
 * The week's plan: a row per work (picked for bulk changes, its planning switch, volume and done), a
 * column per day with the planned and actual volume; a day's button plans its volumes from the schedule.
 */
export function DailyPlanTable({
  plans,
  rows,
  days,
  editable,
  picked,
  onPick,
  onPickAll,
  onSelectWork,
}: {
  plans: DailyPlans;
  rows: readonly DailyPlanRow[];
  days: readonly string[];
  editable: boolean;
  picked: ReadonlySet<string>;
  onPick: (workId: string, on: boolean) => void;
  onPickAll: (on: boolean) => void;
  onSelectWork: (workId: string) => void;
}) {
  const t = useT();
  const { closed } = plans;
  return (
    <div className="dock-body">
      <table className="table dock-table" data-testid="wdp-table">
        <thead>
          <tr>
            <th>
              <input
                type="checkbox"
                aria-label={t('wdp.pick_all')}
                checked={rows.length > 0 && rows.every((r) => picked.has(r.workId))}
                onChange={(e) => onPickAll(e.target.checked)}
              />
            </th>
            <th>{t('wdp.planning')}</th>
            <th className="dock-work">{t('leveling.work')}</th>
            <th className="num">{t('wdp.volume')}</th>
            <th className="num">{t('wdp.done')}</th>
            {days.map((day) => {
              const h = dayHeading(day);
              return (
                <th key={day} className={`dock-day${closed(day) ? ' dock-closed' : ''}`}>
                  <span>{h.weekday}</span> <span>{h.day}</span>
                  <Button
                    variant="ghost"
                    className="dock-day-fill"
                    disabled={!editable || closed(day) || plans.planningDay}
                    title={t('wdp.plan_day')}
                    aria-label={t('wdp.plan_day_at', { date: dayText(day) })}
                    onClick={() => plans.planDay(day)}
                    data-testid="wdp-plan-day"
                  >
                    ⤓
                  </Button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.workId} data-testid="wdp-row">
              <td>
                <input
                  type="checkbox"
                  aria-label={t('wdp.pick_row', { name: row.name })}
                  checked={picked.has(row.workId)}
                  onChange={(e) => onPick(row.workId, e.target.checked)}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  role="switch"
                  className="switch"
                  aria-label={t('wdp.planning_of', { name: row.name })}
                  aria-checked={row.planning}
                  checked={row.planning}
                  disabled={!editable}
                  onChange={(e) => plans.planRow(row, e.target.checked)}
                  data-testid="wdp-planning"
                />
              </td>
              <td className="dock-work">
                <button type="button" className="link-button" onClick={() => onSelectWork(row.workId)}>
                  {row.code ? `${row.code} ` : ''}
                  {row.name}
                </button>
              </td>
              <td className="num">
                {quantityText(row.planVolume)} {row.unit ?? ''}
              </td>
              <td className="num">{quantityText(row.factTotal)}</td>
              {days.map((day) => (
                <DayCell key={day} plans={plans} row={row} day={day} editable={editable} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The two values of a day's cell, the planned and the actual volume, and the field each is saved to. */
const DAY_VALUES = [
  { kind: 'plan', field: 'planVolume' },
  { kind: 'fact', field: 'factVolume' },
] as const;

/** The planned and actual volume of a work on a day, saved when a field is left. */
function DayCell({
  plans,
  row,
  day,
  editable,
}: {
  plans: DailyPlans;
  row: DailyPlanRow;
  day: string;
  editable: boolean;
}) {
  const t = useT();
  const value = row.values.find((v) => v.date === day);
  const closed = plans.closed(day);
  const disabled = !editable || closed;
  return (
    <td className={`dock-cell${closed ? ' dock-closed' : ''}`}>
      {DAY_VALUES.map(({ kind, field }) => (
        <input
          key={`${kind}:${value?.[field] ?? ''}`}
          className={`input dock-input dock-${kind}`}
          inputMode="decimal"
          aria-label={t(`wdp.${kind}_at`, { name: row.name, date: dayText(day) })}
          placeholder={t(`wdp.${kind}_short`)}
          defaultValue={quantityText(value?.[field])}
          disabled={disabled}
          onBlur={(e) => plans.saveCell(row, day, field, e.target.value)}
        />
      ))}
    </td>
  );
}

import { Badge } from '../../../components/ui';
import { textOf } from '../../../lib/columnar';
import { daysToMinutes, hasDate } from '../../../lib/schedule-time';
import type { ColumnBody } from './context';
import type { ColumnTools } from './tools';

/**
 * The columns of amounts: duration and progress, the plan, approved and actual volumes, the assigned
 * resources with their labour and cost, and the calculated floats and critical mark.
 */
export function quantityColumns(tools: ColumnTools): Record<string, ColumnBody> {
  const { ctx, num, days, detail, save, numberEditor } = tools;
  const { t, model: m, hoursPerDay } = ctx;
  const volumeText = (v: number | null | undefined, row: number) =>
    v === null || v === undefined || Number.isNaN(v) ? '' : `${num(v, 3)} ${textOf(m, m.unit[row]!)}`.trim();
  const volumeColumn = (
    field: 'planVolume' | 'approvedVolume' | 'factVolume',
    at: (row: number) => number | null,
  ): ColumnBody => ({
    align: 'right',
    render: (row) => volumeText(at(row), row),
    editor: numberEditor(
      (row) => {
        const v = at(row);
        return v === null || Number.isNaN(v) ? '' : num(v, 3);
      },
      (row, value) => save(row, field, value),
    ),
  });
  const resourcesOf = (row: number) => ctx.resources?.get(m.ids[row]!);
  /** An amount of the resource columns; none or zero shows nothing. */
  const resourceAmount = (of: 'labour' | 'cost'): ColumnBody => ({
    align: 'right',
    render: (row) => {
      const amount = resourcesOf(row)?.[of];
      return amount ? num(amount) : '';
    },
  });

  return {
    resources: { render: (row) => resourcesOf(row)?.names ?? '' },
    labour: resourceAmount('labour'),
    cost: resourceAmount('cost'),
    duration: {
      align: 'right',
      render: (row) => days(m.durationMinutes[row]!),
      editor: numberEditor(
        (row) => days(m.durationMinutes[row]!),
        (row, value) =>
          value === null
            ? Promise.resolve(t('validation.required'))
            : save(row, 'durationMinutes', daysToMinutes(value, hoursPerDay)),
      ),
    },
    progress: {
      align: 'right',
      render: (row) => `${num(m.progress[row]!)} %`,
      editor: numberEditor(
        (row) => num(m.progress[row]!),
        (row, value) => save(row, 'progress', value ?? 0),
      ),
    },
    volume: volumeColumn('planVolume', (row) => m.planVolume[row]!),
    approvedVolume: volumeColumn('approvedVolume', (row) => detail(row).approvedVolume),
    factVolume: volumeColumn('factVolume', (row) => m.factVolume[row]!),
    totalFloat: {
      align: 'right',
      render: (row) => {
        if (!hasDate(m.earlyStart[row])) return '';
        const float = m.totalFloat[row]!;
        const tone = float < 0 ? 'negative' : m.critical[row] ? 'critical' : float === 0 ? 'zero' : '';
        return tone ? (
          <span className={`wbs-float wbs-float-${tone}`} title={t(`grid.float_hint.${tone}`)}>
            {days(float)}
          </span>
        ) : (
          days(float)
        );
      },
    },
    freeFloat: {
      align: 'right',
      render: (row) => (hasDate(m.earlyStart[row]) ? days(m.freeFloat[row]!) : ''),
    },
    critical: {
      align: 'center',
      render: (row) => (m.critical[row] ? <Badge tone="warn">{t('grid.critical_mark')}</Badge> : ''),
    },
  };
}

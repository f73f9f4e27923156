import { LIMIT_TYPES } from '@takt/contracts';
import { formatMinutes, hasDate, isoToMinutes, parseDateText } from '../../../lib/schedule-time';
import type { CellEditor } from '../WbsGrid';
import { DATE_PAIR, type DateField, datesOutOfOrder, limitMark, limitText, parseLimitText } from './cells';
import type { ColumnBody } from './context';
import type { ColumnTools } from './tools';

/**
 * The date columns: plan, approved and actual starts and finishes (a start may not pass its finish),
 * the start and finish constraints, and the calculated early and late dates (read only).
 */
export function dateColumns({ ctx, detail, save }: ColumnTools): Record<string, ColumnBody> {
  const { t, model: m } = ctx;
  const detailDate = (field: 'approvedStart' | 'approvedFinish') => (row: number) =>
    isoToMinutes(detail(row)[field]);
  /** Minutes of each date field of a row (`NO_DATE`: none). */
  const dateAt: Record<DateField, (row: number) => number> = {
    planStart: (row) => m.planStart[row]!,
    planFinish: (row) => m.planFinish[row]!,
    approvedStart: detailDate('approvedStart'),
    approvedFinish: detailDate('approvedFinish'),
    factStart: (row) => m.factStart[row]!,
    factFinish: (row) => m.factFinish[row]!,
  };
  const dateColumn = (field: DateField): ColumnBody => ({
    render: (row) => formatMinutes(dateAt[field](row)),
    editor: {
      kind: 'text',
      initial: (row) => formatMinutes(dateAt[field](row), true),
      commit: (row, text) => {
        const value = parseDateText(text);
        if (value === undefined) return Promise.resolve(t('validation.invalid_date'));
        const other = dateAt[DATE_PAIR[field]](row);
        if (value && hasDate(other) && datesOutOfOrder(field, isoToMinutes(value), other))
          return Promise.resolve(t('grid.dates_order'));
        return save(row, field, value);
      },
    },
  });
  const limitColumn = (side: 'start' | 'finish'): ColumnBody => {
    const field = side === 'start' ? 'startLimit' : 'finishLimit';
    const editor: CellEditor = {
      kind: 'limit',
      options: [
        { value: '', label: t('grid.limit.none') },
        ...LIMIT_TYPES.map((type) => ({ value: type, label: t(`grid.limit.${type}`) })),
      ],
      initial: (row) => {
        const limit = detail(row)[field];
        return limit ? `${limit.type}|${formatMinutes(isoToMinutes(limit.date), true)}` : '|';
      },
      commit: (row, text) => {
        const parsed = parseLimitText(text);
        if ('error' in parsed) return Promise.resolve(t(parsed.error));
        return save(row, field, parsed.limit);
      },
    };
    return {
      render: (row) => {
        const limit = detail(row)[field];
        return limit ? (
          <span className={`wbs-limit wbs-limit-${limit.type}`} title={limitText(t, side, limit)}>
            {limitMark(t, limit)}
          </span>
        ) : (
          ''
        );
      },
      editor,
    };
  };
  const calculated = (arr: Int32Array): ColumnBody => ({ render: (row) => formatMinutes(arr[row]!) });
  return {
    start: dateColumn('planStart'),
    finish: dateColumn('planFinish'),
    approvedStart: dateColumn('approvedStart'),
    approvedFinish: dateColumn('approvedFinish'),
    factStart: dateColumn('factStart'),
    factFinish: dateColumn('factFinish'),
    startLimit: limitColumn('start'),
    finishLimit: limitColumn('finish'),
    earlyStart: calculated(m.earlyStart),
    earlyFinish: calculated(m.earlyFinish),
    lateStart: calculated(m.lateStart),
    lateFinish: calculated(m.lateFinish),
  };
}

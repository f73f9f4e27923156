import { workFields } from '@takt/contracts';
import { formatNumber, minutesToDays, parseNumberText } from '../../../lib/schedule-time';
import { NO_DETAILS, type PlanDetails } from '../plan-details';
import type { CellEditor } from '../WbsGrid';
import { check } from './cells';
import type { ColumnContext } from './context';

const shape = workFields.shape;
export type WorkField = keyof typeof shape;

/** What every column group builds its cells from: formatting, plan details and the checked save. */
export interface ColumnTools {
  ctx: ColumnContext;
  /** A number in the grid's language, up to `digits` decimals. */
  num: (value: number, digits?: number) => string;
  /** Minutes as working days of the version's calendar. */
  days: (minutes: number) => string;
  detail: (row: number) => PlanDetails;
  /** Checks the value against the work field's contracts schema, then saves it. */
  save: (row: number, field: WorkField, value: unknown) => Promise<string | null>;
  /** A text editor of a number: empty is null, text that is not a number is refused. */
  numberEditor: (
    initial: (row: number) => string,
    commit: (row: number, value: number | null) => Promise<string | null>,
  ) => CellEditor;
  /** A select of a work field; `nullable` adds a "none" option that clears it. */
  selectEditor: (
    options: { value: string; label: string }[],
    initial: (row: number) => string,
    field: WorkField,
    nullable?: boolean,
  ) => CellEditor;
}

export function columnTools(ctx: ColumnContext): ColumnTools {
  const { t, lang, model: m, hoursPerDay } = ctx;
  const num = (v: number, digits = 2) => formatNumber(v, lang, digits);
  const save = (row: number, field: WorkField, value: unknown) => {
    const problem = check(shape[field], value);
    return problem ? Promise.resolve(problem) : ctx.save(row, { [field]: value });
  };
  return {
    ctx,
    num,
    days: (minutes) => num(minutesToDays(minutes, hoursPerDay)),
    detail: (row) => ctx.details.get(m.ids[row]!) ?? NO_DETAILS,
    save,
    numberEditor: (initial, commit) => ({
      kind: 'text',
      initial,
      commit: (row, text) => {
        const value = parseNumberText(text);
        if (Number.isNaN(value)) return Promise.resolve(t('validation.not_a_number'));
        return commit(row, value);
      },
    }),
    selectEditor: (options, initial, field, nullable = false) => ({
      kind: 'select',
      options: nullable ? [{ value: '', label: t('common.none') }, ...options] : options,
      initial,
      commit: (row, text) => save(row, field, nullable && !text ? null : text),
    }),
  };
}

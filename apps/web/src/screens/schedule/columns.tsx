import { LIMIT_TYPES, WORK_STATUSES, WORK_TYPES, workFields } from '@takt/contracts';
import type { z } from 'zod';
import { Badge } from '../../components/ui';
import type { RouterOutputs } from '../../lib/api-types';
import { type ScheduleModel, textOf } from '../../lib/columnar';
import { attributeColumnKey, type ColumnSetting } from '../../lib/grid-columns';
import { type Translate, translateDynamic } from '../../lib/i18n';
import {
  daysToMinutes,
  formatMinutes,
  formatNumber,
  hasDate,
  isoToMinutes,
  minutesToDays,
  parseDateText,
  parseNumberText,
} from '../../lib/schedule-time';
import { type Limit, NO_DETAILS, type PlanDetails } from './plan-details';
import type { GridColumn } from './WbsGrid';

type Attribute = RouterOutputs['attributes']['list'][number];
export type WorkPatch = Record<string, unknown>;

export interface ColumnContext {
  t: Translate;
  lang: string;
  model: ScheduleModel;
  hoursPerDay: number;
  calendars: readonly { id: string; name: string }[];
  members: readonly { userId: string; firstName: string; lastName: string }[];
  attributes: readonly Attribute[];
  attributeValues: ReadonlyMap<string, Record<string, unknown>>;
  /** The caller's checked works: a checkbox column first, its header checks all visible rows. */
  checks?: {
    ids: ReadonlySet<string>;
    set: (ids: readonly string[], value: boolean) => void;
    visible: () => readonly string[];
  };
  /** Approved plan and constraints of the works that have them. */
  details: ReadonlyMap<string, PlanDetails>;
  /** Assigned resources, planned labour and cost of the works that have assignments (resource columns). */
  resources?: ReadonlyMap<string, { names: string; labour: number; cost: number }>;
  collapsed: ReadonlySet<string>;
  onToggle: (row: number) => void;
  /** Saves a change of one work; resolves to an error text or null. */
  save: (row: number, patch: WorkPatch) => Promise<string | null>;
}

/** The first issue of a contracts schema, translated; null when the value passes. */
export function check(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const params: Record<string, number> = {};
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  return translateDynamic(issue.message, params);
}

const shape = workFields.shape;

type DateField = 'planStart' | 'planFinish' | 'approvedStart' | 'approvedFinish' | 'factStart' | 'factFinish';
/** The other end of a date pair: a start is not after its finish (contracts `orderedDates`). */
const PAIR: Record<DateField, DateField> = {
  planStart: 'planFinish',
  planFinish: 'planStart',
  approvedStart: 'approvedFinish',
  approvedFinish: 'approvedStart',
  factStart: 'factFinish',
  factFinish: 'factStart',
};

/** Short mark of a constraint (≥ date, ≤ date, = date) for a cell or a badge. */
export function limitMark(t: Translate, limit: Limit | null, withDate = true): string {
  if (!limit) return '';
  const date = withDate ? formatMinutes(isoToMinutes(limit.date)) : '';
  return t(`grid.limit_mark.${limit.type}`, { date }).trim();
}

/** Full text of a constraint: "Start: not earlier than 05.03.2026". */
export function limitText(t: Translate, side: 'start' | 'finish', limit: Limit): string {
  return t(`grid.limit_hint.${side}`, {
    type: t(`grid.limit.${limit.type}`),
    date: formatMinutes(isoToMinutes(limit.date)),
  });
}

/** The grid's columns in the user's order and widths, each with its renderer and editor. */
/** An attribute value typed in a cell or a dialog: empty clears it; numbers and dates in the §5 formats. */
export function parseAttributeText(
  t: Translate,
  valueType: Attribute['valueType'],
  text: string,
): { value: unknown } | { error: string } {
  if (!text.trim()) return { value: null };
  switch (valueType) {
    case 'number':
    case 'money':
    case 'percentage': {
      const n = parseNumberText(text);
      return n === null || Number.isNaN(n) ? { error: t('validation.not_a_number') } : { value: n };
    }
    case 'boolean':
      return { value: text === 'true' };
    case 'date': {
      const d = parseDateText(text);
      return d ? { value: d.slice(0, 10) } : { error: t('validation.invalid_date') };
    }
    default:
      return { value: text };
  }
}

export function buildColumns(settings: readonly ColumnSetting[], ctx: ColumnContext): GridColumn[] {
  const { t, lang, model: m, hoursPerDay } = ctx;
  const num = (v: number, digits = 2) => formatNumber(v, lang, digits);
  const days = (minutes: number) => num(minutesToDays(minutes, hoursPerDay));
  const calendarName = new Map(ctx.calendars.map((c) => [c.id, c.name]));
  const memberName = new Map(ctx.members.map((u) => [u.userId, `${u.firstName} ${u.lastName}`]));
  const save = (row: number, field: keyof typeof shape, value: unknown) => {
    const problem = check(shape[field], value);
    return problem ? Promise.resolve(problem) : ctx.save(row, { [field]: value });
  };
  const detail = (row: number) => ctx.details.get(m.ids[row]!) ?? NO_DETAILS;
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
  const dateEditor = (field: DateField) => ({
    kind: 'text' as const,
    initial: (row: number) => formatMinutes(dateAt[field](row), true),
    commit: (row: number, text: string) => {
      const value = parseDateText(text);
      if (value === undefined) return Promise.resolve(t('validation.invalid_date'));
      const other = dateAt[PAIR[field]](row);
      const minutes = isoToMinutes(value);
      if (value && hasDate(other) && (field.endsWith('Start') ? minutes > other : minutes < other))
        return Promise.resolve(t('grid.dates_order'));
      return save(row, field, value);
    },
  });
  const dateColumn = (field: DateField) => ({
    render: (row: number) => formatMinutes(dateAt[field](row)),
    editor: dateEditor(field),
  });
  const volumeText = (v: number | null | undefined, row: number) =>
    v === null || v === undefined || Number.isNaN(v) ? '' : `${num(v, 3)} ${textOf(m, m.unit[row]!)}`.trim();
  const volumeColumn = (
    field: 'planVolume' | 'approvedVolume' | 'factVolume',
    at: (row: number) => number | null,
  ) => ({
    align: 'right' as const,
    render: (row: number) => volumeText(at(row), row),
    editor: numberEditor(
      (row) => {
        const v = at(row);
        return v === null || Number.isNaN(v) ? '' : num(v, 3);
      },
      (row, value) => save(row, field, value),
    ),
  });
  const limitColumn = (side: 'start' | 'finish') => {
    const field = side === 'start' ? 'startLimit' : 'finishLimit';
    return {
      render: (row: number) => {
        const limit = detail(row)[field];
        return limit ? (
          <span className={`wbs-limit wbs-limit-${limit.type}`} title={limitText(t, side, limit)}>
            {limitMark(t, limit)}
          </span>
        ) : (
          ''
        );
      },
      editor: {
        kind: 'limit' as const,
        options: [
          { value: '', label: t('grid.limit.none') },
          ...LIMIT_TYPES.map((type) => ({ value: type, label: t(`grid.limit.${type}`) })),
        ],
        initial: (row: number) => {
          const limit = detail(row)[field];
          return limit ? `${limit.type}|${formatMinutes(isoToMinutes(limit.date), true)}` : '|';
        },
        commit: (row: number, text: string) => {
          const [type = '', dateText = ''] = text.split('|');
          if (!type) return save(row, field, null);
          const date = parseDateText(dateText);
          if (!date)
            return Promise.resolve(t(date === null ? 'validation.required' : 'validation.invalid_date'));
          return save(row, field, { type, date });
        },
      },
    };
  };
  const numberEditor = (
    initial: (row: number) => string,
    commit: (row: number, value: number | null) => Promise<string | null>,
  ) => ({
    kind: 'text' as const,
    initial,
    commit: (row: number, text: string) => {
      const value = parseNumberText(text);
      if (Number.isNaN(value)) return Promise.resolve(t('validation.not_a_number'));
      return commit(row, value);
    },
  });
  const selectEditor = (
    options: { value: string; label: string }[],
    initial: (row: number) => string,
    field: keyof typeof shape,
    nullable = false,
  ) => ({
    kind: 'select' as const,
    options: nullable ? [{ value: '', label: t('common.none') }, ...options] : options,
    initial,
    commit: (row: number, text: string) => save(row, field, nullable && !text ? null : text),
  });
  const date = (arr: Int32Array) => (row: number) => formatMinutes(arr[row]!);
  const calendarOptions = ctx.calendars.map((c) => ({ value: c.id, label: c.name }));
  const memberOptions = ctx.members.map((u) => ({ value: u.userId, label: `${u.firstName} ${u.lastName}` }));

  /** Badges after a work's name: its constraints and a negative float (indicators). */
  const pins = (row: number) => {
    const d = detail(row);
    const negative = hasDate(m.earlyStart[row]) && m.totalFloat[row]! < 0;
    if (!d.startLimit && !d.finishLimit && !negative) return null;
    return (
      <span className="wbs-pins">
        {(['start', 'finish'] as const).map((side) => {
          const limit = d[`${side}Limit`];
          return limit ? (
            <span
              key={side}
              className="wbs-pin"
              title={limitText(t, side, limit)}
              data-testid={`pin-${side}`}
            >
              {t(`grid.pin.${side}`)}
              {limitMark(t, limit, false)}
            </span>
          ) : null;
        })}
        {negative && (
          <span className="wbs-pin wbs-pin-danger" title={t('grid.float_hint.negative')}>
            {t('grid.pin.negative_float')}
          </span>
        )}
      </span>
    );
  };

  const resourcesOf = (row: number) => ctx.resources?.get(m.ids[row]!);
  const builtins: Record<string, Omit<GridColumn, 'key' | 'width' | 'title'>> = {
    resources: { render: (row) => resourcesOf(row)?.names ?? '' },
    labour: {
      align: 'right',
      render: (row) => {
        const labour = resourcesOf(row)?.labour;
        return labour ? num(labour) : '';
      },
    },
    cost: {
      align: 'right',
      render: (row) => {
        const cost = resourcesOf(row)?.cost;
        return cost ? num(cost) : '';
      },
    },
    code: {
      render: (row) => textOf(m, m.code[row]!),
      editor: {
        kind: 'text',
        initial: (row) => textOf(m, m.code[row]!),
        commit: (row, text) => save(row, 'code', text.trim() || null),
      },
    },
    name: {
      render: (row) => {
        const hasChildren = m.childCount[row]! > 0;
        const open = !ctx.collapsed.has(m.ids[row]!);
        return (
          <span className="wbs-name" style={{ paddingLeft: m.depth[row]! * 16 }}>
            {hasChildren ? (
              <button
                type="button"
                className="wbs-toggle"
                tabIndex={-1}
                aria-label={open ? t('eps.collapse') : t('eps.expand')}
                aria-expanded={open}
                onClick={(e) => {
                  e.stopPropagation();
                  ctx.onToggle(row);
                }}
              >
                {open ? '▾' : '▸'}
              </button>
            ) : (
              <span className="wbs-toggle" />
            )}
            <span className="wbs-name-text">{textOf(m, m.name[row]!)}</span>
            {pins(row)}
          </span>
        );
      },
      editor: {
        kind: 'text',
        initial: (row) => textOf(m, m.name[row]!),
        commit: (row, text) => save(row, 'name', text),
      },
    },
    type: {
      render: (row) => t(`work_type.${WORK_TYPES[m.type[row]!] ?? 'task'}`),
      editor: selectEditor(
        WORK_TYPES.map((w) => ({ value: w, label: t(`work_type.${w}`) })),
        (row) => WORK_TYPES[m.type[row]!] ?? 'task',
        'type',
      ),
    },
    start: dateColumn('planStart'),
    finish: dateColumn('planFinish'),
    approvedStart: dateColumn('approvedStart'),
    approvedFinish: dateColumn('approvedFinish'),
    factStart: dateColumn('factStart'),
    factFinish: dateColumn('factFinish'),
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
    unit: {
      render: (row) => textOf(m, m.unit[row]!),
      editor: {
        kind: 'text',
        initial: (row) => textOf(m, m.unit[row]!),
        commit: (row, text) => save(row, 'unit', text.trim() || null),
      },
    },
    startLimit: limitColumn('start'),
    finishLimit: limitColumn('finish'),
    calendar: {
      render: (row) => calendarName.get(textOf(m, m.calendar[row]!)) ?? '',
      editor: selectEditor(calendarOptions, (row) => textOf(m, m.calendar[row]!), 'calendarId', true),
    },
    executor: {
      render: (row) => memberName.get(textOf(m, m.executor[row]!)) ?? '',
      editor: selectEditor(memberOptions, (row) => textOf(m, m.executor[row]!), 'executorId', true),
    },
    curator: {
      render: (row) => memberName.get(textOf(m, m.curator[row]!)) ?? '',
      editor: selectEditor(memberOptions, (row) => textOf(m, m.curator[row]!), 'curatorId', true),
    },
    status: {
      render: (row) => t(`work_status.${WORK_STATUSES[m.status[row]!] ?? 'not_started'}`),
      editor: selectEditor(
        WORK_STATUSES.map((s) => ({ value: s, label: t(`work_status.${s}`) })),
        (row) => WORK_STATUSES[m.status[row]!] ?? 'not_started',
        'status',
      ),
    },
    earlyStart: { render: date(m.earlyStart) },
    earlyFinish: { render: date(m.earlyFinish) },
    lateStart: { render: date(m.lateStart) },
    lateFinish: { render: date(m.lateFinish) },
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

  const attributesById = new Map(ctx.attributes.map((a) => [attributeColumnKey(a.id), a]));
  const out: GridColumn[] = [];
  const checks = ctx.checks;
  if (checks)
    out.push({
      key: 'checked',
      title: t('grid.check'),
      width: 36,
      align: 'center',
      header: () => {
        const visible = checks.visible();
        const all = visible.length > 0 && visible.every((id) => checks.ids.has(id));
        return (
          <input
            type="checkbox"
            className="wbs-check"
            aria-label={t('grid.check_all')}
            title={t('grid.check_all')}
            checked={all}
            disabled={!visible.length}
            onChange={() => checks.set(visible, !all)}
            data-testid="check-all"
          />
        );
      },
      render: (row) => {
        const id = m.ids[row]!;
        return (
          <input
            type="checkbox"
            className="wbs-check"
            aria-label={t('grid.check_row', { name: textOf(m, m.name[row]!) })}
            checked={checks.ids.has(id)}
            onClick={(e) => e.stopPropagation()}
            onChange={(e) => checks.set([id], e.target.checked)}
            tabIndex={-1}
          />
        );
      },
    });
  for (const s of settings) {
    if (!s.visible) continue;
    const builtin = builtins[s.key];
    if (builtin) {
      out.push({ key: s.key, width: s.width, title: t(`grid.col.${s.key}` as never), ...builtin });
      continue;
    }
    const attribute = attributesById.get(s.key);
    if (!attribute) continue;
    const valueAt = (row: number) => ctx.attributeValues.get(m.ids[row]!)?.[attribute.id];
    const show = (v: unknown) =>
      v === null || v === undefined
        ? ''
        : typeof v === 'boolean'
          ? t(v ? 'common.yes' : 'common.no')
          : typeof v === 'number'
            ? num(v)
            : attribute.valueType === 'date' && typeof v === 'string'
              ? formatMinutes(isoToMinutes(v))
              : String(v);
    const parse = (text: string) => parseAttributeText(t, attribute.valueType, text);
    out.push({
      key: s.key,
      width: s.width,
      title: attribute.name,
      align: ['number', 'money', 'percentage'].includes(attribute.valueType) ? 'right' : undefined,
      render: (row) => show(valueAt(row)),
      editor: attribute.canEdit
        ? {
            kind: attribute.valueType === 'boolean' ? 'select' : 'text',
            options:
              attribute.valueType === 'boolean'
                ? [
                    { value: '', label: t('common.none') },
                    { value: 'true', label: t('common.yes') },
                    { value: 'false', label: t('common.no') },
                  ]
                : undefined,
            initial: (row) => {
              const v = valueAt(row);
              return typeof v === 'boolean' ? String(v) : show(v);
            },
            commit: (row, text) => {
              const parsed = parse(text);
              if ('error' in parsed) return Promise.resolve(parsed.error);
              return ctx.save(row, { attributes: { [attribute.id]: parsed.value } });
            },
          }
        : undefined,
    });
  }
  return out;
}

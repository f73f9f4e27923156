import { WORK_STATUSES, WORK_TYPES } from '@takt/contracts';
import { choicesOf } from '../../../components/compact-select';
import { namedOptions } from '../../../components/ui';
import { textOf } from '../../../lib/columnar';
import { hasDate } from '../../../lib/schedule-time';
import { limitMark, limitText } from './cells';
import type { ColumnBody } from './context';
import type { ColumnTools } from './tools';

/**
 * The columns that describe a work: code, name (indented by level, with its toggle and badges), type,
 * status, unit, calendar, executor and curator.
 */
export function workColumns({ ctx, detail, save, selectEditor }: ColumnTools): Record<string, ColumnBody> {
  const { t, model: m } = ctx;
  const calendarName = new Map(ctx.calendars.map((c) => [c.id, c.name]));
  const memberName = new Map(ctx.members.map((u) => [u.userId, `${u.firstName} ${u.lastName}`]));
  const calendarOptions = namedOptions(ctx.calendars);
  const memberOptions = ctx.members.map((u) => ({ value: u.userId, label: `${u.firstName} ${u.lastName}` }));
  const text = (column: Int32Array) => (row: number) => textOf(m, column[row]!);

  /** A column of one of a fixed list of values, stored as its index: shown by its label, chosen from all. */
  const enumColumn = <V extends string>(
    values: readonly V[],
    codes: ArrayLike<number>,
    fallback: V,
    label: (value: V) => string,
    field: 'type' | 'status',
  ): ColumnBody => {
    const valueAt = (row: number) => values[codes[row]!] ?? fallback;
    return {
      render: (row) => label(valueAt(row)),
      editor: selectEditor(choicesOf(values, label), valueAt, field),
    };
  };

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

  /** A replaced node's badge: its works come from another schedule (docs/product-rules.md, "Replacements"). */
  const replacedPin = (row: number) => {
    const donor = ctx.replaced?.get(m.ids[row]!);
    if (donor === undefined) return null;
    return (
      <span
        className="wbs-pin wbs-pin-replaced"
        title={t('replacements.badge_hint', { schedule: donor })}
        data-testid="pin-replaced"
      >
        ⇄ {t('replacements.badge')}
      </span>
    );
  };

  return {
    code: {
      render: text(m.code),
      editor: {
        kind: 'text',
        initial: text(m.code),
        commit: (row, value) => save(row, 'code', value.trim() || null),
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
            {replacedPin(row)}
            {pins(row)}
          </span>
        );
      },
      editor: {
        kind: 'text',
        initial: text(m.name),
        commit: (row, value) => save(row, 'name', value),
      },
    },
    type: enumColumn(WORK_TYPES, m.type, 'task', (w) => t(`work_type.${w}`), 'type'),
    status: enumColumn(WORK_STATUSES, m.status, 'not_started', (s) => t(`work_status.${s}`), 'status'),
    unit: {
      render: text(m.unit),
      editor: {
        kind: 'text',
        initial: text(m.unit),
        commit: (row, value) => save(row, 'unit', value.trim() || null),
      },
    },
    calendar: {
      render: (row) => calendarName.get(textOf(m, m.calendar[row]!)) ?? '',
      editor: selectEditor(calendarOptions, text(m.calendar), 'calendarId', true),
    },
    executor: {
      render: (row) => memberName.get(textOf(m, m.executor[row]!)) ?? '',
      editor: selectEditor(memberOptions, text(m.executor), 'executorId', true),
    },
    curator: {
      render: (row) => memberName.get(textOf(m, m.curator[row]!)) ?? '',
      editor: selectEditor(memberOptions, text(m.curator), 'curatorId', true),
    },
  };
}

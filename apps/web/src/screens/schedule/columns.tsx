import { SUMMARY_ROLLED_UP_FIELDS, WORK_TYPES } from '@takt/contracts';
import type { ScheduleModel } from '../../lib/columnar';
import { attributeColumnKey, type ColumnSetting } from '../../lib/grid-columns';
import { attributeColumn } from './column-groups/attribute-column';
import { checkColumn } from './column-groups/check-column';
import type { ColumnBody, ColumnContext } from './column-groups/context';
import { dateColumns } from './column-groups/date-columns';
import { quantityColumns } from './column-groups/quantity-columns';
import { ResizeHandle } from './column-groups/ResizeHandle';
import { columnTools } from './column-groups/tools';
import { varianceColumns } from './column-groups/variance-columns';
import { workColumns } from './column-groups/work-columns';
import type { GridColumn } from './WbsGrid';

export { check, parseAttributeText } from './column-groups/cells';
export type { ColumnContext, WorkPatch } from './column-groups/context';

/** The type index of a summary row (`WORK_TYPES[0]`). */
const SUM_TYPE = WORK_TYPES.indexOf('sum');

/**
 * Whether model row `row` is a summary whose duration, progress, status and volumes are its works' roll-up
 * (a summary with rows under it): those cells are not edited, and bulk edits of them pass it by.
 */
export const isRolledUpSummary = (m: ScheduleModel, row: number) =>
  m.type[row] === SUM_TYPE && m.childCount[row]! > 0;

/** Whether setting `field` on a summary is refused (it is one of its roll-ups). */
export const isRolledUpField = (field: string) =>
  (SUMMARY_ROLLED_UP_FIELDS as readonly string[]).includes(field);

/** Grid columns named otherwise than the work field they show. */
const COLUMN_OF_FIELD: Partial<Record<string, string>> = {
  durationMinutes: 'duration',
  planVolume: 'volume',
};

/** The grid's columns of the work fields a summary rolls up (`SUMMARY_ROLLED_UP_FIELDS`). */
const ROLLED_UP_COLUMNS: ReadonlySet<string> = new Set(
  SUMMARY_ROLLED_UP_FIELDS.map((field) => COLUMN_OF_FIELD[field] ?? field),
);

/**
 * The grid's columns in the user's order and widths, each with its renderer and editor: the checkbox
 * column first when the caller checks works, then the built-in columns (by group in `column-groups/`)
 * and the attributes' columns the settings show. With `ctx.resize` every header but the checkbox's has
 * an edge to drag its width by.
 */
export function buildColumns(settings: readonly ColumnSetting[], ctx: ColumnContext): GridColumn[] {
  const { t } = ctx;
  const tools = columnTools(ctx);
  const builtins: Record<string, ColumnBody> = {
    ...workColumns(tools),
    ...dateColumns(tools),
    ...quantityColumns(tools),
    ...varianceColumns(tools),
  };
  const attributesById = new Map(ctx.attributes.map((a) => [attributeColumnKey(a.id), a]));
  const out: GridColumn[] = [];
  if (ctx.checks) out.push(checkColumn(ctx, ctx.checks));
  const resize = ctx.resize;
  const resizable = (column: GridColumn): GridColumn =>
    resize
      ? {
          ...column,
          header: () => (
            <>
              <span className="wbs-head-text">{column.title}</span>
              <ResizeHandle
                width={column.width}
                label={t('views.resize', { name: column.title })}
                onResize={(width, done) => resize(column.key, width, done)}
              />
            </>
          ),
        }
      : column;
  // A summary's rolled-up cells are computed from its works: shown muted, with the reason, never edited.
  const rolledUpHint = t('grid.rolled_up_hint');
  const lockedFor = (row: number) => (isRolledUpSummary(ctx.model, row) ? rolledUpHint : null);
  for (const s of settings) {
    if (!s.visible) continue;
    const builtin = builtins[s.key];
    if (builtin) {
      const locked = ROLLED_UP_COLUMNS.has(s.key) ? { lockedFor } : {};
      out.push(
        resizable({
          key: s.key,
          width: s.width,
          title: t(`grid.col.${s.key}` as never),
          ...builtin,
          ...locked,
        }),
      );
      continue;
    }
    const attribute = attributesById.get(s.key);
    if (attribute) out.push(resizable(attributeColumn(tools, s, attribute)));
  }
  return out;
}

import { DEFAULT_GRID_COLUMNS, UI_STATE_LIMITS } from '@takt/contracts';
import { RESULT_WORK_ARRAYS } from '@takt/engine';

/**
 * Built-in columns of the WBS grid: the entities' built-in column types, the engine's per-work results
 * (early and late dates, floats, critical) and the resource totals.
 */
export const BUILTIN_COLUMNS = [
  'code',
  'name',
  'type',
  'start',
  'finish',
  'duration',
  'progress',
  'volume',
  'approvedStart',
  'approvedFinish',
  'approvedVolume',
  'approvedDuration',
  'startVariance',
  'finishVariance',
  'durationVariance',
  'factStart',
  'factFinish',
  'factVolume',
  'unit',
  'startLimit',
  'finishLimit',
  'calendar',
  'executor',
  'curator',
  'status',
  ...RESULT_WORK_ARRAYS,
  'resources',
  'labour',
  'cost',
] as const;
export type BuiltinColumn = (typeof BUILTIN_COLUMNS)[number];

/** A column of the grid as the user arranged it; attribute columns are keyed `attr:<attribute id>`. */
export interface ColumnSetting {
  key: string;
  visible: boolean;
  width: number;
}

const WIDTHS: Record<BuiltinColumn, number> = {
  code: 70,
  name: 240,
  type: 100,
  start: 96,
  finish: 96,
  duration: 84,
  progress: 76,
  volume: 90,
  approvedStart: 110,
  approvedFinish: 116,
  approvedVolume: 124,
  approvedDuration: 120,
  startVariance: 120,
  finishVariance: 130,
  durationVariance: 140,
  factStart: 96,
  factFinish: 96,
  factVolume: 112,
  unit: 64,
  startLimit: 150,
  finishLimit: 150,
  calendar: 130,
  executor: 150,
  curator: 150,
  status: 110,
  earlyStart: 104,
  earlyFinish: 112,
  lateStart: 104,
  lateFinish: 112,
  totalFloat: 104,
  freeFloat: 104,
  critical: 80,
  resources: 160,
  labour: 96,
  cost: 110,
};
const SHOWN: ReadonlySet<string> = new Set(DEFAULT_GRID_COLUMNS);
export const MIN_COLUMN_WIDTH = UI_STATE_LIMITS.minColumnWidth;
export const MAX_COLUMN_WIDTH = UI_STATE_LIMITS.maxColumnWidth;

export const attributeColumnKey = (attributeId: string) => `attr:${attributeId}`;

export function defaultColumns(): ColumnSetting[] {
  return BUILTIN_COLUMNS.map((key) => ({ key, visible: SHOWN.has(key), width: WIDTHS[key] }));
}

/**
 * The stored arrangement merged with the columns that exist now: unknown keys are dropped, new
 * built-ins and attributes are appended (attributes hidden until the user shows them).
 */
export function mergeColumns(stored: readonly ColumnSetting[] | null, attributeIds: readonly string[]) {
  const known = new Set<string>([...BUILTIN_COLUMNS, ...attributeIds.map(attributeColumnKey)]);
  const out = (stored ?? defaultColumns()).filter((c) => known.has(c.key));
  const have = new Set(out.map((c) => c.key));
  for (const c of defaultColumns()) if (!have.has(c.key)) out.push(c);
  for (const id of attributeIds) {
    const key = attributeColumnKey(id);
    if (!have.has(key)) out.push({ key, visible: false, width: 120 });
  }
  // The name column cannot be hidden: it carries the hierarchy.
  return out.map((c) => (c.key === 'name' ? { ...c, visible: true } : c));
}

// Before the views were kept on the server (ui-state-config), the columns lived in this browser's
// storage; the schedule screen moves them to the server once (`useScheduleView`) and removes them here.
const legacyKey = (userId: string) => `takt.grid-columns.${userId}`;

/** The columns this browser kept for the user before the server kept them, if any. */
export function readLegacyColumns(userId: string): ColumnSetting[] | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(legacyKey(userId)) ?? 'null');
    if (!Array.isArray(value)) return null;
    return value
      .filter(
        (c): c is ColumnSetting =>
          typeof c?.key === 'string' &&
          c.key.length <= UI_STATE_LIMITS.columnKeyMaxLength &&
          typeof c.visible === 'boolean' &&
          typeof c.width === 'number',
      )
      .slice(0, UI_STATE_LIMITS.maxColumns)
      .map((c) => ({
        key: c.key,
        visible: c.visible,
        width: Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, c.width))),
      }));
  } catch {
    return null;
  }
}

export function forgetLegacyColumns(userId: string) {
  try {
    localStorage.removeItem(legacyKey(userId));
  } catch {
    // Storage blocked: there is nothing this browser could keep anyway.
  }
}

import type { CyclogramLocationSource, CyclogramTradeSource } from '@takt/contracts';
import { WORK_TYPES } from '@takt/contracts';
import { NO_TIME } from '@takt/engine';
import type { ScheduleColumns } from '@takt/schedule';

/**
 * The line-of-balance of a version: which works belong to which location and trade, and each trade's
 * dates per location for the three plan kinds. Pure, so it is tested without a database.
 */
export interface CyclogramDatesDto {
  start: number[];
  finish: number[];
}

export interface CyclogramTradeDto {
  /** What the trade is called in its source (work name, WBS group name, attribute value); colours key on it. */
  key: string;
  plan: CyclogramDatesDto;
  approved_plan: CyclogramDatesDto | null;
  fact: CyclogramDatesDto | null;
}

export interface CyclogramBuildInput {
  columns: ScheduleColumns;
  approvedStart: Int32Array;
  approvedFinish: Int32Array;
  locations: CyclogramLocationSource;
  trades: CyclogramTradeSource;
  /** Attribute values by work id, for attribute sources (already resolved to display text). */
  locationValues?: ReadonlyMap<string, string>;
  tradeValues?: ReadonlyMap<string, string>;
  /** Where an unfinished actual line ends: the data date, else now (engine minutes). */
  openFactUntil: number;
}

export interface CyclogramBuild {
  locations: string[];
  trades: CyclogramTradeDto[];
  /** Deepest WBS level of the version (1 = top), for choosing a level. */
  levels: number;
}

const SUM = WORK_TYPES.indexOf('sum');
const TIMED = new Set(['task', 'work'].map((t) => WORK_TYPES.indexOf(t as (typeof WORK_TYPES)[number])));
const collator = new Intl.Collator('ru', { numeric: true, sensitivity: 'base' });

/**
 * Default sources by the depth of the WBS: from four levels (section → storey → trade group → work) the
 * storeys are the locations and the groups the trades; with fewer, the works' parents are the locations
 * and the work names the trades.
 */
export function cyclogramDefaults(levels: number): {
  locations: CyclogramLocationSource;
  trades: CyclogramTradeSource;
} {
  if (levels >= 4) {
    return { locations: { kind: 'wbs', level: levels - 2 }, trades: { kind: 'wbs', level: levels - 1 } };
  }
  return { locations: { kind: 'wbs', level: Math.max(1, levels - 1) }, trades: { kind: 'name' } };
}

export function cyclogramBuild(input: CyclogramBuildInput): CyclogramBuild {
  const { columns } = input;
  const w = columns.works;
  const n = columns.count;
  const text = (index: number) => (index >= 0 ? columns.strings[index]!.trim() : '');
  const depth = new Int32Array(n);
  const hasChildren = new Uint8Array(n);
  let levels = 0;
  for (let row = 0; row < n; row++) {
    const parent = w.parent[row]!;
    depth[row] = parent >= 0 ? depth[parent]! + 1 : 0;
    if (parent >= 0) hasChildren[parent] = 1;
    levels = Math.max(levels, depth[row]! + 1);
  }
  /** The row's ancestor (or itself) at a 1-based level, -1 when the row is above that level. */
  const ancestorAt = (row: number, level: number) => {
    let at = row;
    while (at >= 0 && depth[at]! > level - 1) at = w.parent[at]!;
    return at >= 0 && depth[at]! === level - 1 ? at : -1;
  };

  // Locations: WBS rows at the level in WBS order, or attribute values in natural order.
  const locationOf = new Int32Array(n).fill(-1);
  const locationLabels: string[] = [];
  const locationSource = input.locations;
  if (locationSource.kind === 'wbs') {
    const indexOfRow = new Map<number, number>();
    const pathLabel = (row: number) => {
      const names: string[] = [];
      for (let at = row; at >= 0; at = w.parent[at]!) names.unshift(text(w.name[at]!));
      return names.join(' / ');
    };
    for (let row = 0; row < n; row++) {
      if (hasChildren[row] || !TIMED.has(w.type[row]!)) continue;
      if (depth[row]! < locationSource.level) continue; // a work must sit below its location
      const location = ancestorAt(row, locationSource.level);
      if (location < 0) continue;
      let index = indexOfRow.get(location);
      if (index === undefined) {
        index = locationLabels.length;
        indexOfRow.set(location, index);
        locationLabels.push(pathLabel(location));
      }
      locationOf[row] = index;
    }
  } else {
    const values = new Set<string>();
    for (let row = 0; row < n; row++) {
      const value = input.locationValues?.get(columns.ids[row]!);
      if (value && !hasChildren[row] && TIMED.has(w.type[row]!)) values.add(value);
    }
    locationLabels.push(...[...values].sort(collator.compare));
    const indexOf = new Map(locationLabels.map((label, i) => [label, i]));
    for (let row = 0; row < n; row++) {
      const value = input.locationValues?.get(columns.ids[row]!);
      if (value && !hasChildren[row] && TIMED.has(w.type[row]!)) locationOf[row] = indexOf.get(value)!;
    }
  }

  const tradeSource = input.trades;
  const tradeOf = (row: number): string => {
    if (tradeSource.kind === 'name') return text(w.name[row]!);
    if (tradeSource.kind === 'attribute') return input.tradeValues?.get(columns.ids[row]!) ?? '';
    const group = ancestorAt(row, tradeSource.level);
    return group >= 0 && w.type[group] === SUM ? text(w.name[group]!) : text(w.name[row]!);
  };

  const count = locationLabels.length;
  type Cell = { planStart: Int32Array; planFinish: Int32Array; apStart: Int32Array; apFinish: Int32Array };
  type Trade = Cell & { key: string; factStart: Int32Array; factFinish: Int32Array; factOpen: Uint8Array };
  const trades = new Map<string, Trade>();
  const fresh = (key: string): Trade => ({
    key,
    planStart: new Int32Array(count).fill(NO_TIME),
    planFinish: new Int32Array(count).fill(NO_TIME),
    apStart: new Int32Array(count).fill(NO_TIME),
    apFinish: new Int32Array(count).fill(NO_TIME),
    factStart: new Int32Array(count).fill(NO_TIME),
    factFinish: new Int32Array(count).fill(NO_TIME),
    factOpen: new Uint8Array(count),
  });
  const earliest = (column: Int32Array, at: number, value: number) => {
    if (value !== NO_TIME && (column[at] === NO_TIME || value < column[at]!)) column[at] = value;
  };
  const latest = (column: Int32Array, at: number, value: number) => {
    if (value !== NO_TIME && value > column[at]!) column[at] = value;
  };
  for (let row = 0; row < n; row++) {
    const location = locationOf[row]!;
    if (location < 0) continue;
    const key = tradeOf(row);
    if (!key) continue;
    let trade = trades.get(key);
    if (!trade) {
      trade = fresh(key);
      trades.set(key, trade);
    }
    earliest(trade.planStart, location, w.planStart[row]!);
    latest(trade.planFinish, location, w.planFinish[row]!);
    earliest(trade.apStart, location, input.approvedStart[row]!);
    latest(trade.apFinish, location, input.approvedFinish[row]!);
    const factStart = w.factStart[row]!;
    if (factStart !== NO_TIME) {
      earliest(trade.factStart, location, factStart);
      if (w.factFinish[row]! !== NO_TIME) latest(trade.factFinish, location, w.factFinish[row]!);
      else trade.factOpen[location] = 1;
    }
  }

  const span = (start: Int32Array, finish: Int32Array): CyclogramDatesDto | null => {
    const out = { start: Array.from(start), finish: Array.from(finish) };
    let any = false;
    for (let i = 0; i < count; i++) {
      if (out.start[i]! === NO_TIME || out.finish[i]! < out.start[i]!) {
        out.start[i] = NO_TIME;
        out.finish[i] = NO_TIME;
      } else any = true;
    }
    return any ? out : null;
  };
  const result: (CyclogramTradeDto & { first: number })[] = [];
  for (const trade of trades.values()) {
    for (let i = 0; i < count; i++) {
      if (trade.factOpen[i]) trade.factFinish[i] = Math.max(trade.factFinish[i]!, input.openFactUntil);
    }
    const plan = span(trade.planStart, trade.planFinish);
    if (!plan) continue;
    let first = Number.POSITIVE_INFINITY;
    for (const start of plan.start) if (start !== NO_TIME && start < first) first = start;
    result.push({
      key: trade.key,
      plan,
      approved_plan: span(trade.apStart, trade.apFinish),
      fact: span(trade.factStart, trade.factFinish),
      first,
    });
  }
  result.sort((a, b) => a.first - b.first || collator.compare(a.key, b.key));
  return { locations: locationLabels, trades: result.map(({ first: _, ...trade }) => trade), levels };
}

import type { ScheduleModel } from '../../../lib/columnar';
import { hasDate, NO_DATE } from '../../../lib/schedule-time';

/** A group's header: its key and label, how many works it holds and the span of their plan dates. */
interface GroupHeader {
  key: string;
  label: string;
  count: number;
  /** Earliest plan start and latest plan finish of its works (`NO_DATE` when none has one). */
  start: number;
  finish: number;
  folded: boolean;
}

/** A line of the grouped grid: a group's header, or a work (its row in the document) under one. */
export type GroupedLine =
  | { kind: 'group'; group: GroupHeader }
  | { kind: 'work'; row: number; group: string };

export interface GroupingKeys {
  /** The group of a row ('' for works without a value: they gather in a last group). */
  keyOf: (row: number) => string;
  labelOf: (key: string) => string;
  /** Where a group comes in the list: by this number first (enumerations keep their own order), then by label. */
  rankOf?: (key: string) => number;
}

/**
 * The works (not the summaries) that pass `matches`, gathered by a key in groups as P6 groups by an
 * activity code: each group's header carries its count and rolled-up dates, folded groups list no works.
 * Works stay in WBS order inside their group.
 */
export function groupRows(
  model: ScheduleModel,
  keys: GroupingKeys,
  folded: ReadonlySet<string>,
  matches?: (row: number) => boolean,
): GroupedLine[] {
  const members = new Map<string, number[]>();
  for (let row = 0; row < model.count; row++) {
    if (model.childCount[row]! > 0) continue;
    if (matches && !matches(row)) continue;
    const key = keys.keyOf(row);
    let list = members.get(key);
    if (!list) {
      list = [];
      members.set(key, list);
    }
    list.push(row);
  }
  const label = new Map([...members.keys()].map((key) => [key, keys.labelOf(key)]));
  const order = [...members.keys()].sort((a, b) => {
    if ((a === '') !== (b === '')) return a === '' ? 1 : -1;
    const rank = (keys.rankOf?.(a) ?? 0) - (keys.rankOf?.(b) ?? 0);
    return rank || label.get(a)!.localeCompare(label.get(b)!);
  });
  const lines: GroupedLine[] = [];
  for (const key of order) {
    const rows = members.get(key)!;
    let start = NO_DATE;
    let finish = NO_DATE;
    for (const row of rows) {
      const s = model.planStart[row]!;
      const f = model.planFinish[row]!;
      if (hasDate(s) && (!hasDate(start) || s < start)) start = s;
      if (hasDate(f) && (!hasDate(finish) || f > finish)) finish = f;
    }
    const isFolded = folded.has(key);
    lines.push({
      kind: 'group',
      group: { key, label: label.get(key)!, count: rows.length, start, finish, folded: isFolded },
    });
    if (!isFolded) for (const row of rows) lines.push({ kind: 'work', row, group: key });
  }
  return lines;
}

/**
 * The summaries to fold so that the WBS shows down to `level` (1: the top rows only), added to the ones
 * the user folded.
 */
export function collapsedToLevel(
  model: ScheduleModel,
  level: number,
  collapsed: ReadonlySet<string>,
): Set<string> {
  const out = new Set(collapsed);
  for (let row = 0; row < model.count; row++)
    if (model.childCount[row]! > 0 && model.depth[row]! >= level - 1) out.add(model.ids[row]!);
  return out;
}

import { type EditCommandInput, type LINK_TYPES, WORK_TYPES } from '@takt/contracts';
import { type ScheduleModel, textOf } from '../../../lib/columnar';
import { daysToMinutes, minutesToDays, parseNumberText } from '../../../lib/schedule-time';

/** Where a new work goes relative to the active row. */
export type InsertPlace = 'below' | 'above';

/** The rows of the selected works, in WBS order (works not loaded are left out). */
export function selectedRowsOf(model: ScheduleModel, selected: ReadonlySet<string>): number[] {
  return [...selected]
    .map((id) => model.rowOf.get(id))
    .filter((r): r is number => r !== undefined)
    .sort((a, b) => a - b);
}

/**
 * The row an edit acts on: the cursor's row when it is selected (or nothing is); else the last selected
 * row, so that a row picked on the timeline or with Ctrl-click is the one a new work goes under.
 */
export function activeRowOf(
  model: ScheduleModel | undefined,
  rows: Int32Array,
  cursorIndex: number,
  selected: ReadonlySet<string>,
): number | undefined {
  const cursorRow = model && rows.length ? rows[Math.min(cursorIndex, rows.length - 1)] : undefined;
  if (!model || cursorRow === undefined || selected.size === 0) return cursorRow;
  if (selected.has(model.ids[cursorRow]!)) return cursorRow;
  const picked = selectedRowsOf(model, selected);
  return picked.length ? picked.at(-1) : cursorRow;
}

/** Where a work placed `place` of `row` goes: its parent and the sibling it follows or precedes. */
export function placeOf(
  model: ScheduleModel | undefined,
  collapsed: ReadonlySet<string>,
  row: number | undefined,
  place: InsertPlace,
): { parentId: string | null; afterId: string | null; beforeId: string | null } {
  if (!model || row === undefined) return { parentId: null, afterId: null, beforeId: null };
  const parent = model.parent[row]!;
  const parentId = parent >= 0 ? model.ids[parent]! : null;
  if (place === 'above') return { parentId, afterId: null, beforeId: model.ids[row]! };
  // Below an expanded summary is its first child (the next row in WBS order); below any other row, its
  // next sibling — either way the new row shows right under the selected one.
  if (model.childCount[row]! > 0 && !collapsed.has(model.ids[row]!))
    return { parentId: model.ids[row]!, afterId: null, beforeId: model.ids[row + 1]! };
  return { parentId, afterId: model.ids[row]!, beforeId: null };
}

/** The rows of the same parent as `row`, in WBS order (`row` among them). */
export function siblingsOf(model: ScheduleModel, row: number): number[] {
  const parent = model.parent[row]!;
  const out: number[] = [];
  for (let i = parent + 1; i < model.count; i++) {
    if (parent >= 0 && model.depth[i]! <= model.depth[parent]!) break;
    if (model.parent[i] === parent) out.push(i);
  }
  return out;
}

/** Rows as the clipboard takes them: tab-separated code, name, type, duration in days (Excel reads it). */
export function rowsAsText(model: ScheduleModel, rows: readonly number[], calendarHours: number): string {
  return rows
    .map((r) =>
      [
        textOf(model, model.code[r]!),
        textOf(model, model.name[r]!),
        WORK_TYPES[model.type[r]!] ?? 'task',
        String(minutesToDays(model.durationMinutes[r]!, calendarHours)),
      ].join('\t'),
    )
    .join('\n');
}

/**
 * The fields of a new work of one pasted line: tab-separated code, name, type and duration in days, or
 * only a name. A code in `codes` (the version has it) is not repeated: the server numbers the copy instead.
 */
export function pastedWork(
  line: string,
  codes: ReadonlySet<string>,
  calendarHours: number,
  defaultName: string,
): { code: string | null; name: string; type: 'task' | undefined; durationMinutes: number | undefined } {
  const cells = line.split('\t');
  const [code, name, type, duration] = cells.length === 1 ? ['', cells[0]] : cells;
  const days = parseNumberText(duration ?? '');
  const given = code?.trim() ?? '';
  return {
    code: given && !codes.has(given) ? given : null,
    name: (name ?? '').trim().slice(0, 255) || defaultName,
    type:
      (WORK_TYPES as readonly string[]).includes(type ?? '') && type !== 'sum' ? (type as 'task') : undefined,
    durationMinutes: days !== null && !Number.isNaN(days) ? daysToMinutes(days, calendarHours) : undefined,
  };
}

/** The edit commands that remove every link between the `picked` rows and others of the version. */
export function unlinkCommands(model: ScheduleModel, picked: ReadonlySet<number>): EditCommandInput[] {
  const r = model.relations;
  const commands: EditCommandInput[] = [];
  for (let k = 0; k < r.count; k++) {
    const from = r.predecessor[k]!;
    const to = r.successor[k]!;
    if (from < 0 || !(picked.has(from) || picked.has(to))) continue;
    const type = (model.enums.linkType[r.type[k]!] ?? 'fs') as (typeof LINK_TYPES)[number];
    commands.push({
      kind: 'unlink' as const,
      predecessorId: model.ids[from]!,
      successorId: model.ids[to]!,
      type,
    });
  }
  return commands;
}

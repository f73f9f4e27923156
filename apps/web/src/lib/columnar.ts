import type { ScheduleDocument } from '@takt/schedule';

/**
 * A version as the schedule screens hold it: the document of `@takt/schedule`, decoded once from the
 * binary payload (`decodeBinaryPayload`) — every work field a typed array indexed by WBS row. Rows are
 * mutated in place by `patchWork`; callers bump their own revision counter to re-render.
 */
export type ScheduleModel = ScheduleDocument;
export { decodeBinaryPayload, patchWork, textOf, type WorkRecordPatch as WorkRecord } from '@takt/schedule';

/**
 * The rows shown, in WBS order: children of collapsed rows are hidden; with a `matches` test only
 * matching rows and their ancestors remain (a filter shows where a match sits in the hierarchy).
 */
export function visibleRows(
  model: ScheduleModel,
  collapsed: ReadonlySet<string>,
  matches?: (row: number) => boolean,
): Int32Array {
  const n = model.count;
  let keep: Uint8Array | null = null;
  if (matches) {
    keep = new Uint8Array(n);
    for (let i = n - 1; i >= 0; i--) {
      if (keep[i] || matches(i)) {
        keep[i] = 1;
        const p = model.parent[i]!;
        if (p >= 0) keep[p] = 1;
      }
    }
  }
  const out = new Int32Array(n);
  let count = 0;
  let hiddenBelowDepth = -1;
  for (let i = 0; i < n; i++) {
    const depth = model.depth[i]!;
    if (hiddenBelowDepth >= 0) {
      if (depth > hiddenBelowDepth) continue;
      hiddenBelowDepth = -1;
    }
    if (keep && !keep[i]) continue;
    out[count++] = i;
    if (model.childCount[i]! > 0 && collapsed.has(model.ids[i]!)) hiddenBelowDepth = depth;
  }
  return out.subarray(0, count);
}

/** Predecessor and successor relation indices of a row. */
export function relationsOfRow(model: ScheduleModel, row: number) {
  const r = model.relations;
  const predecessors: number[] = [];
  const successors: number[] = [];
  for (let k = 0; k < r.count; k++) {
    if (r.successor[k] === row) predecessors.push(k);
    if (r.predecessor[k] === row) successors.push(k);
  }
  return { predecessors, successors };
}

import type { ProjectModel } from '../project-model.js';
import { EDGE_PRED_START, EDGE_SUCC_START, KIND_LEAF } from '../project-model.js';

/** How far the search for another path looks: links deep, and works visited per relation. */
const MAX_DEPTH = 6;
const MAX_VISITS = 64;

const isFinishToStart = (flags: number) => (flags & EDGE_SUCC_START) !== 0 && (flags & EDGE_PRED_START) === 0;

/**
 * Redundant links: an edge A→C of type FS with no lag (or a lead) is implied when another chain of FS
 * links without leads leads from A to C through at least one other work — C cannot start before A
 * finishes anyway, so the link adds nothing but clutter. The search from A is bounded (`MAX_DEPTH` links,
 * `MAX_VISITS` works per edge) so its cost stays linear in the relations; a longer detour is not found.
 * Only edges into a work with two or more predecessors, out of a work with two or more successors, can
 * have another path. Returns 1 per redundant edge.
 */
export function redundantEdges(model: ProjectModel): Uint8Array {
  const { outStart, outEdges, inStart, edgeFrom, edgeTo } = model.network;
  const out = new Uint8Array(model.edgeCount);
  const mark = new Int32Array(model.workCount);
  const queue = new Int32Array(MAX_VISITS + 1);
  const depth = new Int32Array(MAX_VISITS + 1);
  let epoch = 0;
  for (let e = 0; e < model.edgeCount; e++) {
    const from = edgeFrom[e]!;
    const to = edgeTo[e]!;
    if (!isFinishToStart(model.edgeFlags[e]!) || model.edgeLag[e]! > 0) continue;
    if (model.kind[from] !== KIND_LEAF || model.kind[to] !== KIND_LEAF) continue;
    if (inStart[to + 1]! - inStart[to]! < 2 || outStart[from + 1]! - outStart[from]! < 2) continue;
    epoch++;
    let head = 0;
    let tail = 0;
    queue[tail] = from;
    depth[tail++] = 0;
    mark[from] = epoch;
    let found = false;
    while (head < tail && !found) {
      const v = queue[head]!;
      const d = depth[head++]!;
      if (d >= MAX_DEPTH) continue;
      for (let k = outStart[v]!; k < outStart[v + 1]!; k++) {
        const f = outEdges[k]!;
        const w = edgeTo[f]!;
        if (f === e || !isFinishToStart(model.edgeFlags[f]!) || model.edgeLag[f]! < 0) continue;
        if (w === to) {
          if (d > 0) {
            found = true;
            break;
          }
          continue;
        }
        if (mark[w] === epoch || tail >= MAX_VISITS) continue;
        mark[w] = epoch;
        queue[tail] = w;
        depth[tail++] = d + 1;
      }
    }
    if (found) out[e] = 1;
  }
  return out;
}

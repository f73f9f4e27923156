import type { IxActivity, IxProject } from './model.js';

/** Outline levels for MSPDI: WBS nodes become summary tasks, activities sit under their WBS/parent. */
export function outline(p: IxProject): { kind: 'wbs' | 'act'; id: string; level: number }[] {
  const out: { kind: 'wbs' | 'act'; id: string; level: number }[] = [];
  const wbsKids = new Map<string | null, string[]>();
  for (const w of p.wbs) {
    const list = wbsKids.get(w.parentId);
    if (list) list.push(w.id);
    else wbsKids.set(w.parentId, [w.id]);
  }
  const actKids = new Map<string | null, IxActivity[]>();
  for (const a of p.activities) {
    const key = a.parentId ?? a.wbsId;
    const list = actKids.get(key);
    if (list) list.push(a);
    else actKids.set(key, [a]);
  }
  const visitAct = (a: IxActivity, level: number) => {
    out.push({ kind: 'act', id: a.id, level });
    for (const c of actKids.get(a.id) ?? []) visitAct(c, level + 1);
  };
  const visitWbs = (id: string | null, level: number) => {
    for (const w of wbsKids.get(id) ?? []) {
      out.push({ kind: 'wbs', id: w, level });
      visitWbs(w, level + 1);
    }
    for (const a of actKids.get(id) ?? []) visitAct(a, level);
  };
  visitWbs(null, 1);
  return out;
}

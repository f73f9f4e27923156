import type { ViewportModel } from './BimViewport';

export type Tab = 'models' | 'tree' | 'works' | 'views' | 'objects';
export type Selection = Map<string, Set<string>>;
export interface LoadedModel extends ViewportModel {
  name: string;
  classes: string[];
  names: (string | null)[];
}
export type WorkRow = { id: string; parentId: string | null; code: string | null; name: string };

export const selectedIds = (s: Selection) => [...s.values()].flatMap((ids) => [...ids]);
export const selectionSize = (s: Selection) => [...s.values()].reduce((n, ids) => n + ids.size, 0);

/** Elements of the project's parsed models, those linked to works of the version, and the works they link to. */
export function modelCounts(
  models: { status: string; elementCount: number }[],
  links: { element: number[]; work: number[] }[],
): { elements: number; linked: number; works: number } {
  const works = new Set<number>();
  let linked = 0;
  for (const model of links) {
    linked += new Set(model.element).size;
    for (const w of model.work) works.add(w);
  }
  const elements = models.filter((m) => m.status === 'completed').reduce((sum, m) => sum + m.elementCount, 0);
  return { elements, linked, works: works.size };
}

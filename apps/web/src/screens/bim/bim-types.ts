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

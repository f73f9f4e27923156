import { bimBoxesOverlap } from '@takt/bim';
import type { ViewportModel } from './BimViewport';

export type Tab = 'models' | 'tree' | 'works' | 'views' | 'objects';
export type Selection = Map<string, Set<string>>;
export interface LoadedModel extends ViewportModel {
  name: string;
  /** Whether its file says where it stands (a map reference or site latitude) or the user moved it. */
  located: boolean;
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

/** A model's box as placed: its cache's box (about its origin) through the Y-up placement matrix. */
export function placedBox(
  geometry: { origin: readonly number[]; bbox: readonly number[] },
  placement: readonly number[] | null,
): number[] {
  const m = placement ?? [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  const [ox, oy, oz] = geometry.origin as [number, number, number];
  const b = geometry.bbox;
  const out = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ];
  for (const x of [b[0]!, b[3]!])
    for (const y of [b[1]!, b[4]!])
      for (const z of [b[2]!, b[5]!]) {
        const p = [x + ox, y + oy, z + oz] as const;
        for (let a = 0; a < 3; a++) {
          const v = m[a]! * p[0] + m[4 + a]! * p[1] + m[8 + a]! * p[2] + m[12 + a]!;
          out[a] = Math.min(out[a]!, v);
          out[3 + a] = Math.max(out[3 + a]!, v);
        }
      }
  return out;
}

/**
 * Shown models drawn over another although they do not say where they stand (no map reference, no site
 * latitude, not moved): for each, the name of the first model it overlaps.
 */
export function unplacedOverlaps(
  models: {
    id: string;
    name: string;
    visible: boolean;
    located: boolean;
    geometry: { origin: readonly number[]; bbox: readonly number[] };
    placement: readonly number[] | null;
  }[],
): Map<string, string> {
  const shown = models.filter((m) => m.visible && m.geometry.bbox[0]! <= m.geometry.bbox[3]!);
  const boxes = shown.map((m) => placedBox(m.geometry, m.placement));
  const out = new Map<string, string>();
  for (let i = 0; i < shown.length; i++)
    for (let j = i + 1; j < shown.length; j++) {
      const a = shown[i]!;
      const b = shown[j]!;
      if ((a.located && b.located) || !bimBoxesOverlap(boxes[i]!, boxes[j]!)) continue;
      // The one that does not say where it stands is the one to move.
      if (!a.located && !out.has(a.id)) out.set(a.id, b.name);
      if (!b.located && !out.has(b.id)) out.set(b.id, a.name);
    }
  return out;
}

import type { SpaceContext } from '../context';

/**
 * A version's data changed in this process (a calculation wrote its results, an edit was saved): what
 * other domains keep figured from it can be figured again now, off the request, rather than on the next
 * read. In-process only; every process still checks its kept answers against their data's stamp, so a
 * change made elsewhere is never missed, only figured later.
 */
export interface VersionChange {
  versionId: string;
  /** Whose change it was: what is figured again is figured as that member sees it. */
  by: SpaceContext;
  /** The version's works, when a calculation tells (it read them all). */
  works?: number;
}

export type VersionChangeListener = (change: VersionChange) => void;

const listeners = new Set<VersionChangeListener>();

export function onVersionChanged(listener: VersionChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the listeners, after the change committed. A listener's failure is its own. */
export function versionChanged(change: VersionChange): void {
  for (const listener of listeners) listener(change);
}

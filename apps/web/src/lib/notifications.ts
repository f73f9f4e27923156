import { LIMITS } from '@takt/contracts';
import { createStore, useStore } from '../state/store';

export interface Notice {
  id: number;
  kind: 'error' | 'success' | 'info';
  /** One line per item; each is rendered on its own line. */
  lines: string[];
}

const notices = createStore<{ items: Notice[] }>({ items: [] });
let nextId = 1;

export function dismiss(id: number): void {
  notices.set((state) => ({ items: state.items.filter((n) => n.id !== id) }));
}

/** Shows a notice at the bottom of the screen for `timeoutMs` (5000 ms by default). */
export function notify(
  kind: Notice['kind'],
  lines: string[],
  timeoutMs: number = LIMITS.defaultNotificationMs,
) {
  const id = nextId++;
  notices.set((state) => ({ items: [...state.items, { id, kind, lines }] }));
  window.setTimeout(() => dismiss(id), timeoutMs);
  return id;
}

export function useNotices(): Notice[] {
  return useStore(notices, (state) => state.items);
}

/** Removes every notice, e.g. the errors of a failed sign-in once the sign-in succeeds. */
export function dismissAll(): void {
  notices.set({ items: [] });
}

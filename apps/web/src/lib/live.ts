import type { LiveEventDto } from '@takt/contracts';
import { useEffect, useRef } from 'react';
import { useSpace } from '../layouts/space-context';
import { api } from './trpc';

/**
 * Which events a hook wants: a test of the event, or its topic (exact, or every topic starting with
 * `topicPrefix`, e.g. `chat:`) and its kind (exact, or starting with `kindPrefix`).
 */
export type LiveFilter =
  | ((event: LiveEventDto) => boolean)
  | { topic?: string; topicPrefix?: string; kind?: string; kindPrefix?: string };

type Listener = { filter: LiveFilter; onEvent: (event: LiveEventDto) => void };

/** The kind of the first event of every stream (where it starts); no hook is told about it. */
const READY_KIND = 'live.ready';
/** The wait before opening a stream again after it failed (a refused or lost session, a server restart). */
const RETRY_MS = 5_000;

export function matches(filter: LiveFilter, event: LiveEventDto): boolean {
  if (typeof filter === 'function') return filter(event);
  if (filter.topic !== undefined && event.topic !== filter.topic) return false;
  if (filter.topicPrefix !== undefined && !event.topic.startsWith(filter.topicPrefix)) return false;
  if (filter.kind !== undefined && event.kind !== filter.kind) return false;
  if (filter.kindPrefix !== undefined && !event.kind.startsWith(filter.kindPrefix)) return false;
  return true;
}

/**
 * One stream of the space's live events per tab, shared by every hook of the tab: opened with the first
 * listener, closed with the last. tRPC's subscription link reconnects by itself from the last event id it
 * was given (the server reads what was missed again); after a failure the stream is opened again here,
 * from the last event id seen, so that nothing is lost while a tab sleeps or the server restarts.
 */
class LiveConnection {
  readonly listeners = new Set<Listener>();
  private lastEventId: string | null = null;
  private unsubscribe: (() => void) | null = null;
  private retry: number | null = null;

  constructor(private readonly spaceId: string) {}

  open() {
    if (this.unsubscribe || this.retry !== null) return;
    const subscription = api.live.events.subscribe(
      { spaceId: this.spaceId, lastEventId: this.lastEventId },
      {
        onData: (tracked) => {
          const event = tracked.data as LiveEventDto;
          this.lastEventId = tracked.id;
          if (event.kind === READY_KIND) return;
          for (const listener of [...this.listeners])
            if (matches(listener.filter, event)) listener.onEvent(event);
        },
        onError: () => {
          this.unsubscribe = null;
          subscription.unsubscribe();
          if (this.listeners.size === 0) return;
          this.retry = window.setTimeout(() => {
            this.retry = null;
            if (this.listeners.size > 0) this.open();
          }, RETRY_MS);
        },
      },
    );
    this.unsubscribe = () => subscription.unsubscribe();
  }

  close() {
    if (this.retry !== null) window.clearTimeout(this.retry);
    this.retry = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}

const connections = new Map<string, LiveConnection>();

/** Listens to the live events of a space (outside React); the returned function stops listening. */
export function listenLive(spaceId: string, listener: Listener): () => void {
  let connection = connections.get(spaceId);
  if (!connection) {
    connection = new LiveConnection(spaceId);
    connections.set(spaceId, connection);
  }
  connection.listeners.add(listener);
  connection.open();
  const current = connection;
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size > 0) return;
    current.close();
    if (connections.get(spaceId) === current) connections.delete(spaceId);
  };
}

/**
 * Calls `onEvent` with every live event of the open space that passes `filter`: the user's own events
 * (notices), the chats they are in, the boards they may read — as they commit, in any server process.
 * The filter and callback may change between renders without reopening anything.
 */
export function useLiveEvents(filter: LiveFilter, onEvent: (event: LiveEventDto) => void): void {
  const { spaceId } = useSpace();
  const latest = useRef<Listener>({ filter, onEvent });
  latest.current = { filter, onEvent };
  useEffect(
    () =>
      listenLive(spaceId, {
        get filter() {
          return latest.current.filter;
        },
        onEvent: (event) => latest.current.onEvent(event),
      }),
    [spaceId],
  );
}

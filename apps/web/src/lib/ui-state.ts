import { UI_STATE_FORMAT, type UiState } from '@takt/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { forgetLegacyColumns, readLegacyColumns } from './grid-columns';
import { trpc } from './trpc';

/** What a screen may change of the state (the format number is the client's to set). */
type UiStatePatch = Partial<Omit<UiState, 'v'>>;

/** Whether the view's filter or grouping reads attribute values (which the payload does not carry). */
export const viewReadsAttributes = (state: UiState | null) =>
  state?.grouping?.by === 'attribute' || !!state?.filter?.conditions.some((c) => c.field.startsWith('attr:'));

/** Saves wait this long after the last change, so that a drag or typing is one request, not dozens. */
const SAVE_DELAY_MS = 400;

/**
 * The user's view of a schedule (or, without a schedule, their default) as the server keeps it
 * (ui-state-config): the state read once, changed at once on the screen and saved shortly after. The
 * columns a browser kept before the server did are moved to the user's default the first time a screen
 * finds no state at all on the server, and removed from the browser.
 */
export function useUiState(spaceId: string, scheduleId: string | undefined, userId: string | undefined) {
  const utils = trpc.useUtils();
  const input = useMemo(() => (scheduleId ? { spaceId, scheduleId } : { spaceId }), [spaceId, scheduleId]);
  const key = `${spaceId}/${scheduleId ?? ''}`;
  const query = trpc.uiState.get.useQuery(input, { staleTime: Number.POSITIVE_INFINITY });
  // Changes not yet answered by the server, for the schedule they were made on.
  const [draft, setDraft] = useState<{ key: string; state: UiState | null } | null>(null);
  const stored = query.data?.state ?? null;
  const state = draft?.key === key ? draft.state : stored;
  const latest = useRef(state);
  latest.current = state;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<(() => void) | null>(null);

  // Saves go one after another: two requests in flight could reach the server in either order, and
  // the older state would then win.
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const send = useCallback(
    (next: UiState | null) => {
      chain.current = chain.current
        .then(() => utils.client.uiState.save.mutate({ ...input, state: next }))
        .then((answer) => {
          utils.uiState.get.setData(input, answer);
          // The server's answer is the state now, unless the user changed it again meanwhile.
          setDraft((d) => (d && d.key === key && d.state === next ? null : d));
        })
        // A failed save is reported by the client's error handler; the next change saves again.
        .catch(() => undefined);
    },
    [input, key, utils],
  );

  const schedule = useCallback(
    (next: UiState | null, delay: number) => {
      if (timer.current) clearTimeout(timer.current);
      pending.current = () => send(next);
      timer.current = setTimeout(() => {
        timer.current = null;
        pending.current?.();
        pending.current = null;
      }, delay);
    },
    [send],
  );

  // A change still waiting when the screen goes (another schedule, another page) is saved at once.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      pending.current?.();
      pending.current = null;
    },
    [],
  );

  /** Changes the state on the screen; `persist: false` for the steps of a drag whose end is saved. */
  const update = useCallback(
    (patch: UiStatePatch, options: { persist?: boolean } = {}) => {
      const next: UiState = { ...(latest.current ?? { v: UI_STATE_FORMAT }), ...patch, v: UI_STATE_FORMAT };
      latest.current = next;
      setDraft({ key, state: next });
      if (options.persist !== false) schedule(next, SAVE_DELAY_MS);
    },
    [key, schedule],
  );

  const migrated = useRef(false);
  useEffect(() => {
    if (migrated.current || !userId || !query.isSuccess || query.data.state !== null) return;
    migrated.current = true;
    const columns = readLegacyColumns(userId);
    if (!columns) return;
    void utils.client.uiState.save.mutate({ spaceId, state: { v: UI_STATE_FORMAT, columns } }).then(() => {
      forgetLegacyColumns(userId);
      return utils.uiState.get.invalidate({ spaceId });
    });
  }, [userId, query.isSuccess, query.data, spaceId, utils]);

  // Loaded (or failed, then the screen goes on with none): what waits for the view may start.
  const ready = query.isSuccess || query.isError;
  return { state, update, ready };
}

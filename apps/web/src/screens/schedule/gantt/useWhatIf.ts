import { useEffect, useMemo, useRef } from 'react';
import type { ScheduleModel } from '../../../lib/columnar';
import { EPOCH_MS, type ReadOnlyReason, WHATIF_DELAY_MS } from './timeline';
import { LazyWhatIf } from './whatif';

/**
 * The live recalculation of a drag: the incremental scheduler of the version shown, and why there is
 * none when it failed. Both are read through stable refs; the scheduler is built at its first use, or
 * in idle time once the timeline has drawn its first frame, never before.
 */
export function useWhatIf(args: {
  model: ScheduleModel;
  revision: number;
  readOnly: ReadOnlyReason | null;
  today: number;
  drawn: boolean;
}) {
  const { model, revision, readOnly, today, drawn } = args;
  const slot = useRef(new LazyWhatIf(null, ''));
  const refs = useMemo(
    () => ({
      whatIf: {
        get current() {
          return slot.current.current;
        },
      },
      whatIfProblem: {
        get current() {
          return slot.current.problem;
        },
      },
    }),
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: revision marks in-place changes of the model
  useEffect(() => {
    const todayIso = new Date(EPOCH_MS + today * 60_000).toISOString().slice(0, 10);
    slot.current = new LazyWhatIf(readOnly ? null : model, todayIso);
  }, [model, revision, readOnly, today]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version (or revision) gets its own scheduler
  useEffect(() => {
    const lazy = slot.current;
    if (!drawn || lazy.settled) return;
    // Only when the browser has nothing else to do: scrolling right after the first frame stays smooth.
    const build = () => void lazy.current;
    const idle = typeof requestIdleCallback === 'function';
    const handle = idle ? requestIdleCallback(build) : window.setTimeout(build, WHATIF_DELAY_MS);
    return () => (idle ? cancelIdleCallback(handle) : window.clearTimeout(handle));
  }, [drawn, model, revision, readOnly, today]);

  return refs;
}

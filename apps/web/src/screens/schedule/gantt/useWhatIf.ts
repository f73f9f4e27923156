import { useEffect, useRef } from 'react';
import type { ScheduleModel } from '../../../lib/columnar';
import { EPOCH_MS, type ReadOnlyReason, WHATIF_DELAY_MS } from './timeline';
import { WhatIf } from './whatif';

/** The live recalculation of a drag: the incremental scheduler, and why there is none when it failed. */
export function useWhatIf(args: {
  model: ScheduleModel;
  revision: number;
  readOnly: ReadOnlyReason | null;
  today: number;
  drawn: boolean;
}) {
  const { model, revision, readOnly, today, drawn } = args;
  const whatIf = useRef<WhatIf | null>(null);
  const whatIfProblem = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: revision marks in-place changes of the model
  useEffect(() => {
    whatIf.current = null;
    whatIfProblem.current = null;
    // After the first frame: the scheduler is for the first drag, not for the first look.
    if (readOnly || !drawn) return;
    const build = () => {
      const started = performance.now();
      try {
        const todayIso = new Date(EPOCH_MS + today * 60_000).toISOString().slice(0, 10);
        whatIf.current = new WhatIf(model, todayIso);
        if (__TAKT_PROBES__ && window.__taktGantt)
          window.__taktGantt.whatIfBuildMs = performance.now() - started;
      } catch (error) {
        whatIfProblem.current = (error as Error).message;
      }
    };
    const idle = typeof requestIdleCallback === 'function';
    const handle = idle
      ? requestIdleCallback(build, { timeout: WHATIF_DELAY_MS * 4 })
      : window.setTimeout(build, WHATIF_DELAY_MS);
    return () => (idle ? cancelIdleCallback(handle) : window.clearTimeout(handle));
  }, [model, revision, readOnly, today, drawn]);

  return { whatIf, whatIfProblem };
}

import type { PlanKinds, ScaleLevel, TimeScale } from '@takt/gantt';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { preloadGanttTimeline } from './GanttPane';
import type { GanttCommands, GanttView, ScaleChannel } from './timeline';

function scaleChannelCreate(): ScaleChannel {
  const listeners = new Set<(scale: TimeScale) => void>();
  const channel: ScaleChannel = {
    current: null,
    publish(scale) {
      channel.current = scale;
      for (const listener of listeners) listener(scale);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return channel;
}

const KINDS_KEY = 'takt.gantt.kinds';

function storedKinds(): PlanKinds {
  try {
    const value = JSON.parse(localStorage.getItem(KINDS_KEY) ?? 'null') as Partial<PlanKinds> | null;
    if (value && typeof value === 'object')
      return {
        plan: value.plan !== false,
        approved_plan: value.approved_plan !== false,
        fact: value.fact !== false,
      };
  } catch {
    // A damaged value: the defaults.
  }
  return { plan: true, approved_plan: true, fact: true };
}

/**
 * The timeline's view state: plan kinds are remembered in this browser, the zoom in the user's view of
 * the schedule on the server (`zoom` of ui-state-config), given here as `saved` (null while it loads).
 */
export function useGanttView(zoom: {
  saved: string | undefined | null;
  save: (zoom: string) => void;
}): GanttView {
  const [kinds, setKindsState] = useState<PlanKinds>(storedKinds);
  const [level, setLevel] = useState<ScaleLevel | null>(null);
  const commands = useRef<GanttCommands | null>(null);
  const [scale] = useState(scaleChannelCreate);
  useEffect(preloadGanttTimeline, []);
  const setKinds = useCallback((next: PlanKinds) => {
    setKindsState(next);
    localStorage.setItem(KINDS_KEY, JSON.stringify(next));
  }, []);
  const { saved: savedZoom, save: saveZoom } = zoom;
  return useMemo(
    () => ({ kinds, setKinds, level, setLevel, commands, scale, savedZoom, saveZoom }),
    [kinds, setKinds, level, scale, savedZoom, saveZoom],
  );
}

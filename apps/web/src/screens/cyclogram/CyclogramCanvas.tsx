import {
  type CyclogramInput,
  type CyclogramLayoutOptions,
  type GanttLanguage,
  MINUTES_PER_DAY,
  type ScaleLevel,
  scaleCenterOn,
  scaleFit,
  scaleLevel,
  scalePan,
  scaleZoom,
  scaleZoomToLevel,
  type TimeScale,
} from '@takt/gantt';
import { type RefObject, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { usePixiHost } from '../../lib/pixi-host';
import { hasDate } from '../../lib/schedule-time';
import { type CyclogramProbe, useCyclogramProbe } from './probe';

export const CYCLOGRAM_HEADER_HEIGHT = 40;
const AXIS_WIDTH = 190;
const MIN_LOCATION_HEIGHT = 26;
const MAX_LOCATION_HEIGHT = 160;

/** What the toolbar and the clash list ask the chart to do. */
export interface CyclogramCommands {
  zoomBy(factor: number): void;
  zoomToLevel(level: ScaleLevel): void;
  fit(): void;
  /** Centres a moment and a position on the location axis (a clash). */
  focus(minute: number, position: number): void;
  today(): void;
}

/** No probe: the app users get measures nothing (see `__TAKT_PROBES__`). */
const NO_PROBE: CyclogramProbe = { scene: () => {} };
const useProbe: typeof useCyclogramProbe = __TAKT_PROBES__ ? useCyclogramProbe : () => NO_PROBE;

/** Earliest and latest date of every line, for "fit to project". */
function inputRange(input: CyclogramInput): { start: number; finish: number } | null {
  let start = Number.POSITIVE_INFINITY;
  let finish = Number.NEGATIVE_INFINITY;
  for (const trade of input.trades) {
    for (const dates of [trade.plan, trade.approved_plan, trade.fact]) {
      if (!dates) continue;
      for (let i = 0; i < dates.start.length; i++) {
        if (hasDate(dates.start[i])) start = Math.min(start, dates.start[i]!);
        if (hasDate(dates.finish[i])) finish = Math.max(finish, dates.finish[i]!);
      }
    }
  }
  return start <= finish ? { start, finish } : null;
}

/**
 * The line-of-balance chart: React owns the canvas, `CyclogramPixiRenderer` draws it from the same scale
 * module as the Gantt. Wheel scrolls the locations, Ctrl+wheel zooms at the pointer, Shift+wheel and
 * dragging pan.
 */
export function CyclogramCanvas({
  input,
  version,
  options,
  language,
  dark,
  today,
  commands,
  onLevel,
}: {
  input: CyclogramInput;
  version: number;
  options: CyclogramLayoutOptions;
  language: GanttLanguage;
  dark: boolean;
  today: number;
  commands: RefObject<CyclogramCommands | null>;
  onLevel: (level: ScaleLevel) => void;
}) {
  // The renderer: created once (Pixi loads on demand), destroyed with the component.
  const { host, canvas, renderer, ready, size } = usePixiHost(dark, ({ CyclogramPixiRenderer }, start) =>
    CyclogramPixiRenderer.create({
      ...start,
      headerHeight: CYCLOGRAM_HEADER_HEIGHT,
      axisWidth: AXIS_WIDTH,
    }),
  );
  const [scale, setScale] = useState<TimeScale | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const body = {
    width: Math.max(1, size.width - AXIS_WIDTH),
    height: Math.max(1, size.height - CYCLOGRAM_HEADER_HEIGHT),
  };
  const count = input.locations.length;
  const locationHeight = Math.min(
    MAX_LOCATION_HEIGHT,
    Math.max(MIN_LOCATION_HEIGHT, Math.floor(body.height / Math.max(1, count))),
  );
  const maxScroll = Math.max(0, count * locationHeight - body.height);
  const clampScroll = useCallback((value: number) => Math.min(maxScroll, Math.max(0, value)), [maxScroll]);

  const fit = useCallback(() => {
    const range = inputRange(input);
    if (!range || body.width <= 1) return;
    setScale(scaleFit(range.start - MINUTES_PER_DAY, range.finish + MINUTES_PER_DAY, body.width, 16));
  }, [input, body.width]);

  // The first data fits the project into the chart and shows the first locations (at the bottom).
  const fitted = useRef(false);
  useEffect(() => {
    if (!fitted.current && body.width > 1 && size.height > 0 && inputRange(input)) {
      fitted.current = true;
      fit();
      setScrollTop(maxScroll);
    }
  }, [input, body.width, size.height, fit, maxScroll]);

  useEffect(() => {
    setScrollTop((top) => clampScroll(top));
  }, [clampScroll]);

  useEffect(() => {
    if (scale) onLevel(scaleLevel(scale));
  }, [scale, onLevel]);

  useImperativeHandle(
    commands,
    () => ({
      zoomBy: (factor) => setScale((s) => (s ? scaleZoom(s, factor, body.width / 2) : s)),
      zoomToLevel: (level) => setScale((s) => (s ? scaleZoomToLevel(s, level, body.width / 2) : s)),
      fit,
      focus: (minute, position) => {
        setScale((s) => (s ? scaleCenterOn(s, minute, body.width / 2) : s));
        setScrollTop(clampScroll((count - position) * locationHeight - body.height / 2));
      },
      today: () => setScale((s) => (s ? scaleCenterOn(s, today, body.width / 2) : s)),
    }),
    [body.width, body.height, fit, clampScroll, count, locationHeight, today],
  );

  const probe = useProbe(renderer, ready);
  useEffect(() => {
    const r = renderer.current;
    if (!ready || !r || !scale || size.width === 0) return;
    r.setScene({
      input,
      scale,
      viewport: { width: body.width, height: body.height, scrollTop, locationHeight },
      language,
      options,
      version,
    });
    probe.scene(input);
  });

  // Wheel: scroll locations; Ctrl zooms at the pointer; Shift pans. Passive listeners cannot prevent the page scroll.
  useEffect(() => {
    const box = host.current;
    if (!box) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const x = event.offsetX - AXIS_WIDTH;
      if (event.ctrlKey || event.metaKey) {
        setScale((s) => (s ? scaleZoom(s, event.deltaY < 0 ? 1.2 : 1 / 1.2, Math.max(0, x)) : s));
      } else if (event.shiftKey || maxScroll === 0) {
        setScale((s) => (s ? scalePan(s, event.deltaY || event.deltaX) : s));
      } else {
        setScrollTop((top) => clampScroll(top + event.deltaY));
      }
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  }, [clampScroll, maxScroll, host]);

  const drag = useRef<{ x: number; y: number } | null>(null);
  return (
    <div
      ref={host}
      className="cyclogram-canvas"
      data-testid="cyclogram-canvas"
      data-ready={ready && scale ? 'true' : 'false'}
      onPointerDown={(event) => {
        drag.current = { x: event.clientX, y: event.clientY };
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        const start = drag.current;
        if (!start) return;
        const dx = event.clientX - start.x;
        const dy = event.clientY - start.y;
        drag.current = { x: event.clientX, y: event.clientY };
        setScale((s) => (s ? scalePan(s, -dx) : s));
        setScrollTop((top) => clampScroll(top - dy));
      }}
      onPointerUp={() => {
        drag.current = null;
      }}
    >
      <canvas ref={canvas} />
    </div>
  );
}

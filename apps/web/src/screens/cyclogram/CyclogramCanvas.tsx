import type { CyclogramInput, CyclogramLayoutOptions, GanttLanguage, ScaleLevel } from '@takt/gantt';
import { type RefObject, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useChartScale, wheelZoomFactor } from '../../lib/chart-scale';
import { weekRule } from '../../lib/i18n';
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
  const [scrollTop, setScrollTop] = useState(0);
  const body = {
    width: Math.max(1, size.width - AXIS_WIDTH),
    height: Math.max(1, size.height - CYCLOGRAM_HEADER_HEIGHT),
  };
  const {
    scale,
    level,
    zoomAt,
    pan,
    fit: fitRange,
    zoomBy,
    zoomToLevel,
    centerOn,
  } = useChartScale(body.width);
  const count = input.locations.length;
  const locationHeight = Math.min(
    MAX_LOCATION_HEIGHT,
    Math.max(MIN_LOCATION_HEIGHT, Math.floor(body.height / Math.max(1, count))),
  );
  const maxScroll = Math.max(0, count * locationHeight - body.height);
  const clampScroll = useCallback((value: number) => Math.min(maxScroll, Math.max(0, value)), [maxScroll]);

  const fit = useCallback(() => fitRange(inputRange(input)), [input, fitRange]);

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
    if (level) onLevel(level);
  }, [level, onLevel]);

  useImperativeHandle(
    commands,
    () => ({
      zoomBy,
      zoomToLevel,
      fit,
      focus: (minute, position) => {
        centerOn(minute);
        setScrollTop(clampScroll((count - position) * locationHeight - body.height / 2));
      },
      today: () => centerOn(today),
    }),
    [zoomBy, zoomToLevel, centerOn, body.height, fit, clampScroll, count, locationHeight, today],
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
      week: weekRule(),
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
        zoomAt(wheelZoomFactor(event.deltaY), Math.max(0, x));
      } else if (event.shiftKey || maxScroll === 0) {
        pan(event.deltaY || event.deltaX);
      } else {
        setScrollTop((top) => clampScroll(top + event.deltaY));
      }
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  }, [clampScroll, maxScroll, host, zoomAt, pan]);

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
        pan(-dx);
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

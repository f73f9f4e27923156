import type { Calendar } from '@takt/engine';
import {
  GANTT_THEME_DARK,
  GANTT_THEME_LIGHT,
  type GanttLanguage,
  type GanttLayoutOptions,
  type GanttSnapshot,
  scaleXFromMinute,
  type TimeScale,
} from '@takt/gantt';
import type { GanttInteraction, GanttPixiRenderer } from '@takt/gantt/pixi';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScheduleModel } from '../../../lib/columnar';
import { weekRule } from '../../../lib/i18n';
import { useHostSize, usePixiFollows } from '../../../lib/pixi-host';
import { HEADER_HEIGHT, ROW_HEIGHT } from '../WbsGrid';
import { ganttMetricsInstall } from './metrics';
import { rendererPreference } from './preference';
import { type PreparedRenderer, takePreparedRenderer } from './prepared-renderer';
import type { TimelineRefs } from './timeline';

/** What the renderer draws: read through `live` by the callbacks, which never change. */
export interface GanttScene {
  model: ScheduleModel;
  base: GanttSnapshot;
  scale: TimeScale | null;
  options: GanttLayoutOptions;
  language: GanttLanguage;
  shading: Calendar | null;
  selection: Set<number>;
  dark: boolean;
}

/**
 * The Pixi renderer's lifecycle: created once on the canvas (or adopted from the page), themed, sized
 * with the pane, and given the scene and the interaction after every render.
 */
export function useGanttRenderer(refs: TimelineRefs, scene: GanttScene) {
  const { host, renderer, scrollTop, preview, gesture, hover, selectedLink } = refs;
  const { model, base, scale, options, language, shading, selection, dark } = scene;
  const canvas = useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = useState(false);
  const size = useHostSize(host);
  const mountedAt = useRef(performance.now());

  // ── drawing ────────────────────────────────────────────────────────────────────────────────
  const live = useRef({ model, base, scale, size, options, language, shading, selection, dark });
  live.current = { model, base, scale, size, options, language, shading, selection, dark };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are stable
  const paint = useCallback(() => {
    const r = renderer.current;
    const l = live.current;
    if (!r || !l.scale || l.size.width <= 0 || l.size.height <= HEADER_HEIGHT) return;
    r.setScene({
      snapshot: preview.current ?? l.base,
      scale: l.scale,
      language: l.language,
      week: weekRule(),
      calendar: l.shading,
      options: l.options,
      viewport: {
        width: l.size.width,
        height: l.size.height - HEADER_HEIGHT,
        scrollTop: scrollTop.current,
        rowHeight: ROW_HEIGHT,
      },
    });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are stable
  const interact = useCallback(() => {
    const r = renderer.current;
    const l = live.current;
    if (!r || !l.scale) return;
    const g = gesture.current;
    const x = (minute: number) => scaleXFromMinute(l.scale!, minute);
    const interaction: GanttInteraction = {
      hoverWork: g?.kind === 'drag' ? -1 : hover.current.work,
      selection: l.selection,
      drag:
        g?.kind === 'drag' && g.edit
          ? { work: g.work, x0: x(g.edit.ghostStart), x1: x(g.edit.ghostFinish) }
          : null,
      link:
        g?.kind === 'link' ? { x0: g.x0, y0: g.y0 - HEADER_HEIGHT, x1: g.x, y1: g.y - HEADER_HEIGHT } : null,
      connectors: g ? -1 : hover.current.connectors,
      selectedLink: selectedLink.current,
      linkTarget: g?.kind === 'link' ? g.target : -1,
    };
    r.setInteraction(interaction);
  }, []);
  useEffect(() => {
    paint();
    interact();
  });

  // The renderer: created once (Pixi is loaded on demand), destroyed with the component.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are stable
  useEffect(() => {
    let cancelled = false;
    let created: GanttPixiRenderer | null = null;
    const element = canvas.current;
    const box = host.current;
    if (!element || !box) return;
    let adopted: HTMLCanvasElement | null = null;
    const theme = () => (live.current.dark ? GANTT_THEME_DARK : GANTT_THEME_LIGHT);
    const start = (r: GanttPixiRenderer) => {
      created = r;
      // the benchmark's measurements, installed only in builds with probes
      if (__TAKT_PROBES__)
        ganttMetricsInstall(r, {
          mountedAt: mountedAt.current,
          model: () => live.current.model,
          shown: () => preview.current ?? live.current.base,
          scale: () => live.current.scale,
        });
      renderer.current = r;
      setReady(true);
    };
    // The renderer the page started while the payload loaded, drawing on its own canvas, which takes the
    // place of this one.
    const adopt = (ready: PreparedRenderer) => {
      adopted = ready.canvas;
      adopted.className = element.className;
      element.after(adopted);
      element.hidden = true;
      ready.renderer.setTheme(theme());
      ready.renderer.resize(Math.max(1, box.clientWidth), Math.max(1, box.clientHeight));
      start(ready.renderer);
    };
    // Else a new one on this canvas.
    const createOwn = async () => {
      const { GanttPixiRenderer } = await import('@takt/gantt/pixi');
      const r = await GanttPixiRenderer.create({
        canvas: element,
        width: Math.max(1, box.clientWidth),
        height: Math.max(1, box.clientHeight),
        preference: rendererPreference(),
        headerHeight: HEADER_HEIGHT,
        theme: theme(),
      });
      if (cancelled) r.destroy();
      else start(r);
    };
    const taken = takePreparedRenderer();
    if (taken instanceof Promise) {
      void taken.then((ready) => {
        if (cancelled) {
          ready?.renderer.destroy();
          return;
        }
        if (ready) adopt(ready);
        else void createOwn();
      });
    } else if (taken) adopt(taken);
    else void createOwn();
    return () => {
      cancelled = true;
      created?.destroy();
      adopted?.remove();
      element.hidden = false;
      renderer.current = null;
    };
  }, []);

  // The theme and the pane's size.
  usePixiFollows(renderer, ready, dark, size);

  return { canvas, ready, size, live, paint, interact };
}

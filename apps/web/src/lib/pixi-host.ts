import { GANTT_THEME_DARK, GANTT_THEME_LIGHT, type GanttTheme } from '@takt/gantt';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { rendererPreference } from '../screens/schedule/gantt/preference';

/** What the chart renderers of `@takt/gantt/pixi` share: a theme, a size, and an end. */
export interface PixiSurface {
  setTheme(theme: GanttTheme): void;
  resize(width: number, height: number): void;
  destroy(): void;
}

export type PixiModule = typeof import('@takt/gantt/pixi');

/** How a chart starts: its canvas, the host's size now, the theme of the moment, the renderer preference. */
export interface PixiStart {
  canvas: HTMLCanvasElement;
  width: number;
  height: number;
  theme: GanttTheme;
  preference: 'webgl' | 'canvas';
}

/**
 * A Pixi chart on a canvas React owns (STYLE.md "Canvas"): the renderer is created once — Pixi's module
 * loaded on demand — and destroyed with the component; it starts with the theme of the moment and later
 * follows `dark` through `setTheme`; it is resized with its host element. `ready` turns true once it can
 * draw; `size` is the host's size for the layout.
 */
export function usePixiHost<R extends PixiSurface>(
  dark: boolean,
  create: (pixi: PixiModule, start: PixiStart) => Promise<R>,
) {
  const host = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const renderer = useRef<R | null>(null);
  const [ready, setReady] = useState(false);
  const size = useHostSize(host);
  const start = useRef({ dark, create });

  useEffect(() => {
    let cancelled = false;
    let created: R | null = null;
    const element = canvas.current;
    const box = host.current;
    if (!element || !box) return;
    void import('@takt/gantt/pixi').then(async (pixi) => {
      const r = await start.current.create(pixi, {
        canvas: element,
        width: Math.max(1, box.clientWidth),
        height: Math.max(1, box.clientHeight),
        theme: start.current.dark ? GANTT_THEME_DARK : GANTT_THEME_LIGHT,
        preference: rendererPreference(),
      });
      if (cancelled) {
        r.destroy();
        return;
      }
      created = r;
      renderer.current = r;
      setReady(true);
    });
    return () => {
      cancelled = true;
      created?.destroy();
      renderer.current = null;
    };
  }, []);

  usePixiFollows(renderer, ready, dark, size);

  return { host, canvas, renderer, ready, size };
}

/** The size of a chart's host element, kept up to date as the element is resized. */
export function useHostSize(host: RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const box = host.current;
    if (!box) return;
    const observer = new ResizeObserver(() => setSize({ width: box.clientWidth, height: box.clientHeight }));
    observer.observe(box);
    return () => observer.disconnect();
  }, [host]);
  return size;
}

/**
 * What a created renderer follows for as long as it lives: the light or dark theme, and the host's size
 * (`useHostSize`) once the host has one.
 */
export function usePixiFollows(
  renderer: RefObject<PixiSurface | null>,
  ready: boolean,
  dark: boolean,
  size: { width: number; height: number },
) {
  useEffect(() => {
    if (ready) renderer.current?.setTheme(dark ? GANTT_THEME_DARK : GANTT_THEME_LIGHT);
  }, [renderer, dark, ready]);

  useEffect(() => {
    if (ready && size.width > 0) renderer.current?.resize(size.width, size.height);
  }, [renderer, ready, size]);
}

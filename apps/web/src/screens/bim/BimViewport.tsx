import type { BimGeometry } from '@takt/bim';
import { type BimPick, type BimPrimitive, BimViewer } from '@takt/bim/viewer';
import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n';

export interface ViewportModel {
  id: string;
  geometry: BimGeometry;
  globalIds: readonly string[];
  visible: boolean;
  /** Where the model goes in the project: a column-major Y-up matrix (`bimPlacementMatrix`); null: as the file says. */
  placement: readonly number[] | null;
}

/**
 * React owns the element; the BimViewer owns the drawing (three.js). Models are added and removed as
 * the list changes; everything else (looks, selection, section…) the page drives through the viewer
 * it receives in `onReady`, so 4D playback never re-renders React per frame.
 */
export function BimViewport({
  models,
  primitives,
  dark,
  onReady,
  onPick,
}: {
  models: ViewportModel[];
  primitives: BimPrimitive[];
  dark: boolean;
  onReady: (viewer: BimViewer | null) => void;
  onPick: (pick: BimPick | null, additive: boolean) => void;
}) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const viewer = useRef<BimViewer | null>(null);
  /** Set once the user orbits, pans or zooms: from then on the camera stays where they put it. */
  const moved = useRef(false);
  const pick = useRef(onPick);
  pick.current = onPick;
  const ready = useRef(onReady);
  ready.current = onReady;
  const initialTheme = useRef<'dark' | 'light'>(dark ? 'dark' : 'light');

  // The viewer lives as long as the element; theme, models and primitives follow in their own effects.
  useEffect(() => {
    const v = new BimViewer(host.current!, { theme: initialTheme.current, preserveDrawingBuffer: true });
    viewer.current = v;
    ready.current(v);
    const canvas = v.renderer.domElement;
    let down: { x: number; y: number } | null = null;
    const onDown = (e: PointerEvent) => {
      down = { x: e.clientX, y: e.clientY };
    };
    const onUp = (e: PointerEvent) => {
      if (!down || e.button !== 0) return;
      const moved = Math.hypot(e.clientX - down.x, e.clientY - down.y);
      down = null;
      // A drag orbits the camera; only a click picks.
      if (moved < 4) pick.current(v.pick(e.clientX, e.clientY), e.shiftKey || e.ctrlKey || e.metaKey);
    };
    const onStart = () => {
      moved.current = true;
    };
    v.controls.addEventListener('start', onStart);
    canvas.addEventListener('pointerdown', onDown);
    canvas.addEventListener('pointerup', onUp);
    return () => {
      v.controls.removeEventListener('start', onStart);
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointerup', onUp);
      ready.current(null);
      v.dispose();
      viewer.current = null;
    };
  }, []);

  useEffect(() => {
    viewer.current?.setTheme(dark ? 'dark' : 'light');
  }, [dark]);

  useEffect(() => {
    const v = viewer.current;
    if (!v) return;
    const wanted = new Set(models.map((m) => m.id));
    for (const key of v.modelKeys()) if (!wanted.has(key)) v.removeModel(key);
    const present = new Set(v.modelKeys());
    for (const m of models) {
      if (!present.has(m.id)) v.addModel(m.id, m.geometry, m.globalIds, m.placement);
      else v.setModelPlacement(m.id, m.placement);
      v.setModelVisible(m.id, m.visible);
    }
    // Fitted to everything shown as it arrives (a preview's first chunks are part of the model), until
    // the user moves the camera.
    if (!moved.current && models.length) {
      const target = v.controls.target;
      v.camera.position.set(target.x - 1, target.y + 0.8, target.z + 1.4);
      v.fit();
    }
  }, [models]);

  useEffect(() => {
    viewer.current?.setPrimitives(primitives);
  }, [primitives]);

  return (
    <div
      ref={host}
      className="bim-viewport"
      role="img"
      aria-label={t('bim.viewer.label')}
      data-testid="bim-viewport"
    />
  );
}

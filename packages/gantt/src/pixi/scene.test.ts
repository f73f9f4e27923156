import { describe, expect, it } from 'vitest';
import { snapshotFromWorks } from '../snapshot.js';
import { type GanttScene, ganttSceneEqual } from './scene.js';

describe('scene equality', () => {
  const snapshot = snapshotFromWorks([{ row: 0, plan: [0, 1440] }]);
  const scene: GanttScene = {
    snapshot,
    scale: { start: 0, pxPerMinute: 0.02 },
    viewport: { width: 800, height: 600, scrollTop: 0, rowHeight: 24 },
    language: 'ru',
  };

  it('is equal for the same inputs, even when the objects are rebuilt', () => {
    expect(
      ganttSceneEqual(scene, { ...scene, scale: { ...scene.scale }, viewport: { ...scene.viewport } }),
    ).toBe(true);
  });

  it('changes with a scroll, a zoom, a new snapshot version or another language', () => {
    expect(ganttSceneEqual(null, scene)).toBe(false);
    expect(ganttSceneEqual(scene, { ...scene, viewport: { ...scene.viewport, scrollTop: 24 } })).toBe(false);
    expect(ganttSceneEqual(scene, { ...scene, scale: { ...scene.scale, pxPerMinute: 0.03 } })).toBe(false);
    expect(ganttSceneEqual(scene, { ...scene, snapshot: { ...snapshot, version: 2 } })).toBe(false);
    expect(ganttSceneEqual(scene, { ...scene, language: 'en' })).toBe(false);
  });
});

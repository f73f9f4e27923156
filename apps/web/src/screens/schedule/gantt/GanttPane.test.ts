import { afterEach, describe, expect, it, vi } from 'vitest';

// Pixi and the timeline are replaced: these tests are about who gets the renderer the page prepared.
let release: () => void = () => {};
const created: object[] = [];
vi.mock('@takt/gantt/pixi', () => ({
  GanttPixiRenderer: {
    create: () =>
      new Promise((resolve) => {
        release = () => {
          const renderer = {};
          created.push(renderer);
          resolve(renderer);
        };
      }),
  },
}));
vi.mock('./GanttTimeline', () => ({ GanttTimeline: () => null }));

const freshPane = async () => {
  vi.resetModules();
  const { preloadGanttTimeline } = await import('./GanttPane');
  const { takePreparedRenderer } = await import('./prepared-renderer');
  return { preloadGanttTimeline, takePreparedRenderer };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  created.length = 0;
});

describe('the renderer prepared while the payload loads', () => {
  it('is handed over as it is once started, and only once', async () => {
    const pane = await freshPane();
    pane.preloadGanttTimeline();
    await settle();
    release();
    await settle();
    const taken = pane.takePreparedRenderer();
    expect(taken).not.toBeInstanceOf(Promise);
    expect(taken && 'renderer' in taken ? taken.renderer : null).toBe(created[0]);
    expect(pane.takePreparedRenderer()).toBeNull();
  });

  it('is a promise to the timeline that mounts before it has started, and never given to a later one', async () => {
    const pane = await freshPane();
    pane.preloadGanttTimeline();
    const first = pane.takePreparedRenderer();
    expect(first).toBeInstanceOf(Promise);
    await settle();
    release();
    expect((await first)?.renderer).toBe(created[0]);
    // The first timeline owns it (and destroys it with itself): a second one starts its own.
    expect(pane.takePreparedRenderer()).toBeNull();
    pane.preloadGanttTimeline();
    expect(pane.takePreparedRenderer()).toBeNull();
  });
});

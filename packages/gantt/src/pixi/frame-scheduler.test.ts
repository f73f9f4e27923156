import { describe, expect, it } from 'vitest';
import { type FrameClock, type FrameLayer, FrameScheduler } from './frame-scheduler.js';

function manualClock() {
  const queue = new Map<number, () => void>();
  let next = 1;
  const clock: FrameClock = {
    request: (callback) => {
      queue.set(next, callback);
      return next++;
    },
    cancel: (handle) => {
      queue.delete(handle);
    },
  };
  const tick = () => {
    const callbacks = [...queue.values()];
    queue.clear();
    for (const callback of callbacks) callback();
  };
  return { clock, tick, size: () => queue.size };
}

describe('frame scheduler', () => {
  it('coalesces many invalidations into one frame', () => {
    const { clock, tick, size } = manualClock();
    const frames: FrameLayer[][] = [];
    const scheduler = new FrameScheduler((layers) => frames.push([...layers].sort()), clock);
    scheduler.invalidate('static');
    scheduler.invalidate('interaction');
    scheduler.invalidate('static');
    expect(size()).toBe(1);
    expect(frames).toEqual([]);
    tick();
    expect(frames).toEqual([['interaction', 'static']]);
    tick();
    expect(frames).toHaveLength(1); // nothing dirty: no free-running frames
  });

  it('redraws only the interaction layer for hover and drag changes', () => {
    const { clock, tick } = manualClock();
    const frames: FrameLayer[][] = [];
    const scheduler = new FrameScheduler((layers) => frames.push([...layers]), clock);
    scheduler.invalidate('interaction');
    tick();
    expect(frames).toEqual([['interaction']]);
  });

  it('flush draws immediately and cancels the pending frame; dispose drops everything', () => {
    const { clock, tick, size } = manualClock();
    let count = 0;
    const scheduler = new FrameScheduler(() => count++, clock);
    scheduler.invalidate('static');
    scheduler.flush();
    expect([count, size(), scheduler.pending]).toEqual([1, 0, false]);
    scheduler.invalidate('static');
    scheduler.dispose();
    tick();
    expect(count).toBe(1);
  });
});

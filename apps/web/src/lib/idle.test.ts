import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_EVENTS, IdleDetector } from './idle';

describe('IdleDetector', () => {
  let target: EventTarget;
  beforeEach(() => {
    vi.useFakeTimers();
    target = new EventTarget();
  });
  afterEach(() => vi.useRealTimers());

  const minute = 60_000;
  const activity = (type: (typeof ACTIVITY_EVENTS)[number] = 'mousemove') =>
    target.dispatchEvent(new Event(type));

  it('emits idleness after the timeout without activity, once', () => {
    const onIdle = vi.fn();
    new IdleDetector({ timeoutMs: 30 * minute, target, onIdle }).start();
    vi.advanceTimersByTime(30 * minute - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * minute);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('restarts the timer on mouse or key activity and emits idleness-updated', () => {
    const onIdle = vi.fn();
    const onActivity = vi.fn();
    new IdleDetector({ timeoutMs: minute, target, onIdle, onActivity }).start();
    vi.advanceTimersByTime(50_000);
    activity('keydown');
    expect(onActivity).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(50_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('throttles activity to once per second', () => {
    const onActivity = vi.fn();
    new IdleDetector({ timeoutMs: minute, target, onIdle: () => {}, onActivity }).start();
    activity();
    activity();
    vi.advanceTimersByTime(500);
    activity('mousedown');
    expect(onActivity).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    activity('wheel');
    expect(onActivity).toHaveBeenCalledTimes(2);
  });

  it('removes its listeners after firing', () => {
    const removed: string[] = [];
    const spyTarget = {
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: (type: string, listener: EventListenerOrEventListenerObject | null) => {
        removed.push(type);
        target.removeEventListener(type, listener);
      },
    };
    const onActivity = vi.fn();
    const detector = new IdleDetector({ timeoutMs: minute, target: spyTarget, onIdle: () => {}, onActivity });
    detector.start();
    vi.advanceTimersByTime(minute);
    expect(detector.active).toBe(false);
    expect(removed.sort()).toEqual([...ACTIVITY_EVENTS].sort());
    activity();
    expect(onActivity).not.toHaveBeenCalled();
  });

  it('reset clears the idle state without emitting activity', () => {
    const onIdle = vi.fn();
    const onActivity = vi.fn();
    const detector = new IdleDetector({ timeoutMs: minute, target, onIdle, onActivity });
    detector.start();
    vi.advanceTimersByTime(59_000);
    detector.reset();
    vi.advanceTimersByTime(59_000);
    expect(onIdle).not.toHaveBeenCalled();
    expect(onActivity).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stop cancels the timer', () => {
    const onIdle = vi.fn();
    const detector = new IdleDetector({ timeoutMs: minute, target, onIdle });
    detector.start();
    detector.stop();
    vi.advanceTimersByTime(2 * minute);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

import { STORAGE_KEYS } from '@takt/contracts';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDisconnectCountdown } from './countdown';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let latest: ReturnType<typeof useDisconnectCountdown> | null = null;
function Probe({ goBack }: { goBack: () => void }) {
  latest = useDisconnectCountdown(goBack);
  return null;
}

describe('disconnect countdown', () => {
  let root: Root;
  let container: HTMLElement;
  const goBack = vi.fn();

  function mount() {
    container = document.createElement('div');
    root = createRoot(container);
    act(() => root.render(<Probe goBack={goBack} />));
  }
  const tick = (seconds: number) => {
    for (let i = 0; i < seconds; i += 1) act(() => vi.advanceTimersByTime(1000));
  };
  const stored = () => localStorage.getItem(STORAGE_KEYS.disconnectCounter);

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    goBack.mockClear();
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.useRealTimers();
  });

  it('counts down from 10 to 0 in one-second steps and is ready only at 0', () => {
    mount();
    expect(latest?.count).toBe(10);
    expect(latest?.ready).toBe(false);
    tick(3);
    expect(latest?.count).toBe(7);
    tick(7);
    expect(latest?.count).toBe(0);
    expect(latest?.ready).toBe(true);
    tick(5);
    expect(latest?.count).toBe(0);
  });

  it('saves the count when the page is left and restores it when it opens again', () => {
    mount();
    tick(4);
    act(() => root.unmount());
    expect(stored()).toBe('6');
    mount();
    expect(latest?.count).toBe(6);
  });

  it('saves the count on unload', () => {
    mount();
    tick(2);
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toBe('8');
  });

  it('restore does nothing before 0, then goes back and clears the stored count', () => {
    mount();
    act(() => latest?.restore());
    expect(goBack).not.toHaveBeenCalled();
    tick(10);
    act(() => latest?.restore());
    expect(goBack).toHaveBeenCalledTimes(1);
    expect(stored()).toBeNull();
    act(() => root.unmount());
    expect(stored()).toBeNull();
    mount();
    expect(latest?.count).toBe(10);
  });
});

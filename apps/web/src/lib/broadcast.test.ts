import { describe, expect, it, vi } from 'vitest';
import { handleTabMessage, isTabMessage, type TabMessageEffects } from './broadcast';

function effects(token: string | null, lastSpace: string | null = null) {
  const state = { token };
  const fx = {
    getToken: vi.fn(() => state.token),
    setToken: vi.fn((t: string) => {
      state.token = t;
    }),
    removeToken: vi.fn(() => {
      state.token = null;
    }),
    navigate: vi.fn(),
    lastSpace: vi.fn(() => lastSpace),
    clearIdle: vi.fn(),
  } satisfies TabMessageEffects;
  return { fx, state };
}

describe('cross-tab messages', () => {
  it('auth with a different token stores it and stays', () => {
    const { fx, state } = effects('old');
    handleTabMessage({ type: 'auth', token: 'new' }, fx);
    expect(state.token).toBe('new');
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('auth with the same token goes to the last used space', () => {
    const { fx } = effects('same', 'space-7');
    handleTabMessage({ type: 'auth', token: 'same' }, fx);
    expect(fx.setToken).not.toHaveBeenCalled();
    expect(fx.navigate).toHaveBeenCalledWith('/space-7');
  });

  it('auth with the same token and no last space goes to the root', () => {
    const { fx } = effects('same', null);
    handleTabMessage({ type: 'auth', token: 'same' }, fx);
    expect(fx.navigate).toHaveBeenCalledWith('/');
  });

  it('logout removes the token and opens the sign-in page', () => {
    const { fx, state } = effects('t');
    handleTabMessage({ type: 'logout' }, fx);
    expect(state.token).toBeNull();
    expect(fx.navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('idleness removes the token and opens the idleness page', () => {
    const { fx, state } = effects('t');
    handleTabMessage({ type: 'idleness' }, fx);
    expect(state.token).toBeNull();
    expect(fx.navigate).toHaveBeenCalledWith('/auth/idleness');
  });

  it('idleness-updated clears the idle state only', () => {
    const { fx, state } = effects('t');
    handleTabMessage({ type: 'idleness-updated' }, fx);
    expect(fx.clearIdle).toHaveBeenCalledTimes(1);
    expect(state.token).toBe('t');
    expect(fx.navigate).not.toHaveBeenCalled();
  });

  it('ignores anything that is not a tab message', () => {
    expect(isTabMessage({ type: 'auth' })).toBe(false);
    expect(isTabMessage({ type: 'reload' })).toBe(false);
    expect(isTabMessage('logout')).toBe(false);
    expect(isTabMessage(null)).toBe(false);
    expect(isTabMessage({ type: 'auth', token: 'x' })).toBe(true);
    expect(isTabMessage({ type: 'idleness-updated' })).toBe(true);
  });
});

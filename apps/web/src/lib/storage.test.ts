import { SPACE_COOKIE, STORAGE_KEYS } from '@takt/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearLastSpaces,
  getDarkTheme,
  getLastSpace,
  getStoredCountdown,
  getToken,
  lastSpaceKey,
  setDarkTheme,
  setLastSpace,
  setStoredCountdown,
  setToken,
} from './storage';

const cookie = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${SPACE_COOKIE}=`))
    ?.slice(SPACE_COOKIE.length + 1);

describe('client-side stored values', () => {
  beforeEach(() => {
    localStorage.clear();
    clearLastSpaces();
  });

  it('keeps the last space per user under the prefix plus the user id, and in the space_id cookie', () => {
    setLastSpace('user-1', 'space-a');
    setLastSpace('user-2', 'space-b');
    expect(lastSpaceKey('user-1')).toBe(`${STORAGE_KEYS.lastSpacePrefix}user-1`);
    expect(localStorage.getItem(`${STORAGE_KEYS.lastSpacePrefix}user-1`)).toBe('space-a');
    expect(getLastSpace('user-2')).toBe('space-b');
    expect(cookie()).toBe('space-b');
  });

  it('an empty space id removes the local entry', () => {
    setLastSpace('user-1', 'space-a');
    setLastSpace('user-1', '');
    expect(localStorage.getItem(lastSpaceKey('user-1'))).toBeNull();
    expect(getLastSpace('user-1')).toBeNull();
    expect(cookie()).toBeUndefined();
  });

  it('clearLastSpaces forgets every user of the browser', () => {
    setLastSpace('user-1', 'a');
    setLastSpace('user-2', 'b');
    localStorage.setItem('unrelated', 'kept');
    clearLastSpaces();
    expect(getLastSpace('user-1')).toBeNull();
    expect(getLastSpace('user-2')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('keeps the token under its fixed key', () => {
    setToken('abc');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('abc');
    expect(getToken()).toBe('abc');
    setToken(null);
    expect(getToken()).toBeNull();
  });

  it('keeps the dark theme flag under DarkThemeActive', () => {
    expect(getDarkTheme()).toBe(false);
    setDarkTheme(true);
    expect(localStorage.getItem('DarkThemeActive')).toBe('true');
    expect(getDarkTheme()).toBe(true);
  });

  it('keeps the disconnect countdown and rejects values out of range', () => {
    setStoredCountdown(4);
    expect(getStoredCountdown()).toBe(4);
    localStorage.setItem(STORAGE_KEYS.disconnectCounter, '42');
    expect(getStoredCountdown()).toBeNull();
    setStoredCountdown(null);
    expect(localStorage.getItem(STORAGE_KEYS.disconnectCounter)).toBeNull();
  });
});

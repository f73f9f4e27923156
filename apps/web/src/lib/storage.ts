import { LIMITS, SPACE_COOKIE, STORAGE_KEYS } from '@takt/contracts';
import { isLanguage, type Language } from '@takt/i18n';

/**
 * Values the web app keeps in the browser (entities "Client-side stored values"). Storage can be
 * unavailable (private modes, blocked cookies); reads then yield nothing and writes are dropped.
 */
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage is full or blocked: the value simply is not remembered.
  }
}

// ── authorization token ─────────────────────────────────────────────────────────────────────
const tokenListeners = new Set<() => void>();

export function getToken(): string | null {
  return read(STORAGE_KEYS.token);
}

export function setToken(token: string | null): void {
  write(STORAGE_KEYS.token, token);
  for (const listener of tokenListeners) listener();
}

export function removeToken(): void {
  setToken(null);
}

/** Subscribes to token changes of this tab and of other tabs (the `storage` event). */
export function subscribeToken(listener: () => void): () => void {
  tokenListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.token || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    tokenListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The Cookie Store API is asynchronous and missing in some browsers; the space cookie is set synchronously. */
function writeSpaceCookie(value: string, maxAgeSeconds: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${SPACE_COOKIE}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=None; Secure`;
}

// ── last used space (local storage per user + cookie) ───────────────────────────────────────
export function lastSpaceKey(userId: string): string {
  return `${STORAGE_KEYS.lastSpacePrefix}${userId}`;
}

export function getLastSpace(userId: string): string | null {
  return read(lastSpaceKey(userId)) || null;
}

/** Remembers the space of a user; an empty id removes the local entry and the cookie. */
export function setLastSpace(userId: string, spaceId: string): void {
  if (spaceId) {
    write(lastSpaceKey(userId), spaceId);
    writeSpaceCookie(spaceId, LIMITS.spaceCookieDays * 24 * 60 * 60);
  } else {
    write(lastSpaceKey(userId), null);
    writeSpaceCookie('', 0);
  }
}

/** Removes the last used space of every user and the cookie. */
export function clearLastSpaces(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key?.startsWith(STORAGE_KEYS.lastSpacePrefix)) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing is remembered anyway.
  }
  writeSpaceCookie('', 0);
}

// ── last opened version of a schedule ───────────────────────────────────────────────────────
export function getLastVersion(scheduleId: string): string | null {
  return read(`${STORAGE_KEYS.lastVersionPrefix}${scheduleId}`) || null;
}

export function setLastVersion(scheduleId: string, versionId: string): void {
  write(`${STORAGE_KEYS.lastVersionPrefix}${scheduleId}`, versionId);
}

// ── last used localization ──────────────────────────────────────────────────────────────────
export function getStoredLanguage(): Language | null {
  const value = read(STORAGE_KEYS.language);
  return isLanguage(value) ? value : null;
}

export function setStoredLanguage(lang: Language): void {
  write(STORAGE_KEYS.language, lang);
}

// ── disconnect countdown ────────────────────────────────────────────────────────────────────
export function getStoredCountdown(): number | null {
  const value = read(STORAGE_KEYS.disconnectCounter);
  if (value === null || value === '') return null;
  const count = Number(value);
  return Number.isInteger(count) && count >= 0 && count <= LIMITS.disconnectCountdownSeconds ? count : null;
}

export function setStoredCountdown(count: number | null): void {
  write(STORAGE_KEYS.disconnectCounter, count === null ? null : String(count));
}

// ── dark theme ──────────────────────────────────────────────────────────────────────────────
export function getDarkTheme(): boolean {
  return read(STORAGE_KEYS.darkTheme) === 'true';
}

export function setDarkTheme(active: boolean): void {
  write(STORAGE_KEYS.darkTheme, String(active));
}

import { STORAGE_KEYS } from '@takt/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failedCall } from '../testing/failed-call';
import { handleFailure } from './error-handler';
import { activateLanguage } from './i18n';
import { dismissAll, type Notice } from './notifications';
import { setCurrentUserId } from './session';
import { getToken, setLastSpace, setToken } from './storage';

const notices: Notice[][] = [];
vi.mock('./notifications', async (importOriginal) => {
  const original = await importOriginal<typeof import('./notifications')>();
  return {
    ...original,
    notify: (kind: Notice['kind'], lines: string[]) => {
      notices.push([{ id: 0, kind, lines }]);
      return 0;
    },
  };
});

describe('handleFailure', () => {
  beforeEach(() => {
    localStorage.clear();
    notices.length = 0;
    activateLanguage('en');
    window.history.replaceState(null, '', '/some/page');
  });
  afterEach(() => dismissAll());

  it('401: the token is dropped and the sign-in page opens', () => {
    setToken('t-1');
    handleFailure(failedCall({ status: 401, code: 'Unauthorized' }));
    expect(getToken()).toBeNull();
    expect(window.location.pathname).toBe('/auth/login');
  });

  it('402: the last space is forgotten and the space choice opens', () => {
    setCurrentUserId('u-1');
    setLastSpace('u-1', 'space-1');
    handleFailure(failedCall({ status: 402, code: 'LicenseLimit', messages: ['limit'] }));
    expect(localStorage.getItem(`${STORAGE_KEYS.lastSpacePrefix}u-1`)).toBeNull();
    expect(window.location.pathname).toBe('/auth/select-space');
    expect(notices[0]?.[0]?.lines).toEqual(['error: limit']);
  });

  it('403 IPNotAllowed opens /error?message=IPNotAllowed', () => {
    handleFailure(failedCall({ status: 403, code: 'IPNotAllowed' }));
    expect(window.location.pathname + window.location.search).toBe('/error?message=IPNotAllowed');
  });

  it('reports localized messages as red "error: message" lines', () => {
    handleFailure(failedCall({ status: 409, code: 'Conflict', messages: ['one', 'two'], localized: true }));
    expect(notices[0]?.[0]).toMatchObject({ kind: 'error', lines: ['error: one', 'error: two'] });
  });

  it('localized messages the caller shows itself are not notified again; others still are', () => {
    const calculation = failedCall({
      status: 422,
      code: 'CalculationError',
      messages: ['loop'],
      localized: true,
    });
    handleFailure(calculation, { showsMessages: ['CalculationError'] });
    handleFailure(failedCall({ status: 400, code: 'NotFound', messages: ['gone'], localized: true }), {
      showsMessages: ['CalculationError'],
    });
    expect(notices.map((n) => n[0]?.lines)).toEqual([['error: gone']]);
    handleFailure(calculation, { showsMessages: true });
    expect(notices).toHaveLength(1);
    // a failure that is not localized is reported generally, whatever the caller shows
    handleFailure(failedCall({ status: 500 }), { showsMessages: true });
    expect(notices[1]?.[0]?.lines).toEqual(['error: unknown error']);
  });

  it('without a message reports the translated "unknown error"', () => {
    handleFailure(failedCall({ kind: 'unsuccessful', status: null }));
    expect(notices[0]?.[0]?.lines).toEqual(['error: unknown error']);
    activateLanguage('ru');
    handleFailure(failedCall({}));
    expect(notices[1]?.[0]?.lines).toEqual(['ошибка: неизвестная ошибка']);
  });

  it('field issues shown by the form are not notified again', () => {
    handleFailure(
      failedCall({ status: 400, code: 'ValidationError', issues: [{ path: 'name', message: 'x' }] }),
      {
        showsIssues: true,
      },
    );
    expect(notices).toHaveLength(0);
  });

  it('cancelled requests are ignored; an unreachable server opens the disconnect page', () => {
    handleFailure(failedCall({ kind: 'aborted' }));
    expect(notices).toHaveLength(0);
    expect(window.location.pathname).toBe('/some/page');
    handleFailure(failedCall({ kind: 'network' }));
    expect(window.location.pathname).toBe('/disconnect/disconnect');
  });
});

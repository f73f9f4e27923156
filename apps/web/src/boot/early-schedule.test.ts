import { STORAGE_KEYS } from '@takt/contracts/constants';
import { encodeBinaryPayload } from '@takt/schedule';
import { testColumns } from '@takt/schedule/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startScheduleEarly, takeEarlyPayload } from '../screens/schedule/page/early-load';
import { startEarlySchedule, takeEarlySchedule } from './early-schedule';

// The page's early start also preloads the timeline and Pixi, which no test here draws: left running, that
// import would outlive the test file's environment.
vi.mock('../screens/schedule/gantt/GanttPane', () => ({ preloadGanttTimeline: () => {} }));

const SPACE = '00000000-0000-4000-8000-000000000001';
const SCHEDULE = '00000000-0000-4000-8000-000000000002';
const VERSION = '00000000-0000-4000-8000-000000000003';
const OTHER = '00000000-0000-4000-8000-000000000004';
const at = (search = '') => ({ pathname: `/${SPACE}/schedule/${SCHEDULE}`, search });

const bytes = () =>
  encodeBinaryPayload(
    testColumns([{ id: '00000000-0000-4000-8000-000000000009', name: 'Walls', duration: 480 }]),
  ).slice().buffer;

describe('the early start-up of a schedule opened by its address', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    window.__taktEarlySchedule = undefined;
    localStorage.setItem(STORAGE_KEYS.token, 'token-1');
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    localStorage.setItem(`${STORAGE_KEYS.lastVersionPrefix}${SCHEDULE}`, VERSION);
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks for the version opened last, with the session and the language, once', async () => {
    fetchMock.mockImplementation(async () => new Response(bytes()));
    startEarlySchedule(at());
    startEarlySchedule(at());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/v1/space/${SPACE}/versions/${VERSION}/payload-binary`);
    expect(init.headers).toEqual({ Authorization: 'Bearer token-1', 'X-Language': 'en' });
    const early = takeEarlySchedule();
    expect(early).toMatchObject({ spaceId: SPACE, scheduleId: SCHEDULE, versionId: VERSION, worker: null });
    // No worker here: the bytes come as they are, for the page to decode.
    const payload = await early!.payload;
    expect(payload.bytes?.byteLength).toBeGreaterThan(0);
    expect(takeEarlySchedule()).toBeNull();
  });

  it('prefers the version named in the address, and asks for nothing without a session or elsewhere', () => {
    fetchMock.mockImplementation(async () => new Response(bytes()));
    startEarlySchedule(at(`?version=${OTHER}`));
    expect(fetchMock.mock.calls[0]![0]).toContain(`/versions/${OTHER}/`);
    window.__taktEarlySchedule = undefined;
    startEarlySchedule({ pathname: `/${SPACE}/cyclogram/${SCHEDULE}`, search: '' });
    expect(takeEarlySchedule()).toBeNull();
    window.__taktEarlySchedule = undefined;
    localStorage.removeItem(STORAGE_KEYS.token);
    startEarlySchedule(at());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('hands the page the version decoded; a refused request is the page’s to ask again', async () => {
    fetchMock.mockImplementation(async () => new Response(bytes()));
    startScheduleEarly(at());
    expect(takeEarlyPayload(SPACE, OTHER)).toBeNull();
    const loaded = await takeEarlyPayload(SPACE, VERSION)!;
    expect(loaded.model.count).toBe(1);
    expect(loaded.receivedAt).toBeGreaterThanOrEqual(loaded.startedAt);
    expect(takeEarlyPayload(SPACE, VERSION)).toBeNull();

    window.__taktEarlySchedule = undefined;
    fetchMock.mockImplementation(async () => new Response('{}', { status: 404 }));
    startScheduleEarly(at());
    await expect(takeEarlyPayload(SPACE, VERSION)).rejects.toThrow(/404/);
  });
});

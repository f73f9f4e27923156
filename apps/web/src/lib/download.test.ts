import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FailedCall } from './errors';

const reported: FailedCall[] = [];
vi.mock('./error-handler', () => ({ handleFailure: (failure: FailedCall) => reported.push(failure) }));

const { fetchFile } = await import('./download');

describe('fetchFile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    reported.length = 0;
  });

  it('returns the body and the response of a file the server wrote, sending the caller headers', async () => {
    const fetch = vi.fn(async () => new Response('pdf bytes', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const file = await fetchFile('/api/v1/x/print', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(await file?.blob.text()).toBe('pdf bytes');
    expect(file?.response.status).toBe(200);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(reported).toEqual([]);
  });

  it('reports an error status and a network failure, and gives null for both', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error_code: 'NotFound', error_message: 'missing' }, { status: 404 }),
    );
    expect(await fetchFile('/api/v1/x/print', { method: 'POST' })).toBeNull();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('network');
    });
    expect(await fetchFile('/api/v1/x/print', { method: 'POST' })).toBeNull();
    expect(reported.map((f) => [f.path, f.kind, f.status])).toEqual([
      ['/api/v1/x/print', 'server', 404],
      ['/api/v1/x/print', 'network', null],
    ]);
    expect(reported[0]?.code).toBe('NotFound');
  });
});

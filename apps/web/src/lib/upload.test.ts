import { afterEach, describe, expect, it, vi } from 'vitest';
import { postForm, postWithProgress } from './upload';

/** A stand-in XMLHttpRequest that records what is sent and lets the test play the server. */
class FakeRequest {
  static last: FakeRequest | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown = null;
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

function request(): FakeRequest {
  if (!FakeRequest.last) throw new Error('no request was made');
  return FakeRequest.last;
}

describe('postWithProgress', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeRequest.last = null;
  });

  it('posts the form, reports the share sent and resolves with the JSON of a 200', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const sent: number[] = [];
    const body = new FormData();
    const result = postWithProgress<{ id: string }>('/api/v1/upload', body, (fraction) =>
      sent.push(fraction),
    );
    expect([request().method, request().url, request().sent]).toEqual(['POST', '/api/v1/upload', body]);
    request().upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    request().upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    request().answer(200, '{"id":"m1"}');
    await expect(result).resolves.toEqual({ answer: { id: 'm1' } });
    expect(sent).toEqual([0.25]);
  });

  it('reads an error answer as a failure with its code, and an unreachable server as a network failure', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const refused = postWithProgress('/api/v1/upload', new FormData(), () => {});
    request().answer(413, '{"error_code":"FileTooLarge","error_message":["too large"]}');
    await expect(refused).resolves.toMatchObject({
      failure: { kind: 'server', status: 413, code: 'FileTooLarge', path: '/api/v1/upload' },
    });

    const unreachable = postWithProgress('/api/v1/upload', new FormData(), () => {});
    request().onerror?.();
    await expect(unreachable).resolves.toMatchObject({ failure: { kind: 'network' } });
  });

  it('takes a body that is not JSON as an answer without data', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const result = postWithProgress('/api/v1/upload', new FormData(), () => {});
    request().answer(500, '<html>gateway</html>');
    await expect(result).resolves.toMatchObject({ failure: { kind: 'server', status: 500, code: null } });
  });
});

describe('postForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the form and resolves with the JSON answer of a success', async () => {
    const fetch = vi.fn(async () => new Response('{"rows":2}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const body = new FormData();
    await expect(postForm('/api/v1/preview', body)).resolves.toEqual({ answer: { rows: 2 } });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect([path, init.method, init.body]).toEqual(['/api/v1/preview', 'POST', body]);
  });

  it('names a failure by the call name it was given, for an error answer and for a rejected fetch', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"error_code":"UnsupportedFileType"}', { status: 400 }));
    await expect(postForm('/api/v1/users/avatar', new FormData(), 'users.avatar')).resolves.toMatchObject({
      failure: { path: 'users.avatar', status: 400, code: 'UnsupportedFileType' },
    });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(postForm('/api/v1/preview', new FormData())).resolves.toMatchObject({
      failure: { path: '/api/v1/preview', kind: 'network' },
    });
  });
});

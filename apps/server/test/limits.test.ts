import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scheduleWithVersion, spaceForFile } from './fixtures';

const { t, s } = spaceForFile('limits', 'Пределы');
let scheduleId: string;
beforeAll(async () => {
  scheduleId = (await scheduleWithVersion(s.ok)).scheduleId;
});

const MB = 1024 * 1024;

interface Sent {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  /** bytes of the body written before the server answered or closed the connection */
  sent: number;
  /** the largest growth of this process's RSS (the server runs in it) while the body was sent */
  rssGrowth: number;
}

/**
 * Sends a body generated on the fly (never held whole), chunked unless `contentLength` is given:
 * `head`, then `total` bytes of `fill`, then `tail`. Resolves with the server's answer.
 */
function sendGenerated(
  path: string,
  options: {
    headers?: Record<string, string>;
    head?: string;
    tail?: string;
    total: number;
    fill?: number;
    contentLength?: number;
  },
): Promise<Sent> {
  const url = new URL(path, t.url);
  const chunk = Buffer.alloc(256 * 1024, options.fill ?? 0x61);
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 10);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string> = { 'x-language': 'en', ...options.headers };
    if (options.contentLength !== undefined) headers['content-length'] = String(options.contentLength);
    const req = request(url, { method: 'POST', headers }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        clearInterval(sampler);
        const text = Buffer.concat(parts).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          headers: res.headers,
          sent,
          rssGrowth: rssPeak - rssBefore,
        });
      });
    });
    req.on('error', (error) => {
      if (!answered) {
        clearInterval(sampler);
        reject(error);
      }
    });
    const write = async () => {
      const wrote = (data: Buffer | string) =>
        new Promise<void>((done) => {
          sent += Buffer.byteLength(data);
          if (req.write(data)) done();
          else req.once('drain', done);
        });
      if (options.head) await wrote(options.head);
      let left = options.total;
      while (left > 0 && !answered && !req.destroyed) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= part.length;
        await wrote(part);
      }
      if (!answered && !req.destroyed) {
        if (options.tail) await wrote(options.tail);
        req.end();
      }
    };
    write().catch(() => {});
  });
}

/** A JSON body of `total` bytes: `head`, a long run of filler (a string value), `tail`. */
const sendLongJson = (path: string, head: string, total: number, tail: string) =>
  sendGenerated(path, { headers: { 'content-type': 'application/json' }, head, total, tail });

describe('request bodies are bounded while they stream', () => {
  it('refuses a 100 MB chunked sign-in body with 413 early, holding little of it', async () => {
    const reply = await sendLongJson('/api/v1/auth/login', '{"login":"', 100 * MB, '","password":"x"}');
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({
      error_code: 'RequestTooLarge',
      error_message: 'The request is larger than 1 MB',
    });
    expect(reply.headers.connection).toBe('close');
    expect(reply.sent).toBeLessThan(40 * MB);
    expect(reply.rssGrowth).toBeLessThan(64 * MB);
  });

  it('refuses a declared Content-Length over the limit before reading it, in the caller language', async () => {
    const reply = await sendGenerated('/api/v1/auth/login', {
      headers: { 'content-type': 'application/json', 'x-language': 'ru' },
      contentLength: 300 * MB,
      total: 4 * MB,
    });
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ error_code: 'RequestTooLarge', error_message: 'Запрос больше 1 МБ' });
  });

  it('refuses an oversized tRPC body with tRPC’s error shape, single and batched', async () => {
    const single = await sendLongJson('/trpc/auth.login', '{"login":"', 3 * MB, '"}');
    expect(single.status).toBe(413);
    expect(single.body).toMatchObject({
      error: { data: { error_code: 'RequestTooLarge', httpStatus: 413, code: 'PAYLOAD_TOO_LARGE' } },
    });
    const batch = await sendLongJson(
      '/trpc/auth.login,users.whoAmI?batch=1',
      '{"0":{"login":"',
      3 * MB,
      '"}}',
    );
    expect(batch.status).toBe(413);
    expect(Array.isArray(batch.body)).toBe(true);
    expect((batch.body as unknown as unknown[]).length).toBe(2);
  });

  it('lets a procedure that declares a larger limit take a larger body', async () => {
    const ids = Array.from({ length: 50_000 }, (_, i) => `element-${String(i).padStart(16, '0')}`);
    const body = JSON.stringify({
      spaceId: s.spaceId,
      versionId: '00000000-0000-4000-8000-000000000000',
      modelId: '00000000-0000-4000-8000-000000000000',
      globalIds: ids,
      workIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(body.length).toBeGreaterThan(MB);
    const linked = await fetch(`${t.url}/trpc/bim.links.link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
      body,
    });
    expect(linked.status).not.toBe(413);
    const other = await fetch(`${t.url}/trpc/works.bulkUpdate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
      body,
    });
    expect(other.status).toBe(413);
  });

  it('refuses large bodies on unknown paths too', async () => {
    const reply = await sendGenerated('/no/such/page', { total: 5 * MB });
    expect(reply.status).toBe(413);
  });
});

describe('uploads stream to storage and are cut at their limit', () => {
  const boundary = '----takt-limits-boundary';
  const multipart = (fileName: string) => ({
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${s.token}`,
    },
    head: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    tail: `\r\n--${boundary}--\r\n`,
  });
  const spooled = async () => {
    const dir = join(t.server.services.config.filesDir, 'uploads');
    return readdir(dir).catch(() => [] as string[]);
  };

  it('cuts a 100 MB upload to an 8 MB route with 413, memory flat, nothing left in storage', async () => {
    const reply = await sendGenerated(
      `/api/v1/space/${s.spaceId}/schedules/${scheduleId}/versions/upload/synchronous`,
      {
        ...multipart('huge.csv'),
        total: 100 * MB,
      },
    );
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ error_code: 'FileTooLarge' });
    expect(reply.sent).toBeLessThan(50 * MB);
    expect(reply.rssGrowth).toBeLessThan(64 * MB);
    expect(await spooled()).toEqual([]);
  });

  it('answers a malformed multipart body with 400, not 500', async () => {
    const truncated = await sendGenerated(
      `/api/v1/space/${s.spaceId}/schedules/${scheduleId}/versions/upload`,
      {
        headers: multipart('a.csv').headers,
        head: multipart('a.csv').head,
        total: 1000,
      },
    );
    expect(truncated.status).toBe(400);
    expect(truncated.body).toMatchObject({ error_code: 'BadRequest' });
    const noBoundary = await sendGenerated(
      `/api/v1/space/${s.spaceId}/schedules/${scheduleId}/versions/upload`,
      {
        headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${s.token}` },
        total: 1000,
      },
    );
    expect(noBoundary.status).toBe(400);
    expect(await spooled()).toEqual([]);
  });

  it('still takes an upload within the limit, with its text fields', async () => {
    const form = new FormData();
    form.append('file', new Blob(['Name;Start\n']), 'rows.csv');
    form.append('name', 'Within');
    const reply = await t.api<{ error_code?: string }>(
      'POST',
      `/space/${s.spaceId}/schedules/${scheduleId}/versions/upload/synchronous`,
      undefined,
      { token: s.token, form },
    );
    // A CSV needs an upload rule: the procedure saw the file and its fields and answered for itself.
    expect(reply.status).toBe(400);
    expect(reply.body.error_code).toBe('ValidationError');
    expect(await spooled()).toEqual([]);
  });
});

describe('exports guard text a spreadsheet could run as a formula', () => {
  it('a work named =HYPERLINK(…) and coded @1 is exported to CSV behind a quote', async () => {
    const { versionId } = await scheduleWithVersion(s.ok);
    const name = '=HYPERLINK("http://evil.example","open")';
    await s.ok('POST', `/versions/${versionId}/wbs`, { name, code: '@1', durationMinutes: 480 });
    const file = await t.api<Uint8Array>(
      'POST',
      `/space/${s.spaceId}/versions/${versionId}/export/csv`,
      undefined,
      {
        token: s.token,
      },
    );
    expect(file.status).toBe(200);
    const text = new TextDecoder().decode(file.body);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""open"")"`);
    expect(text).toContain("'@1");
    expect(text.split(/\r?\n/).some((line) => /(^|;)"?=/.test(line))).toBe(false);
  });
});

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from './fixtures';

const t = serverForFile();

beforeAll(async () => {
  const dist = t.server.services.config.webDist;
  await mkdir(join(dist, 'assets'), { recursive: true });
});

describe('HTTP surface', () => {
  it('reports the database state in the health check', async () => {
    const reply = await t.api('GET', '/health-check');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'ok', database: { ok: true } });
  });

  it('puts security headers and a request id on every response', async () => {
    const response = await fetch(`${t.url}/api/v1/system-state`);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await response.json()).toMatchObject({ allowed_langs: ['ru', 'en', 'fr'] });
  });

  it('echoes a well-formed request id of the caller (a proxy trace id) and replaces a malformed one', async () => {
    const given = await fetch(`${t.url}/api/v1/system-state`, { headers: { 'x-request-id': 'trace-42=a' } });
    expect(given.headers.get('x-request-id')).toBe('trace-42=a');
    const bad = await fetch(`${t.url}/api/v1/system-state`, { headers: { 'x-request-id': 'a b<script>' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a response untouched to a client that takes no compression', async () => {
    const plain = await fetch(`${t.url}/api/v1/guide`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { sections: unknown[] }).sections.length).toBeGreaterThan(3);
  });

  it('compresses larger responses with brotli or gzip', async () => {
    const br = await fetch(`${t.url}/api/v1/guide`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const guide = (await br.json()) as { sections: { title: string }[] };
    expect(guide.sections.length).toBeGreaterThan(3);
    const gzip = await fetch(`${t.url}/api/v1/guide`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers every REST path, known or not, with the same headers and the catalogue error body', async () => {
    const unknown = await fetch(`${t.url}/api/v1/no/such/route?x=1`, { headers: { 'x-language': 'en' } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('error-type')).toBe('localized');
    expect(unknown.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(unknown.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await unknown.json()).toMatchObject({ error_code: 'NotFound' });
    const anonymous = await fetch(`${t.url}/api/v1/users/who-am-i`, { headers: { 'x-language': 'en' } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error_message: 'User is not authorized' });
    expect((await fetch(`${t.url}/api/v1`)).status).toBe(404);
  });

  it('answers HEAD like GET without a body, and marks compressed answers as varying by encoding', async () => {
    const head = await fetch(`${t.url}/api/v1/guide`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json');
    expect(await head.text()).toBe('');
    const br = await fetch(`${t.url}/api/v1/guide`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('vary')).toBe('accept-encoding');
    expect(Number(br.headers.get('content-length'))).toBeGreaterThan(0);
  });

  it('answers tRPC calls with the catalogue error shape', async () => {
    const response = await fetch(`${t.url}/trpc/users.whoAmI`, { headers: { 'x-language': 'en' } });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { message: string; data: Record<string, unknown> } };
    expect(body.error.data).toMatchObject({
      error_code: 'Unauthorized',
      error_message: 'User is not authorized',
      httpStatus: 401,
    });
  });

  it('serves the web app with an SPA fallback and long-cached hashed assets', async () => {
    const dist = t.server.services.config.webDist;
    const index = join(dist, 'index.html');
    const { existsSync } = await import('node:fs');
    if (!existsSync(index)) await writeFile(index, '<!doctype html><title>Takt</title>');
    await writeFile(
      join(dist, 'assets', 'probe-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))})`,
    );
    const page = await fetch(`${t.url}/some/space/route`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${t.url}/assets/probe-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect((await asset.text()).length).toBeGreaterThan(4000);
    // A big script's first request gets it compressed in milliseconds, not brotli 11's seconds; the strongest
    // compression, made meanwhile, is what later requests get.
    const words = ['const', 'return', 'schedule', 'work', 'relation', 'calendar', 'early', 'late', 'float'];
    let seed = 7;
    const pick = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return words[seed % words.length];
    };
    const lines = Array.from(
      { length: 12_000 },
      (_, i) => `export const v${i} = '${pick()} ${pick()} ${pick()} ${i % 97}';`,
    );
    const script = lines.join('\n');
    await writeFile(join(dist, 'assets', 'big-abc123.js'), script);
    const sizeOf = async () => {
      const response = await fetch(`${t.url}/assets/big-abc123.js`, { headers: { 'accept-encoding': 'br' } });
      expect(await response.text()).toBe(script);
      return Number(response.headers.get('content-length'));
    };
    const first = await sizeOf();
    expect(first).toBeGreaterThan(0);
    await expect.poll(sizeOf, { timeout: 30_000 }).toBeLessThan(first);
    const missingAsset = await fetch(`${t.url}/assets/missing.js`, { headers: { accept: '*/*' } });
    expect(missingAsset.status).toBe(404);
    const traversal = await fetch(`${t.url}/..%2f..%2fpackage.json`);
    expect(await traversal.text()).not.toContain('"workspaces"');
  });
});

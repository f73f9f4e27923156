import { describe, expect, it } from 'vitest';

/**
 * Error bodies carry the catalogue code and message only — no stack, server path or SQL — even when
 * the server runs in development mode, which is what this file sets before the server is loaded.
 */
process.env.NODE_ENV = 'development';
const { serverForFile } = await import('./fixtures');

const t = serverForFile();

function assertNothingInternal(text: string) {
  expect(text).not.toMatch(/"stack"/);
  expect(text).not.toMatch(/\/(work|home|tmp|src|node_modules)\//);
  expect(text).not.toMatch(/\.ts:\d+|prisma|SELECT|INSERT/i);
}

describe('no internals in error bodies', () => {
  it('an anonymous 401 over tRPC', async () => {
    const response = await fetch(`${t.url}/trpc/users.whoAmI`);
    expect(response.status).toBe(401);
    const text = await response.text();
    assertNothingInternal(text);
    expect(JSON.parse(text).error.data).toMatchObject({ error_code: 'Unauthorized', httpStatus: 401 });
  });

  it('a validation error, a missing row and a database refusal over tRPC', async () => {
    const { token } = await t.signUp('inspector');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const space = (await t.api<{ id: string }>('POST', '/space/create', { name: 'Errors' }, { token })).body;
    const calls = [
      { path: 'space.create', body: { name: 42 } },
      {
        path: 'space.setMemberRole',
        body: { spaceId: space.id, userId: crypto.randomUUID(), roleId: crypto.randomUUID() },
      },
      { path: 'auth.login', body: { login: 'x'.repeat(40), password: 'y' } },
    ];
    for (const call of calls) {
      const response = await fetch(`${t.url}/trpc/${call.path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(call.body),
      });
      expect(response.status, call.path).toBeGreaterThanOrEqual(400);
      expect(response.status, call.path).toBeLessThan(500);
      assertNothingInternal(await response.text());
    }
  });

  it('REST errors likewise', async () => {
    const reply = await t.api('GET', '/users/who-am-i');
    expect(reply.status).toBe(401);
    assertNothingInternal(JSON.stringify(reply.body));
  });
});

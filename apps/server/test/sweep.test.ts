import { ABILITIES } from '@takt/contracts';
import { describe, expect, it } from 'vitest';
import { REST_ROUTES } from '../src/rest/table';
import { appRouter } from '../src/trpc/router';
import type { Meta } from '../src/trpc/trpc';
import { serverForFile } from './fixtures';

type ProcedureDef = { _def: { meta?: Meta; type: 'query' | 'mutation' | 'subscription' } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>);

const t = serverForFile();

describe('every procedure declares how it is reached', () => {
  it.each(procedures.map(([path, p]) => [path, p._def.meta] as const))('%s', (_path, meta) => {
    expect(['public', 'authed', 'space']).toContain(meta?.access);
    if (meta?.access === 'space') expect(ABILITIES).toContain(meta.ability);
  });

  it('the REST table names only existing procedures, each method+path once', () => {
    const names = new Set(procedures.map(([path]) => path));
    for (const route of REST_ROUTES) expect(names, route.procedure).toContain(route.procedure);
    const keys = REST_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

/**
 * The sweep: a member of space B calls every space procedure on space A — through real HTTP, with
 * nothing but the space id as input — and must be refused with Forbidden. Procedures added by later
 * features are swept automatically, because the list comes from the router itself.
 */
describe('cross-space sweep', () => {
  const spaceProcedures = procedures.filter(([, p]) => p._def.meta?.access === 'space');

  it('has space procedures to sweep', () => {
    expect(spaceProcedures.length).toBeGreaterThan(15);
  });

  // Every space procedure once (over 300 of them): eight calls at a time, and a limit that grows with them.
  it('refuses every space procedure of space A to an administrator of space B', {
    timeout: 180_000,
  }, async () => {
    const alice = await t.signUp('alice');
    const bob = await t.signUp('bob');
    const a = await t.api<{ id: string }>('POST', '/space/create', { name: 'A' }, { token: alice.token });
    await t.api('POST', '/space/create', { name: 'B' }, { token: bob.token });
    const failures: string[] = [];
    const refused = async ([path, procedure]: (typeof spaceProcedures)[number]) => {
      const input = encodeURIComponent(JSON.stringify({ spaceId: a.body.id }));
      const response =
        procedure._def.type !== 'mutation'
          ? await fetch(`${t.url}/trpc/${path}?input=${input}`, {
              headers: { authorization: `Bearer ${bob.token}` },
            })
          : await fetch(`${t.url}/trpc/${path}`, {
              method: 'POST',
              headers: { authorization: `Bearer ${bob.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ spaceId: a.body.id }),
            });
      const body = (await response.json()) as { error?: { data?: { error_code?: string } } };
      if (response.status !== 403 || body.error?.data?.error_code !== 'Forbidden') {
        failures.push(`${path}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
      }
    };
    for (let at = 0; at < spaceProcedures.length; at += 8)
      await Promise.all(spaceProcedures.slice(at, at + 8).map(refused));
    expect(failures.sort()).toEqual([]);
    // Alice's space is untouched.
    expect(
      (await t.api('GET', `/space/${a.body.id}/settings`, undefined, { token: alice.token })).body,
    ).toMatchObject({ idleTimeoutMinutes: 30 });
  });
});

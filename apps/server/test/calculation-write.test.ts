import { decodeBinaryPayload, encodeBinaryPayload } from '@takt/schedule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionColumns } from '../src/domains/versions';
import { ownSpace } from './fixtures';
import { startTestServer, type TestServer } from './harness';

/**
 * A calculation reads the version's columns, calculates them (a big version in the calculation
 * thread), writes back only the rows whose stored results changed, and primes the payload cache with
 * the version as written. The payload a browser reloads afterwards must be exactly what reading the
 * version again gives — after a first calculation, after one edit, and when nothing changed.
 */
let t: TestServer;
let s: Awaited<ReturnType<typeof ownSpace>>;
beforeAll(async () => {
  t = await startTestServer();
  s = await ownSpace(t, 'calc-owner', 'Расчёт');
});
afterAll(() => t?.stop());

interface Run {
  calcStatus: number;
  works: number;
  changed: number;
  inWorker: boolean;
  phases: { readMs: number; calculateMs: number; writeMs: number };
}

async function servedPayload(versionId: string) {
  const reply = await t.api('GET', `/space/${s.spaceId}/versions/${versionId}/payload-binary`, undefined, {
    token: s.token,
  });
  expect(reply.status).toBe(200);
  return reply.body as unknown as Uint8Array;
}

/** The payload as reading the version again from PostgreSQL gives it, bypassing the cache. */
async function freshPayload(versionId: string) {
  return encodeBinaryPayload(await versionColumns(t.server.services.db.pool, s.spaceId, versionId));
}

describe.each([
  { label: 'a big version, in the calculation thread', works: 6_000, inWorker: true },
  { label: 'a small version, inline', works: 1_000, inWorker: false },
])('$label', ({ works, inWorker }) => {
  it('writes back only what changed and serves the version as written', async () => {
    const large = await s.ok<{ versionId: string }>('POST', '/demo/large-schedule', { works });
    const { versionId } = large;
    const calculate = () => s.ok<Run>('POST', `/versions/${versionId}/calculate`, {});
    const expectServedAsStored = async () => {
      const served = await servedPayload(versionId);
      const fresh = await freshPayload(versionId);
      expect(
        decodeBinaryPayload(served.buffer.slice(served.byteOffset, served.byteOffset + served.byteLength)),
      ).toEqual(
        decodeBinaryPayload(fresh.buffer.slice(fresh.byteOffset, fresh.byteOffset + fresh.byteLength)),
      );
    };

    const first = await calculate();
    expect(first).toMatchObject({ calcStatus: 1, works, inWorker });
    expect(first.changed).toBe(works);
    await expectServedAsStored();

    const again = await calculate();
    expect(again.changed).toBe(0);
    await expectServedAsStored();

    // One work a day longer: it and what follows it move, nothing else is written.
    const [edited] = await t.sql<{ id: string }>(
      `UPDATE works SET "durationMinutes" = "durationMinutes" + 480 WHERE id = (
         SELECT id FROM works WHERE "versionId" = $1 AND type = 'task' ORDER BY "sortKey", id LIMIT 1)
       RETURNING id`,
      [versionId],
    );
    expect(edited).toBeDefined();
    const stamps = await t.sql<{ id: string; xmin: string }>(
      `SELECT id, xmin::text FROM works WHERE "versionId" = $1`,
      [versionId],
    );
    const afterEdit = await calculate();
    expect(afterEdit.changed).toBeGreaterThan(0);
    expect(afterEdit.changed).toBeLessThan(works / 10);
    const restamped = await t.sql<{ id: string; xmin: string }>(
      `SELECT id, xmin::text FROM works WHERE "versionId" = $1`,
      [versionId],
    );
    const before = new Map(stamps.map((r) => [r.id, r.xmin]));
    expect(restamped.filter((r) => r.xmin !== before.get(r.id)).length).toBe(afterEdit.changed);
    await expectServedAsStored();
  });
});

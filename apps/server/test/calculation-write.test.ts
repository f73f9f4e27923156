import { randomUUID } from 'node:crypto';
import {
  applyDocumentChanges,
  type DocumentChanges,
  decodeBinaryPayload,
  encodeBinaryPayload,
  type ScheduleDocument,
  textOf,
} from '@takt/schedule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionColumns } from '../src/domains/versions';
import { ownSpace, trpcMutation } from './fixtures';
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
  phases: { readMs: number; calculateMs: number; writeMs: number; document: 'kept' | 'patched' | 'read' };
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
    // Counts the payloads the cache had to read again: none, when the calculation primed it.
    const cache = t.server.services.payloads;
    const get = cache.get.bind(cache);
    let reads = 0;
    cache.get = (key, fingerprintOf, encode) =>
      get(key, fingerprintOf, (fingerprint) => {
        reads++;
        return encode(fingerprint);
      });
    const expectServedAsStored = async () => {
      reads = 0;
      const served = await servedPayload(versionId);
      expect(reads).toBe(0);
      const fresh = await freshPayload(versionId);
      expect(decodeBinaryPayload(served)).toEqual(decodeBinaryPayload(fresh));
    };

    const first = await calculate();
    expect(first).toMatchObject({ calcStatus: 1, works, inWorker });
    expect(first.changed).toBe(works);
    await expectServedAsStored();

    const again = await calculate();
    expect(again.changed).toBe(0);
    await expectServedAsStored();

    // A work without successors and with days of float gets a day longer: it, the late dates and floats
    // of the works before it and the summaries above it move; the project's finish does not, and
    // nothing else is written.
    const [edited] = await t.sql<{ id: string }>(
      `UPDATE works SET "durationMinutes" = "durationMinutes" + 480 WHERE id = (
         SELECT w.id FROM works w WHERE w."versionId" = $1 AND w.type = 'task' AND w."totalFloat" > 5 * 480
           AND NOT EXISTS (SELECT 1 FROM relations r WHERE r."predecessorId" = w.id)
         ORDER BY w.id LIMIT 1)
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

describe('the document a process keeps of a version it edited or calculated', () => {
  it('is the version as stored: the next calculation starts from it, and the payload served is read from it', async () => {
    const { versionId } = await s.ok<{ versionId: string }>('POST', '/demo/large-schedule', { works: 1_000 });
    const calculate = () => s.ok<Run>('POST', `/versions/${versionId}/calculate`, {});
    const sameAsStored = async () =>
      expect(decodeBinaryPayload(await servedPayload(versionId))).toEqual(
        decodeBinaryPayload(await freshPayload(versionId)),
      );
    /**
     * A patched document holds the same texts, its string table the new ones added after the old ones
     * (a version read again has them in another order): the same as stored, texts compared as texts.
     */
    const sameAsStoredTexts = async () => {
      const served = decodeBinaryPayload(await servedPayload(versionId));
      const fresh = decodeBinaryPayload(await freshPayload(versionId));
      const texts = (doc: ScheduleDocument) => {
        const out: Record<string, unknown> = { ...doc, strings: null, stringIndex: null, rowOf: null };
        for (const name of ['code', 'name', 'unit', 'calendar', 'executor', 'curator'] as const)
          out[name] = Array.from(doc[name], (ref) => textOf(doc, ref));
        out.relations = {
          ...doc.relations,
          externalPredecessor: Array.from(doc.relations.externalPredecessor, (ref) => textOf(doc, ref)),
        };
        out.externals = {
          ...doc.externals,
          id: Array.from(doc.externals.id, (ref) => textOf(doc, ref)),
          calendar: Array.from(doc.externals.calendar, (ref) => textOf(doc, ref)),
        };
        return out;
      };
      expect(texts(served)).toEqual(texts(fresh));
    };
    expect((await calculate()).phases.document).toBe('read');
    await sameAsStored();
    expect((await calculate()).phases.document).toBe('kept');

    // A drag saved as one command: the edited work, its successors and the summaries above them change.
    const doc = decodeBinaryPayload(await servedPayload(versionId));
    const row = doc.type.findIndex((type, i) => type === 1 && i > doc.count / 2);
    const workId = doc.ids[row]!;
    const answer = await trpcMutation<{ changes: DocumentChanges | null }>(t, s.token, 'works.applyEdit', {
      spaceId: s.spaceId,
      versionId,
      revision: doc.versionRevision,
      commands: [{ kind: 'duration', workId, durationMinutes: doc.durationMinutes[row]! + 2880 }],
    });
    expect(answer.status).toBe(200);
    const { changes } = answer.result!;
    await sameAsStored();
    // The answer's changes bring the document the browser had to the version as saved.
    expect(changes).not.toBeNull();
    expect(changes!.workIds).toContain(workId);
    expect(applyDocumentChanges(doc, changes!, doc.versionRevision)).toBe(true);
    expect(doc).toEqual(decodeBinaryPayload(await servedPayload(versionId)));
    const after = await calculate();
    expect(after.phases.document).toBe('kept');
    expect(after.changed).toBe(0);
    await sameAsStored();

    // Changes the process did not make (another server, a script): the works they changed are read
    // into the kept document — a new name, executor and duration —, and a change of the hierarchy or of
    // the relations has the version read again.
    await t.sql(
      `UPDATE works SET "durationMinutes" = "durationMinutes" + 480, name = name || ' (изм.)', "executorId" = $2
       WHERE id = $1`,
      [workId, randomUUID()],
    );
    const patched = await calculate();
    expect(patched.phases.document).toBe('patched');
    expect(patched.changed).toBeGreaterThan(0);
    await sameAsStoredTexts();
    await t.sql(`UPDATE works SET "sortKey" = "sortKey" + 1 WHERE id = $1`, [workId]);
    expect((await calculate()).phases.document).toBe('read');
    await sameAsStored();
    await t.sql(
      `DELETE FROM relations WHERE id = (SELECT id FROM relations WHERE "successorId" = $1 LIMIT 1)`,
      [workId],
    );
    expect((await calculate()).phases.document).toBe('read');
    await sameAsStored();
  });
});

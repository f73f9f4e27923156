import { decodeBinaryPayload } from '@takt/schedule';
import { describe, expect, it } from 'vitest';
import { serverForFile } from './fixtures';

const t = serverForFile();

interface Summary {
  id: string;
  durationMinutes: number;
  progress: number;
  status: string;
  planStart: string | null;
  planFinish: string | null;
}

/**
 * The demo's residential schedule calculated: its summary rows show what their works add up to
 * (docs/product-rules.md, "Summary roll-ups") — in the stored rows that the grid, print and exports
 * read, and in the payload the browser loads.
 */
describe('summary roll-ups of the demo schedule', () => {
  it('the finished preparatory period is not 0 days, 0 %, not started: at first start, once calculated, after a grid edit', async () => {
    const { token } = await t.signUp('rollups-owner');
    const demo = await t.api<{ id: string }>('POST', '/space/create-demo', undefined, { token, lang: 'ru' });
    expect(demo.status).toBe(200);
    const spaceId = demo.body.id;
    const [version] = await t.sql<{ versionId: string }>(
      `SELECT v.id AS "versionId" FROM versions v JOIN works w ON w."versionId" = v.id
       WHERE v."spaceId" = $1 AND v.actual AND w.code = '1' AND w.name = 'Подготовительный период'`,
      [spaceId],
    );
    expect(version).toBeDefined();
    const { versionId } = version!;
    // At first start, before any calculation, the demo's summaries are rolled up already.
    const [seeded] = await t.sql<{ status: string; progress: number; durationMinutes: number }>(
      `SELECT status::text, progress, "durationMinutes" FROM works WHERE "versionId" = $1 AND code = '1'`,
      [versionId],
    );
    expect(seeded).toMatchObject({ status: 'completed', progress: 100 });
    expect(seeded!.durationMinutes).toBeGreaterThan(0);
    const payload = async () => {
      const reply = await t.api<Uint8Array>(
        'GET',
        `/space/${spaceId}/versions/${versionId}/payload-binary`,
        undefined,
        { token },
      );
      expect(reply.status).toBe(200);
      return decodeBinaryPayload(reply.body);
    };
    // The browser loads the same (the process kept no document of the rows before their roll-up).
    const first = await payload();
    const firstRow = first.ids.indexOf(
      (
        await t.sql<{ id: string }>(`SELECT id FROM works WHERE "versionId" = $1 AND code = '1'`, [versionId])
      )[0]!.id,
    );
    expect([first.durationMinutes[firstRow], first.progress[firstRow]]).toEqual([
      seeded!.durationMinutes,
      100,
    ]);
    const calculated = await t.api<{ calcStatus: number }>(
      'POST',
      `/space/${spaceId}/versions/${versionId}/calculate`,
      {},
      { token },
    );
    expect(calculated.status).toBe(200);

    const [prep] = await t.sql<Summary>(
      `SELECT id, "durationMinutes", progress, status::text, to_char("planStart", 'YYYY-MM-DD"T"HH24:MI') AS "planStart",
         to_char("planFinish", 'YYYY-MM-DD"T"HH24:MI') AS "planFinish"
       FROM works WHERE "versionId" = $1 AND code = '1'`,
      [versionId],
    );
    const children = await t.sql<{ durationMinutes: number; status: string }>(
      `SELECT "durationMinutes", status::text FROM works WHERE "parentId" = $1`,
      [prep!.id],
    );
    // The demo's preparatory works are all done before today.
    expect(children.length).toBeGreaterThan(1);
    expect(children.every((c) => c.status === 'completed')).toBe(true);
    expect(prep!.status).toBe('completed');
    expect(prep!.progress).toBe(100);
    // Its duration spans its works on its calendar: at least its longest work, at most every one in a row.
    const longest = Math.max(...children.map((c) => c.durationMinutes));
    const total = children.reduce((sum, c) => sum + c.durationMinutes, 0);
    expect(prep!.durationMinutes).toBeGreaterThanOrEqual(longest);
    expect(prep!.durationMinutes).toBeLessThanOrEqual(total);

    // No summary says "not started" while a work under it has started, nor "completed" while one has not.
    const [wrong] = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM works s WHERE s."versionId" = $1 AND s.type = 'sum' AND (
         (s.status = 'not_started' AND EXISTS (SELECT 1 FROM works c WHERE c."parentId" = s.id AND c.status <> 'not_started'))
         OR (s.status = 'completed' AND EXISTS (SELECT 1 FROM works c WHERE c."parentId" = s.id AND c.type <> 'draft' AND c.status <> 'completed')))`,
      [versionId],
    );
    expect(wrong!.n).toBe(0);
    const [started] = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM works WHERE "versionId" = $1 AND type = 'sum' AND status = 'in_progress'`,
      [versionId],
    );
    expect(started!.n).toBeGreaterThan(0);

    // The browser's payload carries the same values.
    const doc = await payload();
    const row = doc.rowOf.get(prep!.id)!;
    expect([doc.durationMinutes[row], doc.progress[row], doc.enums.status[doc.status[row]!]]).toEqual([
      prep!.durationMinutes,
      100,
      'completed',
    ]);

    // The grid's labour and cost columns: a summary has the sums of the works under it.
    const resources = await t.api<{ workId: string; names: string; labour: number; cost: number }[]>(
      'GET',
      `/space/${spaceId}/versions/${versionId}/assignment/summary`,
      undefined,
      { token },
    );
    expect(resources.status).toBe(200);
    const byWork = new Map(resources.body.map((r) => [r.workId, r]));
    const childIds = await t.sql<{ id: string }>(`SELECT id FROM works WHERE "parentId" = $1`, [prep!.id]);
    const childLabour = childIds.reduce((sum, c) => sum + (byWork.get(c.id)?.labour ?? 0), 0);
    const childCost = childIds.reduce((sum, c) => sum + (byWork.get(c.id)?.cost ?? 0), 0);
    expect(childCost).toBeGreaterThan(0);
    expect(byWork.get(prep!.id)).toMatchObject({ names: '' });
    expect(byWork.get(prep!.id)!.labour).toBeCloseTo(childLabour, 6);
    expect(byWork.get(prep!.id)!.cost).toBeCloseTo(childCost, 6);

    // Calculated again, nothing changes: the roll-ups are stored as computed.
    const again = await t.api<{ changed: number }>(
      'POST',
      `/space/${spaceId}/versions/${versionId}/calculate`,
      {},
      { token },
    );
    expect(again.body.changed).toBe(0);

    // A work's progress entered in the grid moves its summaries at once, before any calculation.
    const [work] = await t.sql<{ id: string; parentId: string; revision: number }>(
      `SELECT w.id, w."parentId", w.revision FROM works w JOIN works s ON s.id = w."parentId"
       WHERE w."versionId" = $1 AND w.type = 'task' AND w.status = 'not_started' AND s.status = 'not_started'
       ORDER BY w."sortKey" LIMIT 1`,
      [versionId],
    );
    expect(work).toBeDefined();
    const edited = await t.api(
      'PATCH',
      `/space/${spaceId}/versions/${versionId}/wbs/${work!.id}`,
      { revision: work!.revision, progress: 40, status: 'in_progress' },
      { token },
    );
    expect(edited.status).toBe(200);
    const [parent] = await t.sql<{ status: string; progress: number }>(
      `SELECT status::text, progress FROM works WHERE id = $1`,
      [work!.parentId],
    );
    expect(parent!.status).toBe('in_progress');
    expect(parent!.progress).toBeGreaterThan(0);
  });
});

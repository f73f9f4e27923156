import { describe, expect, it } from 'vitest';
import { fillProgrammes } from '../src/domains/demo/filler';
import { serverForFile } from './fixtures';

const t = serverForFile();

type Node = {
  id: string;
  kind: string;
  name: string;
  parentId: string | null;
  actualVersionId: string | null;
};

describe('the demo space', () => {
  it('shows resources, assignments, daily plans, timesheets, costs and a second project at first start', async () => {
    const { token, user } = await t.signUp('everything-shown');
    const started = performance.now();
    const demo = await t.api<{ id: string }>('POST', '/space/create-demo', undefined, { token, lang: 'ru' });
    const seedMs = performance.now() - started;
    expect(demo.status).toBe(200);
    const spaceId = demo.body.id;
    const ok = async <T>(method: string, path: string, body?: unknown) => {
      const reply = await t.api<T>(method, `/space/${spaceId}${path}`, body, { token });
      if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.body;
    };

    // Two projects under the facility, each with a schedule and a calculated actual version.
    const eps = await ok<Node[]>('GET', '/eps');
    const projects = eps.filter((n) => n.kind === 'project');
    expect(projects.map((p) => p.name)).toEqual(['Жилой дом, корпус 1', 'Подземный паркинг']);
    const schedules = eps.filter((n) => n.kind === 'schedule');
    expect(schedules).toHaveLength(2);
    expect(new Set(schedules.map((s) => s.parentId))).toEqual(new Set(projects.map((p) => p.id)));
    const [residential, parking] = projects.map((p) => schedules.find((s) => s.parentId === p.id)!);
    expect(residential!.actualVersionId && parking!.actualVersionId).toBeTruthy();

    // The directory: crews (labour, with rates and a head count), machines and materials, all priced —
    // beside the two resources the estimates feed works through, whose quantities are money and hours.
    const directory = await ok<
      { kind: string; code: string; price: number; unitsPerDay: number | null; unit: string }[]
    >('GET', '/resources');
    const fed = directory.filter((r) => r.code.startsWith('ESTIMATE-'));
    expect(fed.map((r) => [r.code, r.kind])).toEqual([
      ['ESTIMATE-COST', 'distributed_price'],
      ['ESTIMATE-LABOUR', 'labour'],
    ]);
    const resources = directory.filter((r) => !fed.includes(r));
    const byKind = (kind: string) => resources.filter((r) => r.kind === kind);
    expect(byKind('labour').length).toBeGreaterThan(15);
    expect(byKind('labour').every((r) => r.price > 0 && (r.unitsPerDay ?? 0) > 0)).toBe(true);
    expect(byKind('cost').map((r) => r.unit)).toEqual(['маш·ч', 'маш·ч', 'маш·ч', 'маш·ч']);
    expect(byKind('volume').length).toBeGreaterThanOrEqual(5);
    expect(resources.every((r) => r.price > 0)).toBe(true);

    for (const schedule of [residential!, parking!]) {
      const v = `/versions/${schedule.actualVersionId}`;
      const [counts] = await t.sql<{ assignments: number; done: number; wdp: number; facts: number }>(
        `SELECT (SELECT count(*)::int FROM assignments WHERE "versionId" = $1) AS assignments,
           (SELECT count(*)::int FROM assignments WHERE "versionId" = $1 AND "factQuantity" > 0) AS done,
           (SELECT count(*)::int FROM wdp_values WHERE "versionId" = $1) AS wdp,
           (SELECT count(*)::int FROM wdp_values WHERE "versionId" = $1 AND "factVolume" IS NOT NULL) AS facts`,
        [schedule.actualVersionId],
      );
      expect(counts!.assignments).toBeGreaterThan(schedule === residential ? 2500 : 20);
      expect(counts!.done).toBeGreaterThan(0);
      expect(counts!.done).toBeLessThan(counts!.assignments);

      // The histogram has rows and demand, the crews more than they can give somewhere: leveling has work.
      const histogram = await ok<{
        rows: { kind: string }[];
        plan: number[];
        overAllocations: unknown[];
      }>('GET', `${v}/histogram?period=week`);
      expect(histogram.rows.length).toBeGreaterThan(3);
      expect(histogram.plan.some((q) => q > 0)).toBe(true);
      if (schedule === residential) {
        // The estimates' cost reaches the residential building's works as a distributed price.
        expect(new Set(histogram.rows.map((r) => r.kind))).toEqual(
          new Set(['labour', 'cost', 'volume', 'distributed_price']),
        );
        expect(histogram.overAllocations.length).toBeGreaterThan(0);
        expect(counts!.wdp).toBeGreaterThan(100);
        expect(counts!.facts).toBeGreaterThan(0);
        expect(counts!.facts).toBeLessThan(counts!.wdp);
      }

      // Costs: the money columns of the resource settings hold the plan and fact per work and summary.
      const settings = await ok<{ planCostAttributeId: string | null; factCostAttributeId: string | null }>(
        'GET',
        `${v}/resource-settings`,
      );
      expect(settings.planCostAttributeId).toBeTruthy();
      const [costs] = await t.sql<{ plan: number; fact: number }>(
        `SELECT sum((v.value)::text::float8) FILTER (WHERE v."attributeId" = $2) AS plan,
           sum((v.value)::text::float8) FILTER (WHERE v."attributeId" = $3) AS fact
         FROM attribute_values v JOIN works w ON w.id = v."workId" WHERE w."versionId" = $1 AND w."parentId" IS NULL`,
        [schedule.actualVersionId, settings.planCostAttributeId, settings.factCostAttributeId],
      );
      expect(costs!.plan).toBeGreaterThan(costs!.fact);
      expect(costs!.fact).toBeGreaterThan(0);
    }

    // Timesheets: the executors' recent days, approved, submitted and draft; the creator curates them.
    const entries = await t.sql<{ status: string; n: number; curated: number }>(
      `SELECT e.status::text AS status, count(*)::int AS n, count(*) FILTER (WHERE w."curatorId" = $2)::int AS curated
       FROM timesheet_entries e JOIN works w ON w.id = e."workId" WHERE e."spaceId" = $1 GROUP BY e.status ORDER BY 1`,
      [spaceId, user.id],
    );
    expect(entries.map((e) => e.status)).toEqual(['draft', 'submitted', 'approved'].sort());
    expect(entries.every((e) => e.n > 0 && e.curated === e.n)).toBe(true);
    const curated = await ok<{ entries: unknown[] }>(
      'GET',
      `/versions/${residential!.actualVersionId}/timesheets?from=${daysAgo(14)}&to=${daysAgo(0)}&curated=true`,
    );
    expect(curated.entries.length).toBeGreaterThan(10);

    console.info(`demo space (with its BIM model) filled in ${Math.round(seedMs)} ms`);
  });

  it('is deterministic and quick: the programmes filled twice get the same quantities', async () => {
    const { token, user } = await t.signUp('twin-filler');
    const totals = [];
    for (const name of ['Близнец А', 'Близнец Б']) {
      const space = await t.api<{ id: string }>('POST', '/space/create', { name }, { token });
      expect(space.status).toBe(200);
      const client = await t.server.services.db.pool.connect();
      try {
        await client.query('BEGIN');
        const started = performance.now();
        await fillProgrammes(client, space.body.id, { executorIds: [user.id], curatorId: user.id });
        console.info(
          `programmes, resources, plans and timesheets filled in ${Math.round(performance.now() - started)} ms`,
        );
        const [row] = (
          await client.query(
            `SELECT (SELECT round(sum("planQuantity")::numeric, 2)::float8 FROM assignments WHERE "spaceId" = $1) AS plan,
               (SELECT round(sum("factQuantity")::numeric, 2)::float8 FROM assignments WHERE "spaceId" = $1) AS fact,
               (SELECT round(sum("factVolume")::numeric, 2)::float8 FROM wdp_values WHERE "spaceId" = $1) AS wdp,
               (SELECT sum(hours)::float8 FROM timesheet_entries WHERE "spaceId" = $1) AS hours,
               (SELECT sum(price)::float8 FROM resources WHERE "spaceId" = $1) AS prices`,
            [space.body.id],
          )
        ).rows;
        totals.push(row);
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    }
    expect(totals[0]).toEqual(totals[1]);
    expect(totals[0].plan).toBeGreaterThan(0);
    expect(totals[0].hours).toBeGreaterThan(0);
  });
});

function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

// The analytics of a big version (docs/product-rules.md, "Analytics"): at 10,000 and 100,000 works, a
// version calculated once and given what dashboards read — a resource of volume and a crew on every
// task, approved dates, progress and facts on the first third of the works, volumes, executors — then
// each call of a dashboard timed at the version's level and at the space's: the first call (cold: the
// database's pages of the version may not be in memory yet) and the median of three more (warm), and
// the whole standard dashboard as the browser asks for it (its calls at once); then, at the version's level,
// the whole dashboard after a change made outside this process (figured afresh) and after a calculation
// here (whose questions were figured again off the request, so the look only reads what is kept). First
// of all, the standard dashboard as the browser asks for it: the first look at a big version nobody has
// asked about (figured behind its calculation), and the look just after a change from outside (answered
// from what was kept, marked stale, current a moment later).
// S-curves on a distribution curve are timed against linear ones too, each figured afresh.
// Prints a table and, last, one JSON line. Figures, not a test: nothing here fails on a slow machine.
// Run: npx tsx bench/analytics.ts (BENCH_ANALYTICS_WORKS=10000,100000 sets the sizes).
import {
  analyticsRefreshed,
  homeOf,
  scopeBreakdown,
  scopeDeadlines,
  scopeIndicators,
  scopeRanking,
  scopeSeries,
  scopeVolumes,
  withFreshness,
} from '../src/domains/analytics';
import { calculateVersion } from '../src/domains/calculation';
import { generateLargeSchedule } from '../src/domains/demo/large';
import { benchDatabase, benchSpace, loadLine, printRows } from './bench-space';

const SIZES = (process.env.BENCH_ANALYTICS_WORKS ?? '10000,100000').split(',').map(Number);

const { db, close } = await benchDatabase();
const rows: Record<string, number | string>[] = [];
console.log(`before: ${loadLine()}`);

/** What a dashboard reads: progress, facts, approved dates, volumes, executors and two resources on every task. */
async function withAnalyticsData(spaceId: string, versionId: string) {
  await db.pool.query(
    `UPDATE works SET "approvedStart" = "planStart", "approvedFinish" = "planFinish" + interval '1 day',
       "planVolume" = 10 + ("sortKey" % 7), unit = CASE WHEN "sortKey" % 3 = 0 THEN 'м3' ELSE 'т' END,
       "executorId" = $2
     WHERE "versionId" = $1 AND type <> 'sum'`,
    [versionId, spaceId],
  );
  // The first third of the works (by planned start) done or under way, with their facts.
  await db.pool.query(
    `WITH ordered AS (SELECT id, row_number() OVER (ORDER BY "planStart") AS n, count(*) OVER () AS total
                      FROM works WHERE "versionId" = $1 AND type <> 'sum')
     UPDATE works w SET "factStart" = w."planStart",
       "factFinish" = CASE WHEN o.n * 4 < o.total THEN w."planFinish" END,
       progress = CASE WHEN o.n * 4 < o.total THEN 100 ELSE 50 END,
       status = (CASE WHEN o.n * 4 < o.total THEN 'completed' ELSE 'in_progress' END)::"WorkStatus",
       "factVolume" = CASE WHEN o.n * 4 < o.total THEN w."planVolume" ELSE w."planVolume" / 2 END
     FROM ordered o WHERE w.id = o.id AND o.n * 3 < o.total`,
    [versionId],
  );
  const { rows: resources } = await db.pool.query<{ id: string }>(
    `INSERT INTO resources (id, "spaceId", name, code, kind, unit, price, "updatedAt") VALUES
       (gen_random_uuid(), $1, 'Бетон', 'R-' || gen_random_uuid(), 'volume', 'м3', 95, now()),
       (gen_random_uuid(), $1, 'Бригада', 'R-' || gen_random_uuid(), 'labour', 'ч', 30, now())
     RETURNING id`,
    [spaceId],
  );
  for (const [i, resource] of resources.entries())
    await db.pool.query(
      `INSERT INTO assignments (id, "spaceId", "versionId", "workId", "resourceId", "planQuantity", "factQuantity", "updatedAt")
       SELECT gen_random_uuid(), $1, $2, w.id, $3, 8 + $4 * 8, CASE WHEN w."factStart" IS NOT NULL THEN 4 END, now()
       FROM works w WHERE w."versionId" = $2 AND w.type = 'task'`,
      [spaceId, versionId, resource.id, i],
    );
  await db.pool.query('ANALYZE');
}

try {
  const { spaceId, ctx } = await benchSpace(db, {
    withUser: true,
    abilities: ['schedule.calculate', 'timesheets.accept'],
  });
  for (const size of SIZES) {
    const { versionId } = await generateLargeSchedule(ctx, size);
    await calculateVersion(ctx, versionId);
    await withAnalyticsData(spaceId, versionId);
    // The standard dashboard as the browser asks it, each call told whether its answer is stale.
    const versionScope = { spaceId, level: 'version' as const, id: versionId };
    const look = async () => {
      const started = performance.now();
      const answers = await Promise.all([
        withFreshness(() => scopeIndicators(ctx, versionScope)),
        withFreshness(() => scopeSeries(ctx, { ...versionScope, measure: 'count', period: 'month' })),
        withFreshness(() => scopeSeries(ctx, { ...versionScope, measure: 'cost', period: 'month' })),
        withFreshness(() => scopeDeadlines(ctx, { ...versionScope, days: 14 })),
        withFreshness(() => scopeBreakdown(ctx, { ...versionScope, measure: 'cost', by: 'schedule' })),
        withFreshness(() => scopeBreakdown(ctx, { ...versionScope, measure: 'labour', by: 'schedule' })),
        withFreshness(() => scopeBreakdown(ctx, { ...versionScope, measure: 'cost', by: 'executor' })),
        withFreshness(() => scopeRanking(ctx, { ...versionScope, indicator: 'spi' })),
        withFreshness(() => scopeVolumes(ctx, versionScope)),
      ]);
      return { ms: Math.round(performance.now() - started), stale: answers.some((a) => a.stale) };
    };
    // Calculated with its data, nobody having asked: its dashboard is figured behind the calculation.
    await calculateVersion(ctx, versionId);
    const prefiguredStarted = performance.now();
    await analyticsRefreshed();
    const prefiguredMs = Math.round(performance.now() - prefiguredStarted);
    const first = await look();
    rows.push({
      works: size,
      scope: 'version',
      call: `first look, nobody having asked (figured ${prefiguredMs} ms behind its calculation)${first.stale ? ' STALE' : ''}`,
      coldMs: first.ms,
      warmMs: '',
    });
    // A change this process did not make: the look answers from what was kept, then is current once figured.
    await db.pool.query(
      `UPDATE works SET progress = 55 WHERE id = (SELECT id FROM works WHERE "versionId" = $1 AND status = 'in_progress' LIMIT 1)`,
      [versionId],
    );
    const changedStarted = performance.now();
    const changed = await look();
    let current = changed;
    while (current.stale) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = await look();
    }
    rows.push({
      works: size,
      scope: 'version',
      call: `look after an outside change (${changed.stale ? 'kept answers, stale' : 'figured'}; current after ${Math.round(performance.now() - changedStarted)} ms)`,
      coldMs: changed.ms,
      warmMs: current.ms,
    });
    const scopes = [
      { name: 'version', scope: { spaceId, level: 'version' as const, id: versionId } },
      { name: 'space', scope: { spaceId, level: 'space' as const, id: spaceId } },
    ];
    for (const { name, scope } of scopes) {
      const calls: [string, () => Promise<unknown>][] = [
        ['indicators', () => scopeIndicators(ctx, scope)],
        ['series count/month', () => scopeSeries(ctx, { ...scope, measure: 'count', period: 'month' })],
        ['series cost/week', () => scopeSeries(ctx, { ...scope, measure: 'cost', period: 'week' })],
        ['series volume/day', () => scopeSeries(ctx, { ...scope, measure: 'volume', period: 'day' })],
        ['breakdown cost/executor', () => scopeBreakdown(ctx, { ...scope, measure: 'cost', by: 'executor' })],
        [
          'breakdown labour/project',
          () => scopeBreakdown(ctx, { ...scope, measure: 'labour', by: 'project' }),
        ],
        ['volumes', () => scopeVolumes(ctx, scope)],
        ['deadlines', () => scopeDeadlines(ctx, { ...scope, days: 14 })],
        ['ranking', () => scopeRanking(ctx, { ...scope, indicator: 'spi' })],
        ...(name === 'space' ? ([['home', () => homeOf(ctx)]] as [string, () => Promise<unknown>][]) : []),
      ];
      const time = async (run: () => Promise<unknown>) => {
        const started = performance.now();
        await run();
        return Math.round(performance.now() - started);
      };
      for (const [label, run] of calls) {
        const cold = await time(run);
        const warm = [await time(run), await time(run), await time(run)].sort((a, b) => a - b)[1]!;
        rows.push({ works: size, scope: name, call: label, coldMs: cold, warmMs: warm });
      }
      // The standard dashboard: every widget's call at once, as the browser sends them.
      const dashboard = async () => {
        await Promise.all(calls.filter(([label]) => label !== 'series volume/day').map(([, run]) => run()));
      };
      const all = [await time(dashboard), await time(dashboard), await time(dashboard)].sort(
        (a, b) => a - b,
      )[1]!;
      rows.push({ works: size, scope: name, call: 'whole dashboard (at once)', coldMs: '', warmMs: all });
      if (name !== 'version') continue;
      // A change this process did not make (nothing kept holds): the whole dashboard figured afresh.
      const touch = () =>
        db.pool.query(
          `UPDATE works SET progress = CASE WHEN progress = 50 THEN 60 ELSE 50 END
           WHERE id = (SELECT id FROM works WHERE "versionId" = $1 AND status = 'in_progress' LIMIT 1)`,
          [versionId],
        );
      // S-curves on a distribution curve against linear ones, each figured afresh after a change from outside.
      for (const [label, measure, period] of [
        ['cost/week', 'cost', 'week'],
        ['volume/day', 'volume', 'day'],
      ] as const)
        for (const curve of [undefined, 'front_loaded', 'bell'] as const) {
          await touch();
          rows.push({
            works: size,
            scope: name,
            call: `series ${label} ${curve ?? 'linear'} (figured afresh)`,
            coldMs: await time(() => scopeSeries(ctx, { ...scope, measure, period, curve })),
            warmMs: await time(() => scopeSeries(ctx, { ...scope, measure, period, curve })),
          });
        }
      await touch();
      const afresh = await time(dashboard);
      // A change calculated here: the questions asked are figured again off the request, and the next look finds them.
      await touch();
      await calculateVersion(ctx, versionId);
      // From the calculation's end: a second's quiet, then the questions asked figured again.
      const refreshMs = await time(analyticsRefreshed);
      const afterCalculation = await time(dashboard);
      rows.push({
        works: size,
        scope: name,
        call: 'whole dashboard after an outside change (figured afresh)',
        coldMs: afresh,
        warmMs: '',
      });
      rows.push({
        works: size,
        scope: name,
        call: `whole dashboard after a calculation (figured again ${refreshMs} ms after it, off the request)`,
        coldMs: afterCalculation,
        warmMs: '',
      });
    }
  }
  printRows(rows);
} finally {
  await close();
}

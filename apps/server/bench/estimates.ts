// Estimates at size (docs/product-rules.md, "Estimates"): a local estimate of 50,000 lines (sections of 50 under
// parts, coefficients at every level) imported into a node through the domain (an ARPS file, one transaction,
// figured once), then recalculated: once after a coefficient on the whole estimate (every line's totals change
// and are stored) and once with nothing changed (figured, nothing written, the view answered). Then the
// estimate's compliance applied to a 100,000-work version: a volume code on every line matching a task, once
// counted only (dry run) and once for real (links made, the works fed: volumes, cost and labour assignments),
// and again with the links already there and nothing changed (read and compared, no row written).
// Prints a table and, last, one JSON line. Figures, not a test: nothing here fails on a slow machine.
// Run: npx tsx bench/estimates.ts (BENCH_ESTIMATE_LINES and BENCH_WORKS set the sizes).

import { writeEstimateArps } from '@takt/interchange';
import { sampleEstimate } from '@takt/interchange/testing';
import { generateLargeSchedule } from '../src/domains/demo/large';
import {
  applyCompliance,
  createCoefficient,
  createRule,
  importEstimate,
  recalculate,
} from '../src/domains/estimates';
import { benchDatabase, benchSpace, loadLine, printRows } from './bench-space';

const LINES = Number(process.env.BENCH_ESTIMATE_LINES ?? 50_000);
const WORKS = Number(process.env.BENCH_WORKS ?? 100_000);

const { db, close } = await benchDatabase();
const rows: Record<string, number | string>[] = [];
console.log(`before: ${loadLine()}`);

async function timed<T>(step: string, size: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  rows.push({ step, size, ms: Math.round(performance.now() - started) });
  return result;
}

try {
  const { ctx } = await benchSpace(db, { withUser: true });
  const { scheduleId, versionId, works } = await generateLargeSchedule(ctx, WORKS);
  const file = writeEstimateArps(sampleEstimate(LINES));
  const { estimateId } = await timed('import (ARPS file read, stored, figured)', `${LINES} lines`, () =>
    importEstimate(ctx, { nodeId: scheduleId, file: { name: 'bench.arp', data: file } }),
  );
  await db.pool.query('ANALYZE estimate_lines, estimate_sections, cost_coefficients');
  await timed(
    'recalculate after a coefficient on the whole estimate (all totals stored)',
    `${LINES} lines`,
    () =>
      createCoefficient(ctx, { estimateId, name: 'Bench index', kind: 'index', target: 'all', value: 1.05 }),
  );
  await timed('recalculate, nothing changed (figured, view answered)', `${LINES} lines`, () =>
    recalculate(ctx, estimateId),
  );

  // Every line's volume code is a task's code (in order), so that each line feeds one work.
  await db.pool.query(
    `WITH l AS (SELECT id, row_number() OVER (ORDER BY "sortKey", id) AS n FROM estimate_lines WHERE "estimateId" = $1),
          w AS (SELECT code, row_number() OVER (ORDER BY code) AS n FROM works WHERE "versionId" = $2 AND type = 'task')
     UPDATE estimate_lines e SET "volumeCode" = w.code FROM l JOIN w ON w.n = l.n WHERE e.id = l.id`,
    [estimateId, versionId],
  );
  await createRule(ctx, { estimateId, kind: 'volume_code', name: 'By volume code' });
  await db.pool.query('ANALYZE');
  const size = `${LINES} lines, ${works} works`;
  const dry = await timed('compliance counted (dry run)', size, () =>
    applyCompliance(ctx, { estimateId, versionId, dryRun: true }),
  );
  const applied = await timed('compliance applied (links made, works fed)', size, () =>
    applyCompliance(ctx, { estimateId, versionId }),
  );
  await timed('compliance applied again (nothing changed, no row written)', size, () =>
    applyCompliance(ctx, { estimateId, versionId }),
  );
  console.log(
    `dry run: ${dry.linked} links; applied: ${applied.linked} links, ${applied.works} works, ${applied.missing.length} missing codes`,
  );
  printRows(rows);
} finally {
  await close();
}

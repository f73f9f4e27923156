/**
 * The schedule analysis (`@takt/engine`'s `analyseSchedule`, docs/product-rules.md, "Schedule assistant")
 * on the shared sample files as the readers take them in: the approved dates are the files' baseline
 * dates, the works with resources those with an assignment the reader kept. Each count is explained.
 */
import { analyseSchedule, NO_TIME, timeFromIso } from '@takt/engine';
import { describe, expect, it } from 'vitest';
import { toEngineProject } from './calculation/to-engine.js';
import { readProjectFile } from './read.js';
import { sample } from './testdata.js';

async function analysed(file: string) {
  const p = await readProjectFile(sample(file));
  const { project, options } = toEngineProject(p);
  const n = project.works.length;
  const approvedStart = new Int32Array(n).fill(NO_TIME);
  const approvedFinish = new Int32Array(n).fill(NO_TIME);
  const index = new Map(project.works.map((w, i) => [w.id, i]));
  for (const a of p.activities) {
    const i = index.get(a.id)!;
    if (a.baselineStart) approvedStart[i] = timeFromIso(a.baselineStart);
    if (a.baselineFinish) approvedFinish[i] = timeFromIso(a.baselineFinish);
  }
  const withResources = new Set(p.assignments.map((x) => x.activityId));
  const analysis = analyseSchedule(project, options, { approvedStart, approvedFinish, withResources });
  const code = (id: string) => p.activities.find((a) => a.id === id)?.code ?? id;
  const checks = Object.fromEntries(
    analysis.checks.map((c) => [
      c.id,
      { status: c.status, count: c.count, of: c.population, works: c.workIds.map(code) },
    ]),
  );
  return { analysis, checks };
}

describe('schedule analysis of the P6 samples', () => {
  it('xer/PredecessorCalendar.xer: its one activity is complete, so only the look-back checks apply', async () => {
    const { analysis, checks } = await analysed('xer/PredecessorCalendar.xer');
    // A1000 (3 days, TK_Complete, baseline finish 2019-06-12 17:00, data date 2019-10-02) is no "task" of
    // the DCMA's: complete. No relations. So logic, leads, lags, types, constraints, floats, duration,
    // resources, the critical path test and CPLI have nothing to measure.
    expect([analysis.taskCount, analysis.relationCount]).toEqual([0, 0]);
    const applicable = analysis.checks.filter((c) => c.status !== 'not_applicable').map((c) => c.id);
    expect(applicable).toEqual(['invalid_dates', 'missed_tasks', 'bei', 'out_of_sequence']);
    // It finished on its baseline finish, before the data date: not missed, BEI 1 of 1; its actual
    // dates are before the data date; it has no predecessor to be out of sequence with.
    expect(checks.missed_tasks).toEqual({ status: 'pass', count: 0, of: 1, works: [] });
    expect(analysis.checks.find((c) => c.id === 'bei')?.value).toBe(1);
    expect(checks.invalid_dates).toEqual({ status: 'pass', count: 0, of: 1, works: [] });
    expect([analysis.score, analysis.dcmaPassed, analysis.dcmaApplicable]).toEqual([100, 3, 3]);
  });

  it('p6xml/PredecessorCalendar.xml: the same activity without a baseline — only its dates are checked', async () => {
    const { analysis, checks } = await analysed('p6xml/PredecessorCalendar.xml');
    expect(checks.invalid_dates).toEqual({ status: 'pass', count: 0, of: 1, works: [] });
    // No baseline dates in the PMXML: missed tasks and BEI are not applicable.
    expect([checks.missed_tasks?.status, checks.bei?.status]).toEqual(['not_applicable', 'not_applicable']);
    expect([analysis.dcmaPassed, analysis.dcmaApplicable]).toEqual([1, 1]);
  });
});

describe('schedule analysis of an MS Project network', () => {
  it('mspdi/task-links-project2019-mspdi.xml: eight unconnected pairs of manually scheduled one-day tasks', async () => {
    const { analysis, checks } = await analysed('mspdi/task-links-project2019-mspdi.xml');
    const all = Array.from({ length: 16 }, (_, k) => String(k + 1));
    expect([analysis.taskCount, analysis.relationCount]).toEqual([16, 8]);
    // Each task has one link: the first of a pair no predecessor, the second no successor.
    expect(checks.logic).toEqual({ status: 'fail', count: 16, of: 16, works: all });
    expect(checks.open_ends?.count).toBe(16);
    // Lags on seven links (1→2 has none), all non-negative; 11→12 SF, 13→14 SS, 15→16 FF: 5 of 8 FS.
    expect(checks.lags).toEqual({
      status: 'fail',
      count: 7,
      of: 8,
      works: ['4', '6', '8', '10', '12', '14', '16'],
    });
    expect(checks.leads?.count).toBe(0);
    expect(checks.relationship_types).toEqual({ status: 'fail', count: 3, of: 8, works: ['12', '14', '16'] });
    // Every task is manually scheduled (Manual = 1): held at its recorded start, like a "start on".
    expect(checks.hard_constraints).toEqual({ status: 'fail', count: 16, of: 16, works: all });
    // One-day tasks within a fortnight: no high float, duration or negative float.
    expect([checks.high_float?.count, checks.high_duration?.count, checks.negative_float?.count]).toEqual([
      0, 0, 0,
    ]);
    // The file's 16 assignments are MS Project's "unassigned" placeholders (resource -65535), which the
    // reader does not keep: no task has a resource.
    expect(checks.resources).toEqual({ status: 'fail', count: 16, of: 16, works: all });
    // 9 → 10 (FS, 10 days' lag) ends last and is critical; 600 days more on 9 do not move 10 — manually
    // scheduled — so the finish moves by 589 days only (9's own new finish): the test fails, as it should
    // where links do not drive.
    expect(checks.critical_path_test).toEqual({ status: 'fail', count: 1, of: 1, works: ['9'] });
    expect(analysis.checks.find((c) => c.id === 'critical_path_test')?.value).toBe(589);
    // No baseline, no data date, no progress: CPLI, BEI, missed tasks, erosion, drift do not apply.
    for (const id of ['cpli', 'bei', 'missed_tasks', 'float_erosion', 'finish_drift', 'out_of_sequence'])
      expect([id, checks[id]?.status]).toEqual([id, 'not_applicable']);
    expect([analysis.dcmaPassed, analysis.dcmaApplicable]).toEqual([5, 11]);
  });
});

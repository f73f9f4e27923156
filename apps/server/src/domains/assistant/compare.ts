import type { AnalysisCheck, ScheduleAnalysis } from '@takt/engine';

type Change = 'better' | 'worse' | 'same';

const brief = (check: AnalysisCheck | undefined) =>
  check
    ? {
        status: check.status,
        count: check.count,
        percent: check.percent,
        value: check.value,
        score: check.score,
      }
    : null;

/**
 * Whether a check got better or worse from one run to the next: by its score; at the same score (both
 * passing, say) by what it measures — fewer works found, a larger share of FS links, a higher index.
 */
function changeOf(before: AnalysisCheck | undefined, after: AnalysisCheck): Change {
  if (!before) return 'same';
  if (before.score !== null && after.score !== null && before.score !== after.score)
    return after.score > before.score ? 'better' : 'worse';
  if (before.status === 'not_applicable' || after.status === 'not_applicable') return 'same';
  const sign = (d: number) => (d > 0 ? 'better' : d < 0 ? 'worse' : 'same');
  if (after.kind === 'min_percent') return sign((after.percent ?? 0) - (before.percent ?? 0));
  if (after.kind === 'min_index') return sign((after.value ?? 0) - (before.value ?? 0));
  if (after.kind === 'test') return 'same';
  return sign(before.count - after.count);
}

/**
 * What changed between two runs of the analysis (`before` the earlier): the overall score, and per check
 * its figures then and now, whether it improved or worsened, and the listed works that joined or left it.
 */
export function compareAnalyses(
  before: ScheduleAnalysis,
  after: ScheduleAnalysis,
  beforeRun: { id: string; createdAt: string },
) {
  const then = new Map(before.checks.map((c) => [c.id, c]));
  const checks = after.checks.map((check) => {
    const old = then.get(check.id);
    const oldIds = new Set(old?.workIds ?? []);
    const newIds = new Set(check.workIds);
    return {
      id: check.id,
      before: brief(old),
      after: brief(check),
      change: changeOf(old, check),
      added: check.workIds.filter((id) => !oldIds.has(id)),
      resolved: (old?.workIds ?? []).filter((id) => !newIds.has(id)),
    };
  });
  return {
    otherRunId: beforeRun.id,
    otherCreatedAt: beforeRun.createdAt,
    score: { before: before.score, after: after.score, change: after.score - before.score },
    improved: checks.filter((c) => c.change === 'better').map((c) => c.id),
    worsened: checks.filter((c) => c.change === 'worse').map((c) => c.id),
    checks,
  };
}

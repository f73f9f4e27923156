import type { AnalyticsScope } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { onVersionChanged, type VersionChange } from '../../live/version-changes';
import { questionsAbout, slowVersion } from './cache';
import { SHEETS } from './export';
import { listPresets } from './presets';

/** How long a version stays unchanged before its questions are figured again (edits come in bursts). */
const QUIET_MS = 1_000;
const waiting = new Map<string, ReturnType<typeof setTimeout>>();
let refreshing: Promise<unknown> = Promise.resolve();

/**
 * The dashboard of a version, figured as `by` would see it: every widget of that member's dashboard
 * (their own active preset, else the space's, else the standard one) at the version's level. The
 * schedule's and its project's levels ask the same questions of the same version, so they find them too.
 */
async function figureDashboard(by: SpaceContext, versionId: string) {
  const { dashboard } = await listPresets(by);
  const scope: AnalyticsScope = { spaceId: by.space.spaceId, level: 'version', id: versionId };
  const t = (id: string) => id;
  for (const make of new Set(dashboard.layout.widgets.map((w) => SHEETS[w])))
    await make(by, scope, t, dashboard.layout);
}

/**
 * After a version changed in this process, the questions lately asked about it (at any scope that holds
 * it) are figured again once it has been quiet for a moment, one after another, so that the dashboards
 * that show them answer from what is kept. A big version just calculated that nobody has asked about
 * yet has its dashboard figured, so that the first look at it does not wait. A question whose figuring
 * fails is left to its next asker.
 */
function refreshAfterChange({ versionId, by, works }: VersionChange) {
  clearTimeout(waiting.get(versionId));
  const timer = setTimeout(() => {
    waiting.delete(versionId);
    const questions = questionsAbout(versionId);
    refreshing = refreshing.then(async () => {
      if (!questions.length && works !== undefined && slowVersion(works))
        await figureDashboard(by, versionId).catch(() => undefined);
      for (const again of questions) await again().catch(() => undefined);
    });
  }, QUIET_MS);
  timer.unref();
  waiting.set(versionId, timer);
}

onVersionChanged(refreshAfterChange);

/** Resolves when the figuring started by changes so far is done (for tests and benchmarks). */
export async function analyticsRefreshed(): Promise<void> {
  while (waiting.size) await new Promise((resolve) => setTimeout(resolve, QUIET_MS / 4));
  await refreshing;
}

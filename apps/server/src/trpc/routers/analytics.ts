import {
  analyticsBreakdownInput,
  analyticsDeadlinesInput,
  analyticsRankingInput,
  analyticsScope,
  analyticsSeriesInput,
  createScoreboardInput,
  curveInput,
  exportDashboardInput,
  moveScoreboardInput,
  presetInput,
  saveCurveInput,
  saveCurveSettingsInput,
  savePresetInput,
  scoreboardInput,
  setPresetActiveInput,
  spaceInput,
  updateScoreboardInput,
  versionInput,
} from '@takt/contracts';
import type { SpaceContext } from '../../context';
import * as analytics from '../../domains/analytics';
import { router, spaceMutation, spaceQuery } from '../trpc';

/** A dashboard's call, its answer saying whether part of it is being figured again (`stale`). */
const told =
  <I, R extends object>(run: (ctx: SpaceContext, input: I) => Promise<R>) =>
  (ctx: SpaceContext, input: I) =>
    analytics.withFreshness(() => run(ctx, input));

/**
 * Analytics (API: analytics at space, facility, project, schedule and version level; presets; home):
 * figures of schedules need `schedule.view`; shared presets `analytics.manage` (checked in the domain,
 * since one call writes both kinds).
 */
export const analyticsRouter = router({
  indicators: spaceQuery('schedule.view', analyticsScope, told(analytics.scopeIndicators)),
  versionIndicators: spaceMutation('schedule.view', versionInput, analytics.versionIndicators),
  series: spaceQuery('schedule.view', analyticsSeriesInput, told(analytics.scopeSeries)),
  breakdown: spaceQuery('schedule.view', analyticsBreakdownInput, told(analytics.scopeBreakdown)),
  volumes: spaceQuery('schedule.view', analyticsScope, told(analytics.scopeVolumes)),
  deadlines: spaceQuery('schedule.view', analyticsDeadlinesInput, told(analytics.scopeDeadlines)),
  ranking: spaceQuery('schedule.view', analyticsRankingInput, told(analytics.scopeRanking)),
  export: spaceQuery('export', exportDashboardInput, analytics.exportDashboard),
  print: spaceQuery('export', exportDashboardInput, analytics.printDashboard),
  home: spaceQuery(
    'schedule.view',
    spaceInput,
    told((ctx) => analytics.homeOf(ctx)),
  ),
  presets: router({
    list: spaceQuery('schedule.view', spaceInput, (ctx) => analytics.listPresets(ctx)),
    save: spaceMutation('schedule.view', savePresetInput, analytics.savePreset),
    setActive: spaceMutation('schedule.view', setPresetActiveInput, analytics.setPresetActive),
    delete: spaceMutation('schedule.view', presetInput, analytics.deletePreset),
  }),
  /** Curves of the S-curves (API analytics curved settings): seen by all, written by whoever manages analytics. */
  curves: router({
    list: spaceQuery('schedule.view', spaceInput, (ctx) => analytics.listCurves(ctx)),
    save: spaceMutation('analytics.manage', saveCurveInput, analytics.saveCurve),
    delete: spaceMutation('analytics.manage', curveInput, analytics.deleteCurve),
  }),
  /** The space's analytic settings: which curves spread the plans. */
  settings: router({
    get: spaceQuery('schedule.view', spaceInput, (ctx) => analytics.curveSettingsOf(ctx)),
    save: spaceMutation('analytics.manage', saveCurveSettingsInput, analytics.saveCurveSettings),
  }),
  /** Scoreboards: seen by whoever sees schedules, arranged by whoever manages analytics. */
  scoreboards: router({
    list: spaceQuery('schedule.view', spaceInput, (ctx) => analytics.listScoreboards(ctx)),
    get: spaceQuery('schedule.view', scoreboardInput, analytics.getScoreboard),
    create: spaceMutation('analytics.manage', createScoreboardInput, analytics.createScoreboard),
    update: spaceMutation('analytics.manage', updateScoreboardInput, analytics.updateScoreboard),
    delete: spaceMutation('analytics.manage', scoreboardInput, analytics.deleteScoreboard),
    up: spaceMutation('analytics.manage', moveScoreboardInput, (ctx, input) =>
      analytics.moveOnScoreboard(ctx, input, -1),
    ),
    down: spaceMutation('analytics.manage', moveScoreboardInput, (ctx, input) =>
      analytics.moveOnScoreboard(ctx, input, 1),
    ),
  }),
});

import { z } from 'zod';
import { id } from './api';
import { curveRef } from './curves';
import { requiredText } from './validation';

/**
 * Analytics (API: analytics at space, facility, project, schedule and version level; dashboards,
 * presets, the scoreboard). What a scope holds is the actual version of every schedule under it (the
 * latest version of a schedule that has none marked actual); a version scope is that version alone.
 * docs/product-rules.md, "Analytics", says how each figure is computed.
 */
export const ANALYTICS_LEVELS = ['space', 'facility', 'project', 'schedule', 'version'] as const;
export type AnalyticsLevel = (typeof ANALYTICS_LEVELS)[number];

/** What a time series or an S-curve measures. */
export const ANALYTICS_MEASURES = ['count', 'volume', 'labour', 'cost'] as const;
export type AnalyticsMeasure = (typeof ANALYTICS_MEASURES)[number];

/** The periods a series is summed by (a day is a calendar day of the dates as stored). */
export const ANALYTICS_PERIODS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** What cost and labour are broken down by. */
export const ANALYTICS_BREAKDOWNS = [
  'project',
  'schedule',
  'executor',
  'specialty',
  'resource',
  'resourceKind',
] as const;
export type AnalyticsBreakdown = (typeof ANALYTICS_BREAKDOWNS)[number];

/** The indicators a ranking (project ranking widget, scoreboard) can order by. */
export const RANKING_INDICATORS = [
  'spi',
  'cpi',
  'percentFact',
  'percentLag',
  'finishDelayDays',
  'overdue',
  'critical',
  'negativeFloat',
] as const;
export type RankingIndicator = (typeof RANKING_INDICATORS)[number];

/** The dashboard widgets (the spec's list), in the default order of a new dashboard. */
export const DASHBOARD_WIDGETS = [
  'indicators',
  'progress',
  'cumulative',
  'deadlines',
  'cost',
  'projects',
  'ranking',
  'breakdown',
  'volume',
] as const;
export type DashboardWidget = (typeof DASHBOARD_WIDGETS)[number];

export const ANALYTICS_LIMITS = {
  /** Periods of one series at most: a finer period over a longer span is answered by the next coarser one. */
  maxPeriods: 400,
  /** Rows of a breakdown (the rest summed as one "other" row). */
  maxBreakdownRows: 20,
  /** Works a deadlines list names (the counts cover them all). */
  maxDeadlines: 50,
  /** Days ahead a deadlines list looks. */
  maxDeadlineDays: 366,
  /** Presets of one space (shared and personal together). */
  maxPresets: 100,
} as const;

/** One scope of analytics: a level and the id of its space, EPS node or version. */
export const analyticsScope = z.object({
  spaceId: id,
  level: z.enum(ANALYTICS_LEVELS),
  id,
});
export type AnalyticsScope = z.infer<typeof analyticsScope>;

export const analyticsSeriesInput = analyticsScope.extend({
  measure: z.enum(ANALYTICS_MEASURES).default('count'),
  period: z.enum(ANALYTICS_PERIODS).default('month'),
  /** For `volume`: the unit summed (volumes of different units do not add up); the most used one when absent. */
  unit: z.string().max(16).optional(),
  /** How the plan and the approved plan spread each work's quantity: the space's curve settings when absent. */
  curve: curveRef.optional(),
});

export const analyticsBreakdownInput = analyticsScope.extend({
  measure: z.enum(['cost', 'labour']).default('cost'),
  by: z.enum(ANALYTICS_BREAKDOWNS).default('project'),
});

export const analyticsDeadlinesInput = analyticsScope.extend({
  days: z.number().int().min(0).max(ANALYTICS_LIMITS.maxDeadlineDays).default(14),
});

export const analyticsRankingInput = analyticsScope.extend({
  indicator: z.enum(RANKING_INDICATORS).default('spi'),
});

/** A dashboard's layout: the widgets shown, in order. */
export const dashboardLayout = z.object({
  widgets: z
    .array(z.enum(DASHBOARD_WIDGETS))
    .max(DASHBOARD_WIDGETS.length)
    .refine((w) => new Set(w).size === w.length, { message: 'duplicate widget' }),
  measure: z.enum(ANALYTICS_MEASURES).default('count'),
  period: z.enum(ANALYTICS_PERIODS).default('month'),
  breakdown: z.enum(ANALYTICS_BREAKDOWNS).default('executor'),
  ranking: z.enum(RANKING_INDICATORS).default('spi'),
  /** The curve the S-curves open with: the space's curve settings when absent. */
  curve: curveRef.optional(),
});
export type DashboardLayout = z.infer<typeof dashboardLayout>;

export const DEFAULT_DASHBOARD: DashboardLayout = {
  widgets: [...DASHBOARD_WIDGETS],
  measure: 'count',
  period: 'month',
  breakdown: 'executor',
  ranking: 'spi',
};

/** Saves an analytic preset: shared with the space (needs `analytics.manage`) or the user's own. */
export const savePresetInput = z.object({
  spaceId: id,
  presetId: id.optional(),
  name: requiredText,
  shared: z.boolean().default(false),
  layout: dashboardLayout,
  revision: z.number().int().min(1).optional(),
});
export const presetInput = z.object({ spaceId: id, presetId: id });
/** Makes a preset the active one of its kind (shared or the user's own), or not active. */
export const setPresetActiveInput = presetInput.extend({ active: z.boolean() });

/** Scoreboards (API scoreboards, with up and down): a space's projects ranked by chosen indicators. */
export const SCOREBOARD_LIMITS = {
  maxScoreboards: 50,
  maxIndicators: RANKING_INDICATORS.length,
} as const;

const scoreboardIndicators = z
  .array(z.enum(RANKING_INDICATORS))
  .min(1)
  .max(SCOREBOARD_LIMITS.maxIndicators)
  .refine((list) => new Set(list).size === list.length, { message: 'duplicate indicator' });

export const scoreboardInput = z.object({ spaceId: id, scoreboardId: id });
export const createScoreboardInput = z.object({
  spaceId: id,
  name: requiredText,
  indicators: scoreboardIndicators,
});
/** Renames a scoreboard, changes its indicators, or (`resetOrder`) gives its order back to the ranking. */
export const updateScoreboardInput = scoreboardInput.extend({
  name: requiredText.optional(),
  indicators: scoreboardIndicators.optional(),
  resetOrder: z.boolean().optional(),
  revision: z.number().int().min(1),
});
/** Moves a project one place up or down the scoreboard (its order is kept from then on). */
export const moveScoreboardInput = scoreboardInput.extend({ projectId: id });

/** A dashboard's figures (or one widget's) as a file; `widgets` also as a comma-separated list in a query string. */
export const exportDashboardInput = analyticsScope.extend({
  widgets: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
    z.array(z.enum(DASHBOARD_WIDGETS)).min(1).max(DASHBOARD_WIDGETS.length),
  ),
});

import { z } from 'zod';
import { id } from './api';
import { VALIDATION } from './messages';
import { requiredText } from './validation';

/**
 * Distribution curves of the S-curves (API: analytics curved settings; docs/product-rules.md, "Analytics",
 * "Curves"): how a work's planned quantity is spread over its span. A curve is 21 values: the first is what
 * falls at the very start of the span, each next one the share of the next 5 % of the span. The values are
 * kept normalised, summing to 100.
 */
export const CURVE_POINTS = 21;

/** The curves every space has, Linear first (spread evenly: what a series does without a curve). */
export const BUILT_IN_CURVES = [
  'linear',
  'front_loaded',
  'back_loaded',
  'bell',
  'early_peak',
  'late_peak',
  'double_peak',
  'three_phase',
] as const;
export type BuiltInCurve = (typeof BUILT_IN_CURVES)[number];

/** The shares (%) of the twenty 5 % segments of each built-in curve, nothing at the very start. */
const SEGMENTS: Record<BuiltInCurve, readonly number[]> = {
  linear: Array.from({ length: 20 }, () => 5),
  front_loaded: [9, 9, 8, 8, 7, 7, 6, 6, 5, 5, 5, 4, 4, 4, 3, 3, 2, 2, 2, 1],
  back_loaded: [1, 2, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9],
  bell: [1, 2, 2, 3, 4, 5, 6, 8, 9, 10, 10, 9, 8, 6, 5, 4, 3, 2, 2, 1],
  early_peak: [2, 4, 6, 8, 9, 9, 8, 7, 6, 6, 5, 5, 4, 4, 3, 3, 3, 3, 3, 2],
  late_peak: [2, 3, 3, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 9, 8, 6, 4, 2],
  double_peak: [2, 4, 6, 8, 8, 7, 5, 4, 3, 3, 3, 3, 4, 5, 7, 8, 8, 6, 4, 2],
  // Mobilisation, production, close-out: a quarter, a half and a quarter of the span at three levels.
  three_phase: [2, 2, 2, 2, 2, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 4, 4, 4, 4, 4],
};

/** The 21 values of a built-in curve. */
export const builtInCurvePoints = (curve: BuiltInCurve): number[] => [0, ...SEGMENTS[curve]];

/** A curve named by a setting: a built-in one by its key, a space's own by its id. */
export const curveRef = z.union([z.enum(BUILT_IN_CURVES), id]);
export type CurveRef = z.infer<typeof curveRef>;

export const isBuiltInCurve = (ref: string): ref is BuiltInCurve =>
  (BUILT_IN_CURVES as readonly string[]).includes(ref);

/** The largest value a point may be given before the curve is normalised. */
const MAX_POINT = 10_000;

/**
 * A curve's 21 values as given: non-negative numbers, not all zero; any scale (they are normalised
 * to sum to 100 when saved).
 */
export const curvePoints = z
  .array(
    z
      .number({ message: VALIDATION.notANumber })
      .min(0, { message: 'analytics.curve.error.negative' })
      .max(MAX_POINT, { message: VALIDATION.outOfRange }),
  )
  .length(CURVE_POINTS, { message: 'analytics.curve.error.points' })
  .refine((points) => points.some((p) => p > 0), { message: 'analytics.curve.error.empty' });

/**
 * The values scaled to sum to 100, each rounded to 4 decimals (so the sum may miss 100 by the rounding;
 * a series spreads by each value's share of their sum).
 */
export function normaliseCurve(points: readonly number[]): number[] {
  const sum = points.reduce((a, p) => a + p, 0);
  if (!(sum > 0)) return builtInCurvePoints('linear');
  return points.map((p) => Math.round((p / sum) * 1_000_000) / 10_000);
}

/** Creates a curve of the space (without `curveId`) or changes one at its revision. */
export const saveCurveInput = z.object({
  spaceId: id,
  curveId: id.optional(),
  name: requiredText,
  points: curvePoints,
  revision: z.number().int().min(1).optional(),
});
export const curveInput = z.object({ spaceId: id, curveId: id });

/** The work types that may have a curve of their own (the others have no span to spread over). */
export const CURVE_WORK_TYPES = ['task', 'work'] as const;

/**
 * The space's curve settings: the curve of every work, and the curves of the works of a type (which
 * the default does not then cover). A dashboard or a widget that names a curve overrides them all.
 */
export const curveSettings = z.object({
  defaultCurve: curveRef.default('linear'),
  task: curveRef.nullable().default(null),
  work: curveRef.nullable().default(null),
});
export type CurveSettings = z.infer<typeof curveSettings>;

export const saveCurveSettingsInput = curveSettings.extend({ spaceId: id });

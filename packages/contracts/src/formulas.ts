import { z } from 'zod';
import { id } from './api';
import { ATTRIBUTE_TYPES, formulaText } from './schedule';

/**
 * Formula attributes and linked (donor) attributes (docs/product-rules.md, "Formulas" and "Linked attributes").
 * A formula attribute's value for each work is computed from an expression over the work's fields and the
 * values of other attributes; a linked attribute copies its values from a donor attribute of another schedule.
 */
export const FORMULA_LIMITS = {
  /** works named in a recalculation's answer for each kind of failure */
  errorSamples: 5,
} as const;

/**
 * The work's fields a formula may name, with the kind of value each gives: durations and floats in working
 * days, dates as day numbers (days since 1970-01-01, so `finish - start` is in days), progress in percent.
 */
export const FORMULA_FIELDS = {
  duration: 'number',
  start: 'date',
  finish: 'date',
  factStart: 'date',
  factFinish: 'date',
  planVolume: 'number',
  approvedVolume: 'number',
  factVolume: 'number',
  progress: 'number',
  cost: 'number',
  labour: 'number',
  totalFloat: 'number',
  code: 'string',
  name: 'string',
  unit: 'string',
} as const;
export type FormulaField = keyof typeof FORMULA_FIELDS;

/** The functions a formula may call (besides the operators + - * / ^ %, comparisons, and/or/not, `a ? b : c`). */
export const FORMULA_FUNCTIONS = [
  'attr',
  'abs',
  'round',
  'floor',
  'ceil',
  'min',
  'max',
  'sqrt',
  'pow',
  'exp',
  'log',
  'log10',
  'mod',
  'sign',
  'text',
  'isEmpty',
  'ifEmpty',
] as const;

/** The value types a formula attribute may have (a directory's `through` values are chosen, never computed). */
export const FORMULA_VALUE_TYPES = ATTRIBUTE_TYPES.filter((t) => t !== 'through');

/** Why a work's formula value is left empty. */
export const FORMULA_FAILURES = ['notFinite', 'wrongType', 'outOfRange'] as const;
export type FormulaFailure = (typeof FORMULA_FAILURES)[number];

/** The names a formula of an attribute may use there: the work's fields and the attributes in its scope. */
export const formulaNamesInput = z.object({
  spaceId: id,
  scheduleId: id.optional(),
  attributeId: id.optional(),
});

/** Checks a formula as it would be saved and computes it for one work of a version (the first, or `workId`). */
export const checkFormulaInput = z.object({
  spaceId: id,
  formula: formulaText,
  valueType: z.enum(ATTRIBUTE_TYPES),
  scheduleId: id.nullable().optional(),
  /** the attribute being edited: its own name is not offered and cycles through it are found */
  attributeId: id.optional(),
  versionId: id.optional(),
  workId: id.optional(),
});

/** attribute-calculate: every formula attribute of the version's schedule, or one. */
export const calculateFormulasInput = z.object({
  spaceId: id,
  versionId: id,
  attributeId: id.optional(),
});

export interface FormulaFailureSample {
  workId: string;
  code: string | null;
  name: string;
  reason: FormulaFailure;
}

export interface FormulaAttributeResult {
  attributeId: string;
  name: string;
  /** works given a value */
  computed: number;
  /** works left empty because a value the formula reads is empty */
  empty: number;
  /** works whose value could not be computed (left empty) */
  failed: number;
  samples: FormulaFailureSample[];
}

export interface FormulaCalculation {
  versionId: string;
  works: number;
  /** values written (changed or cleared) */
  written: number;
  attributes: FormulaAttributeResult[];
}

// ── linked and donor attributes ──────────────────────────────────────────────────────────────
export const scheduleLinksInput = z.object({ spaceId: id, scheduleId: id });
export const createLinkedAttributeInput = z.object({
  spaceId: id,
  scheduleId: id,
  attributeId: id,
  donorScheduleId: id,
  donorAttributeId: id,
  /** null or absent: works are matched by code */
  matchAttributeId: id.nullable().optional(),
});
export const linkedAttributeInput = z.object({ spaceId: id, linkId: id });

export interface LinkedAttribute {
  id: string;
  scheduleId: string;
  scheduleName: string;
  attributeId: string;
  attributeName: string;
  donorScheduleId: string;
  donorScheduleName: string;
  donorAttributeId: string;
  donorAttributeName: string;
  matchAttributeId: string | null;
  matchAttributeName: string | null;
  refreshedAt: string | null;
  lastCopied: number;
  lastUnmatched: number;
}

export interface LinkRefresh {
  linkId: string;
  /** the linked schedule's version written, null when the schedule has none */
  versionId: string | null;
  donorVersionId: string | null;
  copied: number;
  cleared: number;
  unmatched: number;
}

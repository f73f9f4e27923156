import { z } from 'zod';
import { id } from './api';
import { CSV_DELIMITERS, IMPORT_ENCODINGS, importSettingFields, uploadedFile } from './interchange';
import { VALIDATION } from './messages';
import { dayDate } from './schedule';
import { hasProhibitedCharacters } from './validation';

/**
 * Cost estimating (docs/product-rules.md, "Estimates"): estimates of EPS nodes with sections, lines and cost
 * coefficients, the measures directory, the pdc price catalogue, compliance rules linking lines to works.
 */
export const ESTIMATE_LIMITS = {
  nameMaxLength: 255,
  lineNameMaxLength: 1000,
  codeMaxLength: 64,
  unitMaxLength: 32,
  regionMaxLength: 64,
  /** Quantities, unit costs and prices, at most (in absolute value). */
  amountMax: 1e12,
  /** A coefficient or index lies in (0, coefficientMax]. */
  coefficientMax: 1000,
  linesPerEstimate: 100_000,
  sectionsPerEstimate: 10_000,
  sectionDepth: 10,
  coefficientsPerTarget: 50,
  rulesPerEstimate: 200,
  /** Works one manual link call names, at most. */
  linkWorksMax: 1000,
  /** Chapters of a summary estimate are numbered 1 to this. */
  chapters: 12,
  /** The missing volume codes message names this many codes, then "and N more". */
  missingCodesShown: 2,
  pdcPageMax: 500,
  /** An estimate file uploaded for import, at most (cut while the upload streams in). */
  importMaxBytes: 50 * 1024 * 1024,
} as const;

export const ESTIMATE_KIND_IDS = ['ssr', 'loc', 'pir', 'vor', 'other'] as const;
export type EstimateKindId = (typeof ESTIMATE_KIND_IDS)[number];
export const COEFFICIENT_KIND_IDS = ['coefficient', 'index'] as const;
export const COEFFICIENT_TARGET_IDS = ['all', 'labour', 'machines', 'materials', 'labourHours'] as const;
export const PDC_RESOURCE_KINDS = ['labour', 'machine', 'material'] as const;
export type PdcResourceKindId = (typeof PDC_RESOURCE_KINDS)[number];
export const COMPLIANCE_RULE_KINDS = ['volume_code', 'wbs_code', 'rule'] as const;
export type ComplianceRuleKindId = (typeof COMPLIANCE_RULE_KINDS)[number];
/** How a line came to feed a work: by hand, or by a rule of that kind. */
export const ESTIMATE_LINK_SOURCES = ['manual', ...COMPLIANCE_RULE_KINDS] as const;

function text(max: number, required = true) {
  const base = z
    .string({ message: VALIDATION.required })
    .trim()
    .max(max, { message: VALIDATION.maxLength })
    .refine((v) => !hasProhibitedCharacters(v), { message: VALIDATION.prohibitedCharacters });
  return required ? base.refine((v) => v.length > 0, { message: VALIDATION.required }) : base;
}
const name = text(ESTIMATE_LIMITS.nameMaxLength);
const lineName = text(ESTIMATE_LIMITS.lineNameMaxLength);
const code = text(ESTIMATE_LIMITS.codeMaxLength, false);
const unit = text(ESTIMATE_LIMITS.unitMaxLength, false);
const region = text(ESTIMATE_LIMITS.regionMaxLength, false);
const revision = z.number({ message: VALIDATION.notANumber }).int({ message: VALIDATION.notAnInteger });
const amount = z
  .number({ message: VALIDATION.notANumber })
  .finite({ message: VALIDATION.notANumber })
  .min(-ESTIMATE_LIMITS.amountMax, { message: VALIDATION.outOfRange })
  .max(ESTIMATE_LIMITS.amountMax, { message: VALIDATION.outOfRange });
const nonNegativeAmount = amount.min(0, { message: VALIDATION.outOfRange });
const coefficientValue = z
  .number({ message: VALIDATION.notANumber })
  .finite({ message: VALIDATION.notANumber })
  .gt(0, { message: VALIDATION.outOfRange })
  .max(ESTIMATE_LIMITS.coefficientMax, { message: VALIDATION.outOfRange });
const chapter = z
  .number({ message: VALIDATION.notANumber })
  .int({ message: VALIDATION.notAnInteger })
  .min(1, { message: VALIDATION.outOfRange })
  .max(ESTIMATE_LIMITS.chapters, { message: VALIDATION.outOfRange });
const currency = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/, { message: VALIDATION.outOfRange });

export const estimateSpaceInput = z.object({ spaceId: id });

// ── settings ─────────────────────────────────────────────────────────────────────────────────────
export const updateEstimateSettingsInput = z.object({
  spaceId: id,
  revision,
  currency: currency.optional(),
  region: region.optional(),
});

// ── measures ─────────────────────────────────────────────────────────────────────────────────────
const measureFields = {
  code: text(16),
  symbolEn: text(16),
  symbolRu: text(16),
  nameEn: text(64),
  nameRu: text(64),
  /** The unit this one converts to; null: a base unit. */
  baseMeasureId: id.nullable().optional(),
  /** 1 of this unit = factor base units (a mile is 1609.344 m, a cubic metre a million cm³: not a coefficient's range). */
  factor: z
    .number({ message: VALIDATION.notANumber })
    .finite({ message: VALIDATION.notANumber })
    .gt(0, { message: VALIDATION.outOfRange })
    .max(1e9, { message: VALIDATION.outOfRange })
    .optional(),
};
export const createMeasureInput = z.object({ spaceId: id, ...measureFields });
export const updateMeasureInput = z.object({
  spaceId: id,
  measureId: id,
  revision,
  ...z.object(measureFields).partial().shape,
});
export const measureInput = z.object({ spaceId: id, measureId: id });

// ── pdc ──────────────────────────────────────────────────────────────────────────────────────────
export const pdcListInput = z.object({
  spaceId: id,
  search: z.string().max(255).optional(),
  kind: z.enum(PDC_RESOURCE_KINDS).optional(),
  /** the prices in this region ("" or absent: the prices for every region) */
  region: z.string().max(ESTIMATE_LIMITS.regionMaxLength).optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(ESTIMATE_LIMITS.pdcPageMax).optional(),
});
const pdcFields = { kind: z.enum(PDC_RESOURCE_KINDS), code: text(ESTIMATE_LIMITS.codeMaxLength), name, unit };
export const createPdcResourceInput = z.object({ spaceId: id, ...pdcFields });
export const updatePdcResourceInput = z.object({
  spaceId: id,
  pdcResourceId: id,
  revision,
  ...z.object(pdcFields).partial().shape,
});
export const pdcResourceInput = z.object({ spaceId: id, pdcResourceId: id });
export const setPdcPriceInput = z.object({
  spaceId: id,
  pdcResourceId: id,
  region: region.optional(),
  validFrom: dayDate,
  price: nonNegativeAmount,
});
export const pdcPriceInput = z.object({ spaceId: id, pdcPriceId: id });

// ── estimates ────────────────────────────────────────────────────────────────────────────────────
export const nodeEstimatesInput = z.object({ spaceId: id, nodeId: id });
export const createEstimateInput = z.object({
  spaceId: id,
  nodeId: id,
  kind: z.enum(ESTIMATE_KIND_IDS),
  name,
  code: code.optional(),
  currency: currency.optional(),
  priceLevel: dayDate.nullable().optional(),
  region: region.optional(),
});
export type CreateEstimateInput = z.infer<typeof createEstimateInput>;
export const estimateInput = z.object({ spaceId: id, estimateId: id });
export const updateEstimateInput = estimateInput.extend({
  revision,
  name: name.optional(),
  code: code.optional(),
  currency: currency.optional(),
  priceLevel: dayDate.nullable().optional(),
  region: region.optional(),
});
export const compareEstimatesInput = estimateInput.extend({ otherEstimateId: id });

export const createSectionInput = estimateInput.extend({
  /** the section to put it in; absent: at the top */
  parentSectionId: id.nullable().optional(),
  name,
  code: code.optional(),
  chapter: chapter.nullable().optional(),
});
export const updateSectionInput = z.object({
  spaceId: id,
  estimateSectionId: id,
  revision,
  name: name.optional(),
  code: code.optional(),
  chapter: chapter.nullable().optional(),
});
export const sectionInput = z.object({ spaceId: id, estimateSectionId: id });

const unitCost = z.object({ labour: amount, machines: amount, materials: amount });
const lineFields = {
  number: text(32, false).optional(),
  code,
  name: lineName,
  unit,
  quantity: amount,
  unitCost,
  labourHoursPerUnit: nonNegativeAmount.optional(),
  machineHoursPerUnit: nonNegativeAmount.optional(),
  volumeCode: code.nullable().optional(),
  wbsCode: code.nullable().optional(),
};
export const createLineInput = z.object({
  spaceId: id,
  estimateSectionId: id,
  ...lineFields,
  code: code.optional(),
  unit: unit.optional(),
  quantity: amount.optional(),
  unitCost: unitCost.optional(),
});
export type CreateLineInput = z.infer<typeof createLineInput>;
export const updateLineInput = z.object({
  spaceId: id,
  estimateLineId: id,
  revision,
  ...z.object(lineFields).partial().shape,
});
export type UpdateLineInput = z.infer<typeof updateLineInput>;
export const lineInput = z.object({ spaceId: id, estimateLineId: id });
/** A line moved one place up or down in its section, or to the end of another section (one of the two). */
export const moveLineInput = z
  .object({
    spaceId: id,
    estimateLineId: id,
    revision,
    direction: z.enum(['up', 'down']).optional(),
    estimateSectionId: id.optional(),
  })
  .refine((v) => (v.direction === undefined) !== (v.estimateSectionId === undefined), {
    message: VALIDATION.required,
    path: ['direction'],
  });

/**
 * A section moved one place up or down among its siblings, or to the end of another section
 * (`parentSectionId`) or of the top level (`null`): one of the two.
 */
export const moveSectionInput = z
  .object({
    spaceId: id,
    estimateSectionId: id,
    revision,
    direction: z.enum(['up', 'down']).optional(),
    parentSectionId: id.nullable().optional(),
  })
  .refine((v) => (v.direction === undefined) !== (v.parentSectionId === undefined), {
    message: VALIDATION.required,
    path: ['direction'],
  });

/** A coefficient of the estimate, or of one of its sections or lines (at most one of the two ids). */
export const createCoefficientInput = estimateInput
  .extend({
    estimateSectionId: id.optional(),
    estimateLineId: id.optional(),
    name,
    code: code.optional(),
    kind: z.enum(COEFFICIENT_KIND_IDS).optional(),
    target: z.enum(COEFFICIENT_TARGET_IDS).optional(),
    value: coefficientValue,
  })
  .refine((v) => !(v.estimateSectionId && v.estimateLineId), {
    message: VALIDATION.outOfRange,
    path: ['estimateLineId'],
  });
export const updateCoefficientInput = z.object({
  spaceId: id,
  costCoefficientId: id,
  revision,
  name: name.optional(),
  code: code.optional(),
  kind: z.enum(COEFFICIENT_KIND_IDS).optional(),
  target: z.enum(COEFFICIENT_TARGET_IDS).optional(),
  value: coefficientValue.optional(),
});
export const coefficientInput = z.object({ spaceId: id, costCoefficientId: id });
export const moveCoefficientInput = coefficientInput.extend({ direction: z.enum(['up', 'down']) });

/** A local (or any non-summary) estimate rolled up into a summary estimate's chapter. */
export const addToSummaryInput = estimateInput.extend({ sourceEstimateId: id, chapter });

// ── compliance ───────────────────────────────────────────────────────────────────────────────────
const pattern = z
  .string()
  .trim()
  .max(255, { message: VALIDATION.maxLength })
  .refine((v) => !hasProhibitedCharacters(v), { message: VALIDATION.prohibitedCharacters });
/**
 * A rule of kind `rule` (like the BIM link rules): conditions on the line (all that are set must hold) and the
 * works it feeds — a WBS path of work names from the top, or the works whose code starts with a prefix.
 */
export const complianceRuleBody = z.object({
  line: z.object({
    codePrefix: pattern.optional(),
    nameContains: pattern.optional(),
    sectionCode: pattern.optional(),
  }),
  target: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('wbs'),
      path: z
        .array(pattern.min(1, { message: VALIDATION.required }))
        .min(1)
        .max(12),
    }),
    z.object({ kind: z.literal('code'), prefix: pattern.min(1, { message: VALIDATION.required }) }),
  ]),
});
export type ComplianceRuleBody = z.infer<typeof complianceRuleBody>;
export const createComplianceRuleInput = estimateInput
  .extend({
    kind: z.enum(COMPLIANCE_RULE_KINDS),
    name: text(64),
    rule: complianceRuleBody.optional(),
  })
  .refine((v) => v.kind !== 'rule' || v.rule, { message: VALIDATION.required, path: ['rule'] });
export const updateComplianceRuleInput = z.object({
  spaceId: id,
  complianceRuleId: id,
  revision,
  name: text(64).optional(),
  rule: complianceRuleBody.optional(),
});
export const complianceRuleInput = z.object({ spaceId: id, complianceRuleId: id });

export const estimateVersionInput = estimateInput.extend({ versionId: id });
export const linkLineInput = estimateVersionInput.extend({
  estimateLineId: id,
  workIds: z.array(id).min(1, { message: VALIDATION.required }).max(ESTIMATE_LIMITS.linkWorksMax),
  /** the weight of each of these links in the split of the line among its works (1 each by default) */
  share: coefficientValue.optional(),
});
export const estimateLinkInput = z.object({ spaceId: id, estimateLinkId: id });
export const applyComplianceInput = estimateVersionInput.extend({
  /** count what the rules would link without writing */
  dryRun: z.boolean().optional(),
});

// ── files ────────────────────────────────────────────────────────────────────────────────────────
/** Sheet, print and the ARPS 1.10 exchange block (`arp`) other estimating programs read. */
export const ESTIMATE_EXPORT_FORMATS = ['xlsx', 'pdf', 'arp'] as const;
export type EstimateExportFormat = (typeof ESTIMATE_EXPORT_FORMATS)[number];
export const exportEstimateInput = estimateInput.extend({ format: z.enum(ESTIMATE_EXPORT_FORMATS) });

/** The fields a column of an estimate sheet (xlsx, CSV) maps to through an upload rule. */
export const ESTIMATE_TABULAR_FIELDS = [
  'number',
  'code',
  'name',
  'unit',
  'quantity',
  'labour',
  'machines',
  'materials',
  'unitCost',
  'labourHours',
  'machineHours',
  'total',
  'level',
  'section',
  'volumeCode',
  'wbsCode',
  'coefficient',
] as const;
export type EstimateTabularFieldId = (typeof ESTIMATE_TABULAR_FIELDS)[number];

/**
 * An estimate upload rule (kept beside the schedule's upload rules, names unique among the estimate rules):
 * rows to skip, column (letter, 1-based number or header text) → field, whether a header row names the
 * columns, the xlsx sheet, the CSV delimiter and encoding.
 */
export const estimateRuleFields = z.object({
  name: importSettingFields.shape.name,
  rowsToSkip: importSettingFields.shape.rowsToSkip,
  mapping: z.record(z.string().trim().min(1).max(64), z.enum(ESTIMATE_TABULAR_FIELDS)),
  header: z.boolean().optional(),
  sheet: z.string().max(64).nullable().optional(),
  delimiter: z.enum(CSV_DELIMITERS).nullable().optional(),
  encoding: z.enum(IMPORT_ENCODINGS, { message: 'import.error.encoding_choice' }).optional(),
});
export type EstimateRuleFields = z.infer<typeof estimateRuleFields>;
export const createEstimateRuleInput = estimateRuleFields.extend({ spaceId: id });
export const updateEstimateRuleInput = estimateRuleFields
  .partial()
  .extend({ spaceId: id, estimateRuleId: id, revision });
export const estimateRuleInput = z.object({ spaceId: id, estimateRuleId: id });

/**
 * An estimate file read into a new estimate of the node: ARPS and the ministry's XML as they are, xlsx and
 * CSV through a saved upload rule (`estimateRuleId`) or one given with the file (`rule`, a JSON multipart field).
 */
export const importEstimateInput = z.object({
  spaceId: id,
  nodeId: id,
  file: uploadedFile,
  kind: z.enum(ESTIMATE_KIND_IDS).optional(),
  name: name.optional(),
  estimateRuleId: id.optional(),
  rule: estimateRuleFields.partial({ name: true }).optional(),
});
/** What an upload rule makes of an estimate sheet, before anything is written. */
export const previewEstimateImportInput = importEstimateInput
  .pick({ spaceId: true, file: true, estimateRuleId: true, rule: true })
  .extend({ limit: z.number().int().min(1).max(200).optional() });

import { z } from 'zod';
import { id } from './api';
import { VALIDATION } from './messages';
import { scheduleDate, versionInput } from './schedule';
import { requiredText } from './validation';

/**
 * BIM (capabilities 3D/BIM model linking, entities bim_model, bim_element and 3D primitive shapes, API projects/{id}/3d,
 * versions/{id}/3d/link, schedules/{id}/3d/link, BIM appearance profiles and state, primitivesModels).
 */
export const BIM_LIMITS = {
  /** A larger IFC upload is refused. */
  uploadMaxBytes: 512 * 1024 * 1024,
  elementsPageMax: 5000,
  /** Elements or works one link call may name. */
  linkBatchMax: 100_000,
  rulesMax: 100,
  primitiveSizeMax: 10_000,
  /** How far (metres, each axis) a user may move a model from where its file puts it. */
  modelOffsetMax: 100_000,
} as const;

/** An uploaded IFC file as the REST adapter passes multipart files on. */
const ifcFile = z.object({
  name: z.string().max(255),
  type: z.string().max(255),
  data: z.instanceof(Uint8Array),
});

export const BIM_MODEL_STATUSES = ['uploading', 'completed', 'error'] as const;
export type BimModelStatus = (typeof BIM_MODEL_STATUSES)[number];
export const BIM_PROFILE_KIND_IDS = ['install', 'remove', 'temporary', 'maintain', 'neutral'] as const;
export const BIM_PLAN_KIND_IDS = ['plan', 'approved_plan', 'fact'] as const;
export const BIM_LINK_SOURCES = ['manual', 'rule', 'process'] as const;
export const BIM_PRIMITIVE_SHAPES = ['box', 'sphere', 'plane', 'cylinder'] as const;
export type BimPrimitiveShape = (typeof BIM_PRIMITIVE_SHAPES)[number];

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: VALIDATION.outOfRange });
const opacity = z
  .number()
  .min(0, { message: VALIDATION.outOfRange })
  .max(1, { message: VALIDATION.outOfRange });
const look = z.object({ color: color.nullable(), opacity });
export const bimLooks = z.object({ before: look, during: look, after: look });
export type BimLooksInput = z.infer<typeof bimLooks>;

const pattern = z.string().trim().max(255, { message: VALIDATION.maxLength });
/** A linking rule (the shape `@takt/bim` applies): element conditions → WBS path or attribute value. */
export const bimLinkRule = z.object({
  element: z.object({
    ifcClasses: z.array(z.string().trim().min(1).max(64)).max(50).optional(),
    storey: pattern.optional(),
    building: pattern.optional(),
    property: z.object({ set: pattern.optional(), name: pattern.min(1), value: pattern }).optional(),
  }),
  target: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('wbs'),
      path: z
        .array(pattern.min(1, { message: VALIDATION.required }))
        .min(1)
        .max(12),
    }),
    z.object({
      kind: z.literal('attribute'),
      attributeId: id,
      value: pattern.min(1, { message: VALIDATION.required }),
    }),
  ]),
  profileId: id.nullable().optional(),
});
export type BimLinkRuleInput = z.infer<typeof bimLinkRule>;

export const bimProjectInput = z.object({ spaceId: id, projectId: id });
export const bimModelInput = z.object({ spaceId: id, modelId: id });
export const bimUploadInput = z.object({
  spaceId: id,
  projectId: id,
  file: ifcFile,
  name: z
    .preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      z.string().trim().max(255, { message: VALIDATION.maxLength }),
    )
    .optional(),
});
const offsetMetres = z
  .number()
  .finite()
  .min(-BIM_LIMITS.modelOffsetMax, { message: VALIDATION.outOfRange })
  .max(BIM_LIMITS.modelOffsetMax, { message: VALIDATION.outOfRange });
export const bimUpdateModelInput = z.object({
  spaceId: id,
  modelId: id,
  revision: z.number().int(),
  name: z
    .string()
    .trim()
    .min(1, { message: VALIDATION.required })
    .max(255, { message: VALIDATION.maxLength })
    .optional(),
  visible: z.boolean().optional(),
  /** The user's move of the model (metres east, north, up; degrees anticlockwise from above); null: none. */
  offset: z
    .object({
      x: offsetMetres,
      y: offsetMetres,
      z: offsetMetres,
      rotation: z.number().finite().min(-360, { message: VALIDATION.outOfRange }).max(360, {
        message: VALIDATION.outOfRange,
      }),
    })
    .nullable()
    .optional(),
});
export const bimElementsInput = z.object({
  spaceId: id,
  modelId: id,
  storey: z.string().max(255).optional(),
  ifcClass: z.string().max(64).optional(),
  search: z.string().max(255).optional(),
  /** only elements linked to no work of this version */
  unlinkedInVersionId: id.optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(BIM_LIMITS.elementsPageMax).optional(),
});
export const bimElementInput = z.object({ spaceId: id, modelId: id, globalId: z.string().min(1).max(64) });

export const bimVersionInput = z.object({ spaceId: id, versionId: id });
const globalIds = z.array(z.string().min(1).max(64)).max(BIM_LIMITS.linkBatchMax);
export const bimLinkInput = versionInput.extend({
  modelId: id,
  globalIds: globalIds.min(1, { message: VALIDATION.required }),
  workIds: z.array(id).min(1, { message: VALIDATION.required }).max(1000),
  profileId: id.nullable().optional(),
});
export const bimUnlinkInput = versionInput.extend({
  linkIds: z.array(id).max(BIM_LIMITS.linkBatchMax).optional(),
  workIds: z.array(id).max(BIM_LIMITS.linkBatchMax).optional(),
  modelId: id.optional(),
  globalIds: globalIds.optional(),
});
export const bimApplyRulesInput = versionInput.extend({
  /** models to link (default: every completed model of the version's project) */
  modelIds: z.array(id).max(100).optional(),
  /** rules given inline, or the schedule's saved rules when omitted */
  rules: z.array(bimLinkRule).max(BIM_LIMITS.rulesMax).optional(),
  /** remove links made by earlier rules first */
  replace: z.boolean().optional(),
  /** count what would be linked without writing */
  dryRun: z.boolean().optional(),
});
export const bimProcessLinksInput = versionInput.extend({
  modelId: id,
  profileId: id.nullable().optional(),
});
export const bimRelationsInput = versionInput.extend({
  workId: id.optional(),
  modelId: id.optional(),
  globalId: z.string().max(64).optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(BIM_LIMITS.elementsPageMax).optional(),
});
export const bimNodeIdsInput = versionInput.extend({
  /** works (sum works include their descendants) */
  workIds: z.array(id).min(1, { message: VALIDATION.required }).max(BIM_LIMITS.linkBatchMax),
});
export const bimWorksOfElementsInput = versionInput.extend({
  modelId: id,
  globalIds: globalIds.min(1, { message: VALIDATION.required }),
});
export const bimColorsInput = versionInput.extend({
  date: scheduleDate,
  planKind: z.enum(BIM_PLAN_KIND_IDS).optional(),
  mode: z.enum(['appearance', 'deviation']).optional(),
  modelId: id.optional(),
});

export const bimScheduleInput = z.object({ spaceId: id, scheduleId: id });
export const bimCreateRuleInput = z.object({
  spaceId: id,
  scheduleId: id,
  name: requiredText,
  rule: bimLinkRule,
});
export const bimUpdateRuleInput = z.object({
  spaceId: id,
  ruleId: id,
  revision: z.number().int(),
  name: requiredText.optional(),
  rule: bimLinkRule.optional(),
});
export const bimRuleInput = z.object({ spaceId: id, ruleId: id });

export const bimCreateProfileInput = z.object({
  spaceId: id,
  name: requiredText,
  kind: z.enum(BIM_PROFILE_KIND_IDS),
  looks: bimLooks,
});
export const bimUpdateProfileInput = z.object({
  spaceId: id,
  profileId: id,
  revision: z.number().int(),
  name: requiredText.optional(),
  kind: z.enum(BIM_PROFILE_KIND_IDS).optional(),
  looks: bimLooks.optional(),
});
export const bimProfileInput = z.object({ spaceId: id, profileId: id });

/** The player and view state a user keeps per project (API "BIM … state"). */
export const bimViewState = z.object({
  versionId: id.nullable().optional(),
  date: scheduleDate.nullable().optional(),
  planKind: z.enum(BIM_PLAN_KIND_IDS).optional(),
  mode: z.enum(['appearance', 'deviation']).optional(),
  /** schedule days per second of playback */
  speed: z.number().min(0.1).max(365).optional(),
  hiddenModels: z.array(id).max(100).optional(),
  theme: z.enum(['dark', 'light']).optional(),
});
export type BimViewStateInput = z.infer<typeof bimViewState>;
export const bimSetStateInput = z.object({
  spaceId: id,
  projectId: id,
  state: bimViewState,
  revision: z.number().int().optional(),
});

const coordinate = z.number().finite().min(-1e6).max(1e6);
const size = z
  .number()
  .finite()
  .min(0.01, { message: VALIDATION.outOfRange })
  .max(BIM_LIMITS.primitiveSizeMax, { message: VALIDATION.outOfRange });
const primitiveFields = z.object({
  name: requiredText,
  shape: z.enum(BIM_PRIMITIVE_SHAPES),
  position: z.tuple([coordinate, coordinate, coordinate]),
  size: z.tuple([size, size, size]),
  rotationY: z.number().finite().min(-360).max(360).optional(),
  color,
  opacity: opacity.optional(),
});
export const bimPrimitivesInput = z.object({ spaceId: id, epsId: id });
export const bimCreatePrimitiveInput = primitiveFields.extend({ spaceId: id, epsId: id });
export const bimUpdatePrimitiveInput = primitiveFields
  .partial()
  .extend({ spaceId: id, primitiveId: id, revision: z.number().int() });
export const bimPrimitiveInput = z.object({ spaceId: id, primitiveId: id });

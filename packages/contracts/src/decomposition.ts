import { z } from 'zod';
import { id, language } from './api';
import { VALIDATION } from './messages';
import { LINK_TYPES } from './schedule';

/**
 * The WBS decomposition of the schedule assistant (API: AI decompose-wbs-item, apply-decompose-wbs-item;
 * docs/product-rules.md, "WBS decomposition"): a template of sub-works (shipped with Takt or a space's own),
 * the proposal made of it for one work, and applying the proposal. A template proposal, one a language model
 * wrote and one the planner edited are checked by the same schema.
 */

/** Message ids of the decomposition's own checks (the catalogue holds them). */
export const DECOMPOSITION_ISSUES = {
  keysRepeat: 'assistant.decompose.issue.keys_repeat',
  relationUnknown: 'assistant.decompose.issue.relation_unknown',
  relationSelf: 'assistant.decompose.issue.relation_self',
  relationRepeat: 'assistant.decompose.issue.relation_repeat',
  cycle: 'assistant.decompose.issue.cycle',
  sharesSum: 'assistant.decompose.issue.shares_sum',
  volumeSharesSum: 'assistant.decompose.issue.volume_shares_sum',
  durationSum: 'assistant.decompose.issue.duration_sum',
} as const;

const number = () => z.number({ message: VALIDATION.notANumber });
const text = (max: number) =>
  z
    .string({ message: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .max(max, { message: VALIDATION.maxLength });
/** A key sub-works and relations refer to each other by. */
const key = z
  .string({ message: VALIDATION.required })
  .regex(/^[a-z0-9_-]{1,40}$/, { message: VALIDATION.prohibitedCharacters });
const linkType = z.enum(LINK_TYPES);

/** A text in both languages of the catalogue. */
const localized = z.object({ ru: text(120), en: text(120) });
export type Localized = z.infer<typeof localized>;

interface Keyed {
  key: string;
}
interface Linked {
  from: string;
  to: string;
}

/**
 * Keys unique, relations between known keys, no self-links, no repeated pair, no cycle: the checks a
 * template's steps and a proposal's sub-works share.
 */
function checkGraph(items: readonly Keyed[], relations: readonly Linked[], ctx: z.RefinementCtx, at: string) {
  const keys = new Set<string>();
  items.forEach((item, k) => {
    if (keys.has(item.key))
      ctx.addIssue({ code: 'custom', path: [at, k, 'key'], message: DECOMPOSITION_ISSUES.keysRepeat });
    keys.add(item.key);
  });
  const pairs = new Set<string>();
  const next = new Map<string, string[]>();
  relations.forEach((relation, k) => {
    const path = ['relations', k];
    if (!keys.has(relation.from) || !keys.has(relation.to))
      ctx.addIssue({ code: 'custom', path, message: DECOMPOSITION_ISSUES.relationUnknown });
    else if (relation.from === relation.to)
      ctx.addIssue({ code: 'custom', path, message: DECOMPOSITION_ISSUES.relationSelf });
    else if (pairs.has(`${relation.from}>${relation.to}`))
      ctx.addIssue({ code: 'custom', path, message: DECOMPOSITION_ISSUES.relationRepeat });
    pairs.add(`${relation.from}>${relation.to}`);
    next.set(relation.from, [...(next.get(relation.from) ?? []), relation.to]);
  });
  if (hasCycle(next))
    ctx.addIssue({ code: 'custom', path: ['relations'], message: DECOMPOSITION_ISSUES.cycle });
}

function hasCycle(next: ReadonlyMap<string, readonly string[]>): boolean {
  const state = new Map<string, 1 | 2>();
  const visit = (node: string): boolean => {
    if (state.get(node) === 2) return false;
    if (state.get(node) === 1) return true;
    state.set(node, 1);
    for (const to of next.get(node) ?? []) if (visit(to)) return true;
    state.set(node, 2);
    return false;
  };
  return [...next.keys()].some(visit);
}

const near = (sum: number, target: number) => Math.abs(sum - target) < 0.01;

/** One step of a template: a sub-work with its share of the parent's duration and volume, and its trade. */
const templateStep = z.object({
  key,
  name: localized,
  /** Per cent of the parent's duration; the steps' shares add up to 100. */
  share: number().positive(VALIDATION.outOfRange).max(100, VALIDATION.outOfRange),
  /** Per cent of the parent's volume (the rule `shares`); absent: the step has no volume of its own. */
  volumeShare: number().min(0, VALIDATION.outOfRange).max(100, VALIDATION.outOfRange).optional(),
  /** The step's own unit; absent: the parent's. */
  unit: z.string().trim().max(16, { message: VALIDATION.maxLength }).optional(),
  trade: localized,
});

const templateRelation = z.object({
  from: key,
  to: key,
  type: linkType.default('fs'),
  /** Working days; negative is a lead. */
  lagDays: number().min(-365, VALIDATION.outOfRange).max(365, VALIDATION.outOfRange).default(0),
});

/**
 * A template of the decomposition. `keywords` are word stems in either language matched loosely against the
 * work's name and attribute values; `units` the units of volume it fits; `perFloor` repeats the steps for
 * each floor the work's name or attributes tell; `volume` says what becomes of the parent's volume: split by
 * the steps' `volumeShare` (which add up to 100), not split (each step carries all of it, as the layers
 * of a roof do), or none (the steps have no volume).
 */
export const decompositionTemplate = z
  .object({
    key,
    name: localized,
    description: localized.optional(),
    keywords: z
      .object({
        ru: z.array(text(40)).max(40, VALIDATION.outOfRange).default([]),
        en: z.array(text(40)).max(40, VALIDATION.outOfRange).default([]),
      })
      .default({ ru: [], en: [] }),
    units: z.array(text(16)).max(20, VALIDATION.outOfRange).default([]),
    perFloor: z.boolean().default(false),
    volume: z.enum(['shares', 'whole', 'none']).default('none'),
    steps: z.array(templateStep).min(2, VALIDATION.outOfRange).max(40, VALIDATION.outOfRange),
    relations: z.array(templateRelation).max(200, VALIDATION.outOfRange).default([]),
  })
  .superRefine((template, ctx) => {
    checkGraph(template.steps, template.relations, ctx, 'steps');
    const shares = template.steps.reduce((sum, step) => sum + step.share, 0);
    if (!near(shares, 100))
      ctx.addIssue({ code: 'custom', path: ['steps'], message: DECOMPOSITION_ISSUES.sharesSum });
    if (template.volume === 'shares') {
      const volumes = template.steps.reduce((sum, step) => sum + (step.volumeShare ?? 0), 0);
      if (!near(volumes, 100))
        ctx.addIssue({ code: 'custom', path: ['steps'], message: DECOMPOSITION_ISSUES.volumeSharesSum });
    }
  });
export type DecompositionTemplate = z.infer<typeof decompositionTemplate>;

/** Where a proposal came from. */
export const DECOMPOSITION_SOURCES = ['builtin', 'space', 'model', 'manual'] as const;

/** A sub-work of a proposal: durations in working days of the parent's calendar. */
const proposalItem = z.object({
  key,
  name: text(255),
  durationDays: number().positive(VALIDATION.outOfRange).max(10_000, VALIDATION.outOfRange),
  volume: number().min(0, VALIDATION.outOfRange).max(1e12, VALIDATION.outOfRange).nullable(),
  unit: z.string().trim().max(16, { message: VALIDATION.maxLength }).nullable(),
  trade: z.string().trim().max(64, { message: VALIDATION.maxLength }).nullable(),
});
export type DecompositionItem = z.infer<typeof proposalItem>;

const proposalRelation = z.object({
  from: key,
  to: key,
  type: linkType,
  lagDays: number().min(-3650, VALIDATION.outOfRange).max(3650, VALIDATION.outOfRange),
});

/**
 * A proposal: the sub-works and the relations between them, and the template it was made of. The sum of
 * the durations is checked against the parent when it is applied (the schema does not know the parent).
 */
export const decompositionProposal = z
  .object({
    source: z.enum(DECOMPOSITION_SOURCES),
    /** The template's key (built in) or id (the space's); null for a model's or a hand-made proposal. */
    templateKey: z.string().max(64).nullable(),
    items: z.array(proposalItem).min(2, VALIDATION.outOfRange).max(200, VALIDATION.outOfRange),
    relations: z.array(proposalRelation).max(1000, VALIDATION.outOfRange),
  })
  .superRefine((proposal, ctx) => checkGraph(proposal.items, proposal.relations, ctx, 'items'));
export type DecompositionProposal = z.infer<typeof decompositionProposal>;

/** A proposal for a work of a version; `template` picks a template (else the best match). */
export const decomposeInput = z.object({
  spaceId: id,
  versionId: id,
  workId: id,
  template: z.string().max(64).optional(),
  /** The language of the sub-works' names and trades (the template holds both). */
  language: language.default('ru'),
  /** Ask the configured language model for a proposal as well. */
  model: z.boolean().default(false),
});

/** Applies a (possibly edited) proposal to the work, whose revision the proposal was made on. */
export const applyDecompositionInput = z.object({
  spaceId: id,
  versionId: id,
  workId: id,
  revision: z.number().int().min(1),
  proposal: decompositionProposal,
  /** A text attribute of the space the sub-works' trades are written to; absent: trades are not kept. */
  tradeAttributeId: id.optional(),
});

export const decompositionTemplateInput = z.object({
  spaceId: id,
  template: decompositionTemplate,
});
export const decompositionTemplateUpdateInput = decompositionTemplateInput.extend({
  templateId: id,
  revision: z.number().int().min(1),
});
export const decompositionTemplateIdInput = z.object({ spaceId: id, templateId: id });

/**
 * A work-like sample a template is tried on before it is saved (the administrator's preview): what the
 * matching knows of a work — its name, unit, volume, working days and attribute values.
 */
const templateSample = z.object({
  name: text(255),
  unit: z.string().trim().max(16, { message: VALIDATION.maxLength }).nullable().default(null),
  volume: number().min(0, VALIDATION.outOfRange).max(1e12, VALIDATION.outOfRange).nullable().default(null),
  days: number().positive(VALIDATION.outOfRange).max(10_000, VALIDATION.outOfRange),
  attributes: z
    .array(z.object({ name: text(120), value: text(255) }))
    .max(20, VALIDATION.outOfRange)
    .default([]),
});

/**
 * A template (saved or not) tried on a sample: how well it matches, which templates would come before it
 * and the proposal it makes. `templateId` names the space's template being edited, which the draft
 * stands in for among the others.
 */
export const previewTemplateInput = z.object({
  spaceId: id,
  template: decompositionTemplate,
  sample: templateSample,
  language: language.default('ru'),
  templateId: id.optional(),
});

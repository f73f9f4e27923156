import type { DecompositionTemplate, Language } from '@takt/contracts';
import type { SpaceContext } from '../../context';
import { candidatesOf, issue } from './decompose';
import { proposeFromTemplate, TooShort, type WorkFacts } from './matching';
import { BUILT_IN_TEMPLATES } from './templates';

/**
 * Trying a template before it is saved (docs/product-rules.md, "Schedule assistant"): an administrator
 * gives a work-like sample and sees how the template matches it, which templates would be proposed
 * before it and the sub-works it would make. Nothing is read but the space's templates, nothing written.
 */

/** The id a template not saved yet stands under among the others. */
const DRAFT = 'draft';

/** How many templates ahead of the tried one are named. */
const AHEAD = 5;

export async function previewTemplate(
  ctx: SpaceContext,
  input: {
    template: DecompositionTemplate;
    sample: {
      name: string;
      unit: string | null;
      volume: number | null;
      days: number;
      attributes: { name: string; value: string }[];
    };
    language: Language;
    templateId?: string;
  },
) {
  const { sample, language } = input;
  const facts: WorkFacts = {
    name: sample.name,
    unit: sample.unit?.trim() ? sample.unit.trim() : null,
    volume: sample.volume,
    days: sample.days,
    attributes: sample.attributes,
  };
  const id = input.templateId ?? DRAFT;
  const candidates = await candidatesOf(ctx, facts, language, { id, template: input.template });
  const at = candidates.findIndex((c) => c.id === id);
  const tried = candidates[at]!;
  let proposal: ReturnType<typeof proposeFromTemplate>;
  try {
    proposal = proposeFromTemplate(input.template, id, 'space', facts, language);
  } catch (error) {
    if (error instanceof TooShort) throw issue('sample.days', 'assistant.decompose.error.too_short');
    throw error;
  }
  return {
    score: tried.score,
    reasons: tried.reasons,
    /** The templates a work like the sample would be offered first, best first (when any word matched). */
    ahead: candidates
      .slice(0, at)
      .filter((c) => c.score > 0)
      .slice(0, AHEAD)
      .map(({ id, source, name, score }) => ({ id, source, name, score })),
    proposal,
  };
}

/** The templates shipped with Takt, as a space's own are kept: read only, a model to copy. */
export function builtInTemplates() {
  return BUILT_IN_TEMPLATES.map((template) => ({ key: template.key, template }));
}

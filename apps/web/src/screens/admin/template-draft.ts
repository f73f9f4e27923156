import {
  type DecompositionTemplate,
  decompositionTemplate,
  type FieldIssue,
  type LINK_TYPES,
} from '@takt/contracts';
import type { z } from 'zod';
import type { FieldError } from '../../lib/form';

/**
 * A decomposition template as its editor holds it (docs/product-rules.md, "Schedule assistant"): the
 * contract's template with its numbers and word lists as typed text, so that a half-typed value stays
 * what it is until the contract — the one the server applies — checks the whole.
 */

type LinkType = (typeof LINK_TYPES)[number];
type Volume = DecompositionTemplate['volume'];
interface Texts {
  ru: string;
  en: string;
}

export interface StepDraft {
  key: string;
  name: Texts;
  trade: Texts;
  share: string;
  volumeShare: string;
  unit: string;
}

export interface RelationDraft {
  from: string;
  to: string;
  type: LinkType;
  lagDays: string;
}

export interface TemplateDraft {
  key: string;
  name: Texts;
  description: Texts;
  /** Keywords of each language, separated by commas. */
  keywords: Texts;
  /** Units of volume, separated by commas. */
  units: string;
  perFloor: boolean;
  volume: Volume;
  steps: StepDraft[];
  relations: RelationDraft[];
}

export const VOLUME_RULES: readonly Volume[] = ['shares', 'whole', 'none'];

const words = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((word) => word.trim())
    .filter(Boolean);

/** A typed number: blank is none, a comma is a decimal point, anything else not a number is NaN. */
function numberOf(text: string): number | undefined {
  const plain = text.trim().replace(',', '.');
  return plain === '' ? undefined : Number(plain);
}

const textOf = (value: number | undefined) => (value === undefined ? '' : String(value));

/** The draft of a saved (or shipped) template. */
export function draftOf(template: DecompositionTemplate): TemplateDraft {
  return {
    key: template.key,
    name: { ...template.name },
    description: template.description ? { ...template.description } : { ru: '', en: '' },
    keywords: { ru: template.keywords.ru.join(', '), en: template.keywords.en.join(', ') },
    units: template.units.join(', '),
    perFloor: template.perFloor,
    volume: template.volume,
    steps: template.steps.map((step) => ({
      key: step.key,
      name: { ...step.name },
      trade: { ...step.trade },
      share: textOf(step.share),
      volumeShare: textOf(step.volumeShare),
      unit: step.unit ?? '',
    })),
    relations: template.relations.map((r) => ({
      from: r.from,
      to: r.to,
      type: r.type,
      lagDays: textOf(r.lagDays),
    })),
  };
}

/** A new template: two steps of half the duration each, nothing else. */
export function blankDraft(): TemplateDraft {
  const step = (key: string): StepDraft => ({
    key,
    name: { ru: '', en: '' },
    trade: { ru: '', en: '' },
    share: '50',
    volumeShare: '',
    unit: '',
  });
  return {
    key: 'template',
    name: { ru: '', en: '' },
    description: { ru: '', en: '' },
    keywords: { ru: '', en: '' },
    units: '',
    perFloor: false,
    volume: 'none',
    steps: [step('step-1'), step('step-2')],
    relations: [{ from: 'step-1', to: 'step-2', type: 'fs', lagDays: '0' }],
  };
}

/**
 * What the draft says, in the contract's input shape: a description only when either language has one,
 * the volume shares only where the volume is split by them.
 */
export function templateInputOf(draft: TemplateDraft): z.input<typeof decompositionTemplate> {
  const description =
    draft.description.ru.trim() || draft.description.en.trim() ? draft.description : undefined;
  return {
    key: draft.key.trim(),
    name: draft.name,
    ...(description ? { description } : {}),
    keywords: { ru: words(draft.keywords.ru), en: words(draft.keywords.en) },
    units: words(draft.units),
    perFloor: draft.perFloor,
    volume: draft.volume,
    steps: draft.steps.map((step) => {
      const volumeShare = draft.volume === 'shares' ? numberOf(step.volumeShare) : undefined;
      return {
        key: step.key.trim(),
        name: step.name,
        trade: step.trade,
        share: numberOf(step.share) ?? Number.NaN,
        ...(volumeShare === undefined ? {} : { volumeShare }),
        ...(step.unit.trim() ? { unit: step.unit.trim() } : {}),
      };
    }),
    relations: draft.relations.map((r) => ({
      from: r.from,
      to: r.to,
      type: r.type,
      lagDays: numberOf(r.lagDays) ?? 0,
    })),
  };
}

/** Field errors by the dotted path of the field (`steps.2.share`); a list's own items speak for the list. */
export type DraftErrors = Record<string, FieldError>;

/** Where an issue is shown: an item of a word list at its list, anything else at its own path. */
function fieldOf(path: readonly (string | number)[]): string {
  const [head, language] = path;
  if (head === 'units') return 'units';
  if (head === 'keywords' && language !== undefined) return `keywords.${String(language)}`;
  return path.join('.');
}

/** The issues of the contract (the first of each field), and the value it parsed when there were none. */
export function checkDraft(
  draft: TemplateDraft,
): { ok: true; template: DecompositionTemplate } | { ok: false; errors: DraftErrors } {
  const parsed = decompositionTemplate.safeParse(templateInputOf(draft));
  if (parsed.success) return { ok: true, template: parsed.data };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path as (string | number)[]);
    if (errors[field]) continue;
    const params: Record<string, string | number> = {};
    if (issue.code === 'too_big') params.max = Number(issue.maximum);
    if (issue.code === 'too_small') params.min = Number(issue.minimum);
    errors[field] = { message: issue.message, params };
  }
  return { ok: false, errors };
}

/** The server's issues of a template it refused, by the draft's paths (`template.steps.1.share` → `steps.1.share`). */
export function serverDraftErrors(issues: readonly FieldIssue[], prefix: string): DraftErrors {
  const errors: DraftErrors = {};
  for (const issue of issues) {
    if (!issue.path.startsWith(`${prefix}.`) && issue.path !== prefix) continue;
    const path = issue.path === prefix ? '' : issue.path.slice(prefix.length + 1);
    const field = fieldOf(path.split('.'));
    if (!errors[field]) errors[field] = { message: issue.message, params: issue.params };
  }
  return errors;
}

/** The sum of the steps' shares typed so far (of the duration, or of the volume). */
export function sharesSum(draft: TemplateDraft, of: 'share' | 'volumeShare'): number {
  const sum = draft.steps.reduce((total, step) => {
    const value = numberOf(step[of]);
    return total + (value !== undefined && Number.isFinite(value) ? value : 0);
  }, 0);
  return Math.round(sum * 100) / 100;
}

/** A key not taken yet: `base`, else `base-2`, `base-3`… (cut to the contract's 40 characters). */
export function freeKey(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const plain =
    base
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 34) || 'step';
  if (!used.has(plain)) return plain;
  for (let n = 2; ; n++) if (!used.has(`${plain}-${n}`)) return `${plain}-${n}`;
}

/** A step's key changed: the relations that named it name the new one. */
export function renameStep(draft: TemplateDraft, index: number, key: string): TemplateDraft {
  const old = draft.steps[index]!.key;
  return {
    ...draft,
    steps: draft.steps.map((step, k) => (k === index ? { ...step, key } : step)),
    relations: draft.relations.map((r) => ({
      ...r,
      from: r.from === old ? key : r.from,
      to: r.to === old ? key : r.to,
    })),
  };
}

/** A step added last, linked finish-to-start after the one that was last. */
export function addStep(draft: TemplateDraft): TemplateDraft {
  const key = freeKey(
    `step-${draft.steps.length + 1}`,
    draft.steps.map((s) => s.key),
  );
  const last = draft.steps.at(-1);
  return {
    ...draft,
    steps: [
      ...draft.steps,
      { key, name: { ru: '', en: '' }, trade: { ru: '', en: '' }, share: '', volumeShare: '', unit: '' },
    ],
    relations: last
      ? [...draft.relations, { from: last.key, to: key, type: 'fs', lagDays: '0' }]
      : draft.relations,
  };
}

/** A step removed, with the relations that named it. */
export function removeStep(draft: TemplateDraft, index: number): TemplateDraft {
  const key = draft.steps[index]!.key;
  return {
    ...draft,
    steps: draft.steps.filter((_, k) => k !== index),
    relations: draft.relations.filter((r) => r.from !== key && r.to !== key),
  };
}

/** A step moved one place up (-1) or down (+1): the order of the sub-works it makes. */
export function moveStep(draft: TemplateDraft, index: number, by: -1 | 1): TemplateDraft {
  const to = index + by;
  if (to < 0 || to >= draft.steps.length) return draft;
  const steps = [...draft.steps];
  [steps[index], steps[to]] = [steps[to]!, steps[index]!];
  return { ...draft, steps };
}

/**
 * A copy of a template to edit as a new one of the space: its name marked as a copy in both languages,
 * its key one the space's templates do not have.
 */
export function copyOf(
  template: DecompositionTemplate,
  mark: Texts,
  takenKeys: Iterable<string>,
): TemplateDraft {
  const draft = draftOf(template);
  const name = (text: string, suffix: string) => `${text} ${suffix}`.slice(0, 120);
  return {
    ...draft,
    key: freeKey(`${template.key}-copy`, takenKeys),
    name: { ru: name(draft.name.ru, mark.ru), en: name(draft.name.en, mark.en) },
  };
}

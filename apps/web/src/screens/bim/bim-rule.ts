import type { BimLinkRuleInput } from '@takt/contracts';

/** What the rule dialog's fields hold; an empty storey or building is any. */
export interface RuleDraft {
  /** IFC classes separated by commas or spaces. */
  classes: string;
  storey: string;
  building: string;
  propertyName: string;
  propertyValue: string;
  targetKind: 'wbs' | 'attribute';
  /** A WBS path, levels separated by `/`, with placeholders. */
  path: string;
  attributeId: string;
  attributeValue: string;
  profileId: string;
}

/** The fields a new rule starts with: the works of a section, storey by storey, by default. */
export function newRuleDraft(profileId: string): RuleDraft {
  return {
    classes: '',
    storey: '',
    building: '',
    propertyName: '',
    propertyValue: '',
    targetKind: 'wbs',
    path: 'Секция {building#} / {storey} / *',
    attributeId: '',
    attributeValue: '{storey}',
    profileId,
  };
}

/** The rule the fields describe: only the element conditions filled in, the path split into levels. */
export function ruleOf(draft: RuleDraft): BimLinkRuleInput {
  const classes = draft.classes
    .split(/[,\s]+/)
    .map((c) => c.trim())
    .filter(Boolean);
  return {
    element: {
      ...(draft.classes.trim() ? { ifcClasses: classes } : {}),
      ...(draft.storey ? { storey: draft.storey } : {}),
      ...(draft.building ? { building: draft.building } : {}),
      ...(draft.propertyName.trim()
        ? { property: { name: draft.propertyName.trim(), value: draft.propertyValue.trim() } }
        : {}),
    },
    target:
      draft.targetKind === 'wbs'
        ? {
            kind: 'wbs',
            path: draft.path
              .split('/')
              .map((p) => p.trim())
              .filter(Boolean),
          }
        : { kind: 'attribute', attributeId: draft.attributeId, value: draft.attributeValue.trim() },
    profileId: draft.profileId || null,
  };
}

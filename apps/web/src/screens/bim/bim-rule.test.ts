import { describe, expect, it } from 'vitest';
import { newRuleDraft, ruleOf } from './bim-rule';

describe('a linking rule from the dialog’s fields', () => {
  it('links every element to the default WBS path with nothing else filled in', () => {
    expect(ruleOf(newRuleDraft('p1'))).toEqual({
      element: {},
      target: { kind: 'wbs', path: ['Секция {building#}', '{storey}', '*'] },
      profileId: 'p1',
    });
    expect(ruleOf(newRuleDraft('')).profileId).toBeNull();
  });

  it('takes the element conditions that are filled in', () => {
    const rule = ruleOf({
      ...newRuleDraft('p1'),
      classes: ' IfcWall, IfcSlab  IfcBeam,',
      storey: 'Level 2',
      propertyName: ' Phase ',
      propertyValue: ' 1 ',
    });
    expect(rule.element).toEqual({
      ifcClasses: ['IfcWall', 'IfcSlab', 'IfcBeam'],
      storey: 'Level 2',
      property: { name: 'Phase', value: '1' },
    });
  });

  it('targets works by an attribute value instead of a path', () => {
    const rule = ruleOf({
      ...newRuleDraft('p1'),
      targetKind: 'attribute',
      attributeId: 'a1',
      attributeValue: ' {storey} ',
      building: 'B',
    });
    expect(rule.target).toEqual({ kind: 'attribute', attributeId: 'a1', value: '{storey}' });
    expect(rule.element).toEqual({ building: 'B' });
  });
});

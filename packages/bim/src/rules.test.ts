import { describe, expect, it } from 'vitest';
import {
  type BimLinkRule,
  type BimRuleElement,
  type BimRuleWork,
  bimGlobMatch,
  bimLinkRulesApply,
  bimProcessLinksResolve,
  bimRuleSubstitute,
} from './rules';

const el = (
  globalId: string,
  ifcClass: string,
  storey: string,
  building = 'Секция 1',
  props = {},
): BimRuleElement => ({
  globalId,
  ifcClass,
  name: `${ifcClass} ${globalId}`,
  typeName: null,
  storey,
  building,
  properties: props,
});

// Секция 1 → Этаж 1 / Этаж 2 → Монолитный каркас → Бетонирование перекрытия; Секция 2 → Этаж 1 → …
const works: BimRuleWork[] = [];
const add = (id: string, parentId: string | null, name: string, attributes?: Record<string, string>) =>
  works.push({ id, parentId, name, code: id, attributes });
for (const s of [1, 2]) {
  add(`s${s}`, null, `Секция ${s}`);
  for (const f of [1, 2]) {
    add(`s${s}f${f}`, `s${s}`, `Этаж ${f}`);
    add(`s${s}f${f}k`, `s${s}f${f}`, 'Монолитный каркас');
    add(`s${s}f${f}c`, `s${s}f${f}k`, 'Бетонирование колонн', { zone: `S${s}-F${f}` });
    add(`s${s}f${f}p`, `s${s}f${f}k`, 'Бетонирование перекрытия', { zone: `S${s}-F${f}` });
    add(`s${s}f${f}w`, `s${s}f${f}`, 'Кладка наружных стен');
  }
}

describe('bimGlobMatch and substitution', () => {
  it('matches case-insensitively with * wildcards', () => {
    expect(bimGlobMatch('этаж *', 'Этаж 12')).toBe(true);
    expect(bimGlobMatch('Этаж 1', ' этаж 1 ')).toBe(true);
    expect(bimGlobMatch('Этаж 1', 'Этаж 12')).toBe(false);
    expect(bimGlobMatch('*(old)*', 'wall (old) 2')).toBe(true);
    expect(bimGlobMatch('x', null)).toBe(false);
  });
  it('substitutes element values, numbers without leading zeros', () => {
    const e = el('a', 'IfcSlab', 'Level 03', 'Section 2');
    expect(bimRuleSubstitute('Секция {building#}/Этаж {storey#} {class}', e)).toBe('Секция 2/Этаж 3 IfcSlab');
    expect(bimRuleSubstitute('{storey}', { ...e, storey: null })).toBe('');
  });
});

describe('bimLinkRulesApply', () => {
  const elements = [
    el('slab-1-1', 'IfcSlab', 'Этаж 1'),
    el('slab-1-2', 'IfcSlab', 'Этаж 02'),
    el('col-1-1', 'IfcColumnStandardCase', 'Этаж 1'),
    el('wall-2-1', 'IfcWall', 'Этаж 1', 'Секция 2', { Pset_WallCommon: { IsExternal: true } }),
    el('wall-2-1i', 'IfcWall', 'Этаж 1', 'Секция 2', { Pset_WallCommon: { IsExternal: false } }),
    el('stair', 'IfcStair', 'Этаж 1'),
  ];

  it('links storey + class to a WBS path with placeholders', () => {
    const rules: BimLinkRule[] = [
      {
        element: { ifcClasses: ['IfcSlab'] },
        target: {
          kind: 'wbs',
          path: ['Секция {building#}', 'Этаж {storey#}', '*', 'Бетонирование перекрытия'],
        },
        profileId: 'install',
      },
      {
        element: { ifcClasses: ['IfcColumn'], storey: 'этаж 1' },
        target: {
          kind: 'wbs',
          path: ['Секция {building#}', 'Этаж 1', 'Монолитный каркас', 'Бетонирование колонн'],
        },
      },
    ];
    const links = bimLinkRulesApply(rules, elements, works);
    expect(links).toEqual([
      { elementGlobalId: 'slab-1-1', workId: 's1f1p', profileId: 'install', rule: 0 },
      { elementGlobalId: 'slab-1-2', workId: 's1f2p', profileId: 'install', rule: 0 },
      { elementGlobalId: 'col-1-1', workId: 's1f1c', profileId: null, rule: 1 },
    ]);
  });

  it('links by a property value and by a work attribute; stairs match no IfcStair-prefixed class', () => {
    const rules: BimLinkRule[] = [
      {
        element: { ifcClasses: ['IfcWall'], property: { name: 'IsExternal', value: 'true' } },
        target: { kind: 'wbs', path: ['Секция {building#}', 'Этаж {storey#}', 'Кладка наружных стен'] },
      },
      {
        element: { ifcClasses: ['IfcSlab', 'IfcStair'], building: 'Секция 1', storey: 'Этаж 1' },
        target: { kind: 'attribute', attributeId: 'zone', value: 'S{building#}-F{storey#}' },
      },
    ];
    const links = bimLinkRulesApply(rules, elements, works);
    expect(links.map((l) => [l.elementGlobalId, l.workId])).toEqual([
      ['wall-2-1', 's2f1w'],
      ['slab-1-1', 's1f1c'],
      ['slab-1-1', 's1f1p'],
      ['stair', 's1f1c'],
      ['stair', 's1f1p'],
    ]);
  });

  it('does not link twice, and a path that names nothing links nothing', () => {
    const rule: BimLinkRule = {
      element: { ifcClasses: ['IfcSlab'] },
      target: { kind: 'wbs', path: ['Этаж {storey#}', 'Монолитный каркас', 'Бетонирование перекрытия'] },
    };
    const links = bimLinkRulesApply([rule, rule], elements, works);
    // Without the section level both sections' storeys match: two works per slab, each once.
    expect(links.filter((l) => l.elementGlobalId === 'slab-1-1').map((l) => l.workId)).toEqual([
      's1f1p',
      's2f1p',
    ]);
    expect(links.every((l) => l.rule === 0)).toBe(true);
    const none = bimLinkRulesApply(
      [{ element: {}, target: { kind: 'wbs', path: ['Нет такой работы'] } }],
      elements,
      works,
    );
    expect(none).toEqual([]);
  });
});

describe('bimProcessLinksResolve', () => {
  it('matches tasks by identification, then by a unique name', () => {
    const task = (identification: string | null, name: string, ids: string[]) => ({
      taskGlobalId: `t-${name}`,
      identification,
      name,
      scheduleStart: null,
      scheduleFinish: null,
      elementGlobalIds: ids,
    });
    const result = bimProcessLinksResolve(
      [
        task('s2f1w', 'anything', ['w1']),
        task(null, 'Секция 1', ['x']),
        task(null, 'Бетонирование колонн', ['c']),
        task('nope', 'Nope', ['n']),
      ],
      works,
    );
    expect(result.links).toEqual([
      { elementGlobalId: 'w1', workId: 's2f1w' },
      { elementGlobalId: 'x', workId: 's1' },
    ]);
    // "Бетонирование колонн" names four works: ambiguous, so it is reported, not guessed.
    expect(result.unmatched.map((t) => t.name)).toEqual(['Бетонирование колонн', 'Nope']);
  });
});

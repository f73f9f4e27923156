import { beforeAll, describe, expect, it } from 'vitest';
import type { IfcAPI } from 'web-ifc';
import { bimLinkRulesApply } from '../rules';
import { bimIfcApiCreate } from './api';
import { bimDemoIfc } from './demo';
import { bimIfcParse } from './parse';

let api: IfcAPI;
beforeAll(async () => {
  api = await bimIfcApiCreate();
});

describe('bimDemoIfc', () => {
  it('writes sections × storeys that parse back with names, classes, properties and quantities', () => {
    const demo = bimDemoIfc(api, { sections: 2, floors: 3 });
    // Per section: 1 foundation + 4 basement walls, per floor 1 slab + 12 columns + 4 walls + 2 partitions
    // + 12 windows + 8 facade panels, 1 roof.
    expect(demo.elements).toBe(2 * (5 + 3 * 39 + 1));
    const model = bimIfcParse(api, demo.bytes);
    expect(model.schema).toBe('IFC4');
    expect(model.elements).toHaveLength(demo.elements);
    const buildings = model.spatial[0]!.children[0]!.children;
    expect(buildings.map((b) => b.name)).toEqual(['Секция 1', 'Секция 2']);
    expect(buildings[0]!.children.map((s) => s.name)).toEqual([
      'Подземная часть',
      'Этаж 1',
      'Этаж 2',
      'Этаж 3',
      'Кровля',
    ]);
    const slab = model.elements.find((e) => e.ifcClass === 'IfcSlab' && e.storey === 'Этаж 2')!;
    expect(slab.building).toBe('Секция 1');
    expect(slab.quantities.Qto_Base!.NetVolume).toBeCloseTo(24 * 15 * 0.22, 6);
    const wall = model.elements.find((e) => e.ifcClass === 'IfcWall' && e.name?.includes('/w0'))!;
    expect(wall.properties.Pset_WallCommon).toEqual({ IsExternal: true, LoadBearing: false });
    const counts = new Map<string, number>();
    for (const e of model.elements) counts.set(e.ifcClass, (counts.get(e.ifcClass) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({
      IfcFooting: 2,
      IfcWall: 2 * (4 + 3 * 6),
      IfcSlab: 6,
      IfcColumn: 72,
      IfcWindow: 72,
      IfcCovering: 48,
      IfcRoof: 2,
    });
    // Geometry: two sections side by side, three storeys plus the basement high (Y up).
    const b = model.geometry.bbox;
    // The foundation slabs stick out 0.5 m on each side; the roof is 0.35 m thick.
    expect(b[3] - b[0]).toBeCloseTo(2 * 24 + 1.2 + 1, 1);
    expect(b[4] - b[1]).toBeCloseTo(0.6 + 3.3 + 3 * 3 + 0.35, 1);
    expect(new Set(model.geometry.groups.flatMap((g) => Array.from(g.rangeElement))).size).toBe(
      demo.elements,
    );
    // A window group is transparent.
    expect(model.geometry.groups.some((g) => g.color[3] < 0.6)).toBe(true);
  });

  it('keeps GlobalIds when regenerated and carries process data when asked', () => {
    const a = bimIfcParse(api, bimDemoIfc(api, { sections: 1, floors: 1 }).bytes);
    const demo = bimDemoIfc(api, {
      sections: 1,
      floors: 1,
      taskOf: (p) =>
        p.kind === 'slab'
          ? { identification: `S${p.section}.F${p.floor}`, name: 'Бетонирование перекрытия' }
          : null,
    });
    expect(demo.tasks).toBe(1);
    const b = bimIfcParse(api, demo.bytes);
    expect(b.elements.map((e) => e.globalId)).toEqual(a.elements.map((e) => e.globalId));
    expect(b.processLinks).toHaveLength(1);
    const slab = b.elements.find((e) => e.ifcClass === 'IfcSlab')!;
    expect(b.processLinks[0]).toMatchObject({
      identification: 'S1.F1',
      name: 'Бетонирование перекрытия',
      elementGlobalIds: [slab.globalId],
    });
  });

  it('links to the demo WBS by storey rules', () => {
    const model = bimIfcParse(api, bimDemoIfc(api, { sections: 1, floors: 2 }).bytes);
    const works = [
      { id: 's1', parentId: null, name: 'Секция 1' },
      { id: 'f2', parentId: 's1', name: 'Этаж 2' },
      { id: 'k', parentId: 'f2', name: 'Монолитный каркас' },
      { id: 'pour', parentId: 'k', name: 'Бетонирование перекрытия' },
    ];
    const links = bimLinkRulesApply(
      [
        {
          element: { ifcClasses: ['IfcSlab'], storey: 'Этаж *' },
          target: {
            kind: 'wbs',
            path: ['Секция {building#}', '{storey}', 'Монолитный каркас', 'Бетонирование перекрытия'],
          },
        },
      ],
      model.elements,
      works,
    );
    expect(links).toHaveLength(1);
    expect(model.elements.find((e) => e.globalId === links[0]!.elementGlobalId)?.storey).toBe('Этаж 2');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IfcAPI } from 'web-ifc';
import { bimGeometryDecode, bimGeometryEncode, bimGeometryStats } from '../geometry';
import { bimIfcApiCreate } from './api';
import { BimIfcError, bimIfcParse } from './parse';

const DATA = join(import.meta.dirname, '../../../../../shared/testdata/ifc');
const read = (name: string) => new Uint8Array(readFileSync(join(DATA, name)));

let api: IfcAPI;
beforeAll(async () => {
  api = await bimIfcApiCreate();
});

describe('bimIfcParse', () => {
  it('reads the FZK house (IFC4, ArchiCAD): elements, storeys, property and quantity sets', () => {
    const phases = new Set<string>();
    const model = bimIfcParse(api, read('AC20-FZK-Haus.ifc'), { onProgress: (p) => phases.add(p) });
    expect(model.schema).toBe('IFC4');
    expect([...phases]).toEqual(['open', 'geometry', 'properties', 'done']);
    const count = (cls: string) => model.elements.filter((e) => e.ifcClass === cls).length;
    expect(count('IfcWallStandardCase')).toBe(13);
    expect(count('IfcDoor')).toBe(5);
    expect(count('IfcWindow')).toBe(11);
    expect(count('IfcSlab')).toBe(4);
    expect(count('IfcBeam')).toBe(4);
    expect(count('IfcSpace')).toBe(0);
    const storeys = new Set(model.elements.map((e) => e.storey));
    expect(storeys).toEqual(new Set(['Erdgeschoss', 'Dachgeschoss', null]));
    // The terrain is the site's own geometry: an element on no storey.
    expect(model.elements.filter((e) => e.storey === null).map((e) => e.ifcClass)).toEqual(['IfcSite']);
    const wall = model.elements.find((e) => e.ifcClass === 'IfcWallStandardCase')!;
    expect(wall.globalId).toMatch(/^[0-9A-Za-z_$]{22}$/);
    expect(wall.building).toBe('FZK-Haus');
    expect(Object.keys(wall.quantities)).toContain('BaseQuantities');
    expect(typeof Object.values(wall.quantities.BaseQuantities!)[0]).toBe('number');
    expect(Object.keys(wall.properties).length).toBeGreaterThan(0);
    // Spatial tree: project → site → building → two storeys, every element placed once.
    const project = model.spatial[0]!;
    expect(project.ifcClass).toBe('IfcProject');
    const building = project.children[0]!.children[0]!;
    expect(building.ifcClass).toBe('IfcBuilding');
    expect(building.children.map((s) => s.name).sort()).toEqual(['Dachgeschoss', 'Erdgeschoss']);
    const placed = building.children.flatMap((s) => s.elements);
    expect(new Set(placed).size).toBe(placed.length);
    expect(model.processLinks).toEqual([]);
    // Geometry: every visible element has at least one range; the house is about 12 × 10 m, Y up.
    const g = model.geometry;
    const withGeometry = new Set(g.groups.flatMap((gr) => Array.from(gr.rangeElement)));
    expect(withGeometry.size).toBeGreaterThan(60);
    const width = g.bbox[3] - g.bbox[0];
    const height = g.bbox[4] - g.bbox[1];
    expect(width).toBeGreaterThan(8);
    expect(width).toBeLessThan(40);
    expect(height).toBeGreaterThan(5);
    expect(height).toBeLessThan(15);
    const stats = bimGeometryStats(g);
    expect(stats.triangles).toBeGreaterThan(5000);
    const back = bimGeometryDecode(bimGeometryEncode(g));
    expect(bimGeometryStats(back)).toEqual(stats);
  });

  it('reads the Revit sample (IFC2X3): structural columns and beams on two levels', () => {
    const model = bimIfcParse(api, read('example.ifc'));
    expect(model.schema).toBe('IFC2X3');
    const count = (cls: string) => model.elements.filter((e) => e.ifcClass === cls).length;
    expect(count('IfcColumn')).toBe(42);
    expect(count('IfcBeam')).toBe(43);
    expect(count('IfcWallStandardCase') + count('IfcWall')).toBe(17);
    expect(new Set(model.elements.map((e) => e.storey).filter(Boolean))).toEqual(
      new Set(['Level 1', 'Level 2']),
    );
    const column = model.elements.find((e) => e.ifcClass === 'IfcColumn')!;
    expect(column.typeName).toBeTruthy();
    // Typed values keep their type: booleans, reals, labels.
    const wall = model.elements.find((e) => e.properties.Pset_WallCommon?.IsExternal !== undefined)!;
    expect(typeof wall.properties.Pset_WallCommon!.IsExternal).toBe('boolean');
    expect(typeof wall.properties.Pset_WallCommon!.ThermalTransmittance).toBe('number');
    expect(typeof wall.properties.Pset_WallCommon!.Reference).toBe('string');
  });

  it('reads IfcOpenHouse (IFC4): one storey, a roof', () => {
    const model = bimIfcParse(api, read('IfcOpenHouse_IFC4.ifc'));
    expect(model.schema).toBe('IFC4');
    expect(model.elements.some((e) => e.ifcClass === 'IfcRoof' || e.ifcClass === 'IfcSlab')).toBe(true);
    expect(model.elements.filter((e) => e.ifcClass.startsWith('IfcWall')).length).toBe(4);
    expect(model.geometry.groups.length).toBeGreaterThan(1);
  });

  it('rejects a file that is not IFC', () => {
    expect(() => bimIfcParse(api, new TextEncoder().encode('hello world'))).toThrow(BimIfcError);
  });
});

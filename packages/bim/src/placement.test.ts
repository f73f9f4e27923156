import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IfcAPI } from 'web-ifc';
import { bimIfcApiCreate } from './ifc/api';
import { compoundAngle, readGeoreference } from './ifc/parse';
import {
  type BimGeoreference,
  bimBoxesOverlap,
  bimGeoreferenceRelative,
  bimModelPlacement,
  bimPlacementMatrix,
  bimPlacePoint,
  bimReferenceGeoreference,
} from './placement';

const DATA = join(import.meta.dirname, '../../../../shared/testdata/ifc');
const FZK = readFileSync(join(DATA, 'AC20-FZK-Haus.ifc'), 'latin1');

const map = (e: number, n: number, h: number, angleDeg: number, scale = 1): BimGeoreference => ({
  kind: 'map',
  eastings: e,
  northings: n,
  height: h,
  xAxisAbscissa: Math.cos((angleDeg * Math.PI) / 180),
  xAxisOrdinate: Math.sin((angleDeg * Math.PI) / 180),
  scale,
});
const close = (a: number[], b: number[]) => {
  expect(a).toHaveLength(b.length);
  for (const [i, v] of a.entries()) expect(v).toBeCloseTo(b[i]!, 6);
};

describe('placement from IfcMapConversion', () => {
  it('puts a model where the map says, in the reference model frame', () => {
    const reference = map(458_800, 5_438_300, 100, 0);
    // 70 m east, 40 m north and 10 m higher, its x axis turned 30° anticlockwise.
    const model = map(458_870, 5_438_340, 110, 30);
    const p = bimGeoreferenceRelative(model, reference)!;
    expect(p.scale).toBe(1);
    expect(p.rotation).toBeCloseTo(Math.PI / 6, 12);
    close(p.translation, [70, 40, 10]);
    // The model's own origin lands at the offset; its x axis points 30° north of east.
    close(bimPlacePoint(p, [0, 0, 0]), [70, 40, 10]);
    close(bimPlacePoint(p, [10, 0, 0]), [70 + 10 * Math.cos(Math.PI / 6), 40 + 5, 10]);
  });

  it('follows a rotated reference: the map offset is turned into the reference frame', () => {
    // The reference's x axis points north (90°): a model 50 m east on the map is 50 m along its −y.
    const p = bimGeoreferenceRelative(map(1050, 2000, 0, 90), map(1000, 2000, 0, 90))!;
    expect(p.rotation).toBeCloseTo(0, 12);
    close(p.translation, [0, -50, 0]);
    // Map point check: the model origin on the map is (1050, 2000); through the reference it is the same.
    const local = bimPlacePoint(p, [0, 0, 0]);
    close([1000 - local[1]!, 2000 + local[0]!], [1050, 2000]);
  });

  it('keeps a grid scale near 1 and ignores a unit scale the parser already applied', () => {
    const grid = bimGeoreferenceRelative(map(100, 0, 0, 0, 0.9996), map(0, 0, 0, 0, 0.9996))!;
    expect(grid.scale).toBeCloseTo(1, 12);
    close(grid.translation, [100 / 0.9996, 0, 0]);
    // A millimetre model's 0.001 is the unit conversion, already done: metres stay metres.
    const mm = bimGeoreferenceRelative(map(100, 0, 0, 0, 0.001), map(0, 0, 0, 0, 1))!;
    expect(mm.scale).toBe(1);
    close(mm.translation, [100, 0, 0]);
  });

  it('cannot compare a map conversion with a site latitude, nor a model without either', () => {
    const site: BimGeoreference = { kind: 'site', latitude: 49, longitude: 8, elevation: 0 };
    expect(bimGeoreferenceRelative(map(0, 0, 0, 0), site)).toBeNull();
    expect(bimGeoreferenceRelative(null, site)).toBeNull();
  });
});

describe('placement from IfcSite latitude and longitude', () => {
  it('places a site by its distance on a tangent plane at the reference', () => {
    const reference: BimGeoreference = { kind: 'site', latitude: 49.1, longitude: 8.4, elevation: 110 };
    const model: BimGeoreference = { kind: 'site', latitude: 49.101, longitude: 8.401, elevation: 112 };
    const p = bimGeoreferenceRelative(model, reference)!;
    // 0.001° of latitude is about 111.3 m; of longitude at 49.1° about 72.9 m.
    expect(p.translation[0]).toBeCloseTo(72.9, 0);
    expect(p.translation[1]).toBeCloseTo(111.3, 0);
    expect(p.translation[2]).toBe(2);
  });

  it('reads compound angles, negative ones included', () => {
    expect(compoundAngle([49, 6, 1, 566000])).toBeCloseTo(49 + 6 / 60 + 1.566 / 3600, 12);
    expect(compoundAngle([-71, -1, -58, -789672])).toBeCloseTo(-(71 + 1 / 60 + 58.789672 / 3600), 12);
    expect(compoundAngle([49, 6])).toBeNull();
    expect(compoundAngle(null)).toBeNull();
  });
});

describe('the user offset and the viewer matrix', () => {
  it('applies the move after the georeference, turning about the reference origin', () => {
    const p = bimModelPlacement(
      { georeference: map(10, 0, 0, 0), offset: { x: 5, y: 0, z: 1, rotation: 90 } },
      map(0, 0, 0, 0),
    );
    // (10, 0) turned 90° is (0, 10), then moved 5 east and 1 up.
    close(bimPlacePoint(p, [0, 0, 0]), [5, 10, 1]);
    // Without a georeference the move alone places the model.
    const moved = bimModelPlacement(
      { georeference: null, offset: { x: 30, y: -4, z: 0, rotation: 0 } },
      null,
    );
    close(moved.translation, [30, -4, 0]);
  });

  it('is the first georeferenced model that is the reference', () => {
    const a = map(1, 2, 3, 0);
    expect(
      bimReferenceGeoreference([
        { georeference: null },
        { georeference: a },
        { georeference: map(0, 0, 0, 0) },
      ]),
    ).toBe(a);
  });

  it('writes a Y-up column-major matrix (x east, y up, z south)', () => {
    const m = bimPlacementMatrix({ scale: 1, rotation: Math.PI / 2, translation: [70, 40, 10] });
    // Apply to the Y-up point of (1 east, 0 north, 0 up) = (1, 0, 0): turned 90° it points north, i.e. −z.
    const apply = (x: number, y: number, z: number) => [
      m[0]! * x + m[4]! * y + m[8]! * z + m[12]!,
      m[1]! * x + m[5]! * y + m[9]! * z + m[13]!,
      m[2]! * x + m[6]! * y + m[10]! * z + m[14]!,
    ];
    close(apply(1, 0, 0), [70, 10, -41]);
    close(apply(0, 2, 0), [70, 12, -40]);
  });

  it('tells overlapping boxes from separate ones', () => {
    expect(bimBoxesOverlap([0, 0, 0, 10, 10, 10], [5, 5, 5, 15, 15, 15])).toBe(true);
    expect(bimBoxesOverlap([0, 0, 0, 10, 10, 10], [20, 0, 0, 30, 10, 10])).toBe(false);
  });
});

describe('reading the georeference of a file', () => {
  let api: IfcAPI;
  beforeAll(async () => {
    api = await bimIfcApiCreate();
  });
  const georeferenceOf = (text: string) => {
    const id = api.OpenModel(new TextEncoder().encode(text));
    try {
      return readGeoreference(api, id);
    } finally {
      api.CloseModel(id);
    }
  };

  it('takes the FZK house site latitude, longitude and elevation', () => {
    const geo = georeferenceOf(FZK);
    expect(geo).toMatchObject({ kind: 'site', elevation: 110 });
    if (geo?.kind !== 'site') throw new Error('no site');
    expect(geo.latitude).toBeCloseTo(49.1004, 4);
    expect(geo.longitude).toBeCloseTo(8.4365, 4);
  });

  it('prefers an IfcMapConversion when the file has one', () => {
    const lines = [
      "#90001= IFCPROJECTEDCRS('EPSG:25832',$,'ETRS89',$,'UTM','32N',$);",
      '#90002= IFCMAPCONVERSION(#62,#90001,458870.,5438340.,110.,0.866025403784,0.5,1.);',
    ].join('\n');
    const end = FZK.lastIndexOf('ENDSEC;');
    const geo = georeferenceOf(`${FZK.slice(0, end)}${lines}\n${FZK.slice(end)}`);
    expect(geo).toEqual({
      kind: 'map',
      eastings: 458_870,
      northings: 5_438_340,
      height: 110,
      xAxisAbscissa: 0.866025403784,
      xAxisOrdinate: 0.5,
      scale: 1,
    });
  });
});

/**
 * Where models of one project go relative to each other. Geometry comes out of the parser in each file's
 * own engineering coordinates (its site placement already applied); a file may also say where that frame
 * lies on the map — an IfcMapConversion (eastings, northings, orthogonal height, the direction of its x
 * axis, a scale), or, lacking one, its IfcSite's reference latitude, longitude and elevation. The project's
 * reference model is the first one that says; every other model that says it in the same way is moved
 * into the reference's frame, and the user's offset (metres east, north, up and a turn about the vertical)
 * is applied last. Frames here are Z-up (x east, y north); the viewer's Y-up conversion is
 * `bimPlacementMatrix`.
 */

export type BimGeoreference =
  | {
      kind: 'map';
      eastings: number;
      northings: number;
      height: number;
      /** The file's x axis in map coordinates (IfcMapConversion XAxisAbscissa / XAxisOrdinate). */
      xAxisAbscissa: number;
      xAxisOrdinate: number;
      scale: number;
    }
  | {
      kind: 'site';
      /** Decimal degrees, north and east positive; metres above the datum. */
      latitude: number;
      longitude: number;
      elevation: number;
    };

/** The user's move of a model: metres east, north and up, and degrees anticlockwise seen from above. */
export interface BimOffset {
  x: number;
  y: number;
  z: number;
  rotation: number;
}

/** A similarity in the Z-up frame: p' = scale · Rz(rotation) · p + translation. */
export interface BimPlacement {
  scale: number;
  /** Radians, anticlockwise about the vertical. */
  rotation: number;
  translation: [east: number, north: number, up: number];
}

export const BIM_IDENTITY_PLACEMENT: BimPlacement = { scale: 1, rotation: 0, translation: [0, 0, 0] };

/** Metres per degree of latitude (and of longitude at the equator) on the WGS 84 sphere of radius a. */
const METRES_PER_DEGREE = (6_378_137 * Math.PI) / 180;

/**
 * A map conversion's scale is mostly the unit conversion of a millimetre or foot model, which the parser
 * has already done (geometry is in metres): only a scale near 1 (a projection's grid factor) is kept.
 */
function effectiveScale(scale: number): number {
  return Number.isFinite(scale) && scale > 0.5 && scale < 2 ? scale : 1;
}

/** Where `model`'s frame lies in `reference`'s frame, from their georeferences; null when they cannot be compared. */
export function bimGeoreferenceRelative(
  model: BimGeoreference | null,
  reference: BimGeoreference | null,
): BimPlacement | null {
  if (!model || !reference || model.kind !== reference.kind) return null;
  if (model.kind === 'map' && reference.kind === 'map') {
    const thetaB = Math.atan2(model.xAxisOrdinate, model.xAxisAbscissa);
    const thetaA = Math.atan2(reference.xAxisOrdinate, reference.xAxisAbscissa);
    const sB = effectiveScale(model.scale);
    const sA = effectiveScale(reference.scale);
    const dE = model.eastings - reference.eastings;
    const dN = model.northings - reference.northings;
    const cos = Math.cos(-thetaA);
    const sin = Math.sin(-thetaA);
    return {
      scale: sB / sA,
      rotation: thetaB - thetaA,
      translation: [
        (cos * dE - sin * dN) / sA,
        (sin * dE + cos * dN) / sA,
        (model.height - reference.height) / sA,
      ],
    };
  }
  if (model.kind === 'site' && reference.kind === 'site') {
    // A local tangent plane at the reference: good to centimetres over a building site.
    const east =
      (model.longitude - reference.longitude) *
      METRES_PER_DEGREE *
      Math.cos((reference.latitude * Math.PI) / 180);
    const north = (model.latitude - reference.latitude) * METRES_PER_DEGREE;
    return { scale: 1, rotation: 0, translation: [east, north, model.elevation - reference.elevation] };
  }
  return null;
}

/** The reference of a project's models: the first (in their order) whose file says where it is. */
export function bimReferenceGeoreference(
  models: { georeference: BimGeoreference | null }[],
): BimGeoreference | null {
  return models.find((m) => m.georeference)?.georeference ?? null;
}

/** A model's placement: its georeference relative to the reference, then the user's offset. */
export function bimModelPlacement(
  model: { georeference: BimGeoreference | null; offset: BimOffset | null },
  reference: BimGeoreference | null,
): BimPlacement {
  const geo = bimGeoreferenceRelative(model.georeference, reference) ?? BIM_IDENTITY_PLACEMENT;
  const offset = model.offset;
  if (!offset) return geo;
  const turn = (offset.rotation * Math.PI) / 180;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  const [x, y, z] = geo.translation;
  return {
    scale: geo.scale,
    rotation: geo.rotation + turn,
    translation: [cos * x - sin * y + offset.x, sin * x + cos * y + offset.y, z + offset.z],
  };
}

/** Applies a placement to a Z-up point. */
export function bimPlacePoint(
  p: BimPlacement,
  [x, y, z]: [number, number, number],
): [number, number, number] {
  const cos = Math.cos(p.rotation);
  const sin = Math.sin(p.rotation);
  return [
    p.scale * (cos * x - sin * y) + p.translation[0],
    p.scale * (sin * x + cos * y) + p.translation[1],
    p.scale * z + p.translation[2],
  ];
}

/**
 * The placement as a column-major 4×4 matrix in the viewer's Y-up frame (x east, y up, z south), as
 * three.js `Matrix4.fromArray` reads it: a turn about the vertical is a turn about y there.
 */
export function bimPlacementMatrix(p: BimPlacement): number[] {
  const c = Math.cos(p.rotation) * p.scale;
  const s = Math.sin(p.rotation) * p.scale;
  const [east, north, up] = p.translation;
  // Z-up (x, y, z) is Y-up (x, z, -y); Rz(θ) there is Ry(θ): x' = x cos + z sin, z' = -x sin + z cos.
  return [c, 0, -s, 0, 0, p.scale, 0, 0, s, 0, c, 0, east, up, -north, 1];
}

/**
 * Whether two models' boxes (Y-up, in the scene's frame: min x, y, z, max x, y, z) overlap: models that
 * are not placed apart by a georeference or a move and still overlap are drawn over each other.
 */
export function bimBoxesOverlap(a: readonly number[], b: readonly number[]): boolean {
  return a[0]! < b[3]! && b[0]! < a[3]! && a[1]! < b[4]! && b[1]! < a[4]! && a[2]! < b[5]! && b[2]! < a[5]!;
}

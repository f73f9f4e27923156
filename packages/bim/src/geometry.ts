/**
 * The compact geometry cache of a model: triangles merged per material colour, world transforms
 * already applied, and per-element ranges so one element can be coloured, hidden or picked inside a
 * merged buffer. Encoded as one binary blob (`takt.bim.geometry.v1`) that the server stores beside
 * the IFC, so opening a model a second time reads this blob instead of parsing the IFC again.
 */

/** RGBA, each 0..1. */
export type BimColor = readonly [number, number, number, number];

export interface BimGeometryGroup {
  color: BimColor;
  /** xyz per vertex, relative to `BimGeometry.origin`. */
  positions: Float32Array;
  /** xyz per vertex, signed bytes scaled to −127..127. */
  normals: Int8Array;
  indices: Uint32Array;
  /** One entry per element piece in this group. */
  rangeElement: Uint32Array;
  rangeVertexStart: Uint32Array;
  rangeVertexCount: Uint32Array;
  rangeIndexStart: Uint32Array;
  rangeIndexCount: Uint32Array;
}

export interface BimGeometry {
  /** World position of the local zero (metres): keeps float32 precise for geo-referenced models. */
  origin: [number, number, number];
  /** Bounding box relative to `origin`: minX, minY, minZ, maxX, maxY, maxZ (Y is up). */
  bbox: [number, number, number, number, number, number];
  /** Number of elements the ranges refer to (the element list's length). */
  elementCount: number;
  groups: BimGeometryGroup[];
}

const MAGIC = 'TKBIM001';
const FORMAT = 'takt.bim.geometry.v1';

class Grow<T extends Float32Array | Int8Array | Uint32Array> {
  length = 0;
  constructor(
    public data: T,
    private readonly make: (n: number) => T,
  ) {}
  reserve(extra: number) {
    const need = this.length + extra;
    if (need <= this.data.length) return;
    let size = Math.max(16, this.data.length * 2);
    while (size < need) size *= 2;
    const next = this.make(size);
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
  push(value: number) {
    this.reserve(1);
    this.data[this.length++] = value;
  }
  view(): T {
    return this.data.slice(0, this.length) as T;
  }
}

const f32 = (n: number) => new Float32Array(n);
const i8 = (n: number) => new Int8Array(n);
const u32 = (n: number) => new Uint32Array(n);

interface GroupBuilder {
  color: BimColor;
  /** How much of this group the last `takeChunk` handed out: vertices, indices, ranges. */
  taken: { vertices: number; indices: number; ranges: number };
  positions: Grow<Float32Array>;
  normals: Grow<Int8Array>;
  indices: Grow<Uint32Array>;
  rangeElement: Grow<Uint32Array>;
  rangeVertexStart: Grow<Uint32Array>;
  rangeVertexCount: Grow<Uint32Array>;
  rangeIndexStart: Grow<Uint32Array>;
  rangeIndexCount: Grow<Uint32Array>;
}

/** Colour key at 8 bits per channel, so near-identical materials share a group. */
function colorKey(c: BimColor): number {
  const q = (v: number) => Math.max(0, Math.min(255, Math.round(v * 255)));
  return ((q(c[0]) << 24) | (q(c[1]) << 16) | (q(c[2]) << 8) | q(c[3])) >>> 0;
}

/**
 * Collects triangle pieces element by element. `vertexData` is web-ifc's interleaved layout
 * (x, y, z, nx, ny, nz per vertex); `matrix` is a column-major 4×4 placing the piece in the world.
 */
export class BimGeometryBuilder {
  private readonly groups = new Map<number, GroupBuilder>();
  private origin: [number, number, number] | null = null;
  private readonly bbox: [number, number, number, number, number, number] = [
    Infinity,
    Infinity,
    Infinity,
    -Infinity,
    -Infinity,
    -Infinity,
  ];

  addPiece(
    elementIndex: number,
    color: BimColor,
    vertexData: ArrayLike<number>,
    indexData: ArrayLike<number>,
    matrix: ArrayLike<number>,
  ): void {
    const vertexCount = Math.floor(vertexData.length / 6);
    if (vertexCount === 0 || indexData.length < 3) return;
    const key = colorKey(color);
    let g = this.groups.get(key);
    if (!g) {
      g = {
        color: [color[0], color[1], color[2], color[3]],
        taken: { vertices: 0, indices: 0, ranges: 0 },
        positions: new Grow(f32(0), f32),
        normals: new Grow(i8(0), i8),
        indices: new Grow(u32(0), u32),
        rangeElement: new Grow(u32(0), u32),
        rangeVertexStart: new Grow(u32(0), u32),
        rangeVertexCount: new Grow(u32(0), u32),
        rangeIndexStart: new Grow(u32(0), u32),
        rangeIndexCount: new Grow(u32(0), u32),
      };
      this.groups.set(key, g);
    }
    const m = matrix;
    const [m0, m1, m2, m4, m5, m6, m8, m9, m10, m12, m13, m14] = [
      m[0]!,
      m[1]!,
      m[2]!,
      m[4]!,
      m[5]!,
      m[6]!,
      m[8]!,
      m[9]!,
      m[10]!,
      m[12]!,
      m[13]!,
      m[14]!,
    ];
    // Normals go through the inverse transpose of the upper 3×3 (correct under non-uniform scale).
    const det = m0 * (m5 * m10 - m6 * m9) - m4 * (m1 * m10 - m2 * m9) + m8 * (m1 * m6 - m2 * m5);
    const inv = det === 0 ? 1 : 1 / det;
    const n00 = (m5 * m10 - m6 * m9) * inv;
    const n01 = (m6 * m8 - m4 * m10) * inv;
    const n02 = (m4 * m9 - m5 * m8) * inv;
    const n10 = (m2 * m9 - m1 * m10) * inv;
    const n11 = (m0 * m10 - m2 * m8) * inv;
    const n12 = (m1 * m8 - m0 * m9) * inv;
    const n20 = (m1 * m6 - m2 * m5) * inv;
    const n21 = (m2 * m4 - m0 * m6) * inv;
    const n22 = (m0 * m5 - m1 * m4) * inv;
    if (!this.origin) {
      const x = vertexData[0]!;
      const y = vertexData[1]!;
      const z = vertexData[2]!;
      this.origin = [
        Math.round(m0 * x + m4 * y + m8 * z + m12),
        Math.round(m1 * x + m5 * y + m9 * z + m13),
        Math.round(m2 * x + m6 * y + m10 * z + m14),
      ];
    }
    const [ox, oy, oz] = this.origin;
    const vertexStart = g.positions.length / 3;
    g.positions.reserve(vertexCount * 3);
    g.normals.reserve(vertexCount * 3);
    const P = g.positions.data;
    const N = g.normals.data;
    let p = g.positions.length;
    const b = this.bbox;
    for (let v = 0; v < vertexCount; v++) {
      const s = v * 6;
      const x = vertexData[s]!;
      const y = vertexData[s + 1]!;
      const z = vertexData[s + 2]!;
      const wx = m0 * x + m4 * y + m8 * z + m12 - ox;
      const wy = m1 * x + m5 * y + m9 * z + m13 - oy;
      const wz = m2 * x + m6 * y + m10 * z + m14 - oz;
      P[p] = wx;
      P[p + 1] = wy;
      P[p + 2] = wz;
      if (wx < b[0]) b[0] = wx;
      if (wy < b[1]) b[1] = wy;
      if (wz < b[2]) b[2] = wz;
      if (wx > b[3]) b[3] = wx;
      if (wy > b[4]) b[4] = wy;
      if (wz > b[5]) b[5] = wz;
      const nx = vertexData[s + 3]!;
      const ny = vertexData[s + 4]!;
      const nz = vertexData[s + 5]!;
      let tx = n00 * nx + n01 * ny + n02 * nz;
      let ty = n10 * nx + n11 * ny + n12 * nz;
      let tz = n20 * nx + n21 * ny + n22 * nz;
      const len = Math.hypot(tx, ty, tz) || 1;
      tx /= len;
      ty /= len;
      tz /= len;
      N[p] = Math.round(tx * 127);
      N[p + 1] = Math.round(ty * 127);
      N[p + 2] = Math.round(tz * 127);
      p += 3;
    }
    g.positions.length = p;
    g.normals.length = p;
    // A mirroring transform flips the winding; restore counter-clockwise front faces.
    const flip = det < 0;
    const indexStart = g.indices.length;
    const triangles = Math.floor(indexData.length / 3);
    g.indices.reserve(triangles * 3);
    const I = g.indices.data;
    let q = indexStart;
    for (let t = 0; t < triangles; t++) {
      const a = indexData[t * 3]! + vertexStart;
      const bb = indexData[t * 3 + 1]! + vertexStart;
      const c = indexData[t * 3 + 2]! + vertexStart;
      I[q++] = a;
      I[q++] = flip ? c : bb;
      I[q++] = flip ? bb : c;
    }
    g.indices.length = q;
    g.rangeElement.push(elementIndex);
    g.rangeVertexStart.push(vertexStart);
    g.rangeVertexCount.push(vertexCount);
    g.rangeIndexStart.push(indexStart);
    g.rangeIndexCount.push(q - indexStart);
  }

  /**
   * The pieces added since the last call, as a geometry of their own (copied; the builder keeps
   * everything for `finish`), elements numbered 0… in order of appearance: what a viewer can draw while
   * a big file is still streaming. Null when nothing was added.
   */
  takeChunk(): BimGeometry | null {
    const local = new Map<number, number>();
    const groups: BimGeometryGroup[] = [];
    for (const g of this.groups.values()) {
      const t = g.taken;
      const vertexEnd = g.positions.length / 3;
      const rangeEnd = g.rangeElement.length;
      if (rangeEnd === t.ranges) continue;
      const indices = g.indices.data.slice(t.indices, g.indices.length);
      for (let i = 0; i < indices.length; i++) indices[i]! -= t.vertices;
      const ranges = (grow: Grow<Uint32Array>) => grow.data.slice(t.ranges, rangeEnd);
      const rangeElement = ranges(g.rangeElement).map((key) => {
        let index = local.get(key);
        if (index === undefined) {
          index = local.size;
          local.set(key, index);
        }
        return index;
      });
      groups.push({
        color: g.color,
        positions: g.positions.data.slice(t.vertices * 3, vertexEnd * 3),
        normals: g.normals.data.slice(t.vertices * 3, vertexEnd * 3),
        indices,
        rangeElement,
        rangeVertexStart: ranges(g.rangeVertexStart).map((v) => v - t.vertices),
        rangeVertexCount: ranges(g.rangeVertexCount),
        rangeIndexStart: ranges(g.rangeIndexStart).map((v) => v - t.indices),
        rangeIndexCount: ranges(g.rangeIndexCount),
      });
      g.taken = { vertices: vertexEnd, indices: g.indices.length, ranges: rangeEnd };
    }
    if (!groups.length || !this.origin) return null;
    return { origin: this.origin, bbox: [...this.bbox], elementCount: local.size, groups };
  }

  /**
   * `elementOf` renumbers the keys given to `addPiece` (e.g. IFC line ids while streaming) into
   * element indexes once the element list is known.
   */
  finish(elementCount: number, elementOf?: (key: number) => number): BimGeometry {
    const empty = !this.origin;
    return {
      origin: this.origin ?? [0, 0, 0],
      bbox: empty ? [0, 0, 0, 0, 0, 0] : [...this.bbox],
      elementCount,
      groups: [...this.groups.values()].map((g) => ({
        color: g.color,
        positions: g.positions.view(),
        normals: g.normals.view(),
        indices: g.indices.view(),
        rangeElement: elementOf ? g.rangeElement.view().map(elementOf) : g.rangeElement.view(),
        rangeVertexStart: g.rangeVertexStart.view(),
        rangeVertexCount: g.rangeVertexCount.view(),
        rangeIndexStart: g.rangeIndexStart.view(),
        rangeIndexCount: g.rangeIndexCount.view(),
      })),
    };
  }
}

type GroupArrayKey = Exclude<keyof BimGeometryGroup, 'color'>;
const GROUP_ARRAYS: { key: GroupArrayKey; kind: 'f32' | 'i8' | 'u32' }[] = [
  { key: 'positions', kind: 'f32' },
  { key: 'normals', kind: 'i8' },
  { key: 'indices', kind: 'u32' },
  { key: 'rangeElement', kind: 'u32' },
  { key: 'rangeVertexStart', kind: 'u32' },
  { key: 'rangeVertexCount', kind: 'u32' },
  { key: 'rangeIndexStart', kind: 'u32' },
  { key: 'rangeIndexCount', kind: 'u32' },
];

interface Header {
  format: string;
  origin: [number, number, number];
  bbox: [number, number, number, number, number, number];
  elementCount: number;
  groups: { color: BimColor; lengths: number[] }[];
}

const align8 = (n: number) => (n + 7) & ~7;

/**
 * Layout: 8-byte magic, uint32 header length, JSON header, then every array of every group in
 * `GROUP_ARRAYS` order, each starting at an 8-byte boundary (little-endian), so decoding is zero-copy.
 */
export function bimGeometryEncode(geometry: BimGeometry): Uint8Array {
  const header: Header = {
    format: FORMAT,
    origin: geometry.origin,
    bbox: geometry.bbox,
    elementCount: geometry.elementCount,
    groups: geometry.groups.map((g) => ({
      color: g.color,
      lengths: GROUP_ARRAYS.map((a) => g[a.key].length),
    })),
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  let size = align8(12 + json.length);
  for (const g of geometry.groups) for (const a of GROUP_ARRAYS) size = align8(size + g[a.key].byteLength);
  const out = new Uint8Array(size);
  for (let i = 0; i < MAGIC.length; i++) out[i] = MAGIC.charCodeAt(i);
  new DataView(out.buffer).setUint32(8, json.length, true);
  out.set(json, 12);
  let offset = align8(12 + json.length);
  for (const g of geometry.groups)
    for (const a of GROUP_ARRAYS) {
      const arr = g[a.key];
      out.set(new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength), offset);
      offset = align8(offset + arr.byteLength);
    }
  return out;
}

export class BimGeometryFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BimGeometryFormatError';
  }
}

export function bimGeometryDecode(bytes: Uint8Array): BimGeometry {
  if (bytes.length < 12 || String.fromCharCode(...bytes.subarray(0, 8)) !== MAGIC)
    throw new BimGeometryFormatError('not a Takt BIM geometry cache');
  // Typed views need the blob itself 8-byte aligned in its buffer; copy once when it is not.
  const data = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  const headerLength = new DataView(data.buffer, data.byteOffset).getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(data.subarray(12, 12 + headerLength))) as Header;
  if (header.format !== FORMAT) throw new BimGeometryFormatError(`unknown format ${header.format}`);
  let offset = align8(12 + headerLength);
  const groups = header.groups.map((h) => {
    const group = { color: h.color } as BimGeometryGroup;
    GROUP_ARRAYS.forEach((a, i) => {
      const length = h.lengths[i] ?? 0;
      const width = a.kind === 'i8' ? 1 : 4;
      if (offset + length * width > data.length) throw new BimGeometryFormatError('truncated geometry cache');
      const at = data.byteOffset + offset;
      const view =
        a.kind === 'f32'
          ? new Float32Array(data.buffer, at, length)
          : a.kind === 'i8'
            ? new Int8Array(data.buffer, at, length)
            : new Uint32Array(data.buffer, at, length);
      (group as unknown as Record<GroupArrayKey, unknown>)[a.key] = view;
      offset = align8(offset + length * width);
    });
    return group;
  });
  return { origin: header.origin, bbox: header.bbox, elementCount: header.elementCount, groups };
}

/** Total triangles and vertices, for progress and benchmark figures. */
export function bimGeometryStats(geometry: BimGeometry) {
  let vertices = 0;
  let triangles = 0;
  for (const g of geometry.groups) {
    vertices += g.positions.length / 3;
    triangles += g.indices.length / 3;
  }
  return { groups: geometry.groups.length, vertices, triangles };
}

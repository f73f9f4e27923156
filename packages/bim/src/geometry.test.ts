import { describe, expect, it } from 'vitest';
import {
  BimGeometryBuilder,
  BimGeometryFormatError,
  bimGeometryDecode,
  bimGeometryEncode,
  bimGeometryStats,
} from './geometry';

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
// One triangle in the XY plane facing +Z.
const TRIANGLE = [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1];

describe('BimGeometryBuilder', () => {
  it('merges pieces of one colour and keeps per-element ranges', () => {
    const b = new BimGeometryBuilder();
    b.addPiece(0, [1, 0, 0, 1], TRIANGLE, [0, 1, 2], IDENTITY);
    b.addPiece(2, [1, 0, 0, 1], TRIANGLE, [0, 1, 2], IDENTITY);
    b.addPiece(1, [0, 0, 1, 0.5], TRIANGLE, [0, 1, 2], IDENTITY);
    const g = b.finish(3);
    expect(g.groups).toHaveLength(2);
    const red = g.groups[0]!;
    expect(Array.from(red.rangeElement)).toEqual([0, 2]);
    expect(Array.from(red.rangeVertexStart)).toEqual([0, 3]);
    expect(Array.from(red.indices)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(bimGeometryStats(g)).toEqual({ groups: 2, vertices: 9, triangles: 3 });
    // Keys given while streaming are renumbered at the end.
    const renumbered = b.finish(3, (key) => 2 - key);
    expect(Array.from(renumbered.groups[0]!.rangeElement)).toEqual([2, 0]);
  });

  it('applies the placement, keeps float precision with an origin, and flips mirrored winding', () => {
    const b = new BimGeometryBuilder();
    // Translate far away (a geo-referenced site) and mirror X.
    const m = [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5_000_000.25, 10, 20, 1];
    b.addPiece(0, [1, 1, 1, 1], TRIANGLE, [0, 1, 2], m);
    const g = b.finish(1);
    expect(g.origin).toEqual([5_000_000, 10, 20]);
    const p = g.groups[0]!.positions;
    expect(p[0]).toBeCloseTo(0.25, 5);
    expect(p[3]).toBeCloseTo(-0.75, 5);
    expect(Array.from(g.groups[0]!.indices)).toEqual([0, 2, 1]);
    // The normal stays +Z under an X mirror.
    expect(Array.from(g.groups[0]!.normals.subarray(0, 3))).toEqual([0, 0, 127]);
    expect(g.bbox[0]).toBeCloseTo(-0.75, 5);
    expect(g.bbox[3]).toBeCloseTo(0.25, 5);
  });

  it('round-trips through the binary cache with zero-copy views', () => {
    const b = new BimGeometryBuilder();
    b.addPiece(0, [0.5, 0.5, 0.5, 1], TRIANGLE, [0, 1, 2], IDENTITY);
    b.addPiece(1, [0.2, 0.4, 0.6, 1], TRIANGLE, [0, 2, 1], IDENTITY);
    const g = b.finish(2);
    const bytes = bimGeometryEncode(g);
    const back = bimGeometryDecode(bytes);
    expect(back.elementCount).toBe(2);
    expect(back.groups).toHaveLength(2);
    expect(back.groups[1]!.positions.buffer).toBe(bytes.buffer);
    expect(Array.from(back.groups[1]!.indices)).toEqual([0, 2, 1]);
    expect(Array.from(back.groups[0]!.positions)).toEqual(Array.from(g.groups[0]!.positions));
    expect(() => bimGeometryDecode(new Uint8Array(20))).toThrow(BimGeometryFormatError);
    expect(() => bimGeometryDecode(bytes.subarray(0, bytes.length - 8))).toThrow(/truncated/);
  });

  it('hands out the pieces added since the last chunk, renumbered, while keeping all for the end', () => {
    const b = new BimGeometryBuilder();
    expect(b.takeChunk()).toBeNull();
    b.addPiece(70, [1, 0, 0, 1], TRIANGLE, [0, 1, 2], IDENTITY);
    const first = b.takeChunk()!;
    expect(first.elementCount).toBe(1);
    expect(Array.from(first.groups[0]!.rangeElement)).toEqual([0]);
    b.addPiece(90, [1, 0, 0, 1], TRIANGLE, [0, 1, 2], IDENTITY);
    b.addPiece(80, [0, 1, 0, 1], TRIANGLE, [0, 2, 1], IDENTITY);
    const second = b.takeChunk()!;
    expect(second.elementCount).toBe(2);
    // Indices and ranges start at the chunk's own first vertex.
    expect(Array.from(second.groups[0]!.indices)).toEqual([0, 1, 2]);
    expect(Array.from(second.groups[0]!.rangeVertexStart)).toEqual([0]);
    expect(Array.from(second.groups[1]!.indices)).toEqual([0, 2, 1]);
    expect(Array.from(second.groups.map((g) => g.rangeElement[0]))).toEqual([0, 1]);
    expect(b.takeChunk()).toBeNull();
    const all = b.finish(3, (key) => [70, 90, 80].indexOf(key));
    expect(Array.from(all.groups[0]!.rangeElement)).toEqual([0, 1]);
    expect(Array.from(all.groups[0]!.indices)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

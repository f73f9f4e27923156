const IFC64 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** 128 bits from a string: four 32-bit lanes mixed with multiply-xorshift rounds. */
function hash128(key: string): Uint8Array {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = 0x85a308d3;
  for (let i = 0; i < key.length; i++) {
    const k = key.charCodeAt(i);
    a = Math.imul(b ^ k, 0x85ebca6b);
    b = Math.imul(c ^ k, 0xc2b2ae35);
    c = Math.imul(d ^ k, 0x27d4eb2f);
    d = Math.imul(a ^ k, 0x165667b1);
  }
  for (let round = 0; round < 4; round++) {
    a = Math.imul(a ^ (d >>> 15), 0x85ebca6b) + b;
    b = Math.imul(b ^ (a >>> 13), 0xc2b2ae35) + c;
    c = Math.imul(c ^ (b >>> 16), 0x27d4eb2f) + d;
    d = Math.imul(d ^ (c >>> 14), 0x165667b1) + a;
  }
  const out = new Uint8Array(16);
  const view = new DataView(out.buffer);
  view.setUint32(0, a >>> 0);
  view.setUint32(4, b >>> 0);
  view.setUint32(8, c >>> 0);
  view.setUint32(12, d >>> 0);
  return out;
}

/** The 22-character IFC GlobalId of 16 bytes (IFC's own base-64 alphabet, first character 0–3). */
export function bimIfcGuidFromBytes(bytes: Uint8Array): string {
  let s = IFC64[bytes[0]! >> 6]! + IFC64[bytes[0]! & 63]!;
  for (let i = 1; i < 16; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    s += IFC64[(n >> 18) & 63]! + IFC64[(n >> 12) & 63]! + IFC64[(n >> 6) & 63]! + IFC64[n & 63]!;
  }
  return s;
}

/** A stable GlobalId for a key: regenerating a model keeps its elements' ids, so links survive. */
export function bimIfcGuid(key: string): string {
  return bimIfcGuidFromBytes(hash128(key));
}

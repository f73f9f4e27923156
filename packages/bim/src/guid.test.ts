import { describe, expect, it } from 'vitest';
import { bimIfcGuid, bimIfcGuidFromBytes } from './guid';

describe('bimIfcGuid', () => {
  it('is 22 characters of the IFC alphabet, first 0–3, stable per key and distinct across keys', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const id = bimIfcGuid(`element-${i}`);
      expect(id).toMatch(/^[0-3][0-9A-Za-z_$]{21}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(20_000);
    expect(bimIfcGuid('a')).toBe(bimIfcGuid('a'));
  });
  it('encodes the all-zero and all-ones UUIDs like other IFC tools', () => {
    expect(bimIfcGuidFromBytes(new Uint8Array(16))).toBe('0000000000000000000000');
    expect(bimIfcGuidFromBytes(new Uint8Array(16).fill(255))).toBe('3$$$$$$$$$$$$$$$$$$$$$');
  });
});

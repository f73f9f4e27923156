import { describe, expect, it } from 'vitest';
import { bimLooksCreate, bimLooksSet } from '../appearance';
import { BIM_STATE_STRIDE, BimElementState } from './state';

const texel = (out: Uint8Array, e: number) =>
  Array.from(out.subarray(e * BIM_STATE_STRIDE, e * BIM_STATE_STRIDE + 6));

describe('BimElementState', () => {
  it('shows every element in its own colour by default', () => {
    const s = new BimElementState(2);
    const out = new Uint8Array(2 * BIM_STATE_STRIDE);
    expect(s.compose(out)).toBe(false);
    expect(texel(out, 0)).toEqual([0, 0, 0, 0, 255, 0]);
    expect(s.pickable(1)).toBe(true);
  });

  it('layers 4D looks, hiding, isolation, selection and x-ray', () => {
    const s = new BimElementState(4);
    const looks = bimLooksCreate(4);
    bimLooksSet(looks, 0, { color: '#ff0000', opacity: 1 });
    bimLooksSet(looks, 1, { color: null, opacity: 0.5 });
    bimLooksSet(looks, 2, { color: '#00ff00', opacity: 0 });
    bimLooksSet(looks, 3, { color: null, opacity: 1 });
    s.looks = looks;
    const out = new Uint8Array(4 * BIM_STATE_STRIDE);
    expect(s.compose(out)).toBe(true);
    expect(texel(out, 0)).toEqual([255, 0, 0, 255, 255, 0]);
    expect(texel(out, 1)).toEqual([0, 0, 0, 0, 128, 0]);
    expect(s.pickable(2)).toBe(false);
    // A selected element shows even when 4D has not built it yet.
    s.selected[2] = 1;
    s.compose(out);
    expect(texel(out, 2)).toEqual([0, 255, 0, 255, 160, 255]);
    expect(s.pickable(2)).toBe(true);
    // Hidden beats selected; isolation hides the rest.
    s.hidden[2] = 1;
    s.isolated = Uint8Array.from([0, 0, 1, 1]);
    s.compose(out);
    expect(out[2 * BIM_STATE_STRIDE + 4]).toBe(0);
    expect(out[0 * BIM_STATE_STRIDE + 4]).toBe(0);
    expect(out[3 * BIM_STATE_STRIDE + 4]).toBe(255);
    // X-ray turns the unselected rest into grey ghosts that cannot be picked.
    s.hidden.fill(0);
    s.isolated = null;
    s.xray = true;
    s.compose(out);
    expect(texel(out, 3)).toEqual([150, 150, 150, 255, 30, 0]);
    expect(s.pickable(3)).toBe(false);
    expect(texel(out, 2)[5]).toBe(255);
  });
});

import type { BimLooks } from '../appearance';

/** Bytes per element in the viewer's state texture: two RGBA texels. */
export const BIM_STATE_STRIDE = 8;
const XRAY_ALPHA = 30;
const XRAY_GREY = 150;
const SELECTED_MIN_ALPHA = 160;

/**
 * What the user did to a model's elements (hide, isolate, select, x-ray) on top of the 4D looks,
 * composed into the bytes the shader reads: texel 0 = override rgb + mix (255 = override, 0 = own
 * colour), texel 1 = opacity, selected. Pure, so it is tested without WebGL.
 */
export class BimElementState {
  readonly hidden: Uint8Array;
  readonly selected: Uint8Array;
  isolated: Uint8Array | null = null;
  xray = false;
  looks: BimLooks | null = null;

  constructor(readonly count: number) {
    this.hidden = new Uint8Array(count);
    this.selected = new Uint8Array(count);
  }

  /** Fills `out` (count × 8 bytes); returns whether any element is drawn semi-transparent. */
  compose(out: Uint8Array): boolean {
    const { looks, hidden, selected, isolated, xray } = this;
    let translucent = false;
    for (let e = 0; e < this.count; e++) {
      const o = e * BIM_STATE_STRIDE;
      let r = 0;
      let g = 0;
      let b = 0;
      let mix = 0;
      let alpha = 255;
      if (looks) {
        const l = e * 4;
        if (!looks.own[e]) {
          r = looks.rgba[l]!;
          g = looks.rgba[l + 1]!;
          b = looks.rgba[l + 2]!;
          mix = 255;
        }
        alpha = looks.rgba[l + 3]!;
      }
      const sel = selected[e]!;
      if (hidden[e] || (isolated && !isolated[e])) alpha = 0;
      else if (sel) alpha = Math.max(alpha, SELECTED_MIN_ALPHA);
      else if (xray) {
        r = g = b = XRAY_GREY;
        mix = 255;
        alpha = Math.min(alpha, XRAY_ALPHA);
      }
      if (alpha > 0 && alpha < 255) translucent = true;
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
      out[o + 3] = mix;
      out[o + 4] = alpha;
      out[o + 5] = sel ? 255 : 0;
      out[o + 6] = 0;
      out[o + 7] = 0;
    }
    return translucent;
  }

  /** Whether the element can be picked: drawn at all (x-ray ghosts are not picked unless selected). */
  pickable(e: number): boolean {
    if (this.hidden[e] || (this.isolated && !this.isolated[e])) return false;
    if (this.selected[e]) return true;
    if (this.xray) return false;
    return !this.looks || this.looks.rgba[e * 4 + 3]! > 0;
  }
}

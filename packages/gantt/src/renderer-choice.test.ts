import { describe, expect, it } from 'vitest';
import { rendererChoose, rendererIsSoftware, rendererParse, webglProbe } from './renderer-choice.js';

const GPU = 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)';
const SWIFTSHADER =
  'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)';
const LLVMPIPE = 'llvmpipe (LLVM 15.0.7, 256 bits)';

describe('the renderer choice', () => {
  it('takes WebGL on a GPU', () => {
    expect(rendererChoose(null, { available: true, majorPerformanceCaveat: false, renderer: GPU })).toEqual({
      renderer: 'webgl',
      reason: 'gpu',
      webglRenderer: GPU,
    });
  });

  it('takes the canvas renderer where WebGL runs on the CPU', () => {
    for (const renderer of [SWIFTSHADER, LLVMPIPE, 'Microsoft Basic Render Driver'])
      expect(rendererChoose(null, { available: true, majorPerformanceCaveat: null, renderer })).toMatchObject(
        {
          renderer: 'canvas',
          reason: 'software_webgl',
        },
      );
  });

  it('takes the canvas renderer when the browser reports a major performance caveat', () => {
    expect(
      rendererChoose(null, { available: true, majorPerformanceCaveat: true, renderer: 'WebKit WebGL' }),
    ).toMatchObject({ renderer: 'canvas', reason: 'performance_caveat' });
  });

  it('takes the canvas renderer without WebGL', () => {
    expect(rendererChoose(null, { available: false, majorPerformanceCaveat: null, renderer: null })).toEqual({
      renderer: 'canvas',
      reason: 'no_webgl',
      webglRenderer: null,
    });
  });

  it('follows the user’s override either way', () => {
    expect(
      rendererChoose('webgl', { available: true, majorPerformanceCaveat: null, renderer: SWIFTSHADER }),
    ).toMatchObject({ renderer: 'webgl', reason: 'forced' });
    expect(
      rendererChoose('canvas', { available: true, majorPerformanceCaveat: false, renderer: GPU }),
    ).toMatchObject({ renderer: 'canvas', reason: 'forced' });
  });

  it('reads overrides strictly', () => {
    expect(rendererParse('canvas')).toBe('canvas');
    expect(rendererParse('webgl')).toBe('webgl');
    for (const value of ['auto', 'WebGL', '', null, undefined]) expect(rendererParse(value)).toBeNull();
    expect(rendererIsSoftware(null)).toBe(false);
    expect(rendererIsSoftware(GPU)).toBe(false);
  });
});

/** A canvas whose WebGL answers as a browser would, counting contexts made and given back. */
function fakeCanvas(answer: { renderer: string | null; strictRefused: boolean; none?: boolean }) {
  const made: { strict: boolean }[] = [];
  let lost = 0;
  const create = () =>
    ({
      getContext: (_kind: string, options?: { failIfMajorPerformanceCaveat?: boolean }) => {
        const strict = options?.failIfMajorPerformanceCaveat === true;
        if (answer.none || (strict && answer.strictRefused)) return null;
        made.push({ strict });
        return {
          RENDERER: 0x1f01,
          getExtension: (name: string) =>
            name === 'WEBGL_debug_renderer_info'
              ? { UNMASKED_RENDERER_WEBGL: 0x9246 }
              : name === 'WEBGL_lose_context'
                ? { loseContext: () => lost++ }
                : null,
          getParameter: (p: number) => (p === 0x9246 ? answer.renderer : 'WebKit WebGL'),
        };
      },
    }) as unknown as HTMLCanvasElement;
  return { create, made, lost: () => lost };
}

describe('the WebGL probe', () => {
  it('reads the unmasked renderer and asks no strict context when it names software', () => {
    const canvas = fakeCanvas({ renderer: SWIFTSHADER, strictRefused: true });
    expect(webglProbe(canvas.create)).toEqual({
      available: true,
      majorPerformanceCaveat: null,
      renderer: SWIFTSHADER,
    });
    expect(canvas.made).toEqual([{ strict: false }]);
    expect(canvas.lost()).toBe(1);
  });

  it('asks a strict context otherwise, and gives every context back', () => {
    const gpu = fakeCanvas({ renderer: GPU, strictRefused: false });
    expect(webglProbe(gpu.create)).toEqual({ available: true, majorPerformanceCaveat: false, renderer: GPU });
    expect(gpu.lost()).toBe(2);
    const refused = fakeCanvas({ renderer: 'Unknown renderer', strictRefused: true });
    expect(webglProbe(refused.create).majorPerformanceCaveat).toBe(true);
  });

  it('reports no WebGL when no context is given', () => {
    expect(webglProbe(fakeCanvas({ renderer: null, strictRefused: true, none: true }).create)).toEqual({
      available: false,
      majorPerformanceCaveat: null,
      renderer: null,
    });
  });
});

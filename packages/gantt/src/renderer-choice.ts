/**
 * Which of Pixi's renderers a chart draws with. WebGL is the fast one on a GPU; where WebGL itself is
 * drawn by the CPU (SwiftShader, llvmpipe: virtual desktops, office PCs without a GPU, headless browsers)
 * Pixi's canvas renderer is several times faster — scrolling 100,000 works measured 90 ms a frame with
 * software WebGL against 17 ms with the canvas renderer on the same machine (issue 17).
 */
export type RendererKind = 'webgl' | 'canvas';

/** Why a renderer was chosen, for the probes and the benchmark. */
export type RendererReason = 'forced' | 'gpu' | 'software_webgl' | 'performance_caveat' | 'no_webgl';

export interface RendererChoice {
  readonly renderer: RendererKind;
  readonly reason: RendererReason;
  /** The WebGL renderer string the browser reports, when it reports one. */
  readonly webglRenderer: string | null;
}

/** What a WebGL context tells about the machine. */
export interface WebglProbe {
  /** A WebGL context could be created at all. */
  readonly available: boolean;
  /**
   * The browser refuses a context that asks to fail on a major performance caveat (software WebGL);
   * null when not asked (no WebGL, or the renderer string already said it).
   */
  readonly majorPerformanceCaveat: boolean | null;
  /** The unmasked renderer string (WEBGL_debug_renderer_info), or the plain one. */
  readonly renderer: string | null;
}

/** Renderer strings of WebGL implementations that run on the CPU. */
const SOFTWARE_RENDERER =
  /swiftshader|llvmpipe|softpipe|lavapipe|software|basic render driver|microsoft basic|mesa offscreen|gdi generic/i;

export function rendererIsSoftware(renderer: string | null): boolean {
  return renderer !== null && SOFTWARE_RENDERER.test(renderer);
}

/** The renderer for a machine: the user's override when set, else WebGL only on a real GPU. */
export function rendererChoose(override: RendererKind | null, probe: WebglProbe): RendererChoice {
  const webglRenderer = probe.renderer;
  if (override) return { renderer: override, reason: 'forced', webglRenderer };
  if (!probe.available) return { renderer: 'canvas', reason: 'no_webgl', webglRenderer };
  if (rendererIsSoftware(webglRenderer))
    return { renderer: 'canvas', reason: 'software_webgl', webglRenderer };
  if (probe.majorPerformanceCaveat === true)
    return { renderer: 'canvas', reason: 'performance_caveat', webglRenderer };
  return { renderer: 'webgl', reason: 'gpu', webglRenderer };
}

/** Reads a renderer name as written in a URL or a setting; anything else is no override. */
export function rendererParse(value: string | null | undefined): RendererKind | null {
  return value === 'webgl' || value === 'canvas' ? value : null;
}

type Gl = WebGLRenderingContext | WebGL2RenderingContext;

function rendererString(gl: Gl): string | null {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const value = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Gives a probing context back at once: browsers keep only a few WebGL contexts alive. */
function release(gl: Gl): void {
  gl.getExtension('WEBGL_lose_context')?.loseContext();
}

/**
 * Asks the browser (once per call; callers keep the answer) what its WebGL is: a context as Pixi would
 * get it, its renderer string, and — only when the string does not already name a software renderer —
 * whether a context that must fail on a major performance caveat is refused, which catches software
 * renderers under names not listed here.
 */
export function webglProbe(createCanvas: () => HTMLCanvasElement | OffscreenCanvas): WebglProbe {
  let gl: Gl | null = null;
  try {
    gl = createCanvas().getContext('webgl') as Gl | null;
  } catch {
    gl = null;
  }
  if (!gl) return { available: false, majorPerformanceCaveat: null, renderer: null };
  const renderer = rendererString(gl);
  release(gl);
  if (rendererIsSoftware(renderer)) return { available: true, majorPerformanceCaveat: null, renderer };
  let strict: Gl | null = null;
  try {
    strict = createCanvas().getContext('webgl', { failIfMajorPerformanceCaveat: true }) as Gl | null;
  } catch {
    strict = null;
  }
  if (strict) release(strict);
  return { available: true, majorPerformanceCaveat: !strict, renderer };
}

/**
 * Pixi's renderer for the timeline: WebGL, or the canvas renderer where the browser has no GPU (headless
 * tests and benchmarks set `localStorage['takt.gantt.renderer'] = 'canvas'`; there it is 7–10× faster).
 */
export function rendererPreference(): 'webgl' | 'canvas' {
  return localStorage.getItem('takt.gantt.renderer') === 'canvas' ? 'canvas' : 'webgl';
}

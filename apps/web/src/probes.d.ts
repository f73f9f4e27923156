/**
 * True in the builds the end-to-end tests and the browser benchmark run (`vite build --mode probes`) and
 * in the development server: only there does the app publish its performance probes (`window.__takt…`).
 * Vite replaces it with a literal (`define` in vite.config.ts), so in the app users get the probes'
 * code is dead and left out of the bundle. Code that measures reads it where it publishes, e.g.
 * `if (__TAKT_PROBES__) window.__taktGrid = timings`.
 */
declare const __TAKT_PROBES__: boolean;

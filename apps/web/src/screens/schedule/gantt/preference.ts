import type { RendererProbe } from '@takt/contracts';
import {
  type RendererChoice,
  type RendererKind,
  rendererChoose,
  rendererParse,
  type WebglProbe,
  webglProbe,
} from '@takt/gantt';

declare global {
  interface Window {
    __taktRenderer?: RendererProbe;
  }
}

/** The setting that forces a renderer in this browser ('webgl' or 'canvas'; absent: chosen by the machine). */
const RENDERER_SETTING_KEY = 'takt.gantt.renderer';
/** The query parameter that forces a renderer for one page (`?renderer=webgl`), over the setting. */
const RENDERER_QUERY = 'renderer';

/**
 * The machine's WebGL as last probed in this browser. A probing context is not cheap where WebGL is
 * software (about 100 ms, and several times that on a busy machine, on the path to the first frame), and
 * the answer changes only with the browser or its GPU: it is kept per user agent and probed again when
 * that changes.
 */
const PROBE_KEY = 'takt.gantt.webgl';

/** The machine's WebGL, asked once per browser (see `PROBE_KEY`). */
let probed: WebglProbe | null = null;

function storedProbe(): WebglProbe | null {
  try {
    const stored = JSON.parse(localStorage.getItem(PROBE_KEY) ?? 'null') as {
      agent?: unknown;
      probe?: Partial<WebglProbe>;
    } | null;
    const probe = stored?.probe;
    if (stored?.agent !== navigator.userAgent || !probe || typeof probe.available !== 'boolean') return null;
    return {
      available: probe.available,
      majorPerformanceCaveat:
        typeof probe.majorPerformanceCaveat === 'boolean' ? probe.majorPerformanceCaveat : null,
      renderer: typeof probe.renderer === 'string' ? probe.renderer : null,
    };
  } catch {
    return null;
  }
}

function machineProbe(): WebglProbe {
  if (probed) return probed;
  probed = storedProbe();
  if (probed) return probed;
  probed = webglProbe(() => document.createElement('canvas'));
  try {
    localStorage.setItem(PROBE_KEY, JSON.stringify({ agent: navigator.userAgent, probe: probed }));
  } catch {
    // storage full or refused: probed again on the next page
  }
  return probed;
}

/** The override of the page's address, else of the setting; null when neither names a renderer. */
function rendererOverride(search: string, setting: string | null) {
  return rendererParse(new URLSearchParams(search).get(RENDERER_QUERY)) ?? rendererParse(setting);
}

/**
 * Pixi's renderer for the charts (the Gantt timeline, the cyclogram): the user's override, else WebGL on
 * a GPU and the canvas renderer where WebGL is software (see `rendererChoose`). The choice is published
 * for the probes as `window.__taktRenderer`.
 */
function rendererChoice(): RendererChoice {
  const override = rendererOverride(window.location.search, localStorage.getItem(RENDERER_SETTING_KEY));
  const choice = rendererChoose(override, machineProbe());
  if (__TAKT_PROBES__) window.__taktRenderer = choice;
  return choice;
}

/** What the machine alone would choose (the setting's "automatic"). */
export function rendererAutomatic(): RendererKind {
  return rendererChoose(null, machineProbe()).renderer;
}

/** The setting of this browser: a renderer, or null for the machine's choice. */
export function rendererSetting(): RendererKind | null {
  return rendererParse(localStorage.getItem(RENDERER_SETTING_KEY));
}

export function rendererSettingSet(renderer: RendererKind | null): void {
  if (renderer) localStorage.setItem(RENDERER_SETTING_KEY, renderer);
  else localStorage.removeItem(RENDERER_SETTING_KEY);
}

export function rendererPreference(): 'webgl' | 'canvas' {
  return rendererChoice().renderer;
}

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

/** The machine's WebGL, asked once per page: a probing context costs a few milliseconds. */
let probed: WebglProbe | null = null;

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
  probed ??= webglProbe(() => document.createElement('canvas'));
  const choice = rendererChoose(override, probed);
  if (__TAKT_PROBES__) window.__taktRenderer = choice;
  return choice;
}

/** What the machine alone would choose (the setting's "automatic"). */
export function rendererAutomatic(): RendererKind {
  probed ??= webglProbe(() => document.createElement('canvas'));
  return rendererChoose(null, probed).renderer;
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

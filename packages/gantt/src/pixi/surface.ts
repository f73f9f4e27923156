import { Application, Container, Graphics, Text, TextStyle } from 'pixi.js';
// The app's Content-Security-Policy forbids eval: Pixi's shader and uniform code generators are replaced
// by their eval-free versions.
import 'pixi.js/unsafe-eval';
import { GANTT_THEME_DARK, type GanttTheme } from '../theme.js';
import { type FrameLayer, FrameScheduler } from './frame-scheduler.js';

export interface PixiSurfaceOptions {
  /** The canvas React owns; the renderer draws into it and never removes it. */
  readonly canvas: HTMLCanvasElement;
  /** CSS pixels. */
  readonly width: number;
  readonly height: number;
  /**
   * WebGL on a GPU, the canvas renderer where WebGL is software (`rendererChoose` decides; WebGL when not
   * given).
   */
  readonly preference?: 'webgl' | 'canvas';
  readonly resolution?: number;
  /** The dark theme unless given. */
  readonly theme?: GanttTheme;
  readonly fontFamily?: string;
  /** Height of the two-tier time scale header drawn above the chart (the Gantt's WBS grid header matches it). */
  readonly headerHeight?: number;
}

/** Creates a Pixi application that renders only when asked: no ticker runs. */
export async function pixiSurfaceApplication(options: PixiSurfaceOptions): Promise<Application> {
  const app = new Application();
  await app.init({
    canvas: options.canvas,
    width: options.width,
    height: options.height,
    preference: options.preference ?? 'webgl',
    autoStart: false,
    sharedTicker: false,
    antialias: true,
    autoDensity: true,
    resolution: options.resolution ?? (typeof devicePixelRatio === 'number' ? devicePixelRatio : 1),
    backgroundColor: (options.theme ?? GANTT_THEME_DARK).background,
  });
  app.ticker?.stop();
  // The charts answer the pointer themselves, from their layouts (hit tests of bars, links, boxes). Pixi's
  // event system would hit-test the whole stage (every text and shape) at every pointer move anywhere on
  // the page, and replay the last move from a ticker that asks for an animation frame every 16 ms for as
  // long as the chart lives: it is detached from the canvas (null, as Pixi's own destroy passes it).
  app.renderer.events?.setTargetElement(null as unknown as HTMLElement);
  // Pixi builds its batcher and shader at the first frame that draws anything (probing a WebGL context
  // for the shader's precision even for the canvas renderer): one pixel drawn here does that while a
  // chart's data is still on its way, not in its first frame.
  const warm = new Graphics().rect(0, 0, 1, 1).fill(0);
  app.stage.addChild(warm);
  app.render();
  app.stage.removeChild(warm);
  warm.destroy();
  return app;
}

/**
 * A pool of Text objects under one container. A label drawn again with the same text and style keeps
 * its Text object (Pixi rasterizes a text only when its string or style changes), so scrolling and
 * panning move textures instead of redrawing them; objects no longer needed are hidden and reused.
 */
export class TextPool {
  private readonly styles = new Map<string, TextStyle>();
  /** Texts placed in the last frame by text and style, and those placed in the frame being drawn. */
  private shown = new Map<string, Text[]>();
  private placed = new Map<string, Text[]>();
  private readonly free: Text[] = [];
  readonly container = new Container();

  constructor(private readonly fontFamily: string) {}

  begin(): void {
    this.placed = new Map();
  }

  place(text: string, x: number, y: number, size: number, color: number, bold = false): Text {
    const styleKey = `${size}|${color}|${bold}`;
    let style = this.styles.get(styleKey);
    if (!style) {
      style = new TextStyle({
        fontFamily: this.fontFamily,
        fontSize: size,
        fill: color,
        fontWeight: bold ? 'bold' : 'normal',
      });
      this.styles.set(styleKey, style);
    }
    const key = `${styleKey}|${text}`;
    let item = this.shown.get(key)?.pop() ?? this.free.pop();
    if (!item) {
      item = new Text({ text, style });
      item.anchor.set(0, 0.5);
      this.container.addChild(item);
    }
    if (item.text !== text) item.text = text;
    if (item.style !== style) item.style = style;
    item.position.set(Math.round(x), Math.round(y));
    item.visible = true;
    const list = this.placed.get(key);
    if (list) list.push(item);
    else this.placed.set(key, [item]);
    return item;
  }

  end(): void {
    for (const list of this.shown.values()) {
      for (const item of list) {
        item.visible = false;
        this.free.push(item);
      }
    }
    this.shown = this.placed;
    this.placed = new Map();
  }
}

/** Owns the application, the frame scheduler and the canvas size; subclasses draw the layers. */
export abstract class PixiSurface {
  protected readonly scheduler: FrameScheduler;
  protected theme: GanttTheme;
  protected width: number;
  protected height: number;
  readonly headerHeight: number;
  protected readonly fontFamily: string;
  /** The time scale header and its texts. */
  protected readonly header = new Graphics();
  protected readonly headerTexts: TextPool;

  protected constructor(
    protected readonly app: Application,
    options: PixiSurfaceOptions,
  ) {
    this.theme = options.theme ?? GANTT_THEME_DARK;
    this.width = options.width;
    this.height = options.height;
    this.headerHeight = options.headerHeight ?? 40;
    this.fontFamily = options.fontFamily ?? 'DejaVu Sans, Segoe UI, Roboto, sans-serif';
    this.headerTexts = new TextPool(this.fontFamily);
    this.scheduler = new FrameScheduler((layers) => {
      const started = performance.now();
      this.draw(layers);
      this.app.render();
      this.onFrame?.(performance.now() - started, layers);
    });
  }

  /** Called after every frame drawn with its cost in milliseconds (layout + render), for measurements. */
  onFrame: ((milliseconds: number, layers: ReadonlySet<FrameLayer>) => void) | null = null;

  protected abstract draw(layers: ReadonlySet<FrameLayer>): void;

  /** The renderer Pixi chose ('webgl', 'canvas', …). */
  get rendererName(): string {
    return this.app.renderer.name;
  }

  /** Switches colours (the app's light or dark theme) and redraws. */
  setTheme(theme: GanttTheme): void {
    if (theme === this.theme) return;
    this.theme = theme;
    this.app.renderer.background.color = theme.background;
    this.scheduler.invalidate('static');
    this.scheduler.invalidate('interaction');
  }

  resize(width: number, height: number): void {
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    this.app.renderer.resize(width, height);
    this.scheduler.invalidate('static');
  }

  /** Draws a pending frame now instead of at the next animation frame. */
  renderNow(): void {
    this.scheduler.flush();
  }

  destroy(): void {
    this.scheduler.dispose();
    this.app.destroy({ removeView: false }, { children: true });
  }
}

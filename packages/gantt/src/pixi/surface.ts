import { Application, Container, Text, TextStyle } from 'pixi.js';
// The app's Content-Security-Policy forbids eval: Pixi's shader and uniform code generators are replaced
// by their eval-free versions.
import 'pixi.js/unsafe-eval';
import type { GanttTheme } from '../theme.js';
import { type FrameLayer, FrameScheduler } from './frame-scheduler.js';

export interface PixiSurfaceOptions {
  /** The canvas React owns; the renderer draws into it and never removes it. */
  readonly canvas: HTMLCanvasElement;
  /** CSS pixels. */
  readonly width: number;
  readonly height: number;
  /** Users get WebGL; tests in headless Chromium may choose the (there 7–10× faster) canvas renderer. */
  readonly preference?: 'webgl' | 'canvas';
  readonly resolution?: number;
  readonly theme: GanttTheme;
  readonly fontFamily?: string;
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
    backgroundColor: options.theme.background,
  });
  app.ticker?.stop();
  return app;
}

/**
 * A pool of Text objects under one container: each frame places texts from the start of the pool,
 * reusing objects (their texture is only rebuilt when the string or style changes) and hiding the rest.
 */
export class TextPool {
  private readonly items: Text[] = [];
  private readonly styles = new Map<string, TextStyle>();
  private used = 0;
  readonly container = new Container();

  constructor(private readonly fontFamily: string) {}

  begin(): void {
    this.used = 0;
  }

  place(text: string, x: number, y: number, size: number, color: number, bold = false): Text {
    const key = `${size}|${color}|${bold}`;
    let style = this.styles.get(key);
    if (!style) {
      style = new TextStyle({
        fontFamily: this.fontFamily,
        fontSize: size,
        fill: color,
        fontWeight: bold ? 'bold' : 'normal',
      });
      this.styles.set(key, style);
    }
    let item = this.items[this.used];
    if (!item) {
      item = new Text({ text, style });
      item.anchor.set(0, 0.5);
      this.items.push(item);
      this.container.addChild(item);
    }
    if (item.text !== text) item.text = text;
    if (item.style !== style) item.style = style;
    item.position.set(Math.round(x), Math.round(y));
    item.visible = true;
    this.used++;
    return item;
  }

  end(): void {
    for (let i = this.used; i < this.items.length; i++) this.items[i]!.visible = false;
  }
}

/** Owns the application, the frame scheduler and the canvas size; subclasses draw the layers. */
export abstract class PixiSurface {
  protected readonly scheduler: FrameScheduler;
  protected width: number;
  protected height: number;

  protected constructor(
    protected readonly app: Application,
    protected theme: GanttTheme,
    options: PixiSurfaceOptions,
  ) {
    this.width = options.width;
    this.height = options.height;
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

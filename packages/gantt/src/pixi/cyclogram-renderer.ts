import { type Application, Container, Graphics } from 'pixi.js';
import {
  type CyclogramInput,
  type CyclogramLayoutOptions,
  type CyclogramViewport,
  cyclogramLayout,
} from '../cyclogram.js';
import type { WeekRule } from '../dates.js';
import type { GanttLanguage } from '../locale.js';
import { scaleHeader, type TimeScale } from '../scale.js';
import { drawHeader } from './draw.js';
import type { FrameLayer } from './frame-scheduler.js';
import { sameView, sameWeek } from './scene.js';
import { PixiSurface, type PixiSurfaceOptions, pixiSurfaceApplication, TextPool } from './surface.js';

export interface CyclogramScene {
  readonly input: CyclogramInput;
  readonly scale: TimeScale;
  /** The chart body right of the location labels and below the header. */
  readonly viewport: CyclogramViewport;
  readonly language: GanttLanguage;
  /** How weeks start and are numbered in the user's locale (ISO 8601 when not given). */
  readonly week?: WeekRule;
  readonly options?: CyclogramLayoutOptions;
  /** Bumped by the app when the input changes (new dates, colours from cyclogram/color). */
  readonly version: number;
}

export interface CyclogramPixiOptions extends PixiSurfaceOptions {
  /** Width of the location labels column on the left. */
  readonly axisWidth?: number;
}

/** The line-of-balance chart on a canvas: same scale module and header as the Gantt, frames on demand. */
export class CyclogramPixiRenderer extends PixiSurface {
  private scene: CyclogramScene | null = null;
  private readonly axisWidth: number;
  private readonly chart = new Container();
  private readonly graphics = new Graphics();
  private readonly axis = new Graphics();
  private readonly axisTexts = new TextPool(this.fontFamily);

  static async create(options: CyclogramPixiOptions): Promise<CyclogramPixiRenderer> {
    return new CyclogramPixiRenderer(await pixiSurfaceApplication(options), options);
  }

  private constructor(app: Application, options: CyclogramPixiOptions) {
    super(app, options);
    this.axisWidth = options.axisWidth ?? 140;
    this.chart.position.set(this.axisWidth, this.headerHeight);
    this.chart.addChild(this.graphics);
    const headerLayer = new Container();
    headerLayer.x = this.axisWidth;
    headerLayer.addChild(this.header, this.headerTexts.container);
    // The axis column is above the header, so header ticks left of the time range are hidden under it.
    app.stage.addChild(this.chart, headerLayer, this.axis, this.axisTexts.container);
  }

  setScene(scene: CyclogramScene): void {
    const previous = this.scene;
    if (
      previous &&
      previous.version === scene.version &&
      previous.input === scene.input &&
      sameView(previous, scene) &&
      previous.viewport.locationHeight === scene.viewport.locationHeight &&
      previous.options === scene.options &&
      previous.language === scene.language &&
      sameWeek(previous.week, scene.week)
    ) {
      return;
    }
    this.scene = scene;
    this.scheduler.invalidate('static');
  }

  protected draw(_layers: ReadonlySet<FrameLayer>): void {
    const scene = this.scene;
    if (!scene) return;
    const { theme } = this;
    const { viewport } = scene;
    const layout = cyclogramLayout(scene.input, scene.scale, viewport, scene.options);
    const g = this.graphics.clear();
    // The axis column is drawn over the chart, hiding lines that run left of the time range.
    const axis = this.axis.clear().rect(0, 0, this.axisWidth, this.height).fill(theme.background);
    this.axisTexts.begin();
    for (const band of layout.bands) {
      if (band.location % 2 === 1) g.rect(0, band.y, viewport.width, band.height);
      axis
        .moveTo(0, this.headerHeight + band.y + 0.5)
        .lineTo(this.axisWidth, this.headerHeight + band.y + 0.5);
      this.axisTexts.place(band.label, 6, this.headerHeight + band.y + band.height / 2, 11, theme.text);
    }
    this.axisTexts.end();
    g.fill(theme.rowStripe);
    axis.stroke({ width: 1, color: theme.gridLine });
    for (const line of layout.lines) {
      const p = line.points;
      g.moveTo(p[0]!, p[1]!);
      for (let i = 2; i < p.length; i += 2) g.lineTo(p[i]!, p[i + 1]!);
      const style =
        line.kind === 'approved_plan'
          ? { width: 1.5, color: line.color, alpha: 0.45 }
          : line.kind === 'fact'
            ? { width: 3, color: line.color }
            : { width: 2, color: line.color };
      g.stroke(style);
    }
    for (const clash of layout.clashes) {
      g.circle(clash.x, clash.y, 6).stroke({ width: 2, color: theme.clash });
    }
    for (const line of layout.dateLines) {
      g.moveTo(line.x, 0)
        .lineTo(line.x, viewport.height)
        .stroke({ width: 1.5, color: line.kind === 'today' ? theme.today : theme.dataDate });
    }
    this.headerTexts.begin();
    const header = scaleHeader(scene.scale, viewport.width, {
      language: scene.language,
      fontSize: 11,
      ...(scene.week ? { week: scene.week } : {}),
    });
    drawHeader(this.header.clear(), this.headerTexts, header, viewport.width, this.headerHeight, theme);
    this.headerTexts.end();
  }
}

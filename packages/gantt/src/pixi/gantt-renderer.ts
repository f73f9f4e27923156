import { type Application, Container, Graphics } from 'pixi.js';
import { GANTT_CONNECTOR_RADIUS_PX, ganttConnectors } from '../connectors.js';
import { dateFormat } from '../dates.js';
import { type GanttHit, type GanttLayout, ganttHitTest, ganttLayout } from '../layout.js';
import { type GanttLinkRoute, ganttLinkHitTest, ganttLinkRoutes } from '../links.js';
import { scaleHeader, scaleNonWorkingBands } from '../scale.js';
import { shapeArrow } from '../shapes.js';
import { drawCursorTag, drawHeader, drawSchedule } from './draw.js';
import type { FrameLayer } from './frame-scheduler.js';
import { GANTT_INTERACTION_NONE, type GanttInteraction, type GanttScene, ganttSceneEqual } from './scene.js';
import { PixiSurface, type PixiSurfaceOptions, pixiSurfaceApplication, TextPool } from './surface.js';

/** How the Gantt renderer starts: the surface's options. */
export type GanttPixiOptions = PixiSurfaceOptions;

/**
 * The Gantt timeline on a canvas. React owns the canvas and calls `setScene` (snapshot, scale,
 * viewport) and `setInteraction` (hover, selection, drag previews); frames are drawn on demand, at most
 * one per animation frame. The static layer is laid out and redrawn only when the scene changes;
 * interaction changes redraw only the interaction layer.
 */
export class GanttPixiRenderer extends PixiSurface {
  private scene: GanttScene | null = null;
  private interaction: GanttInteraction = GANTT_INTERACTION_NONE;
  private currentLayout: GanttLayout | null = null;
  private currentRoutes: GanttLinkRoute[] = [];
  private readonly body = new Container();
  private readonly background = new Graphics();
  private readonly schedule = new Graphics();
  private readonly labels = new TextPool(this.fontFamily);
  private readonly overlay = new Graphics();

  static async create(options: GanttPixiOptions): Promise<GanttPixiRenderer> {
    return new GanttPixiRenderer(await pixiSurfaceApplication(options), options);
  }

  private constructor(app: Application, options: GanttPixiOptions) {
    super(app, options);
    this.body.y = this.headerHeight;
    this.body.addChild(this.background, this.schedule, this.labels.container, this.overlay);
    app.stage.addChild(this.body, this.header, this.headerTexts.container);
  }

  /** Sets what to draw; an unchanged scene (same snapshot version, scale and viewport) draws nothing. */
  setScene(scene: GanttScene): void {
    if (ganttSceneEqual(this.scene, scene)) return;
    this.scene = scene;
    this.scheduler.invalidate('static');
  }

  setInteraction(interaction: GanttInteraction): void {
    if (interaction === this.interaction) return;
    this.interaction = interaction;
    this.scheduler.invalidate('interaction');
  }

  /** The layout of the last frame (culled to the viewport). */
  get layout(): GanttLayout | null {
    return this.currentLayout;
  }

  /**
   * What is under a canvas point (CSS pixels): a plan bar's start or finish handle (drag-resize), its
   * body (drag-move, drag-to-link target), a milestone, or an empty row. Null over the header.
   */
  hitTest(x: number, y: number, handlePx = 5): GanttHit | null {
    if (!this.currentLayout || y < this.headerHeight) return null;
    return ganttHitTest(this.currentLayout, x, y - this.headerHeight, handlePx);
  }

  protected draw(layers: ReadonlySet<FrameLayer>): void {
    const scene = this.scene;
    if (!scene) return;
    if (layers.has('static')) this.drawStatic(scene);
    this.drawInteraction();
  }

  private drawStatic(scene: GanttScene): void {
    const { theme } = this;
    const { snapshot, scale, viewport } = scene;
    const layout = ganttLayout(snapshot, scale, viewport, scene.options);
    const routes = ganttLinkRoutes(snapshot, scale, layout);
    this.currentLayout = layout;
    this.currentRoutes = routes;
    const header = scaleHeader(scale, viewport.width, {
      language: scene.language,
      fontSize: 11,
      ...(scene.week ? { week: scene.week } : {}),
    });

    const bg = this.background.clear();
    for (let row = layout.firstRow; row <= layout.lastRow; row++) {
      if (row % 2 === 1)
        bg.rect(0, row * viewport.rowHeight - viewport.scrollTop, viewport.width, viewport.rowHeight);
    }
    bg.fill(theme.rowStripe);
    if (scene.calendar) {
      const bands = scaleNonWorkingBands(scale, viewport.width, scene.calendar);
      for (const band of bands) bg.rect(band.x0, 0, band.x1 - band.x0, viewport.height);
      if (bands.length > 0) bg.fill({ color: theme.nonWorking, alpha: 0.8 });
    }
    for (const tick of header.lower)
      bg.moveTo(Math.round(tick.x0) + 0.5, 0).lineTo(Math.round(tick.x0) + 0.5, viewport.height);
    if (header.lower.length > 0) bg.stroke({ width: 1, color: theme.rowLine });

    drawSchedule(this.schedule.clear(), layout, routes, theme);
    this.labels.begin();
    for (const label of layout.labels)
      this.labels.place(label.text, label.x, label.y, label.fontSize, theme.text);
    this.labels.end();

    this.headerTexts.begin();
    drawHeader(this.header.clear(), this.headerTexts, header, viewport.width, this.headerHeight, theme);
    const cursor = layout.lines.find((line) => line.kind === 'cursor');
    const cursorMinute = scene.options?.cursor;
    if (cursor && cursorMinute !== undefined)
      drawCursorTag(
        this.header,
        this.headerTexts,
        cursor.x,
        dateFormat(cursorMinute),
        viewport.width,
        this.headerHeight,
        theme,
      );
    this.headerTexts.end();
  }

  private drawInteraction(): void {
    const g = this.overlay.clear();
    const layout = this.currentLayout;
    if (!layout) return;
    const { theme } = this;
    const { hoverWork, selection, drag, link, connectors, selectedLink, linkTarget } = this.interaction;
    const outline = (work: number, color: number, width: number) => {
      for (const bar of layout.bars) {
        if (bar.work === work && bar.kind === 'plan')
          g.rect(bar.x - 1, bar.y - 1, bar.width + 2, bar.height + 2);
      }
      for (const bar of layout.summaries) {
        if (bar.work === work) g.rect(bar.x - 1, bar.y - 1, bar.width + 2, bar.height + 2);
      }
      for (const m of layout.milestones) {
        if (m.work === work && m.kind === 'plan')
          g.rect(m.x - m.size / 2 - 1, m.y - m.size / 2 - 1, m.size + 2, m.size + 2);
      }
      g.stroke({ width, color });
    };
    for (const work of selection) outline(work, theme.selection, 2);
    if (hoverWork >= 0 && !selection.has(hoverWork)) outline(hoverWork, theme.hover, 1);
    if (linkTarget !== undefined && linkTarget >= 0) outline(linkTarget, theme.selection, 2.5);
    if (selectedLink !== undefined && selectedLink >= 0) {
      const route = this.currentRoutes.find((r) => r.link === selectedLink);
      if (route) {
        const p = route.points;
        g.moveTo(p[0]!, p[1]!);
        for (let i = 2; i < p.length; i += 2) g.lineTo(p[i]!, p[i + 1]!);
        g.stroke({ width: 3, color: theme.selection });
        g.poly(shapeArrow(route, 7)).fill(theme.selection);
      }
    }
    if (connectors !== undefined && connectors >= 0) {
      for (const c of ganttConnectors(layout, connectors))
        g.circle(c.x, c.y, GANTT_CONNECTOR_RADIUS_PX)
          .fill(theme.background)
          .stroke({ width: 1.5, color: theme.selection });
    }
    if (drag && this.scene) {
      const row = this.scene.snapshot.row[drag.work]!;
      const slot = layout.slots.plan;
      if (row >= 0 && slot) {
        const y = row * layout.viewport.rowHeight - layout.viewport.scrollTop + slot.y;
        g.rect(Math.min(drag.x0, drag.x1), y, Math.abs(drag.x1 - drag.x0), slot.height).fill({
          color: theme.selection,
          alpha: 0.45,
        });
      }
    }
    if (link) {
      g.moveTo(link.x0, link.y0).lineTo(link.x1, link.y1).stroke({ width: 1.5, color: theme.selection });
      g.circle(link.x1, link.y1, 3).fill(theme.selection);
    }
  }

  /** Link routes of the last frame (for a link context menu or tooltips). */
  get routes(): readonly GanttLinkRoute[] {
    return this.currentRoutes;
  }

  /** The link drawn near a canvas point (CSS pixels), or -1. */
  linkHitTest(x: number, y: number, tolerancePx = 4): number {
    if (y < this.headerHeight) return -1;
    return ganttLinkHitTest(this.currentRoutes, x, y - this.headerHeight, tolerancePx);
  }
}

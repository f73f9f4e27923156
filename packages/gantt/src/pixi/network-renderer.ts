import { type Application, Container, Graphics, Text, TextStyle } from 'pixi.js';
import type { NetworkGraph } from '../network/graph.js';
import { NETWORK_NODE_HEIGHT, NETWORK_NODE_WIDTH, type NetworkLayout } from '../network/layout.js';
import {
  type NetworkCamera,
  type NetworkIndex,
  networkEdgesIn,
  networkNodesIn,
  networkViewRect,
} from '../network/view.js';
import type { FrameLayer } from './frame-scheduler.js';
import { PixiSurface, type PixiSurfaceOptions, pixiSurfaceApplication } from './surface.js';

/** What the network diagram shows; texts come from the app (its language and formats). */
export interface NetworkScene {
  readonly graph: NetworkGraph;
  readonly layout: NetworkLayout;
  readonly index: NetworkIndex;
  /** The lines of a node's box: code and duration, name, dates, float and progress. */
  readonly nodeText: (node: number) => string;
  /** The text beside an edge (type and lag), or '' for none. */
  readonly edgeText: (edge: number) => string;
  /** Nodes of the selected works. */
  readonly selected: ReadonlySet<number>;
  /** Bumped by the app when the texts or the selection change without a new graph. */
  readonly version: number;
}

/** Below this zoom boxes are drawn without their texts (too small to read). */
const TEXT_ZOOM = 0.55;
/** Texts kept for boxes and edges out of view, so that panning back does not draw them again. */
const KEPT_TEXTS = 1500;
const PAD = 8;
const BAR = 5;

/**
 * The network diagram on a canvas: boxes and orthogonal edges in diagram units under one container the
 * camera moves and scales, so a pan inside what was drawn is a transform, not a redraw. Only the boxes and
 * edges near the view are drawn (the layout's grid index), with their texts only when they are readable;
 * frames are drawn on demand, at most one per animation frame.
 */
export class NetworkPixiRenderer extends PixiSurface {
  private scene: NetworkScene | null = null;
  private camera: NetworkCamera = { x: 0, y: 0, zoom: 1 };
  private readonly world = new Container();
  private readonly edges = new Graphics();
  private readonly boxes = new Graphics();
  private readonly texts = new Container();
  private readonly nodeTexts = new Map<number, Text>();
  private readonly edgeTexts = new Map<number, Text>();
  private readonly nodeStyle: TextStyle;
  private readonly edgeStyle: TextStyle;
  /** The diagram rectangle drawn last, its zoom and scene version; null: draw again. */
  private drawn: { left: number; top: number; right: number; bottom: number; zoom: number } | null = null;

  static async create(options: PixiSurfaceOptions): Promise<NetworkPixiRenderer> {
    return new NetworkPixiRenderer(await pixiSurfaceApplication(options), options);
  }

  private constructor(app: Application, options: PixiSurfaceOptions) {
    super(app, options);
    this.nodeStyle = new TextStyle({
      fontFamily: this.fontFamily,
      fontSize: 12,
      lineHeight: 15.5,
      fill: this.theme.text,
    });
    this.edgeStyle = new TextStyle({ fontFamily: this.fontFamily, fontSize: 11, fill: this.theme.link });
    this.world.addChild(this.edges, this.boxes, this.texts);
    app.stage.addChild(this.world);
  }

  setScene(scene: NetworkScene): void {
    const previous = this.scene;
    if (
      previous &&
      previous.graph === scene.graph &&
      previous.layout === scene.layout &&
      previous.version === scene.version
    )
      return;
    if (!previous || previous.graph !== scene.graph || previous.layout !== scene.layout) this.clearTexts();
    this.scene = scene;
    this.drawn = null;
    this.scheduler.invalidate('static');
  }

  setCamera(camera: NetworkCamera): void {
    if (camera.x === this.camera.x && camera.y === this.camera.y && camera.zoom === this.camera.zoom) return;
    this.camera = camera;
    this.scheduler.invalidate('static');
  }

  override setTheme(theme: Parameters<PixiSurface['setTheme']>[0]): void {
    this.nodeStyle.fill = theme.text;
    this.edgeStyle.fill = theme.link;
    this.drawn = null;
    super.setTheme(theme);
  }

  override resize(width: number, height: number): void {
    this.drawn = null;
    super.resize(width, height);
  }

  /** How many boxes and texts the last frame drew (for measurements and tests). */
  drawnCounts = { nodes: 0, edges: 0, texts: 0 };

  private clearTexts(): void {
    for (const text of this.nodeTexts.values()) text.destroy();
    for (const text of this.edgeTexts.values()) text.destroy();
    this.nodeTexts.clear();
    this.edgeTexts.clear();
  }

  protected draw(_layers: ReadonlySet<FrameLayer>): void {
    const scene = this.scene;
    const { camera } = this;
    this.world.scale.set(camera.zoom);
    this.world.position.set(-camera.x * camera.zoom, -camera.y * camera.zoom);
    if (!scene) return;
    const view = networkViewRect(camera, this.width, this.height);
    const drawn = this.drawn;
    if (
      drawn &&
      drawn.zoom === camera.zoom &&
      view.left >= drawn.left &&
      view.top >= drawn.top &&
      view.right <= drawn.right &&
      view.bottom <= drawn.bottom
    )
      return;
    // Draw a quarter of a view more on every side, so that panning moves what is drawn for a while.
    const mx = (view.right - view.left) / 4;
    const my = (view.bottom - view.top) / 4;
    const rect = {
      left: view.left - mx,
      top: view.top - my,
      right: view.right + mx,
      bottom: view.bottom + my,
    };
    this.drawn = { ...rect, zoom: camera.zoom };
    this.drawRect(scene, rect, camera.zoom);
  }

  private drawRect(scene: NetworkScene, rect: ReturnType<typeof networkViewRect>, zoom: number): void {
    const { theme } = this;
    const { graph, layout, index } = scene;
    const nodes = networkNodesIn(layout, index, rect);
    const edgeList = networkEdgesIn(index, rect);
    const withText = zoom >= TEXT_ZOOM;
    // At least one screen pixel wide at any zoom.
    const line = Math.max(1.25, 1 / zoom);

    const e = this.edges.clear();
    const arrow = Math.max(7, 4 / zoom);
    for (const critical of [0, 1]) {
      for (const k of edgeList) {
        if (graph.criticalEdge[k] !== critical) continue;
        const first = layout.edgeStart[k]!;
        const last = layout.edgeStart[k + 1]! - 1;
        const p = layout.points;
        e.moveTo(p[2 * first]!, p[2 * first + 1]!);
        for (let i = first + 1; i < last; i++) e.lineTo(p[2 * i]!, p[2 * i + 1]!);
        const ex = p[2 * last]!;
        const ey = p[2 * last + 1]!;
        e.lineTo(ex - arrow, ey);
      }
      e.stroke({ width: critical ? line * 2 : line, color: critical ? theme.critical : theme.link });
      for (const k of edgeList) {
        if (graph.criticalEdge[k] !== critical) continue;
        const last = layout.edgeStart[k + 1]! - 1;
        const ex = layout.points[2 * last]!;
        const ey = layout.points[2 * last + 1]!;
        e.poly([ex, ey, ex - arrow, ey - arrow / 2, ex - arrow, ey + arrow / 2]);
      }
      e.fill(critical ? theme.critical : theme.link);
    }

    const b = this.boxes.clear();
    const W = NETWORK_NODE_WIDTH;
    const H = NETWORK_NODE_HEIGHT;
    for (const i of nodes) b.rect(layout.x[i]!, layout.y[i]!, W, H);
    b.fill(theme.headerBackground);
    for (const i of nodes) if (graph.summary[i]) b.rect(layout.x[i]! + 3, layout.y[i]! + 3, W - 6, H - 6);
    b.stroke({ width: line, color: theme.summary, alpha: 0.5 });
    for (const critical of [0, 1]) {
      for (const i of nodes) if (graph.critical[i] === critical) b.rect(layout.x[i]!, layout.y[i]!, W, H);
      b.stroke({ width: critical ? line * 2 : line, color: critical ? theme.critical : theme.gridLine });
    }
    // Progress along the bottom of each box.
    for (const i of nodes) b.rect(layout.x[i]!, layout.y[i]! + H - BAR, W, BAR);
    b.fill(theme.rowLine);
    for (const i of nodes) {
      const done = Math.max(0, Math.min(100, graph.progress[i]!)) / 100;
      if (done > 0) b.rect(layout.x[i]!, layout.y[i]! + H - BAR, W * done, BAR);
    }
    b.fill(theme.fact);
    for (const i of nodes)
      if (scene.selected.has(i)) b.rect(layout.x[i]! - 3, layout.y[i]! - 3, W + 6, H + 6);
    b.stroke({ width: Math.max(3, 2.5 / zoom), color: theme.selection });

    let texts = 0;
    const shownNodes = new Set<number>();
    const shownEdges = new Set<number>();
    if (withText) {
      for (const i of nodes) {
        const value = scene.nodeText(i);
        let text = this.nodeTexts.get(i);
        if (!text) {
          text = new Text({ text: value, style: this.nodeStyle });
          this.nodeTexts.set(i, text);
          this.texts.addChild(text);
        } else if (text.text !== value) text.text = value;
        text.position.set(layout.x[i]! + PAD, layout.y[i]! + 5);
        text.visible = true;
        shownNodes.add(i);
        texts++;
      }
      for (const k of edgeList) {
        const value = scene.edgeText(k);
        if (!value) continue;
        let text = this.edgeTexts.get(k);
        if (!text) {
          text = new Text({ text: value, style: this.edgeStyle });
          text.anchor.set(1, 1);
          this.edgeTexts.set(k, text);
          this.texts.addChild(text);
        } else if (text.text !== value) text.text = value;
        // Above the edge's last segment, just before the arrow.
        const last = layout.edgeStart[k + 1]! - 1;
        text.position.set(layout.points[2 * last]! - arrow - 2, layout.points[2 * last + 1]! - 2);
        text.visible = true;
        shownEdges.add(k);
        texts++;
      }
    }
    hideOthers(this.nodeTexts, shownNodes);
    hideOthers(this.edgeTexts, shownEdges);
    this.drawnCounts = { nodes: nodes.length, edges: edgeList.length, texts };
  }

  /** The view as a PNG data URL: drawn now and read before the browser may clear a WebGL canvas. */
  snapshot(): string {
    this.renderNow();
    this.app.render();
    return (this.app.canvas as HTMLCanvasElement).toDataURL('image/png');
  }

  override destroy(): void {
    this.clearTexts();
    super.destroy();
  }
}

/** Hides the texts not shown in this frame; past `KEPT_TEXTS` of them, frees those hidden. */
function hideOthers(texts: Map<number, Text>, shown: ReadonlySet<number>): void {
  const free = texts.size > KEPT_TEXTS;
  for (const [key, text] of texts) {
    if (shown.has(key)) continue;
    if (free) {
      text.destroy();
      texts.delete(key);
    } else text.visible = false;
  }
}

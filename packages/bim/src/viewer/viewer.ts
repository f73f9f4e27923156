import {
  AmbientLight,
  Box3,
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  Color,
  CylinderGeometry,
  DataTexture,
  DirectionalLight,
  DoubleSide,
  Group,
  HemisphereLight,
  type Intersection,
  Matrix4,
  Mesh,
  MeshLambertMaterial,
  PerspectiveCamera,
  Plane,
  PlaneGeometry,
  Ray,
  Raycaster,
  RGBAFormat,
  Scene,
  SphereGeometry,
  SRGBColorSpace,
  UnsignedByteType,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { MeshBVH } from 'three-mesh-bvh';
import type { BimLooks } from '../appearance';
import type { BimGeometry } from '../geometry';
import { BIM_STATE_STRIDE, BimElementState } from './state';

export type BimTheme = 'dark' | 'light';
export type BimAxis = 'x' | 'y' | 'z';

/** A site object drawn beside the model (crane, fence, temporary building). */
export interface BimPrimitive {
  id: string;
  name: string;
  shape: 'box' | 'sphere' | 'plane' | 'cylinder';
  /** Centre in model metres (x east, y up, z south), size along each axis, rotation about Y in degrees. */
  position: [number, number, number];
  size: [number, number, number];
  rotationY: number;
  color: string;
  opacity: number;
}

export type BimPick =
  | { kind: 'element'; model: string; element: number; globalId: string; point: Vector3 }
  | { kind: 'primitive'; id: string; point: Vector3 };

interface ModelEntry {
  key: string;
  root: Group;
  geometry: BimGeometry;
  globalIds: readonly string[];
  indexOfGlobalId: Map<string, number>;
  state: BimElementState;
  stateBytes: Uint8Array;
  texture: DataTexture;
  opaque: Mesh[];
  translucent: Mesh[];
  alwaysTranslucent: boolean[];
  pickMeshes: Mesh[];
  elementBoxes: Float32Array | null;
  /** Where the model goes in the project (packages/bim placement.ts), Y-up, about the file's own origin. */
  placement: Matrix4;
}

/** Sets the flag of each element of a model that `globalIds` names (ids of other models are passed over). */
function markElements(entry: ModelEntry, globalIds: Iterable<string>, flags: Uint8Array): Uint8Array {
  for (const id of globalIds) {
    const i = entry.indexOfGlobalId.get(id);
    if (i !== undefined) flags[i] = 1;
  }
  return flags;
}

const STATE_WIDTH = 2048;
const THEMES: Record<BimTheme, { background: number; ground: number }> = {
  dark: { background: 0x1b1f24, ground: 0x2a2f36 },
  light: { background: 0xeef1f4, ground: 0xcfd6dd },
};

const VERTEX_HEAD = `
attribute float elementSlot;
uniform sampler2D bimState;
varying vec4 vBimColor;
varying vec2 vBimFlags;
`;
const VERTEX_BODY = `
{
  int s = int(elementSlot + 0.5) * 2;
  vec4 c0 = texelFetch(bimState, ivec2(s % ${STATE_WIDTH}, s / ${STATE_WIDTH}), 0);
  vec4 c1 = texelFetch(bimState, ivec2((s + 1) % ${STATE_WIDTH}, (s + 1) / ${STATE_WIDTH}), 0);
  vBimColor = vec4(pow(c0.rgb, vec3(2.2)), c0.a);
  vBimFlags = c1.rg;
}
`;
const FRAGMENT_HEAD = `
varying vec4 vBimColor;
varying vec2 vBimFlags;
`;
const FRAGMENT_BODY = `
diffuseColor.rgb = mix(diffuseColor.rgb, vBimColor.rgb, vBimColor.a);
diffuseColor.rgb = mix(diffuseColor.rgb, vec3(0.05, 0.45, 1.0), vBimFlags.y * 0.65);
diffuseColor.a *= vBimFlags.x;
#ifdef BIM_OPAQUE
if (diffuseColor.a < 0.995) discard;
diffuseColor.a = 1.0;
#else
if (diffuseColor.a >= 0.995 || diffuseColor.a < 0.004) discard;
#endif
`;

function bimMaterial(color: readonly number[], texture: DataTexture, opaque: boolean): MeshLambertMaterial {
  const material = new MeshLambertMaterial({
    color: new Color().setRGB(color[0]!, color[1]!, color[2]!, SRGBColorSpace),
    opacity: color[3] ?? 1,
    transparent: !opaque,
    depthWrite: opaque,
    side: DoubleSide,
  });
  material.defines = opaque ? { BIM_OPAQUE: '' } : {};
  material.onBeforeCompile = (shader) => {
    shader.uniforms.bimState = { value: texture };
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', `#include <common>\n${VERTEX_HEAD}`)
      .replace('#include <begin_vertex>', `#include <begin_vertex>\n${VERTEX_BODY}`);
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', `#include <common>\n${FRAGMENT_HEAD}`)
      .replace('#include <color_fragment>', `#include <color_fragment>\n${FRAGMENT_BODY}`);
  };
  return material;
}

/**
 * The three.js viewer: each model is drawn as one merged mesh per material colour (not one mesh per
 * element); an element's colour, opacity, visibility and selection live in a small state texture
 * indexed by a per-vertex element slot, so 4D playback rewrites bytes, never materials. Frames are
 * drawn on demand (camera moves, state changes), at most one per animation frame.
 */
export class BimViewer {
  readonly renderer: WebGLRenderer;
  readonly scene = new Scene();
  readonly camera = new PerspectiveCamera(45, 1, 0.1, 10_000);
  readonly controls: OrbitControls;
  private readonly models = new Map<string, ModelEntry>();
  /** Built on the first pick of a geometry, not at load: large models show sooner. */
  private readonly bvhs = new WeakMap<BufferGeometry, MeshBVH>();
  private readonly primitives = new Group();
  private primitiveList: BimPrimitive[] = [];
  private sceneOrigin: [number, number, number] | null = null;
  private frame = 0;
  private readonly resizeObserver: ResizeObserver | null;
  private section: { axis: BimAxis; position: number; flip: boolean } | null = null;
  private theme: BimTheme;
  /** Remembered so that models added later are selected and x-rayed like the rest. */
  private selectedIds = new Set<string>();
  private xrayOn = false;
  /** What `precompile` made; freed with the viewer. */
  private readonly warmup: { dispose(): void }[] = [];
  /** Called after every drawn frame with its duration in ms (for the benchmark and a status line). */
  onFrame: ((ms: number) => void) | null = null;

  constructor(
    readonly container: HTMLElement,
    options: { theme?: BimTheme; antialias?: boolean; preserveDrawingBuffer?: boolean } = {},
  ) {
    this.theme = options.theme ?? 'dark';
    this.renderer = new WebGLRenderer({
      antialias: options.antialias ?? true,
      preserveDrawingBuffer: options.preserveDrawingBuffer ?? false,
    });
    this.renderer.setPixelRatio(Math.min(2, globalThis.devicePixelRatio || 1));
    this.renderer.localClippingEnabled = false;
    container.appendChild(this.renderer.domElement);
    this.renderer.domElement.style.display = 'block';
    this.renderer.domElement.style.width = '100%';
    this.renderer.domElement.style.height = '100%';
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.zoomToCursor = true;
    this.controls.addEventListener('change', () => this.requestRender());
    const hemi = new HemisphereLight(0xffffff, 0x444444, 1.6);
    const sun = new DirectionalLight(0xffffff, 1.6);
    sun.position.set(0.6, 1, 0.4);
    const fill = new DirectionalLight(0xffffff, 0.5);
    fill.position.set(-0.5, 0.3, -0.8);
    this.scene.add(hemi, sun, fill, new AmbientLight(0xffffff, 0.3), this.primitives);
    this.camera.position.set(30, 25, 30);
    this.setTheme(this.theme);
    this.resizeObserver =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.resize());
    this.resizeObserver?.observe(container);
    this.resize();
    this.precompile();
  }

  /**
   * Compiles the model shaders (opaque and translucent) while there is nothing to draw yet, with
   * KHR_parallel_shader_compile where the browser has it, so the first model's first frame does not
   * wait for them (tens to hundreds of ms with software GL). The materials are kept until dispose: the
   * compiled programs are shared with every model's materials for as long as one of them lives.
   */
  private precompile(): void {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(9), 3));
    geometry.setAttribute('normal', new BufferAttribute(new Int8Array(9), 3, true));
    geometry.setAttribute('elementSlot', new BufferAttribute(new Float32Array(3), 1));
    const texture = new DataTexture(new Uint8Array(4), 1, 1, RGBAFormat, UnsignedByteType);
    const group = new Group();
    for (const opaque of [true, false]) {
      const material = bimMaterial([1, 1, 1, 1], texture, opaque);
      group.add(new Mesh(geometry, material));
      this.warmup.push(material);
    }
    this.warmup.push(geometry, texture);
    this.renderer.compileAsync(group, this.camera, this.scene).catch(() => {});
  }

  // ── Models ──────────────────────────────────────────────────────────────────────────────────

  /** Adds (or replaces) a model drawn from its geometry cache; `globalIds[i]` names element i. */
  addModel(
    key: string,
    geometry: BimGeometry,
    globalIds: readonly string[],
    placement: readonly number[] | null = null,
  ): void {
    this.removeModel(key);
    this.sceneOrigin ??= geometry.origin;
    const root = new Group();
    root.name = key;
    root.matrixAutoUpdate = false;
    const count = Math.max(geometry.elementCount, 1);
    const rows = Math.ceil((count * BIM_STATE_STRIDE) / 4 / STATE_WIDTH);
    const stateBytes = new Uint8Array(STATE_WIDTH * rows * 4);
    const texture = new DataTexture(stateBytes, STATE_WIDTH, rows, RGBAFormat, UnsignedByteType);
    texture.needsUpdate = true;
    const entry: ModelEntry = {
      key,
      root,
      geometry,
      globalIds,
      indexOfGlobalId: new Map(globalIds.map((id, i) => [id, i])),
      state: new BimElementState(geometry.elementCount),
      stateBytes,
      texture,
      opaque: [],
      translucent: [],
      alwaysTranslucent: [],
      pickMeshes: [],
      elementBoxes: null,
      placement: placement ? new Matrix4().fromArray(placement) : new Matrix4(),
    };
    this.placeRoot(entry);
    for (const group of geometry.groups) {
      const g = new BufferGeometry();
      g.setAttribute('position', new BufferAttribute(group.positions, 3));
      g.setAttribute('normal', new BufferAttribute(group.normals, 3, true));
      const slots = new Float32Array(group.positions.length / 3);
      for (let r = 0; r < group.rangeElement.length; r++)
        slots.fill(
          group.rangeElement[r]!,
          group.rangeVertexStart[r]!,
          group.rangeVertexStart[r]! + group.rangeVertexCount[r]!,
        );
      g.setAttribute('elementSlot', new BufferAttribute(slots, 1));
      // The BVH is built indirect (it keeps its own order), so the cache's index is used as it is.
      g.setIndex(new BufferAttribute(group.indices, 1));
      g.computeBoundingSphere();
      const opaque = new Mesh(g, bimMaterial(group.color, texture, true));
      const translucent = new Mesh(g, bimMaterial(group.color, texture, false));
      translucent.renderOrder = 1;
      const always = group.color[3] < 0.995;
      opaque.visible = !always;
      translucent.visible = always;
      root.add(opaque, translucent);
      entry.opaque.push(opaque);
      entry.translucent.push(translucent);
      entry.alwaysTranslucent.push(always);
      entry.pickMeshes.push(opaque);
    }
    this.scene.add(root);
    this.models.set(key, entry);
    entry.state.xray = this.xrayOn;
    markElements(entry, this.selectedIds, entry.state.selected);
    this.refreshState(entry);
    // A section plane is placed relative to everything shown.
    if (this.section) this.setSection(this.section);
  }

  removeModel(key: string): void {
    const entry = this.models.get(key);
    if (!entry) return;
    this.scene.remove(entry.root);
    const seen = new Set<BufferGeometry>();
    for (const mesh of [...entry.opaque, ...entry.translucent]) {
      if (!seen.has(mesh.geometry)) mesh.geometry.dispose();
      seen.add(mesh.geometry);
      (mesh.material as MeshLambertMaterial).dispose();
    }
    entry.texture.dispose();
    this.models.delete(key);
    if (this.models.size === 0) this.sceneOrigin = null;
    this.requestRender();
  }

  /** Moves a model to a new placement (a column-major Y-up matrix, as `bimPlacementMatrix` writes it). */
  setModelPlacement(key: string, placement: readonly number[] | null): void {
    const entry = this.models.get(key);
    if (!entry) return;
    const next = placement ? new Matrix4().fromArray(placement) : new Matrix4();
    if (next.equals(entry.placement)) return;
    entry.placement = next;
    this.placeRoot(entry);
    if (this.section) this.setSection(this.section);
    this.requestRender();
  }

  /**
   * A model's geometry sits relative to its cache's origin (in the file's frame); the placement moves that
   * frame, and the scene is kept near the first model's origin so coordinates stay small for the GPU.
   */
  private placeRoot(entry: ModelEntry): void {
    const [ox, oy, oz] = entry.geometry.origin;
    const [sx, sy, sz] = this.sceneOrigin ?? entry.geometry.origin;
    entry.root.matrix
      .makeTranslation(-sx, -sy, -sz)
      .multiply(entry.placement)
      .multiply(new Matrix4().makeTranslation(ox, oy, oz));
    entry.root.matrixWorldNeedsUpdate = true;
  }

  /** The box of a model as drawn (placed), in the scene's frame; empty when the model is not shown. */
  modelBounds(key: string): Box3 {
    const entry = this.models.get(key);
    const box = new Box3();
    if (!entry) return box;
    const b = entry.geometry.bbox;
    box.set(new Vector3(b[0], b[1], b[2]), new Vector3(b[3], b[4], b[5]));
    return box.isEmpty() ? box : box.applyMatrix4(entry.root.matrix);
  }

  setModelVisible(key: string, visible: boolean): void {
    const entry = this.models.get(key);
    if (!entry) return;
    entry.root.visible = visible;
    this.requestRender();
  }

  modelKeys(): string[] {
    return [...this.models.keys()];
  }

  elementIndex(key: string, globalId: string): number | undefined {
    return this.models.get(key)?.indexOfGlobalId.get(globalId);
  }

  // ── Element state ────────────────────────────────────────────────────────────────────────────

  /** 4D looks for a model (null: every element in its own colour). */
  setLooks(key: string, looks: BimLooks | null): void {
    const entry = this.models.get(key);
    if (!entry) return;
    entry.state.looks = looks;
    this.refreshState(entry);
  }

  /** Selects elements by GlobalId in every model (the rest are deselected). */
  setSelection(globalIds: Iterable<string>): void {
    const wanted = new Set(globalIds);
    this.selectedIds = wanted;
    for (const entry of this.models.values()) {
      entry.state.selected.fill(0);
      markElements(entry, wanted, entry.state.selected);
      this.refreshState(entry);
    }
  }

  hide(globalIds: Iterable<string>): void {
    const ids = new Set(globalIds);
    for (const entry of this.models.values()) {
      markElements(entry, ids, entry.state.hidden);
      this.refreshState(entry);
    }
  }

  /** Shows only these elements; an empty list ends isolation. */
  isolate(globalIds: Iterable<string>): void {
    const ids = new Set(globalIds);
    for (const entry of this.models.values()) {
      if (ids.size === 0) entry.state.isolated = null;
      else {
        entry.state.isolated = markElements(entry, ids, new Uint8Array(entry.state.count));
      }
      this.refreshState(entry);
    }
  }

  showAll(): void {
    for (const entry of this.models.values()) {
      entry.state.hidden.fill(0);
      entry.state.isolated = null;
      this.refreshState(entry);
    }
  }

  setXray(on: boolean): void {
    this.xrayOn = on;
    for (const entry of this.models.values()) {
      entry.state.xray = on;
      this.refreshState(entry);
    }
  }

  private refreshState(entry: ModelEntry): void {
    const translucent = entry.state.compose(entry.stateBytes);
    entry.texture.needsUpdate = true;
    entry.translucent.forEach((mesh, i) => {
      mesh.visible = translucent || entry.alwaysTranslucent[i]!;
    });
    this.requestRender();
  }

  // ── Camera ───────────────────────────────────────────────────────────────────────────────────

  private elementBoxes(entry: ModelEntry): Float32Array {
    if (entry.elementBoxes) return entry.elementBoxes;
    const n = entry.geometry.elementCount;
    const boxes = new Float32Array(n * 6);
    for (let e = 0; e < n; e++)
      boxes.set([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity], e * 6);
    for (const g of entry.geometry.groups)
      for (let r = 0; r < g.rangeElement.length; r++) {
        const o = g.rangeElement[r]! * 6;
        const end = (g.rangeVertexStart[r]! + g.rangeVertexCount[r]!) * 3;
        for (let p = g.rangeVertexStart[r]! * 3; p < end; p += 3)
          for (let a = 0; a < 3; a++) {
            const v = g.positions[p + a]!;
            if (v < boxes[o + a]!) boxes[o + a] = v;
            if (v > boxes[o + 3 + a]!) boxes[o + 3 + a] = v;
          }
      }
    entry.elementBoxes = boxes;
    return boxes;
  }

  /** The world box of the given elements (all visible models when omitted). */
  bounds(globalIds?: Iterable<string>): Box3 {
    const box = new Box3();
    const ids = globalIds ? new Set(globalIds) : null;
    for (const entry of this.models.values()) {
      if (!entry.root.visible) continue;
      if (!ids) {
        box.union(this.modelBounds(entry.key));
        continue;
      }
      const boxes = this.elementBoxes(entry);
      const element = new Box3();
      for (const id of ids) {
        const i = entry.indexOfGlobalId.get(id);
        if (i === undefined || !(boxes[i * 6]! <= boxes[i * 6 + 3]!)) continue;
        element.min.set(boxes[i * 6]!, boxes[i * 6 + 1]!, boxes[i * 6 + 2]!);
        element.max.set(boxes[i * 6 + 3]!, boxes[i * 6 + 4]!, boxes[i * 6 + 5]!);
        box.union(element.applyMatrix4(entry.root.matrix));
      }
    }
    for (const m of this.primitives.children) if (!ids) box.expandByObject(m);
    return box;
  }

  /** Frames the given elements (or everything) from the current viewing direction. */
  fit(globalIds?: Iterable<string>): void {
    const box = this.bounds(globalIds);
    if (box.isEmpty()) return;
    const center = box.getCenter(new Vector3());
    const radius = Math.max(box.getSize(new Vector3()).length() / 2, 0.5);
    // The narrower of the vertical and horizontal fields of view decides (tall, narrow viewports).
    const vertical = (this.camera.fov * Math.PI) / 180;
    const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * this.camera.aspect);
    const distance = (radius / Math.sin(Math.min(vertical, horizontal) / 2)) * 0.9;
    const direction = this.camera.position.clone().sub(this.controls.target);
    if (direction.lengthSq() < 1e-9) direction.set(1, 0.8, 1);
    direction.normalize();
    this.camera.near = Math.max(0.05, distance / 500);
    this.camera.far = distance * 20 + radius * 4;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(center);
    this.camera.position.copy(center).addScaledVector(direction, distance);
    this.controls.update();
    this.requestRender();
  }

  // ── Section plane ────────────────────────────────────────────────────────────────────────────

  /** Cuts the scene with a plane across `axis` at `position` (0…1 of the model's extent); null removes it. */
  setSection(section: { axis: BimAxis; position: number; flip?: boolean } | null): void {
    this.section = section ? { ...section, flip: section.flip ?? false } : null;
    if (!section) {
      this.renderer.clippingPlanes = [];
    } else {
      const box = this.bounds();
      const a = section.axis;
      const min = box.min[a];
      const max = box.max[a];
      const at = min + (max - min) * Math.max(0, Math.min(1, section.position));
      const normal = new Vector3(a === 'x' ? -1 : 0, a === 'y' ? -1 : 0, a === 'z' ? -1 : 0);
      if (section.flip) normal.negate();
      // Keeps points where normal · p + constant ≥ 0: below (or beyond, when flipped) the cut.
      this.renderer.clippingPlanes = [new Plane(normal, section.flip ? -at : at)];
    }
    this.requestRender();
  }

  private clipped(point: Vector3): boolean {
    return this.renderer.clippingPlanes.some((p) => p.distanceToPoint(point) < 0);
  }

  // ── Primitives ───────────────────────────────────────────────────────────────────────────────

  setPrimitives(list: readonly BimPrimitive[]): void {
    for (const child of [...this.primitives.children]) {
      const mesh = child as Mesh;
      mesh.geometry.dispose();
      (mesh.material as MeshLambertMaterial).dispose();
      this.primitives.remove(mesh);
    }
    this.primitiveList = [...list];
    for (const p of list) {
      const geometry =
        p.shape === 'sphere'
          ? new SphereGeometry(0.5, 24, 16)
          : p.shape === 'cylinder'
            ? new CylinderGeometry(0.5, 0.5, 1, 24)
            : p.shape === 'plane'
              ? new PlaneGeometry(1, 1).rotateX(-Math.PI / 2)
              : new BoxGeometry(1, 1, 1);
      const material = new MeshLambertMaterial({
        color: new Color(p.color),
        transparent: p.opacity < 1,
        opacity: p.opacity,
        side: DoubleSide,
      });
      const mesh = new Mesh(geometry, material);
      mesh.position.set(...p.position);
      mesh.scale.set(Math.max(p.size[0], 0.01), Math.max(p.size[1], 0.01), Math.max(p.size[2], 0.01));
      mesh.rotation.y = (p.rotationY * Math.PI) / 180;
      mesh.userData.primitiveId = p.id;
      mesh.name = p.name;
      this.primitives.add(mesh);
    }
    this.requestRender();
  }

  getPrimitives(): readonly BimPrimitive[] {
    return this.primitiveList;
  }

  // ── Picking ──────────────────────────────────────────────────────────────────────────────────

  /** The element or primitive under a point of the canvas (client pixels), skipping hidden and cut-away parts. */
  pick(clientX: number, clientY: number): BimPick | null {
    const rect = this.renderer.domElement.getBoundingClientRect();
    const ndc = new Vector2(
      ((clientX - rect.left) / rect.width) * 2 - 1,
      -((clientY - rect.top) / rect.height) * 2 + 1,
    );
    const raycaster = new Raycaster();
    raycaster.setFromCamera(ndc, this.camera);
    let best: { distance: number; pick: BimPick } | null = null;
    const inverse = new Matrix4();
    for (const entry of this.models.values()) {
      if (!entry.root.visible) continue;
      entry.root.updateMatrixWorld();
      for (const mesh of entry.pickMeshes) {
        const g = mesh.geometry;
        let bvh = this.bvhs.get(g);
        if (!bvh) {
          bvh = new MeshBVH(g, { indirect: true });
          this.bvhs.set(g, bvh);
        }
        inverse.copy(mesh.matrixWorld).invert();
        const ray = new Ray().copy(raycaster.ray).applyMatrix4(inverse);
        const hits = bvh.raycast(ray, DoubleSide) as Intersection[];
        const slots = g.getAttribute('elementSlot');
        for (const hit of hits) {
          const world = hit.point.clone().applyMatrix4(mesh.matrixWorld);
          const distance = world.distanceTo(raycaster.ray.origin);
          if (best && distance >= best.distance) continue;
          const element = Math.round(slots.getX(hit.face!.a));
          if (!entry.state.pickable(element) || this.clipped(world)) continue;
          best = {
            distance,
            pick: {
              kind: 'element',
              model: entry.key,
              element,
              globalId: entry.globalIds[element] ?? '',
              point: world,
            },
          };
        }
      }
    }
    for (const hit of raycaster.intersectObjects(this.primitives.children, false)) {
      if (best && hit.distance >= best.distance) break;
      if (this.clipped(hit.point)) continue;
      best = {
        distance: hit.distance,
        pick: { kind: 'primitive', id: String(hit.object.userData.primitiveId), point: hit.point },
      };
      break;
    }
    return best?.pick ?? null;
  }

  // ── Rendering ────────────────────────────────────────────────────────────────────────────────

  setTheme(theme: BimTheme): void {
    this.theme = theme;
    this.scene.background = new Color(THEMES[theme].background);
    this.requestRender();
  }

  getTheme(): BimTheme {
    return this.theme;
  }

  getSection() {
    return this.section;
  }

  resize(): void {
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  requestRender(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.renderNow();
    });
  }

  /** Draws one frame now; returns its duration in ms. */
  renderNow(): number {
    const started = performance.now();
    this.renderer.render(this.scene, this.camera);
    const ms = performance.now() - started;
    this.onFrame?.(ms);
    return ms;
  }

  /** A PNG of the current view. */
  screenshot(): string {
    this.renderNow();
    return this.renderer.domElement.toDataURL('image/png');
  }

  /**
   * Frees everything, the WebGL context included. A context left to the garbage collector is destroyed
   * whenever the collector runs, and with software GL (no GPU: headless, many remote desktops) the
   * destruction first draws every frame still queued in it — measured up to 10 s of the GPU process, and
   * a frame of whatever page or viewer is shown next waits for it. Losing the context here does that work
   * now, when the viewer goes, instead of at a moment nobody chose.
   */
  dispose(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.resizeObserver?.disconnect();
    for (const key of [...this.models.keys()]) this.removeModel(key);
    this.setPrimitives([]);
    this.controls.dispose();
    for (const item of this.warmup) item.dispose();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    this.renderer.domElement.remove();
  }
}

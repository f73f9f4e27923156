import { Handle, IFC4, type IfcAPI, type IfcLineObject } from 'web-ifc';
import { bimIfcGuid } from '../guid';

/**
 * Generates the IFC of the demo residential building with web-ifc's writing API: sections side by
 * side, each an IfcBuilding "Секция N" with the storeys "Подземная часть", "Этаж 1…N" and "Кровля",
 * matching the WBS of the demo schedule (section → underground part / storey / roof / facade).
 * A storey holds its floor slab, a column grid, external walls, partitions, windows and facade
 * panels; the underground part a foundation slab and basement walls; the roof storey the roof.
 * GlobalIds are derived from the element's place, so a regenerated model keeps its ids.
 */
export type BimDemoKind =
  | 'foundation'
  | 'basement_wall'
  | 'slab'
  | 'column'
  | 'external_wall'
  | 'partition'
  | 'window'
  | 'cladding'
  | 'roof';

export interface BimDemoPart {
  section: number;
  /** 1-based storey number; 0 for the underground part, floors + 1 for the roof. */
  floor: number;
  kind: BimDemoKind;
}

/** What every IfcElement starts with: GlobalId, owner history, name, description, object type, placement, shape, tag. */
type ElementHead = [
  IFC4.IfcGloballyUniqueId,
  null,
  IFC4.IfcLabel,
  null,
  null,
  Handle<IFC4.IfcLocalPlacement>,
  Handle<IFC4.IfcProductDefinitionShape>,
  null,
];

/** The IFC entity of each kind of demo element, with its predefined type. */
const ELEMENT_OF: Record<BimDemoKind, (head: ElementHead, size: [number, number, number]) => IfcLineObject> =
  {
    foundation: (head) => new IFC4.IfcFooting(...head, IFC4.IfcFootingTypeEnum.STRIP_FOOTING),
    basement_wall: (head) => new IFC4.IfcWall(...head, IFC4.IfcWallTypeEnum.SOLIDWALL),
    external_wall: (head) => new IFC4.IfcWall(...head, IFC4.IfcWallTypeEnum.SOLIDWALL),
    partition: (head) => new IFC4.IfcWall(...head, IFC4.IfcWallTypeEnum.PARTITIONING),
    slab: (head) => new IFC4.IfcSlab(...head, IFC4.IfcSlabTypeEnum.FLOOR),
    roof: (head) => new IFC4.IfcRoof(...head, IFC4.IfcRoofTypeEnum.FLAT_ROOF),
    column: (head) => new IFC4.IfcColumn(...head, IFC4.IfcColumnTypeEnum.COLUMN),
    cladding: (head) => new IFC4.IfcCovering(...head, IFC4.IfcCoveringTypeEnum.CLADDING),
    window: (head, size) =>
      new IFC4.IfcWindow(
        ...head,
        new IFC4.IfcPositiveLengthMeasure(size[2]),
        new IFC4.IfcPositiveLengthMeasure(Math.max(size[0], size[1])),
        IFC4.IfcWindowTypeEnum.WINDOW,
        null,
        null,
      ),
  };

export interface BimDemoOptions {
  sections?: number;
  floors?: number;
  columnsX?: number;
  columnsY?: number;
  windowsPerSide?: number;
  /** IfcElementQuantity per element (volume, area). */
  quantities?: boolean;
  /** Process data: the IfcTask an element is assigned to (IfcRelAssignsToProcess), or null. */
  taskOf?: (part: BimDemoPart) => { identification: string | null; name: string } | null;
  projectName?: string;
}

export interface BimDemoResult {
  bytes: Uint8Array;
  elements: number;
  tasks: number;
}

const WIDTH = 24;
const DEPTH = 15;
const GAP = 1.2;
const STOREY = 3;
const SLAB = 0.22;
const WALL = 0.3;
const BASEMENT = 3.3;

type Rgba = [number, number, number, number];
const COLORS: Record<BimDemoKind, Rgba> = {
  foundation: [0.55, 0.56, 0.58, 1],
  basement_wall: [0.6, 0.61, 0.63, 1],
  slab: [0.72, 0.72, 0.7, 1],
  column: [0.66, 0.66, 0.64, 1],
  external_wall: [0.72, 0.46, 0.33, 1],
  partition: [0.86, 0.83, 0.76, 1],
  window: [0.55, 0.75, 0.92, 0.45],
  cladding: [0.88, 0.9, 0.92, 1],
  roof: [0.32, 0.33, 0.36, 1],
};
const NAMES: Record<BimDemoKind, string> = {
  foundation: 'Фундаментная плита',
  basement_wall: 'Стена подвала',
  slab: 'Плита перекрытия',
  column: 'Колонна',
  external_wall: 'Наружная стена',
  partition: 'Перегородка',
  window: 'Оконный блок',
  cladding: 'Панель фасада',
  roof: 'Кровля',
};

export function bimDemoIfc(api: IfcAPI, options: BimDemoOptions = {}): BimDemoResult {
  const sections = options.sections ?? 4;
  const floors = options.floors ?? 19;
  const columnsX = Math.max(2, options.columnsX ?? 4);
  const columnsY = Math.max(2, options.columnsY ?? 3);
  const windowsPerSide = Math.max(0, options.windowsPerSide ?? 6);
  const withQuantities = options.quantities ?? true;

  const model = api.CreateModel({ schema: 'IFC4', name: 'takt-demo.ifc', authors: ['Takt'] });
  const write = <T extends IfcLineObject>(line: T): Handle<T> => {
    api.WriteLine(model, line);
    return new Handle<T>(line.expressID);
  };
  const len = (v: number) => new IFC4.IfcLengthMeasure(v);
  const label = (s: string) => new IFC4.IfcLabel(s);
  const guid = (key: string) => new IFC4.IfcGloballyUniqueId(bimIfcGuid(`takt-demo/${key}`));
  /**
   * What a spatial element (site, building, storey) starts with: GlobalId, owner history, name,
   * description, object type, placement, shape, long name, and a composition of a whole element.
   */
  const spatialHead = (key: string, name: string, placement: Handle<IFC4.IfcLocalPlacement>) =>
    [
      guid(key),
      null,
      label(name),
      null,
      null,
      placement,
      null,
      null,
      IFC4.IfcElementCompositionEnum.ELEMENT,
    ] as const;

  const pointCache = new Map<string, Handle<IFC4.IfcCartesianPoint>>();
  const point = (x: number, y: number, z: number) => {
    const key = `${x},${y},${z}`;
    let h = pointCache.get(key);
    if (!h) {
      h = write(new IFC4.IfcCartesianPoint([len(x), len(y), len(z)]));
      pointCache.set(key, h);
    }
    return h;
  };
  const origin = point(0, 0, 0);
  const zAxis = write(new IFC4.IfcDirection([new IFC4.IfcReal(0), new IFC4.IfcReal(0), new IFC4.IfcReal(1)]));
  const placementAt = (relTo: Handle<IFC4.IfcLocalPlacement> | null, x: number, y: number, z: number) =>
    write(new IFC4.IfcLocalPlacement(relTo, write(new IFC4.IfcAxis2Placement3D(point(x, y, z), null, null))));

  // Project, units, context.
  const worldAxes = write(new IFC4.IfcAxis2Placement3D(origin, null, null));
  const context = write(
    new IFC4.IfcGeometricRepresentationContext(
      label('Model'),
      label('Model'),
      new IFC4.IfcDimensionCount(3),
      new IFC4.IfcReal(1e-5),
      worldAxes,
      null,
    ),
  );
  const unit = (type: IFC4.IfcUnitEnum, name: IFC4.IfcSIUnitName) =>
    write(new IFC4.IfcSIUnit(type, null, name));
  const units = write(
    new IFC4.IfcUnitAssignment([
      unit(IFC4.IfcUnitEnum.LENGTHUNIT, IFC4.IfcSIUnitName.METRE),
      unit(IFC4.IfcUnitEnum.AREAUNIT, IFC4.IfcSIUnitName.SQUARE_METRE),
      unit(IFC4.IfcUnitEnum.VOLUMEUNIT, IFC4.IfcSIUnitName.CUBIC_METRE),
      unit(IFC4.IfcUnitEnum.PLANEANGLEUNIT, IFC4.IfcSIUnitName.RADIAN),
    ]),
  );
  const project = write(
    new IFC4.IfcProject(
      guid('project'),
      null,
      label(options.projectName ?? 'Жилой дом, корпус 1'),
      null,
      null,
      null,
      null,
      [context],
      units,
    ),
  );
  const sitePlacement = placementAt(null, 0, 0, 0);
  const site = write(
    new IFC4.IfcSite(...spatialHead('site', 'Площадка', sitePlacement), null, null, null, null, null),
  );
  write(new IFC4.IfcRelAggregates(guid('project-site'), null, null, null, project, [site]));

  // Shapes: one extrusion per size and colour, shared by every element of that size.
  const styleCache = new Map<string, Handle<IFC4.IfcSurfaceStyle>>();
  const styleOf = (c: Rgba) => {
    const key = c.join(',');
    let h = styleCache.get(key);
    if (!h) {
      const ratio = (v: number) => new IFC4.IfcNormalisedRatioMeasure(v);
      const colour = write(new IFC4.IfcColourRgb(null, ratio(c[0]), ratio(c[1]), ratio(c[2])));
      const shading = write(new IFC4.IfcSurfaceStyleShading(colour, ratio(1 - c[3])));
      h = write(new IFC4.IfcSurfaceStyle(label(key), IFC4.IfcSurfaceSide.BOTH, [shading]));
      styleCache.set(key, h);
    }
    return h;
  };
  const shapeCache = new Map<string, Handle<IFC4.IfcProductDefinitionShape>>();
  /** A box sx × sy × sz whose local origin is its bottom-left-front corner. */
  const box = (sx: number, sy: number, sz: number, color: Rgba) => {
    const key = `${sx},${sy},${sz},${color.join(',')}`;
    let h = shapeCache.get(key);
    if (!h) {
      const profile = write(
        new IFC4.IfcRectangleProfileDef(
          IFC4.IfcProfileTypeEnum.AREA,
          null,
          write(
            new IFC4.IfcAxis2Placement2D(write(new IFC4.IfcCartesianPoint([len(sx / 2), len(sy / 2)])), null),
          ),
          new IFC4.IfcPositiveLengthMeasure(sx),
          new IFC4.IfcPositiveLengthMeasure(sy),
        ),
      );
      const solid = write(
        new IFC4.IfcExtrudedAreaSolid(
          profile,
          write(new IFC4.IfcAxis2Placement3D(origin, null, null)),
          zAxis,
          new IFC4.IfcPositiveLengthMeasure(sz),
        ),
      );
      write(new IFC4.IfcStyledItem(solid, [styleOf(color)], null));
      const representation = write(
        new IFC4.IfcShapeRepresentation(context, label('Body'), label('SweptSolid'), [solid]),
      );
      h = write(new IFC4.IfcProductDefinitionShape(null, null, [representation]));
      shapeCache.set(key, h);
    }
    return h;
  };

  const externalWalls: Handle<IfcLineObject>[] = [];
  const partitions: Handle<IfcLineObject>[] = [];
  const tasks = new Map<
    string,
    { identification: string | null; name: string; elements: Handle<IfcLineObject>[] }
  >();
  let elementCount = 0;
  let quantityIndex = 0;

  /** Writes one element of `kind`, a box at (x, y, z) in the storey's placement. */
  const element = (
    part: BimDemoPart,
    key: string,
    storeyPlacement: Handle<IFC4.IfcLocalPlacement>,
    at: [number, number, number],
    size: [number, number, number],
    color: Rgba = COLORS[part.kind],
  ): Handle<IfcLineObject> => {
    const id = guid(key);
    const placement = placementAt(storeyPlacement, at[0], at[1], at[2]);
    const shape = box(size[0], size[1], size[2], color);
    const name = label(`${NAMES[part.kind]} ${key}`);
    const line = ELEMENT_OF[part.kind]([id, null, name, null, null, placement, shape, null], size);
    const h = write(line);
    elementCount++;
    if (part.kind === 'external_wall' || part.kind === 'basement_wall') externalWalls.push(h);
    if (part.kind === 'partition') partitions.push(h);
    if (withQuantities) {
      const q = quantityIndex++;
      const volume = size[0] * size[1] * size[2];
      const quantities = write(
        new IFC4.IfcElementQuantity(guid(`q${q}`), null, label('Qto_Base'), null, null, [
          write(
            new IFC4.IfcQuantityVolume(
              label('NetVolume'),
              null,
              null,
              new IFC4.IfcVolumeMeasure(volume),
              null,
            ),
          ),
          write(
            new IFC4.IfcQuantityArea(
              label('NetArea'),
              null,
              null,
              new IFC4.IfcAreaMeasure(size[0] * size[1]),
              null,
            ),
          ),
        ]),
      );
      write(new IFC4.IfcRelDefinesByProperties(guid(`qr${q}`), null, null, null, [h], quantities));
    }
    const task = options.taskOf?.(part);
    if (task) {
      const taskKey = `${task.identification ?? ''}\u0000${task.name}`;
      const entry = tasks.get(taskKey) ?? { ...task, elements: [] };
      entry.elements.push(h);
      tasks.set(taskKey, entry);
    }
    return h;
  };

  const buildings: Handle<IfcLineObject>[] = [];
  for (let s = 1; s <= sections; s++) {
    const x0 = (s - 1) * (WIDTH + GAP);
    const buildingPlacement = placementAt(sitePlacement, x0, 0, 0);
    const building = write(
      new IFC4.IfcBuilding(...spatialHead(`s${s}`, `Секция ${s}`, buildingPlacement), null, null, null),
    );
    buildings.push(building);
    const storeys: Handle<IfcLineObject>[] = [];
    const storey = (floor: number, name: string, elevation: number) => {
      const placement = placementAt(buildingPlacement, 0, 0, elevation);
      const h = write(
        new IFC4.IfcBuildingStorey(...spatialHead(`s${s}f${floor}`, name, placement), len(elevation)),
      );
      storeys.push(h);
      return { h, placement, contents: [] as Handle<IfcLineObject>[] };
    };
    const contain = (st: { h: Handle<IfcLineObject>; contents: Handle<IfcLineObject>[] }, key: string) => {
      if (st.contents.length)
        write(new IFC4.IfcRelContainedInSpatialStructure(guid(key), null, null, null, st.contents, st.h));
    };

    // Underground part: foundation slab and four basement walls.
    const under = storey(0, 'Подземная часть', -BASEMENT);
    const u = (kind: BimDemoKind) => ({ section: s, floor: 0, kind });
    under.contents.push(
      element(
        u('foundation'),
        `s${s}/foundation`,
        under.placement,
        [-0.5, -0.5, -0.6],
        [WIDTH + 1, DEPTH + 1, 0.6],
      ),
    );
    for (const [i, at, size] of walls(BASEMENT))
      under.contents.push(element(u('basement_wall'), `s${s}/bw${i}`, under.placement, at, size));
    contain(under, `s${s}/under`);

    const clad: Rgba = s % 2 === 0 ? [0.78, 0.83, 0.88, 1] : COLORS.cladding;
    for (let f = 1; f <= floors; f++) {
      const st = storey(f, `Этаж ${f}`, (f - 1) * STOREY);
      const p = (kind: BimDemoKind) => ({ section: s, floor: f, kind });
      const k = `s${s}/f${f}`;
      st.contents.push(element(p('slab'), `${k}/slab`, st.placement, [0, 0, 0], [WIDTH, DEPTH, SLAB]));
      const h = STOREY - SLAB;
      for (let i = 0; i < columnsX; i++)
        for (let j = 0; j < columnsY; j++) {
          const cx = WALL + 0.4 + (i * (WIDTH - 2 * WALL - 1.2)) / (columnsX - 1);
          const cy = WALL + 0.4 + (j * (DEPTH - 2 * WALL - 1.2)) / (columnsY - 1);
          st.contents.push(
            element(p('column'), `${k}/c${i}-${j}`, st.placement, [cx, cy, SLAB], [0.4, 0.4, h]),
          );
        }
      for (const [i, at, size] of walls(h))
        st.contents.push(element(p('external_wall'), `${k}/w${i}`, st.placement, [at[0], at[1], SLAB], size));
      for (const i of [1, 2]) {
        const px = (i * WIDTH) / 3;
        st.contents.push(
          element(p('partition'), `${k}/p${i}`, st.placement, [px, WALL, SLAB], [0.12, DEPTH - 2 * WALL, h]),
        );
      }
      for (let i = 0; i < windowsPerSide; i++) {
        const wx = ((i + 0.5) * WIDTH) / windowsPerSide - 0.75;
        st.contents.push(
          element(p('window'), `${k}/wn${i}`, st.placement, [wx, -0.06, SLAB + 0.9], [1.5, 0.1, 1.5]),
        );
        st.contents.push(
          element(p('window'), `${k}/ws${i}`, st.placement, [wx, DEPTH - 0.04, SLAB + 0.9], [1.5, 0.1, 1.5]),
        );
      }
      // Facade: a spandrel band under the windows and a band above them on every side.
      for (const [band, z, height] of [
        ['lo', 0, SLAB + 0.9],
        ['hi', SLAB + 2.4, STOREY - SLAB - 2.4],
      ] as const) {
        // the north and south bands overlap the corners, the west and east ones fit between them
        for (const [side, x, y, width, depth] of [
          ['n', -0.12, -0.12, WIDTH + 0.24, 0.1],
          ['s', -0.12, DEPTH + 0.02, WIDTH + 0.24, 0.1],
          ['w', -0.12, -0.02, 0.1, DEPTH + 0.04],
          ['e', WIDTH + 0.02, -0.02, 0.1, DEPTH + 0.04],
        ] as const)
          st.contents.push(
            element(
              p('cladding'),
              `${k}/${band}${side}`,
              st.placement,
              [x, y, z],
              [width, depth, height],
              clad,
            ),
          );
      }
      contain(st, `${k}/contents`);
    }
    const roof = storey(floors + 1, 'Кровля', floors * STOREY);
    roof.contents.push(
      element(
        { section: s, floor: floors + 1, kind: 'roof' },
        `s${s}/roof`,
        roof.placement,
        [-0.2, -0.2, 0],
        [WIDTH + 0.4, DEPTH + 0.4, 0.35],
      ),
    );
    contain(roof, `s${s}/roof-contents`);
    write(new IFC4.IfcRelAggregates(guid(`s${s}/storeys`), null, null, null, building, storeys));
  }
  write(new IFC4.IfcRelAggregates(guid('site-buildings'), null, null, null, site, buildings));

  // Wall properties: external or not (one property set shared by all walls of a kind).
  const wallSet = (external: boolean, related: Handle<IfcLineObject>[]) => {
    if (!related.length) return;
    const props = [
      write(
        new IFC4.IfcPropertySingleValue(
          new IFC4.IfcIdentifier('IsExternal'),
          null,
          new IFC4.IfcBoolean(external),
          null,
        ),
      ),
      write(
        new IFC4.IfcPropertySingleValue(
          new IFC4.IfcIdentifier('LoadBearing'),
          null,
          new IFC4.IfcBoolean(false),
          null,
        ),
      ),
    ];
    const set = write(
      new IFC4.IfcPropertySet(guid(`pset-${external}`), null, label('Pset_WallCommon'), null, props),
    );
    write(new IFC4.IfcRelDefinesByProperties(guid(`pset-rel-${external}`), null, null, null, related, set));
  };
  wallSet(true, externalWalls);
  wallSet(false, partitions);

  // Process data: one IfcTask per distinct work, elements assigned with IfcRelAssignsToProcess.
  let t = 0;
  for (const task of tasks.values()) {
    const taskLine = write(
      new IFC4.IfcTask(
        guid(`task${t}`),
        null,
        label(task.name),
        null,
        null,
        task.identification ? new IFC4.IfcIdentifier(task.identification) : null,
        null,
        null,
        null,
        new IFC4.IfcBoolean(false),
        null,
        null,
        IFC4.IfcTaskTypeEnum.CONSTRUCTION,
      ),
    );
    write(
      new IFC4.IfcRelAssignsToProcess(
        guid(`task${t}/rel`),
        null,
        null,
        null,
        task.elements,
        null,
        taskLine,
        null,
      ),
    );
    t++;
  }

  const bytes = api.SaveModel(model);
  api.CloseModel(model);
  return { bytes, elements: elementCount, tasks: tasks.size };
}

/** Four walls of one section's outline: [index, position, size] with the long walls full length. */
function walls(height: number): [number, [number, number, number], [number, number, number]][] {
  return [
    [0, [0, 0, 0], [WIDTH, WALL, height]],
    [1, [0, DEPTH - WALL, 0], [WIDTH, WALL, height]],
    [2, [0, WALL, 0], [WALL, DEPTH - 2 * WALL, height]],
    [3, [WIDTH - WALL, WALL, 0], [WALL, DEPTH - 2 * WALL, height]],
  ];
}

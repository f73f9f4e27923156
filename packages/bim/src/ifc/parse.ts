import {
  IFCBUILDING,
  IFCBUILDINGSTOREY,
  IFCELEMENTQUANTITY,
  IFCMAPCONVERSION,
  IFCPROJECT,
  IFCPROPERTYSET,
  IFCRELAGGREGATES,
  IFCRELASSIGNSTOPROCESS,
  IFCRELCONTAINEDINSPATIALSTRUCTURE,
  IFCRELDEFINESBYPROPERTIES,
  IFCRELDEFINESBYTYPE,
  IFCSITE,
  IFCSPATIALELEMENT,
  IFCSPATIALSTRUCTUREELEMENT,
  IFCTASK,
  type IfcAPI,
} from 'web-ifc';
import { type BimColor, type BimGeometry, BimGeometryBuilder } from '../geometry';
import type { BimGeoreference } from '../placement';
import {
  BIM_IFC_SCHEMAS,
  type BimElement,
  type BimIfcSchema,
  type BimProcessLink,
  type BimProgress,
  type BimPropertySets,
  type BimPropertyValue,
  type BimSpatialNode,
} from '../types';

export interface BimParsedModel {
  schema: BimIfcSchema;
  elements: BimElement[];
  /** Roots of the spatial tree (normally one IfcProject). */
  spatial: BimSpatialNode[];
  processLinks: BimProcessLink[];
  /** Where the file puts itself on the map, if it says (docs: packages/bim/src/placement.ts). */
  georeference: BimGeoreference | null;
  geometry: BimGeometry;
}

export class BimIfcError extends Error {
  constructor(
    readonly reason: 'not_ifc' | 'unsupported_schema',
    message: string,
  ) {
    super(message);
    this.name = 'BimIfcError';
  }
}

/** Classes that are never elements of the model: voids and room volumes. */
const SKIPPED = new Set(['IfcOpeningElement', 'IfcSpace', 'IfcOpeningStandardCase', 'IfcVoidingFeature']);

// web-ifc lines are loosely typed objects; these helpers read them without `any`.
type Line = Record<string, unknown> & { expressID: number; type: number };
interface Ref {
  value: number;
  type: number;
}
const REF = 5;

function isRef(v: unknown): v is Ref {
  return (
    typeof v === 'object' && v !== null && (v as Ref).type === REF && typeof (v as Ref).value === 'number'
  );
}

function refs(v: unknown): number[] {
  if (Array.isArray(v)) return v.filter(isRef).map((r) => r.value);
  return isRef(v) ? [v.value] : [];
}

/** The plain value of an IFC attribute (label, measure, enum, boolean), or null. */
export function ifcValue(v: unknown): BimPropertyValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (o.type === REF) return null;
  if ('_representationValue' in o) return ifcValue(o._representationValue);
  const value = o.value;
  if (typeof value === 'string') {
    if (o.type === 3 && (value === 'T' || value === 'F')) return value === 'T';
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

const text = (v: unknown): string | null => {
  const value = ifcValue(v);
  return value === null || value === '' ? null : String(value);
};

export interface BimParseOptions {
  onProgress?: BimProgress;
  /** Segments of a full circle for curved geometry; fewer means lighter meshes. */
  circleSegments?: number;
  /**
   * Called with the geometry streamed since the previous call (elements numbered within the chunk):
   * first after `firstChunkMs` of streaming, then every `chunkMs`, so a viewer draws a big file
   * while it is still being read. The final geometry comes with the result as always.
   */
  onGeometryChunk?: (chunk: BimGeometry) => void;
  firstChunkMs?: number;
  chunkMs?: number;
}

/**
 * Reads an IFC file (IFC2X3, IFC4, IFC4X3) into the element list, the spatial tree, the process
 * links and the geometry cache. Relations are read in one pass per relation type, so the cost grows
 * with the file, not with elements × relations.
 */
export function bimIfcParse(api: IfcAPI, bytes: Uint8Array, options: BimParseOptions = {}): BimParsedModel {
  const progress = options.onProgress ?? (() => {});
  progress('open', 0, 1);
  const head = new TextDecoder().decode(bytes.subarray(0, Math.min(bytes.length, 64)));
  if (!head.startsWith('ISO-10303-21')) throw new BimIfcError('not_ifc', 'not an IFC STEP file');
  const modelId = api.OpenModel(bytes, {
    COORDINATE_TO_ORIGIN: false,
    CIRCLE_SEGMENTS: options.circleSegments ?? 16,
  });
  try {
    const schemaName = api.GetModelSchema(modelId);
    const schema = BIM_IFC_SCHEMAS.find((s) => schemaName?.toUpperCase().startsWith(s));
    if (!schema) throw new BimIfcError('unsupported_schema', `unsupported IFC schema ${schemaName}`);
    progress('open', 1, 1);
    const streamed = readGeometry(api, modelId, progress, options);
    const parsed = readModel(api, modelId, streamed.withGeometry, progress);
    const geometry = streamed.builder.finish(
      parsed.elements.length,
      (id) => parsed.indexOfExpressId.get(id)!,
    );
    progress('done', 1, 1);
    return {
      schema,
      elements: parsed.elements,
      spatial: parsed.spatial,
      processLinks: parsed.processLinks,
      georeference: readGeoreference(api, modelId),
      geometry,
    };
  } finally {
    api.CloseModel(modelId);
  }
}

function readModel(api: IfcAPI, modelId: number, withGeometry: Set<number>, progress: BimProgress) {
  // Raw STEP arguments (no schema objects built): several times cheaper than GetLine on big files.
  const args = (id: number): unknown[] => api.GetRawLineData(modelId, id).arguments as unknown[];
  const typeNames = new Map<number, string>();
  const typeName = (code: number) => {
    let name = typeNames.get(code);
    if (name === undefined) {
      name = api.GetNameFromTypeCode(code);
      typeNames.set(code, name);
    }
    return name;
  };
  const className = (id: number) => typeName(api.GetLineType(modelId, id));
  const idsOf = (type: number, inherited = false) => {
    const v = api.GetLineIDsWithType(modelId, type, inherited);
    const out: number[] = [];
    for (let i = 0; i < v.size(); i++) out.push(v.get(i));
    return out;
  };
  const push = (map: Map<number, number[]>, key: number, values: number[]) => {
    const list = map.get(key);
    if (list) list.push(...values);
    else map.set(key, [...values]);
  };

  // Relations: (…, related objects at 4, relating object at 5) except where noted.
  /** A one-to-many relation read both ways: the relating object (argument `one`) of the related (`many`). */
  const oneToMany = (type: number, one: number, many: number) => {
    const children = new Map<number, number[]>();
    const parentOf = new Map<number, number>();
    for (const id of idsOf(type)) {
      const a = args(id);
      const parent = refs(a[one])[0];
      if (parent === undefined) continue;
      const related = refs(a[many]);
      push(children, parent, related);
      for (const c of related) parentOf.set(c, parent);
    }
    return { children, parentOf };
  };
  // Aggregation names the whole at 4 and its parts at 5.
  const { children: aggregateChildren, parentOf: aggregateParent } = oneToMany(IFCRELAGGREGATES, 4, 5);
  const { children: contained, parentOf: containerOf } = oneToMany(IFCRELCONTAINEDINSPATIALSTRUCTURE, 5, 4);
  const propertyDefs = new Map<number, number[]>();
  for (const id of idsOf(IFCRELDEFINESBYPROPERTIES)) {
    const a = args(id);
    const defs = refs(a[5]);
    for (const o of refs(a[4])) push(propertyDefs, o, defs);
  }
  const typeOf = new Map<number, number>();
  for (const id of idsOf(IFCRELDEFINESBYTYPE)) {
    const a = args(id);
    const type = refs(a[5])[0];
    if (type === undefined) continue;
    for (const o of refs(a[4])) typeOf.set(o, type);
  }

  /** A raw value: strings, numbers, enumerations (T/F as booleans), typed values by their type. */
  const rawValue = (v: unknown): BimPropertyValue => {
    if (v === null || v === undefined) return null;
    if (Array.isArray(v)) return v.map(rawValue).join(', ');
    if (typeof v !== 'object') return ifcValue(v);
    const o = v as { type?: number; typecode?: number; value?: unknown };
    if (o.type === REF) return null;
    const value = o.value;
    const kind = o.typecode !== undefined ? typeName(o.typecode) : null;
    if (typeof value === 'object' && value !== null) return rawValue(value);
    if (typeof value === 'number' || typeof value === 'boolean') return value;
    if (typeof value !== 'string') return null;
    if (o.type === 3 || kind === 'IfcBoolean' || kind === 'IfcLogical') {
      if (value === 'T' || value === '.T.') return true;
      if (value === 'F' || value === '.F.') return false;
      return value;
    }
    const textual =
      kind !== null &&
      /^Ifc(Label|Text|Identifier|DescriptiveMeasure|URIReference|Date|Time|DateTime)$/.test(kind);
    if (o.type === 4 || o.type === 10 || (kind !== null && !textual)) {
      const n = Number(value);
      return Number.isFinite(n) ? n : value;
    }
    return value;
  };
  const rawText = (v: unknown): string | null => {
    const value = rawValue(v);
    return value === null || value === '' ? null : String(value);
  };

  // Site, building, storey, space… (IFC2X3 has no IfcSpatialElement supertype, only the structure one).
  const spatialIds = new Set([
    ...idsOf(IFCSPATIALELEMENT, true),
    ...idsOf(IFCSPATIALSTRUCTUREELEMENT, true),
    ...idsOf(IFCPROJECT),
  ]);
  const isElement = (id: number) => !spatialIds.has(id) && api.IsIfcElement(api.GetLineType(modelId, id));
  // Elements: everything with geometry plus every element placed in the spatial structure.
  const candidates = new Set(withGeometry);
  for (const list of contained.values()) for (const e of list) if (isElement(e)) candidates.add(e);
  // Parts of an assembly are elements too (their geometry is usually on the parts).
  for (const e of [...candidates])
    for (const part of aggregateChildren.get(e) ?? []) if (isElement(part)) candidates.add(part);
  const ids = [...candidates].filter((id) => !SKIPPED.has(className(id))).sort((a, b) => a - b);

  // Property and quantity sets are shared between elements: read each once.
  const setCache = new Map<
    number,
    { name: string; quantities: boolean; values: Record<string, BimPropertyValue> }
  >();
  const readSet = (id: number) => {
    const cached = setCache.get(id);
    if (cached) return cached;
    const type = api.GetLineType(modelId, id);
    const a = args(id);
    const values: Record<string, BimPropertyValue> = {};
    const quantities = type === IFCELEMENTQUANTITY;
    if (type === IFCPROPERTYSET || quantities) {
      // IfcPropertySet: HasProperties at 4; IfcElementQuantity: Quantities at 5.
      for (const p of refs(quantities ? a[5] : a[4])) {
        const pa = args(p);
        const name = rawText(pa[0]);
        if (!name) continue;
        const kind = className(p);
        // Quantities: Name, Description, Unit, Value. Properties by kind of property.
        if (quantities) values[name] = rawValue(pa[3]);
        else if (
          kind === 'IfcPropertySingleValue' ||
          kind === 'IfcPropertyEnumeratedValue' ||
          kind === 'IfcPropertyListValue'
        )
          values[name] = rawValue(pa[2]);
        else if (kind === 'IfcPropertyBoundedValue')
          values[name] = [rawValue(pa[3]), rawValue(pa[2])].map((v) => v ?? '').join('…');
      }
    }
    const entry = { name: rawText(a[2]) ?? `#${id}`, quantities, values };
    setCache.set(id, entry);
    return entry;
  };
  const addSets = (
    target: { properties: BimPropertySets; quantities: BimPropertySets },
    setIds: number[],
  ) => {
    for (const id of setIds) {
      const set = readSet(id);
      const into = set.quantities ? target.quantities : target.properties;
      into[set.name] = { ...set.values, ...into[set.name] };
    }
  };

  const nameCache = new Map<number, { name: string | null; globalId: string; ifcClass: string }>();
  const ident = (id: number) => {
    let n = nameCache.get(id);
    if (!n) {
      const a = args(id);
      n = { name: rawText(a[2]), globalId: rawText(a[0]) ?? `#${id}`, ifcClass: className(id) };
      nameCache.set(id, n);
    }
    return n;
  };
  /** The spatial container of an element: its own, or its assembly's. */
  const containerFor = (id: number): number | undefined => {
    for (let cur: number | undefined = id, depth = 0; cur !== undefined && depth < 16; depth++) {
      const c = containerOf.get(cur);
      if (c !== undefined) return c;
      cur = aggregateParent.get(cur);
    }
    return undefined;
  };
  const ancestorOfType = (start: number | undefined, type: number): number | undefined => {
    for (let cur = start, depth = 0; cur !== undefined && depth < 16; depth++) {
      if (api.GetLineType(modelId, cur) === type) return cur;
      cur = aggregateParent.get(cur);
    }
    return undefined;
  };

  const typeSetCache = new Map<number, number[]>();
  /** IfcTypeObject.HasPropertySets (argument 5), read once per type. */
  const typeSets = (typeId: number) => {
    let sets = typeSetCache.get(typeId);
    if (!sets) {
      sets = refs(args(typeId)[5]);
      typeSetCache.set(typeId, sets);
    }
    return sets;
  };

  const elements: BimElement[] = [];
  const indexOfExpressId = new Map<number, number>();
  ids.forEach((id, i) => {
    if (i % 500 === 0) progress('properties', i, ids.length);
    const a = args(id);
    const container = containerFor(id);
    const storeyId = ancestorOfType(container, IFCBUILDINGSTOREY);
    const buildingId = ancestorOfType(container, IFCBUILDING);
    const typeId = typeOf.get(id);
    const element: BimElement = {
      expressId: id,
      globalId: rawText(a[0]) ?? `#${id}`,
      ifcClass: className(id),
      name: rawText(a[2]),
      typeName: typeId !== undefined ? ident(typeId).name : null,
      storey: storeyId !== undefined ? ident(storeyId).name : null,
      storeyGlobalId: storeyId !== undefined ? ident(storeyId).globalId : null,
      building: buildingId !== undefined ? ident(buildingId).name : null,
      properties: {},
      quantities: {},
    };
    addSets(element, propertyDefs.get(id) ?? []);
    // Type properties apply unless the element overrides them.
    if (typeId !== undefined) addSets(element, typeSets(typeId));
    indexOfExpressId.set(id, i);
    elements.push(element);
  });
  progress('properties', ids.length, ids.length);

  // Spatial tree from the project down through aggregation; elements hang where they are contained.
  const spatialNode = (id: number, depth: number): BimSpatialNode => {
    const n = ident(id);
    const children =
      depth > 12
        ? []
        : (aggregateChildren.get(id) ?? [])
            .filter((c) => spatialIds.has(c) && !SKIPPED.has(className(c)))
            .map((c) => spatialNode(c, depth + 1));
    const own = (contained.get(id) ?? []).map((e) => indexOfExpressId.get(e)).filter((i) => i !== undefined);
    // A spatial node with its own shape (a site's terrain) is listed as its own element.
    const self = indexOfExpressId.get(id);
    if (self !== undefined) own.unshift(self);
    // Spaces are not elements: what they contain belongs to their storey.
    for (const c of aggregateChildren.get(id) ?? [])
      if (className(c) === 'IfcSpace')
        for (const e of contained.get(c) ?? []) {
          const i = indexOfExpressId.get(e);
          if (i !== undefined) own.push(i);
        }
    return {
      expressId: id,
      globalId: n.globalId,
      ifcClass: n.ifcClass,
      name: n.name,
      children,
      elements: own,
    };
  };
  const spatial = idsOf(IFCPROJECT).map((id) => spatialNode(id, 0));

  // Process data: IfcTask ← IfcRelAssignsToProcess → elements.
  const byTask = new Map<number, Set<string>>();
  for (const id of idsOf(IFCRELASSIGNSTOPROCESS)) {
    const r = api.GetLine(modelId, id) as Line;
    const task = refs(r.RelatingProcess)[0];
    if (task === undefined || api.GetLineType(modelId, task) !== IFCTASK) continue;
    const set = byTask.get(task) ?? new Set<string>();
    for (const o of refs(r.RelatedObjects)) {
      const i = indexOfExpressId.get(o);
      if (i !== undefined) set.add(elements[i]!.globalId);
    }
    byTask.set(task, set);
  }
  const processLinks: BimProcessLink[] = [...byTask].map(([task, set]) => {
    const t = api.GetLine(modelId, task) as Line;
    const time = refs(t.TaskTime)[0];
    const tt = time !== undefined ? (api.GetLine(modelId, time) as Line) : null;
    return {
      taskGlobalId: text(t.GlobalId) ?? `#${task}`,
      // IFC4 names it Identification, IFC2X3 TaskId.
      identification: text(t.Identification) ?? text(t.TaskId),
      name: text(t.Name),
      scheduleStart: tt ? text(tt.ScheduleStart) : null,
      scheduleFinish: tt ? text(tt.ScheduleFinish) : null,
      elementGlobalIds: [...set],
    };
  });
  return { elements, indexOfExpressId, spatial, processLinks };
}

/** Streams every mesh once; pieces are keyed by IFC line id until the element list is known. */
function readGeometry(api: IfcAPI, modelId: number, progress: BimProgress, options: BimParseOptions) {
  const builder = new BimGeometryBuilder();
  const withGeometry = new Set<number>();
  const onChunk = options.onGeometryChunk;
  let nextChunk = performance.now() + (options.firstChunkMs ?? 40);
  api.StreamAllMeshes(modelId, (mesh, index, total) => {
    if (onChunk && performance.now() >= nextChunk) {
      const chunk = builder.takeChunk();
      if (chunk) onChunk(chunk);
      nextChunk = performance.now() + (options.chunkMs ?? 400);
    }
    if (index % 200 === 0) progress('geometry', index, total);
    const id = mesh.expressID;
    const type = api.GetLineType(modelId, id);
    if (SKIPPED.has(api.GetNameFromTypeCode(type)) || type === IFCBUILDINGSTOREY || type === IFCBUILDING)
      return;
    withGeometry.add(id);
    const placed = mesh.geometries;
    for (let i = 0; i < placed.size(); i++) {
      const p = placed.get(i);
      const geometry = api.GetGeometry(modelId, p.geometryExpressID);
      try {
        const vertices = api.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
        const indices = api.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
        const color: BimColor = [p.color.x, p.color.y, p.color.z, p.color.w];
        builder.addPiece(id, color, vertices, indices, p.flatTransformation);
      } finally {
        geometry.delete();
      }
    }
  });
  return { builder, withGeometry };
}

/**
 * The file's place on the map: its IfcMapConversion (IFC4 and later), else its first IfcSite's reference
 * latitude, longitude and elevation; null when it gives neither.
 */
export function readGeoreference(api: IfcAPI, modelId: number): BimGeoreference | null {
  const args = (id: number): unknown[] => api.GetRawLineData(modelId, id).arguments as unknown[];
  const first = (type: number) => {
    const ids = api.GetLineIDsWithType(modelId, type, false);
    return ids.size() ? ids.get(0) : null;
  };
  // Raw STEP data keeps REALs as their text ("458870."), INTEGERs as numbers.
  const num = (v: unknown, fallback: number) => {
    const value = ifcValue(v);
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
  };
  const conversion = first(IFCMAPCONVERSION);
  if (conversion !== null) {
    const a = args(conversion);
    const xAxisAbscissa = num(a[5], 1);
    const xAxisOrdinate = num(a[6], 0);
    return {
      kind: 'map',
      eastings: num(a[2], 0),
      northings: num(a[3], 0),
      height: num(a[4], 0),
      // A zero axis says nothing: take the map's own east.
      ...(xAxisAbscissa === 0 && xAxisOrdinate === 0
        ? { xAxisAbscissa: 1, xAxisOrdinate: 0 }
        : { xAxisAbscissa, xAxisOrdinate }),
      scale: num(a[7], 1),
    };
  }
  const site = first(IFCSITE);
  if (site === null) return null;
  const a = args(site);
  const latitude = compoundAngle(a[9]);
  const longitude = compoundAngle(a[10]);
  if (latitude === null || longitude === null) return null;
  return { kind: 'site', latitude, longitude, elevation: num(a[11], 0) };
}

/**
 * An IfcCompoundPlaneAngleMeasure — degrees, minutes, seconds and millionths of a second, all of the same
 * sign — as decimal degrees; null when absent or malformed.
 */
export function compoundAngle(v: unknown): number | null {
  if (!Array.isArray(v) || v.length < 3) return null;
  const parts = v.map((p) => {
    const value = ifcValue(p);
    return typeof value === 'string' ? Number(value) : value;
  });
  if (!parts.every((p) => typeof p === 'number' && Number.isFinite(p))) return null;
  const [d, m, s, micro = 0] = parts as number[];
  return d! + m! / 60 + (s! + micro / 1_000_000) / 3600;
}

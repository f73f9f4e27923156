/** IFC schema versions the parser accepts (web-ifc reads all three). */
export const BIM_IFC_SCHEMAS = ['IFC2X3', 'IFC4', 'IFC4X3'] as const;
export type BimIfcSchema = (typeof BIM_IFC_SCHEMAS)[number];

export type BimPropertyValue = string | number | boolean | null;
/** Property sets or quantity sets by name, each a map of property name → value. */
export type BimPropertySets = Record<string, Record<string, BimPropertyValue>>;

/** One building element of a model as the element list stores it. */
export interface BimElement {
  /** STEP line id inside the IFC file; stable for one file, used by the geometry cache. */
  expressId: number;
  /** IFC GlobalId (22 characters), stable across exports of the same model. */
  globalId: string;
  /** IFC entity in schema spelling, e.g. `IfcWall`. */
  ifcClass: string;
  name: string | null;
  /** Name of the type object (IfcRelDefinesByType), e.g. `Basic Wall:Generic - 200mm`. */
  typeName: string | null;
  /** The storey the element stands on (directly, through a space, or through its parent assembly). */
  storey: string | null;
  storeyGlobalId: string | null;
  building: string | null;
  properties: BimPropertySets;
  quantities: BimPropertySets;
}

/** A node of the spatial tree: project → site → building → storey (→ space); elements hang off nodes. */
export interface BimSpatialNode {
  expressId: number;
  globalId: string;
  ifcClass: string;
  name: string | null;
  children: BimSpatialNode[];
  /** Indexes into the element list of elements contained directly in this node. */
  elements: number[];
}

/** An IfcTask and the elements assigned to it with IfcRelAssignsToProcess. */
export interface BimProcessLink {
  taskGlobalId: string;
  identification: string | null;
  name: string | null;
  scheduleStart: string | null;
  scheduleFinish: string | null;
  elementGlobalIds: string[];
}

export type BimParsePhase = 'open' | 'properties' | 'geometry' | 'done';
export type BimProgress = (phase: BimParsePhase, done: number, total: number) => void;

/**
 * The PMXML document as a state machine over the parser's events. Each record element is handed on as its
 * end tag arrives, as the texts of the direct children the reader uses (by their positions in `ACTIVITY`,
 * `WBS`…): an Activity also brings its UDF and Code children the same way, a ScheduleOptions all its
 * direct children; calendars (a few per file, nested deeply) come as element trees; UDFType and
 * ActivityCode records are skipped whole. Leaves directly under a depth-2 `<Project>` are its settings.
 * As in a tree, a child's text is its first occurrence's, trimmed, and '' when it has child elements of its
 * own; a child that is not there is `undefined`. The texts are slices of the parser's input: whoever keeps
 * one past the call copies it (`own`).
 *
 * Records: any `Calendar` (outside another record); under a depth-2 `Project` (counted from 1): WBS,
 * Activity, Relationship, ResourceAssignment, ScheduleOptions, UDFType, ActivityCode; at depth 2 (shared by
 * all projects): Resource, Relationship, ResourceAssignment.
 */
import type { ByteSource, Encoding } from '../common/input.js';
import { type Fields, RecordMachine, readRecords, Shape } from '../common/xml-records.js';
import type { XNode } from '../common/xml-stream.js';

export type { Fields };

const ACTIVITY_SHAPE = new Shape([
  'ObjectId',
  'Id',
  'Name',
  'ProjectObjectId',
  'WBSObjectId',
  'CalendarObjectId',
  'Type',
  'Status',
  'PlannedDuration',
  'AtCompletionDuration',
  'RemainingDuration',
  'ActualStartDate',
  'ActualFinishDate',
  'ExpectedFinishDate',
  'EarlyStartDate',
  'EarlyFinishDate',
  'LateStartDate',
  'LateFinishDate',
  'TotalFloat',
  'FreeFloat',
  'StartDate',
  'FinishDate',
  'PhysicalPercentComplete',
  'PrimaryConstraintType',
  'PrimaryConstraintDate',
  'SecondaryConstraintType',
  'SecondaryConstraintDate',
]);
const UDF_SHAPE = new Shape(['TypeObjectId', 'TextValue', 'DoubleValue', 'StartDateValue', 'IntegerValue']);
const CODE_SHAPE = new Shape(['CodeTypeObjectId', 'ValueObjectId']);
const WBS_SHAPE = new Shape(['ObjectId', 'ParentObjectId', 'Code', 'Name', 'ProjectObjectId']);
const RELATIONSHIP_SHAPE = new Shape([
  'ObjectId',
  'PredecessorActivityObjectId',
  'SuccessorActivityObjectId',
  'Type',
  'Lag',
]);
const RESOURCE_SHAPE = new Shape(['ObjectId', 'Id', 'Name', 'ResourceType', 'CalendarObjectId']);
const ASSIGNMENT_SHAPE = new Shape([
  'ObjectId',
  'ActivityObjectId',
  'ResourceObjectId',
  'PlannedUnits',
  'ActualUnits',
  'RemainingUnits',
]);

/** Positions of the kept children of each kind of record. */
export const ACTIVITY = ACTIVITY_SHAPE.at;
export const UDF = UDF_SHAPE.at;
export const CODE = CODE_SHAPE.at;
export const WBS = WBS_SHAPE.at;
export const RELATIONSHIP = RELATIONSHIP_SHAPE.at;
export const RESOURCE = RESOURCE_SHAPE.at;
export const ASSIGNMENT = ASSIGNMENT_SHAPE.at;

export interface ActivityRecord {
  /** Line of the <Activity> tag. */
  line: number;
  fields: Fields;
  udfs: Fields[];
  codes: Fields[];
}

export type LaterKind = 'Relationship' | 'Resource' | 'ResourceAssignment';

export interface PmxmlHandlers {
  /** A leaf under the `index`-th depth-2 Project (its settings). */
  setting(project: number, name: string, text: string): void;
  calendar(node: XNode): void;
  /** `project`: the index of the depth-2 Project it is in; 0 for the records shared by all projects. */
  activity(project: number, record: ActivityRecord): void;
  wbs(project: number, line: number, fields: Fields): void;
  later(project: number, kind: LaterKind, line: number, fields: Fields): void;
  scheduleOptions(project: number, children: [string, string][]): void;
  /** A UDFType or ActivityCode under a project (not read, but it makes the project one with records). */
  skipped(project: number): void;
}

enum Kind {
  None,
  Activity,
  Wbs,
  Later,
  ScheduleOptions,
  Skip,
  Calendar,
}

const PROJECT_RECORDS = new Map<string, [Kind, Shape<readonly string[]>]>([
  ['Activity', [Kind.Activity, ACTIVITY_SHAPE]],
  ['WBS', [Kind.Wbs, WBS_SHAPE]],
  ['Relationship', [Kind.Later, RELATIONSHIP_SHAPE]],
  ['ResourceAssignment', [Kind.Later, ASSIGNMENT_SHAPE]],
  ['ScheduleOptions', [Kind.ScheduleOptions, new Shape([])]],
  ['UDFType', [Kind.Skip, new Shape([])]],
  ['ActivityCode', [Kind.Skip, new Shape([])]],
]);
const SHARED_RECORDS = new Map<string, [Kind, Shape<readonly string[]>]>([
  ['Resource', [Kind.Later, RESOURCE_SHAPE]],
  ['Relationship', [Kind.Later, RELATIONSHIP_SHAPE]],
  ['ResourceAssignment', [Kind.Later, ASSIGNMENT_SHAPE]],
]);
const ACTIVITY_PARTS = new Map<string, [Shape<readonly string[]>, 'udfs' | 'codes']>([
  ['UDF', [UDF_SHAPE, 'udfs']],
  ['Code', [CODE_SHAPE, 'codes']],
]);

class PmxmlMachine extends RecordMachine {
  /** Whether the root is `APIBusinessObjects`; anything else is not read. */
  private p6 = false;
  private projectIndex = 0;
  private kind = Kind.None;
  private recordDepth = 0;
  /** The record's project index, 0 for a shared record. */
  private project = 0;
  private line = 0;
  private keep: ReadonlyMap<string, number> = ACTIVITY_SHAPE.index;
  private fields: Fields = [];
  private activity: ActivityRecord | null = null;
  /** The Activity's UDF or Code being read. */
  private part: Fields | null = null;
  private partKeep: ReadonlyMap<string, number> = UDF_SHAPE.index;
  private options: [string, string][] = [];

  constructor(private readonly handlers: PmxmlHandlers) {
    super();
  }

  open(name: string, line: number): void {
    const d = this.enter(name);
    if (d === 1) this.p6 = name === 'APIBusinessObjects';
    if (!this.p6) return;
    if (this.kind === Kind.Calendar) {
      this.openNode(name, line);
      return;
    }
    if (this.kind !== Kind.None) {
      if (d === this.recordDepth + 1 && this.activity) {
        const part = ACTIVITY_PARTS.get(name);
        if (part) {
          this.part = new Array(part[0].names.length);
          this.partKeep = part[0].index;
          this.activity[part[1]].push(this.part);
        }
      }
      return;
    }
    if (name === 'Calendar') {
      this.start(Kind.Calendar, d, 0, line, ACTIVITY_SHAPE);
      this.nodes.push({ name, attrs: {}, children: [], text: '', line });
      return;
    }
    if (d === 2 && name === 'Project') this.projectIndex++;
    const record =
      d === 3 && this.names[2] === 'Project'
        ? PROJECT_RECORDS.get(name)
        : d === 2
          ? SHARED_RECORDS.get(name)
          : undefined;
    if (!record) return;
    this.start(record[0], d, d === 3 ? this.projectIndex : 0, line, record[1]);
    if (record[0] === Kind.Activity) this.activity = { line, fields: this.fields, udfs: [], codes: [] };
    else if (record[0] === Kind.ScheduleOptions) this.options = [];
  }

  private start(kind: Kind, d: number, project: number, line: number, shape: Shape<readonly string[]>) {
    this.kind = kind;
    this.recordDepth = d;
    this.project = project;
    this.line = line;
    this.keep = shape.index;
    this.fields = new Array(shape.names.length);
  }

  close(): void {
    const d = this.depth--;
    if (!this.p6) {
      this.text = '';
      return;
    }
    const kind = this.kind;
    if (kind === Kind.Calendar) {
      const node = this.closeNode();
      if (d === this.recordDepth) {
        this.kind = Kind.None;
        this.handlers.calendar(node);
      }
    } else if (kind === Kind.None) {
      const t = this.text.trim();
      if (d === 3 && this.names[2] === 'Project' && t !== '')
        this.handlers.setting(this.projectIndex, this.names[3]!, t);
    } else if (d === this.recordDepth) this.finish(kind);
    else if (d === this.recordDepth + 1) {
      if (this.part) this.part = null;
      else if (kind === Kind.ScheduleOptions)
        this.options.push([this.names[d]!, this.nested[d] ? '' : this.text.trim()]);
      else this.keepText(this.fields, this.keep, d);
    } else if (d === this.recordDepth + 2 && this.part) this.keepText(this.part, this.partKeep, d);
    this.text = '';
  }

  private finish(kind: Kind): void {
    this.kind = Kind.None;
    const h = this.handlers;
    const project = this.project;
    if (kind === Kind.Activity) {
      const activity = this.activity!;
      this.activity = null;
      h.activity(project, activity);
    } else if (kind === Kind.Wbs) h.wbs(project, this.line, this.fields);
    else if (kind === Kind.Later)
      h.later(project, this.names[this.recordDepth] as LaterKind, this.line, this.fields);
    else if (kind === Kind.ScheduleOptions) h.scheduleOptions(project, this.options);
    else h.skipped(project);
  }
}

/** Streams a PMXML document into `handlers`; returns the root element's name. */
export function readPmxmlRecords(
  source: ByteSource,
  handlers: PmxmlHandlers,
  encoding?: Encoding,
): Promise<string> {
  return readRecords(source, new PmxmlMachine(handlers), encoding);
}

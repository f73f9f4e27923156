/**
 * The MSPDI document as a state machine over the parser's events: project settings (the leaves under
 * <Project>) and each ExtendedAttribute definition, Calendar, Task, Resource and Assignment are handed on as
 * its end tag arrives. A Task, Resource, Assignment or attribute definition arrives as the texts of the
 * direct children the reader uses (MS Project writes ~100 per task), by the positions in `TASK`,
 * `RESOURCE`…; a Task also brings its Baseline, ExtendedAttribute and PredecessorLink children the same
 * way. Only calendars (a few per file, nested deeply) come as element trees. As in a tree, a child's text
 * is its first occurrence's, and '' when it has child elements of its own; a child that is not there is
 * `undefined`.
 */
import type { ByteSource, Encoding } from '../common/input.js';
import { type Fields, RecordMachine, readRecords, Shape } from '../common/xml-records.js';
import type { XNode } from '../common/xml-stream.js';

export type { Fields };

const TASK_SHAPE = new Shape([
  'UID',
  'ID',
  'Name',
  'IsNull',
  'Active',
  'OutlineLevel',
  'Summary',
  'Milestone',
  'CalendarUID',
  'Duration',
  'ActualStart',
  'ActualFinish',
  'EarlyStart',
  'EarlyFinish',
  'LateStart',
  'LateFinish',
  'TotalSlack',
  'FreeSlack',
  'Critical',
  'Start',
  'Finish',
  'PercentComplete',
  'RemainingDuration',
  'ConstraintType',
  'ConstraintDate',
  'Deadline',
  'Manual',
  'DurationFormat',
  'IgnoreResourceCalendar',
  'Type',
]);
const BASELINE_SHAPE = new Shape(['Number', 'Start', 'Finish']);
const TASK_ATTRIBUTE_SHAPE = new Shape(['FieldID', 'Value']);
const LINK_SHAPE = new Shape(['PredecessorUID', 'CrossProject', 'Type', 'LagFormat', 'LinkLag']);
const RESOURCE_SHAPE = new Shape(['UID', 'IsNull', 'Type', 'Initials', 'ID', 'Name', 'CalendarUID']);
const ASSIGNMENT_SHAPE = new Shape(['UID', 'TaskUID', 'ResourceUID', 'Work', 'Start', 'Finish']);
const TIMEPHASED_SHAPE = new Shape(['Type', 'Start', 'Finish', 'Value']);
const ATTRIBUTE_SHAPE = new Shape(['FieldID', 'Alias', 'FieldName']);

/** Positions of the kept children of a Task, its parts, a Resource, an Assignment, an attribute definition. */
export const TASK = TASK_SHAPE.at;
export const TASK_FIELD_NAMES = TASK_SHAPE.names;
export const BASELINE = BASELINE_SHAPE.at;
export const TASK_ATTRIBUTE = TASK_ATTRIBUTE_SHAPE.at;
export const LINK = LINK_SHAPE.at;
export const RESOURCE = RESOURCE_SHAPE.at;
export const ASSIGNMENT = ASSIGNMENT_SHAPE.at;
export const ATTRIBUTE = ATTRIBUTE_SHAPE.at;
export const TIMEPHASED = TIMEPHASED_SHAPE.at;

export interface PartRecord {
  line: number;
  fields: Fields;
}

export interface TaskRecord {
  /** Line of the <Task> tag. */
  line: number;
  fields: Fields;
  baselines: PartRecord[];
  attributes: PartRecord[];
  links: PartRecord[];
}

export interface MspdiHandlers {
  setting(name: string, text: string): void;
  attributeDefinition(fields: Fields): void;
  calendar(node: XNode): void;
  task(task: TaskRecord): void;
  resource(fields: Fields): void;
  /** An Assignment with its TimephasedData periods (in file order). */
  assignment(fields: Fields, timephased: Fields[]): void;
}

type PartList = 'baselines' | 'attributes' | 'links';
const TASK_PARTS = new Map<string, [Shape<readonly string[]>, PartList]>([
  ['Baseline', [BASELINE_SHAPE, 'baselines']],
  ['ExtendedAttribute', [TASK_ATTRIBUTE_SHAPE, 'attributes']],
  ['PredecessorLink', [LINK_SHAPE, 'links']],
]);

enum Kind {
  None,
  Task,
  Resource,
  Assignment,
  Attribute,
  Calendar,
}

/** Record elements: collection (depth 2) → record (depth 3), its kind and the children kept. */
const RECORDS = new Map<string, [string, Kind, Shape<readonly string[]>]>([
  ['Tasks', ['Task', Kind.Task, TASK_SHAPE]],
  ['Resources', ['Resource', Kind.Resource, RESOURCE_SHAPE]],
  ['Assignments', ['Assignment', Kind.Assignment, ASSIGNMENT_SHAPE]],
  ['ExtendedAttributes', ['ExtendedAttribute', Kind.Attribute, ATTRIBUTE_SHAPE]],
  ['Calendars', ['Calendar', Kind.Calendar, new Shape([])]],
]);

class MspdiMachine extends RecordMachine {
  private kind = Kind.None;
  private keep: ReadonlyMap<string, number> = TASK_SHAPE.index;
  private fields: Fields = [];
  private task: TaskRecord | null = null;
  /** The Task's Baseline / ExtendedAttribute / PredecessorLink being read. */
  private part: PartRecord | null = null;
  private partKeep: ReadonlyMap<string, number> = TASK_SHAPE.index;
  /** The Assignment's TimephasedData periods. */
  private timephased: Fields[] = [];

  constructor(private readonly handlers: MspdiHandlers) {
    super();
  }

  open(name: string, line: number): void {
    const d = this.enter(name);
    if (this.kind === Kind.Calendar) {
      this.openNode(name, line);
    } else if (d === 3) {
      const record = RECORDS.get(this.names[2]!);
      if (!record || record[0] !== name) return;
      this.kind = record[1];
      this.keep = record[2].index;
      this.fields = new Array(record[2].names.length);
      if (this.kind === Kind.Task)
        this.task = { line, fields: this.fields, baselines: [], attributes: [], links: [] };
      else if (this.kind === Kind.Assignment) this.timephased = [];
      else if (this.kind === Kind.Calendar)
        this.nodes.push({ name, attrs: {}, children: [], text: '', line });
    } else if (d === 4 && this.task) {
      const part = TASK_PARTS.get(name);
      if (part) {
        this.part = { line, fields: new Array(part[0].names.length) };
        this.partKeep = part[0].index;
        this.task[part[1]].push(this.part);
      }
    } else if (d === 4 && this.kind === Kind.Assignment && name === 'TimephasedData') {
      this.part = { line, fields: new Array(TIMEPHASED_SHAPE.names.length) };
      this.partKeep = TIMEPHASED_SHAPE.index;
      this.timephased.push(this.part.fields);
    }
  }

  close(): void {
    const d = this.depth--;
    const kind = this.kind;
    if (kind === Kind.Calendar) {
      const node = this.closeNode();
      if (d === 3) {
        this.kind = Kind.None;
        this.handlers.calendar(node);
      }
    } else if (d === 2) {
      const t = this.text.trim();
      if (t !== '') this.handlers.setting(this.names[2]!, t);
    } else if (kind !== Kind.None) {
      if (d === 3) {
        this.kind = Kind.None;
        if (kind === Kind.Task) {
          const task = this.task!;
          this.task = null;
          this.handlers.task(task);
        } else if (kind === Kind.Resource) this.handlers.resource(this.fields);
        else if (kind === Kind.Assignment) {
          this.handlers.assignment(this.fields, this.timephased);
          this.timephased = [];
        } else this.handlers.attributeDefinition(this.fields);
      } else if (d === 4) {
        if (this.part) this.part = null;
        else this.keepText(this.fields, this.keep, d);
      } else if (d === 5 && this.part) this.keepText(this.part.fields, this.partKeep, d);
    }
    this.text = '';
  }
}

/** Streams an MSPDI document into `handlers`; returns the root element's name. */
export function readMspdiRecords(
  source: ByteSource,
  handlers: MspdiHandlers,
  encoding?: Encoding,
): Promise<string> {
  return readRecords(source, new MspdiMachine(handlers), encoding);
}

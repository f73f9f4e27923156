/**
 * The rules of Primavera P6 XML (the `APIBusinessObjects` document of p6apibo.xsd), written from the
 * documented structure: the root's sequence of business objects (dictionaries such as Calendar and
 * Resource before Project), each object's scalar fields in ascending order of their names followed by
 * its child collections (Project: WBS, Activity, Relationship, ResourceAssignment; Calendar:
 * StandardWorkWeek, HolidayOrExceptions), value types, the enumerations P6 accepts (activity type,
 * status, constraint types, relationship type, scheduling options) and the lengths of P6's ids and
 * names. ObjectIds are unique per object type and every …ObjectId reference resolves.
 */
import type { ConformanceReport } from '../common/check-report.js';
import type { ByteSource } from '../common/input.js';
import { checkXml, type ElementDef, type LeafDef, leaf, type XmlRules } from '../common/xml-check.js';

const int = leaf('int');
const bool = leaf('bool');
const dt = leaf('dateTime');
const num = leaf('decimal');
const fraction = leaf('decimal', { min: 0, max: 1 });
const hours = leaf('decimal', { min: 0 });
const str = (maxLength?: number) => leaf('string', maxLength === undefined ? {} : { maxLength });
const oneOf = (...values: string[]) => leaf('string', { values });

export const P6_LIMITS = {
  activityId: 40,
  activityName: 120,
  wbsCode: 40,
  wbsName: 100,
  projectId: 40,
  projectName: 100,
  calendarName: 255,
  resourceId: 255,
  resourceName: 100,
} as const;

const CONSTRAINT_TYPES = [
  '',
  'Start On',
  'Start On or Before',
  'Start On or After',
  'Finish On',
  'Finish On or Before',
  'Finish On or After',
  'As Late As Possible',
  'Mandatory Start',
  'Mandatory Finish',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const obj = (
  name: string,
  fields: Record<string, LeafDef>,
  collections: ElementDef[] = [],
  opts: { min?: number; max?: number } = { max: Number.POSITIVE_INFINITY },
): ElementDef => ({ name, fields, collections, ...opts });
const seq = (name: string, sequence: ElementDef[], max = 1): ElementDef => ({ name, sequence, max });
const el = (name: string, def: LeafDef, min = 0): ElementDef => ({ name, leaf: def, min });

const workTime = seq(
  'WorkTime',
  [el('Start', leaf('time'), 1), el('Finish', leaf('time'), 1)],
  Number.POSITIVE_INFINITY,
);

const CALENDAR = obj(
  'Calendar',
  {
    BaseCalendarObjectId: int,
    HoursPerDay: hours,
    HoursPerMonth: hours,
    HoursPerWeek: hours,
    HoursPerYear: hours,
    IsDefault: bool,
    IsPersonal: bool,
    Name: str(P6_LIMITS.calendarName),
    ObjectId: int,
    ProjectObjectId: int,
    Type: oneOf('Global', 'Resource', 'Project'),
  },
  [
    seq('StandardWorkWeek', [
      seq('StandardWorkHours', [el('DayOfWeek', oneOf(...DAYS), 1), workTime], Number.POSITIVE_INFINITY),
    ]),
    seq('HolidayOrExceptions', [
      seq('HolidayOrException', [el('Date', dt, 1), workTime], Number.POSITIVE_INFINITY),
    ]),
  ],
);

const RESOURCE = obj('Resource', {
  CalendarObjectId: int,
  Id: str(P6_LIMITS.resourceId),
  Name: str(P6_LIMITS.resourceName),
  ObjectId: int,
  ResourceType: oneOf('Labor', 'Nonlabor', 'Material'),
});

const WBS = obj('WBS', {
  Code: str(P6_LIMITS.wbsCode),
  Name: str(P6_LIMITS.wbsName),
  ObjectId: int,
  ParentObjectId: int,
  ProjectObjectId: int,
  SequenceNumber: int,
});

const ACTIVITY = obj('Activity', {
  ActualDuration: hours,
  ActualFinishDate: dt,
  ActualStartDate: dt,
  CalendarObjectId: int,
  DurationPercentComplete: fraction,
  DurationType: oneOf(
    'Fixed Units/Time',
    'Fixed Duration and Units/Time',
    'Fixed Units',
    'Fixed Duration and Units',
  ),
  EarlyFinishDate: dt,
  EarlyStartDate: dt,
  FinishDate: dt,
  FreeFloat: num,
  Id: str(P6_LIMITS.activityId),
  LateFinishDate: dt,
  LateStartDate: dt,
  Name: str(P6_LIMITS.activityName),
  ObjectId: int,
  PercentComplete: fraction,
  PercentCompleteType: oneOf('Physical', 'Duration', 'Units', 'Scope'),
  PhysicalPercentComplete: fraction,
  PlannedDuration: hours,
  PlannedFinishDate: dt,
  PlannedStartDate: dt,
  PrimaryConstraintDate: dt,
  PrimaryConstraintType: oneOf(...CONSTRAINT_TYPES),
  ProjectObjectId: int,
  RemainingDuration: hours,
  SecondaryConstraintDate: dt,
  SecondaryConstraintType: oneOf(...CONSTRAINT_TYPES),
  StartDate: dt,
  Status: oneOf('Not Started', 'In Progress', 'Completed'),
  TotalFloat: num,
  Type: oneOf(
    'Task Dependent',
    'Resource Dependent',
    'Level of Effort',
    'Start Milestone',
    'Finish Milestone',
    'WBS Summary',
  ),
  WBSObjectId: int,
});

const RELATIONSHIP = obj('Relationship', {
  Lag: num,
  ObjectId: int,
  PredecessorActivityObjectId: int,
  ProjectObjectId: int,
  SuccessorActivityObjectId: int,
  Type: oneOf('Finish to Start', 'Finish to Finish', 'Start to Start', 'Start to Finish'),
});

const ASSIGNMENT = obj('ResourceAssignment', {
  ActivityObjectId: int,
  ActualUnits: num,
  ObjectId: int,
  PlannedUnits: num,
  ProjectObjectId: int,
  RemainingUnits: num,
  ResourceObjectId: int,
});

const PROJECT = obj(
  'Project',
  {
    ActivityDefaultCalendarObjectId: int,
    ComputeTotalFloatType: oneOf(
      'Start Float = Late Start - Early Start',
      'Finish Float = Late Finish - Early Finish',
      'Smallest of Start Float and Finish Float',
    ),
    CriticalActivityFloatThreshold: num,
    CriticalActivityPathType: oneOf('Critical Float', 'Longest Path'),
    DataDate: dt,
    FinishDate: dt,
    Id: str(P6_LIMITS.projectId),
    MakeOpenEndedActivitiesCritical: bool,
    MustFinishByDate: dt,
    Name: str(P6_LIMITS.projectName),
    ObjectId: int,
    OutOfSequenceScheduleType: oneOf('Retained Logic', 'Progress Override', 'Actual Dates'),
    PlannedStartDate: dt,
    RelationshipLagCalendar: oneOf(
      'Predecessor Activity Calendar',
      'Successor Activity Calendar',
      '24 Hour Calendar',
      'Project Default Calendar',
    ),
    ScheduledFinishDate: dt,
    StartDate: dt,
  },
  [WBS, ACTIVITY, RELATIONSHIP, ASSIGNMENT],
);

const ROOT_SEQUENCE = [
  'CHECKUID',
  'ProjectList',
  'DisplayCurrency',
  'ProjectResourceCategory',
  'UnitOfMeasure',
  'CostAccount',
  'Currency',
  'UDFType',
  'Location',
  'UDFCode',
  'ExpenseCategory',
  'NotebookTopic',
  'WBSCategory',
  'FundingSource',
  'ThresholdParameter',
  'OBS',
  'ShiftPeriod',
  'Shift',
  'Calendar',
  'ProjectCodeType',
  'ProjectCode',
  'ResourceCodeType',
  'ResourceCode',
  'RoleCodeType',
  'RoleCode',
  'ResourceCurve',
  'Role',
  'RoleRate',
  'RoleRateNew',
  'RoleLimit',
  'Resource',
  'ResourceRate',
  'ActivityCodeType',
  'ActivityCode',
  'ResourceAssignmentCodeType',
  'ResourceAssignmentCode',
  'FinancialPeriod',
  'ResourceRole',
  'EPS',
  'DocumentCategory',
  'DocumentStatusCode',
  'RiskCategory',
  'RiskThreshold',
  'RiskThresholdLevel',
  'RiskMatrix',
  'RiskMatrixScore',
  'RiskMatrixThreshold',
  'Project',
];
const ROOT: ElementDef = {
  name: 'APIBusinessObjects',
  sequence: ROOT_SEQUENCE.map((name) =>
    name === 'Calendar'
      ? CALENDAR
      : name === 'Resource'
        ? RESOURCE
        : name === 'Project'
          ? { ...PROJECT, min: 1 }
          : { name, any: true, max: Number.POSITIVE_INFINITY },
  ),
};

const constraintNeedsDate = (type: string | undefined) => !!type && type !== 'As Late As Possible';

const PMXML_RULES: XmlRules = {
  format: 'pmxml',
  root: ROOT,
  namespace: /^http:\/\/xmlns\.oracle\.com\/Primavera\/P6(Professional)?\/V[\d.]+\/API\/BusinessObjects$/,
  keys: [
    { path: 'APIBusinessObjects/Calendar/ObjectId', set: 'calendar' },
    { path: 'APIBusinessObjects/Resource/ObjectId', set: 'resource' },
    { path: 'APIBusinessObjects/Project/ObjectId', set: 'project' },
    { path: 'APIBusinessObjects/Project/WBS/ObjectId', set: 'WBS' },
    { path: 'APIBusinessObjects/Project/Activity/ObjectId', set: 'activity' },
    { path: 'APIBusinessObjects/Project/Activity/Id', set: 'activity Id' },
    { path: 'APIBusinessObjects/Project/Relationship/ObjectId', set: 'relationship' },
    { path: 'APIBusinessObjects/Project/ResourceAssignment/ObjectId', set: 'assignment' },
  ],
  refs: [
    { path: 'APIBusinessObjects/Calendar/BaseCalendarObjectId', set: 'calendar' },
    { path: 'APIBusinessObjects/Calendar/ProjectObjectId', set: 'project' },
    { path: 'APIBusinessObjects/Resource/CalendarObjectId', set: 'calendar' },
    { path: 'APIBusinessObjects/Project/ActivityDefaultCalendarObjectId', set: 'calendar' },
    { path: 'APIBusinessObjects/Project/WBS/ParentObjectId', set: 'WBS' },
    { path: 'APIBusinessObjects/Project/WBS/ProjectObjectId', set: 'project' },
    { path: 'APIBusinessObjects/Project/Activity/CalendarObjectId', set: 'calendar' },
    { path: 'APIBusinessObjects/Project/Activity/WBSObjectId', set: 'WBS' },
    { path: 'APIBusinessObjects/Project/Activity/ProjectObjectId', set: 'project' },
    { path: 'APIBusinessObjects/Project/Relationship/PredecessorActivityObjectId', set: 'activity' },
    { path: 'APIBusinessObjects/Project/Relationship/SuccessorActivityObjectId', set: 'activity' },
    { path: 'APIBusinessObjects/Project/Relationship/ProjectObjectId', set: 'project' },
    { path: 'APIBusinessObjects/Project/ResourceAssignment/ActivityObjectId', set: 'activity' },
    { path: 'APIBusinessObjects/Project/ResourceAssignment/ResourceObjectId', set: 'resource' },
    { path: 'APIBusinessObjects/Project/ResourceAssignment/ProjectObjectId', set: 'project' },
  ],
  records: [
    {
      path: 'APIBusinessObjects/Calendar',
      check: (v) => [
        ...(v.ObjectId ? [] : ['a Calendar needs an ObjectId']),
        ...(v.Type === 'Project' && !v.ProjectObjectId
          ? ['a Project calendar needs its ProjectObjectId']
          : []),
      ],
    },
    {
      path: 'APIBusinessObjects/Project',
      check: (v) =>
        ['ObjectId', 'Id', 'PlannedStartDate'].filter((f) => !v[f]).map((f) => `a Project needs ${f}`),
    },
    {
      path: 'APIBusinessObjects/Project/WBS',
      check: (v) =>
        ['ObjectId', 'ProjectObjectId', 'Code'].filter((f) => !v[f]).map((f) => `a WBS needs ${f}`),
    },
    {
      path: 'APIBusinessObjects/Project/Activity',
      check: (v) => [
        ...['ObjectId', 'Id', 'ProjectObjectId', 'Type', 'Status']
          .filter((f) => !v[f])
          .map((f) => `an Activity needs ${f}`),
        ...(constraintNeedsDate(v.PrimaryConstraintType) && !v.PrimaryConstraintDate
          ? [`constraint "${v.PrimaryConstraintType}" needs PrimaryConstraintDate`]
          : []),
        ...(constraintNeedsDate(v.SecondaryConstraintType) && !v.SecondaryConstraintDate
          ? [`constraint "${v.SecondaryConstraintType}" needs SecondaryConstraintDate`]
          : []),
        ...(v.Status === 'Completed' && !v.ActualFinishDate
          ? ['a Completed activity needs ActualFinishDate']
          : []),
        ...(v.Status && v.Status !== 'Not Started' && !v.ActualStartDate
          ? [`an activity ${v.Status} needs ActualStartDate`]
          : []),
      ],
    },
    {
      path: 'APIBusinessObjects/Project/Relationship',
      check: (v) =>
        ['ObjectId', 'PredecessorActivityObjectId', 'SuccessorActivityObjectId', 'Type']
          .filter((f) => !v[f])
          .map((f) => `a Relationship needs ${f}`),
    },
    {
      path: 'APIBusinessObjects/Project/ResourceAssignment',
      check: (v) =>
        ['ObjectId', 'ActivityObjectId', 'ResourceObjectId']
          .filter((f) => !v[f])
          .map((f) => `a ResourceAssignment needs ${f}`),
    },
  ],
};

/** Streams a P6 XML file and lists every place it breaks P6's `APIBusinessObjects` structure. */
export function checkPmxml(source: ByteSource, maxIssues?: number): Promise<ConformanceReport> {
  return checkXml(source, PMXML_RULES, maxIssues);
}

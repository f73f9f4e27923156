export {
  type CalendarRecord,
  CompiledCalendars,
  calendarToEngine,
  defaultCalendarOf,
  STANDARD_CALENDAR_ID,
} from './calendars.js';
export {
  applyDocumentChanges,
  CHANGED_WORK_COLUMNS,
  type DocumentChanges,
  documentChanges,
} from './changes.js';
export {
  BINARY_PAYLOAD_FORMAT,
  BINARY_PAYLOAD_TYPE,
  decodeBinaryPayload,
  encodeBinaryPayload,
} from './codec-binary.js';
export { decodeJsonPayload, encodeJsonPayload, JSON_PAYLOAD_FORMAT, type JsonPayload } from './codec-json.js';
export { namesOf, WORK_COLUMNS as DOCUMENT_WORK_COLUMNS } from './columns.js';
export {
  type AddedRelation,
  type EditCommand,
  type EditPlan,
  EditRefused,
  limitToApi,
  planEdit,
  type WorkChange,
} from './commands.js';
export {
  columnsOfDocument,
  type DocumentParts,
  documentFrom,
  documentOfColumns,
  hasDate,
  intern,
  type LimitType,
  limitCode,
  limitOf,
  type MinuteLimit,
  PAYLOAD_ENUMS,
  PAYLOAD_EPOCH,
  PAYLOAD_NO_DATE,
  type PayloadEnums,
  type ProgressWeighting,
  type ScheduleColumns,
  type ScheduleDocument,
  textOf,
  type VersionScheduling,
  workLabel,
} from './document.js';
export {
  ENGINE_INPUT_FIELDS,
  ENGINE_INPUT_RELATION_FIELDS,
  ENGINE_INPUT_WORK_COLUMNS,
  type EngineInput,
  engineInput,
  firstPlannedStart,
  knownCalendars,
  relationKey,
  workInputOf,
} from './engine-input.js';
export {
  type PipelineExistingRelation,
  type PipelineExistingWork,
  type PipelineFlowSpec,
  type PipelineLocationSpec,
  type PipelinePlan,
  type PipelineSlot,
  type PipelineWork,
  pipeDays,
  planPipeline,
} from './pipeline.js';
export { type Calculated, calculateDocument, previewEdit, rolledUpAfter, WhatIf } from './preview.js';
export {
  progressWeightsOf,
  ROLLED_UP_COLUMNS,
  type RollUpOptions,
  type RollUpSource,
  rolledUpStatus,
  rollUpAncestors,
  rollUpChanged,
  rollUpSummaries,
  type SummaryRollUps,
  sameValue,
} from './rollups.js';
export { type ApprovedVariances, approvedVariances, VARIANCE_COLUMNS } from './variances.js';
export {
  type LimitRecord,
  minutesOfIso,
  patchWork,
  type WorkRecord,
  type WorkRecordPatch,
} from './work-record.js';

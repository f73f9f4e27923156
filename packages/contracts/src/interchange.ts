/**
 * Import and export of schedules (entities file and export formats, version upload rules; states upload status;
 * API: versions/upload, batch-processing, versions/{id}/export/{x}, storage, schedule-import-settings).
 */
import { z } from 'zod';
import { id } from './api';
import { VALIDATION } from './messages';
import { versionInput } from './schedule';
import { requiredText } from './validation';

/** Formats a version can be exported to (entities names; `xer-primavera` and `xlsx` are aliases of `xer` and `excel`). */
export const EXPORT_FORMATS = [
  'xer',
  'xer-primavera',
  'xml-primavera',
  'xml',
  'json',
  'csv',
  'excel',
  'xlsx',
  'zip',
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Formats a version can be uploaded from: P6 XER and XML, MS Project XML, Takt JSON and archive, spreadsheets. */
export const IMPORT_FORMATS = ['xer', 'xml-primavera', 'xml', 'json', 'csv', 'excel', 'zip'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Formats read through an upload rule (rows to skip, column mapping, date format). */
export const TABULAR_FORMATS: readonly ImportFormat[] = ['csv', 'excel'];

/** File name extensions accepted by the upload dialog. */
export const IMPORT_EXTENSIONS = ['.xer', '.xml', '.json', '.csv', '.xlsx', '.zip'] as const;

export const INTERCHANGE_LIMITS = {
  /** An upload larger than this is refused (a 350,000-activity XER is about 150 MB). */
  uploadMaxBytes: 512 * 1024 * 1024,
  /** `versions/upload/synchronous` handles files up to this size inline. */
  synchronousMaxBytes: 8 * 1024 * 1024,
  /** Versions with more works than this are exported as a background job. */
  exportInlineMaxWorks: 20_000,
  /** The report lists at most this many moved dates (the count is always complete). */
  reportMaxMovedDates: 500,
  /** The report lists at most this many skipped items and warnings each. */
  reportMaxItems: 200,
  /** Rows shown by the spreadsheet preview. */
  previewRows: 20,
  /** Exported files are kept this long for download. */
  exportKeepHours: 24,
  /**
   * An uploaded file waits this long for its import to finish (an import awaiting the recorded-dates choice
   * included); one whose import never completes is removed by the file cleanup after it.
   */
  pendingUploadKeepHours: 24,
  rowsToSkipMax: 1000,
} as const;

/**
 * An import or export job's state. `awaiting_choice`: recalculating the file with its own options would move
 * dates it recorded — the user keeps the recorded dates or recalculates; nothing is written until then.
 */
export const JOB_STATES = ['queued', 'running', 'awaiting_choice', 'completed', 'failed', 'stopped'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const JOB_PHASES = ['upload', 'reading', 'calculating', 'writing', 'loading', 'done'] as const;
export type JobPhase = (typeof JOB_PHASES)[number];

/** states upload status. */
export const UPLOAD_STATUSES = ['completed', 'uploading', 'error'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
export function uploadStatusOf(state: JobState): UploadStatus {
  if (state === 'completed') return 'completed';
  if (state === 'failed' || state === 'stopped') return 'error';
  return 'uploading';
}
export const JOB_FINISHED: readonly JobState[] = ['completed', 'failed', 'stopped'];

/** What to do when recalculation would move dates the file recorded. */
export const RECORDED_DATES_CHOICES = ['keep', 'recalculate'] as const;
export type RecordedDatesChoice = (typeof RECORDED_DATES_CHOICES)[number];

/** validation rules accepted date formats, offered for spreadsheet columns. */
export const IMPORT_DATE_FORMATS = [
  'DD.MM.YYYY',
  'DD.M.YYYY',
  'DD.MMM.YYYY',
  'DD.MMMM.YYYY',
  'DD.MM.YY',
  'DD.MM.YYYY HH:mm',
  'YYYY-MM-DD',
] as const;

/** Fields a spreadsheet column can be mapped to (a row is one work). */
export const TABULAR_FIELDS = [
  'code',
  'name',
  'parentCode',
  'level',
  'type',
  'start',
  'finish',
  'duration',
  'volume',
  'unit',
  'calendar',
  'predecessors',
  'progress',
  'actualStart',
  'actualFinish',
] as const;
export type TabularField = (typeof TABULAR_FIELDS)[number];

export const CSV_DELIMITERS = [';', ',', '\t'] as const;

/** A version upload rule (entities): rule name, rows to skip, column → field mapping, date format. */
export const importSettingFields = z.object({
  name: requiredText,
  rowsToSkip: z
    .number({ message: VALIDATION.notANumber })
    .int({ message: VALIDATION.notAnInteger })
    .min(0, { message: VALIDATION.outOfRange })
    .max(INTERCHANGE_LIMITS.rowsToSkipMax, { message: VALIDATION.outOfRange }),
  /** column (letter like `B`, or the header text) → field */
  mapping: z.record(z.string().trim().min(1).max(64), z.enum(TABULAR_FIELDS)),
  dateFormat: z.enum(IMPORT_DATE_FORMATS),
  delimiter: z.enum(CSV_DELIMITERS).nullable().optional(),
  sheet: z.string().max(64).nullable().optional(),
});
export type ImportSettingFields = z.infer<typeof importSettingFields>;
export const createImportSettingInput = importSettingFields.extend({ spaceId: id });
export const updateImportSettingInput = importSettingFields
  .partial()
  .extend({ spaceId: id, settingId: id, revision: z.number().int() });
export const importSettingInput = z.object({ spaceId: id, settingId: id });

/**
 * Text encodings a schedule file can be read in: `auto` tells UTF-8 (with or without BOM) from the
 * single-byte code page that fits the text; the others force one.
 */
export const IMPORT_ENCODINGS = [
  'auto',
  'utf-8',
  'windows-1252',
  'windows-1250',
  'windows-1251',
  'ibm866',
] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];
/** Formats whose text encoding the upload dialog lets the user choose (JSON is UTF-8; xlsx and zip are binary). */
export const ENCODED_FORMATS: readonly ImportFormat[] = ['xer', 'xml-primavera', 'xml', 'csv'];

/** An uploaded file as the REST adapter passes multipart files on. */
export const uploadedFile = z.object({
  name: z.string().max(255),
  type: z.string().max(255),
  data: z.instanceof(Uint8Array),
});

/** A multipart text field arrives JSON-parsed: "2024" becomes a number; names stay text. */
const formText = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.string().trim().max(32, { message: VALIDATION.maxLength }),
);

export const uploadVersionInput = z.object({
  spaceId: id,
  scheduleId: id,
  file: uploadedFile,
  /** the new version's name (default: the file's project name or "Version N") */
  name: formText.optional(),
  /** XER/PMXML/MSPDI/JSON/ZIP are recognised by content; `csv`/`excel` need a rule */
  format: z.enum(IMPORT_FORMATS).optional(),
  /** an upload rule (import setting) for spreadsheets */
  settingId: id.optional(),
  /** an unsaved rule, e.g. being edited in the dialog */
  rule: importSettingFields.partial({ name: true }).optional(),
  /** the file's text encoding (default: detected from the content) */
  encoding: z.enum(IMPORT_ENCODINGS, { message: 'import.error.encoding_choice' }).optional(),
  /** decide in advance what happens when recorded dates would move (default: ask) */
  recordedDates: z.enum(RECORDED_DATES_CHOICES).optional(),
});
export type UploadVersionInput = z.infer<typeof uploadVersionInput>;

export const previewUploadInput = uploadVersionInput
  .pick({ spaceId: true, file: true, format: true, settingId: true, rule: true, encoding: true })
  .extend({ limit: z.number().int().min(1).max(200).optional() });

export const interchangeJobInput = z.object({ spaceId: id, jobId: id });
export const chooseRecordedDatesInput = interchangeJobInput.extend({
  choice: z.enum(RECORDED_DATES_CHOICES),
});
export const listJobsInput = z.object({
  spaceId: id,
  scheduleId: id.optional(),
  kind: z.enum(['import', 'export', 'calculate', 'report', 'backup', 'restore']).optional(),
});

/** The WBS grid's columns shown until the user chooses others; an export that names no columns writes these. */
export const DEFAULT_GRID_COLUMNS: readonly string[] = [
  'code',
  'name',
  'type',
  'duration',
  'earlyStart',
  'earlyFinish',
  'totalFloat',
  'critical',
  'progress',
  'status',
];

/** Grid columns as shown, for spreadsheet exports (`key` a built-in field or `attr:<id>`). */
export const exportColumns = z.array(z.string().max(80)).max(200).optional();

export const exportVersionInput = versionInput.extend({
  format: z.enum(EXPORT_FORMATS),
  columns: exportColumns,
});
export const exportComparisonInput = versionInput.extend({
  otherVersionId: id,
  format: z.enum(EXPORT_FORMATS),
});
export const startExportInput = versionInput.extend({
  otherVersionId: id.optional(),
  format: z.enum(EXPORT_FORMATS),
  columns: exportColumns,
});

/** API batch-processing/timetable-calc: a version calculated by a background job. */
export const startCalculationInput = z.object({ spaceId: id, versionId: id });

export const STORAGE_KINDS = ['documents', 'temp', 'backup', 'gallery'] as const;
export const scheduleFilesInput = z.object({ spaceId: id, scheduleId: id });
export const uploadScheduleFileInput = scheduleFilesInput.extend({ file: uploadedFile });
export const storedFileInput = z.object({ spaceId: id, fileId: id });

/**
 * The gallery of an EPS node (node info tab `gallery`): photos and documents kept with a facility, project or
 * schedule. A photo gets a thumbnail made by the server (API storage/thumbnail/{id}).
 */
export const GALLERY_LIMITS = {
  fileMaxBytes: 50 * 1024 * 1024,
  /** The thumbnail fits in a square of this many pixels, never enlarged. */
  thumbnailPx: 320,
  /** A picture with more pixels than this is kept as a document, without a thumbnail. */
  pictureMaxPixels: 100_000_000,
} as const;
export const nodeFilesInput = z.object({ spaceId: id, nodeId: id });
export const uploadNodeFileInput = nodeFilesInput.extend({ file: uploadedFile });

/** Problems a file can have (the interchange readers' error codes), each with a message `import.error.<code>`. */
export const FILE_ERROR_CODES = [
  'truncated',
  'encoding',
  'syntax',
  'duplicate_id',
  'dangling_relation',
  'cycle',
  'invalid_value',
  'missing_value',
  'unsupported_format',
] as const;

/** A failed import or export as a job records it. */
export interface JobErrorInfo {
  code: string;
  /** the reader's full text (English), with the location */
  message: string;
  /** the reason alone */
  reason?: string;
  line?: number;
  element?: string;
  field?: string;
  /** the reader's own message id and values (spreadsheets, archives), translated as they are */
  messageId?: string;
  messageValues?: Record<string, string | number>;
}

/**
 * The message id and parameters that show a job's failure: a file problem names the line, element and
 * field (`none` when the file format has no such place); other failures use the error catalogue.
 */
export function jobErrorMessage(error: JobErrorInfo): {
  id: string;
  params: Record<string, string | number>;
} {
  if (error.messageId) return { id: error.messageId, params: error.messageValues ?? {} };
  if ((FILE_ERROR_CODES as readonly string[]).includes(error.code))
    return {
      id: `import.error.${error.code}`,
      params: {
        line: error.line ?? 'none',
        element: error.element || 'none',
        field: error.field || 'none',
        detail: error.reason ?? error.message,
      },
    };
  return { id: `errors.${error.code}`, params: {} };
}

/** Something read from a file that the version does not keep as it was (`import.skipped.<reason>`). */
export interface SkippedItem {
  reason: string;
  count: number;
  /** a few activity codes or texts */
  examples: string[];
}

/** What a reader did with a value it could not take as written (`import.problem.action.<action>`). */
export const IMPORT_PROBLEM_ACTIONS = ['kept', 'clamped', 'ignored', 'defaulted'] as const;
export type ImportProblemAction = (typeof IMPORT_PROBLEM_ACTIONS)[number];

/**
 * A record-level problem the reader got past: where it was in the file, the value, what Takt did with it,
 * and a kind (`code`, translated as `import.problem.code.<code>`; the English `message` when there is no
 * translation).
 */
export interface ImportProblem {
  /** A stable kind for translation: `out_of_range`, `invalid_date`, `invalid_number`, `unknown_reference`… */
  code: string;
  action: ImportProblemAction;
  /** 1-based line of the input (XER), or of the element's start (XML). */
  line?: number;
  /** XER table (`TASK`, `CALENDAR`…) or XML element (`Activity`, `Task`…). */
  table?: string;
  /** The record as planners know it: an activity code, a calendar name. */
  record?: string;
  field?: string;
  /** The value as written (cut to 200 characters). */
  value?: string;
  /** What the value was replaced with when clamped or defaulted. */
  replacement?: string;
  /** English: what was wrong and what Takt did. */
  message: string;
}

/** A date the file recorded that recalculation with the file's own options would move. */
export interface MovedDate {
  code: string;
  name: string;
  field: 'start' | 'finish' | 'earlyStart' | 'earlyFinish' | 'lateStart' | 'lateFinish';
  recorded: string;
  calculated: string | null;
}

/** What an import read, skipped and wrote (the job's report). */
export interface ImportReport {
  file: { name: string | null; size: number; format: string };
  project: {
    code: string;
    name: string;
    start: string | null;
    dataDate: string | null;
    sourceFormat: string;
  };
  read: {
    activities: number;
    wbs: number;
    relations: number;
    calendars: number;
    resources: number;
    assignments: number;
    activityCodes: number;
    udfs: number;
  };
  /** the engine options the file asked for */
  options: Record<string, unknown>;
  recordedDates: {
    compared: number;
    matched: number;
    moved: number;
    movedWorks: number;
    /** at most `reportMaxMovedDates` of them */
    items: MovedDate[];
    choice: RecordedDatesChoice | null;
  };
  warnings: string[];
  warningCount: number;
  /**
   * The reader's record-level problems, at most `reportMaxItems` of them; `problemCount` is the whole number.
   * Spreadsheets list theirs as `rows`. Absent in reports written before problems were listed.
   */
  problems?: ImportProblem[];
  problemCount?: number;
  /**
   * The text encoding the file was read in: `chosen` in the upload dialog (`auto` = detect) and `used`, the
   * one detected or forced. Absent for formats that are not text (xlsx, zip) or JSON (always UTF-8).
   */
  encoding?: { chosen: ImportEncoding; used: string };
  skipped: SkippedItem[];
  /** spreadsheets: rows read and the rows left out with why (message id and values), at most `reportMaxItems` */
  rows?: {
    read: number;
    skipped: number;
    items: { row: number; id: string; values: Record<string, string | number> }[];
  };
  /** Takt archives: attached files stored with the schedule */
  files?: number;
  written: {
    works: number;
    summaries: number;
    relations: number;
    calendarsCreated: number;
    calendarsReused: number;
    attributesCreated: number;
    attributesReused: number;
    attributeValues: number;
    /** resources of the file created in the space's directory, and those matched by code */
    resourcesCreated: number;
    resourcesReused: number;
    assignments: number;
  } | null;
  milliseconds: { read: number; calculate: number; write: number };
}

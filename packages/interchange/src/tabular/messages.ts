/**
 * Messages of the spreadsheet import and the Takt archive: i18n ids (catalog
 * `packages/i18n/src/locales/area-interchange.ts`, English and Russian) with their values, so the server
 * and the web app show them translated; `message` is the English text for logs and scripts. A test keeps
 * these English texts equal to the catalog's.
 */

export const INTERCHANGE_MESSAGES = {
  'interchange.tabular.empty_row': 'Empty row',
  'interchange.tabular.no_name': 'The row has no work name',
  'interchange.tabular.bad_date': '"{value}" is not a date in the format {format}',
  'interchange.tabular.date_range': 'Date {value} is outside the years 2000–2050',
  'interchange.tabular.bad_number': '"{value}" is not a number',
  'interchange.tabular.negative': '{value} is below zero',
  'interchange.tabular.bad_percent': '{value} is not a percentage from 0 to 100',
  'interchange.tabular.bad_duration': '"{value}" is not a duration (like 5, 5d, 40h, 2w)',
  'interchange.tabular.bad_type': '"{value}" is not a work type (task, milestone, summary)',
  'interchange.tabular.unknown_calendar': 'There is no calendar named "{value}"',
  'interchange.tabular.bad_predecessor': '"{value}" is not a predecessor (like A10, A10FS+2d or A20SS)',
  'interchange.tabular.unknown_predecessor': 'There is no work with code {value}',
  'interchange.tabular.self_predecessor': 'Work {value} cannot be its own predecessor',
  'interchange.tabular.unknown_parent': 'There is no work with code {value} to be the parent',
  'interchange.tabular.bad_level':
    'Level {value} does not follow the row above (levels go one step deeper at a time)',
  'interchange.tabular.parent_cycle': 'Work {value} ends up inside itself (the parent codes form a loop)',
  'interchange.tabular.too_long': '{value} characters, at most {max} allowed',
  'interchange.tabular.duplicate_code': 'Code {value} is already used in row {row}',
  'interchange.tabular.finish_before_start': 'The finish {value} is before the start',
  'interchange.tabular.actual_finish_without_start': 'An actual finish needs an actual start',
  'interchange.tabular.unknown_column': 'The rule names column "{column}", which the file does not have',
  'interchange.tabular.no_name_column': 'The rule maps no column to the work name',
  'interchange.tabular.no_header': 'After skipping {count} rows the file has no header row',
  'interchange.tabular.no_rows': 'The file has no works to import',
  'interchange.tabular.no_start': 'No start date: map a start column or set the project start',
  'interchange.tabular.problem_at': 'Row {row}, column {column}: {problem}',
  'interchange.tabular.more_problems': 'more problems: {count}',
  'interchange.missing_volume_codes': 'No works with these codes, their volumes were not loaded: {codes}',
  'interchange.missing_volume_codes_more':
    'No works with these codes, their volumes were not loaded: {codes} and {count} more',
  'interchange.archive.not_archive': 'This is not a Takt archive (no manifest.json)',
  'interchange.archive.newer_version':
    'The archive has format version {version}; this Takt reads version {supported}. Update Takt to open it',
  'interchange.archive.broken_entry': 'The archive part {entry} is damaged: {reason}',
  'interchange.archive.missing_entry': 'The archive has no {entry}',
} as const;

export type InterchangeMessageId = keyof typeof INTERCHANGE_MESSAGES;
export type MessageValues = Readonly<Record<string, string | number>>;

export interface LocalizedText {
  id: InterchangeMessageId;
  values: MessageValues;
  /** English. */
  message: string;
}

export function englishText(id: InterchangeMessageId, values: MessageValues = {}): string {
  return INTERCHANGE_MESSAGES[id].replace(/\{(\w+)\}/g, (_, k: string) =>
    k in values ? String(values[k]) : `{${k}}`,
  );
}

export function localized(id: InterchangeMessageId, values: MessageValues = {}): LocalizedText {
  return { id, values, message: englishText(id, values) };
}

export type EngineErrorCode =
  | 'cycle'
  | 'duplicate_id'
  | 'unknown_work'
  | 'unknown_calendar'
  | 'unknown_relation'
  | 'invalid_project'
  | 'invalid_work'
  | 'invalid_duration'
  | 'invalid_lag'
  | 'invalid_date'
  | 'invalid_calendar'
  | 'invalid_constraint'
  | 'invalid_progress'
  | 'invalid_parent'
  | 'invalid_relation'
  | 'invalid_option'
  | 'out_of_range'
  | 'unknown_resource'
  | 'invalid_resource'
  | 'invalid_assignment';

/**
 * The one error the engine throws for bad input. `workIds` names the offending works (for a cycle: the
 * works on the cycle, in order); `relationId`/`calendarId` name the offending relation or calendar.
 */
export class EngineError extends Error {
  override readonly name = 'EngineError';
  readonly code: EngineErrorCode;
  readonly workIds: readonly string[];
  readonly relationId: string | undefined;
  readonly calendarId: string | undefined;

  constructor(
    code: EngineErrorCode,
    message: string,
    details: { workIds?: readonly string[]; relationId?: string; calendarId?: string } = {},
  ) {
    super(message);
    this.code = code;
    this.workIds = details.workIds ?? [];
    this.relationId = details.relationId;
    this.calendarId = details.calendarId;
  }
}

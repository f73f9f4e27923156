/** What went wrong, in a form a UI can translate and a script can branch on. */
export type InterchangeErrorCode =
  | 'truncated'
  | 'encoding'
  | 'syntax'
  | 'duplicate_id'
  | 'dangling_relation'
  | 'cycle'
  | 'invalid_value'
  | 'missing_value'
  | 'unsupported_format';

export interface InterchangeErrorLocation {
  /** 1-based line of the input (XER, CSV) or of the element's start (XML). */
  line?: number;
  /** XER table, or XML element path. */
  element?: string;
  /** XER field or XML child element. */
  field?: string;
}

/** Any problem with an input file: never a crash, never a partial result. */
export class InterchangeError extends Error {
  override readonly name = 'InterchangeError';
  readonly code: InterchangeErrorCode;
  readonly line: number | undefined;
  readonly element: string | undefined;
  readonly field: string | undefined;
  /** An i18n id and values for the user (spreadsheet import, archive); absent: translate by `code`. */
  readonly messageId: string | undefined;
  readonly messageValues: Readonly<Record<string, string | number>> | undefined;

  constructor(
    code: InterchangeErrorCode,
    message: string,
    where: InterchangeErrorLocation = {},
    text?: { id: string; values: Readonly<Record<string, string | number>> },
  ) {
    const parts = [
      where.line !== undefined ? `line ${where.line}` : '',
      where.element ? where.element : '',
      where.field ? `field ${where.field}` : '',
    ].filter(Boolean);
    super(parts.length ? `${parts.join(', ')}: ${message}` : message);
    this.code = code;
    this.line = where.line;
    this.element = where.element;
    this.field = where.field;
    this.messageId = text?.id;
    this.messageValues = text?.values;
  }
}

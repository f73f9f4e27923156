import type { Language } from '@takt/contracts';
import {
  ERROR_HTTP_STATUS,
  type ErrorBody,
  type ErrorCode,
  errorMessageId,
  type FieldIssue,
  VALIDATION,
} from '@takt/contracts';
import { isMessageId, translate } from '@takt/i18n';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';

/**
 * The one error type of the server. Services throw it with a catalogue code; the tRPC
 * error formatter, the REST adapter and the web client all read the same code.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly issues: FieldIssue[] = [],
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/** For Kysely's `executeTakeFirstOrThrow`: a query of one record that finds none answers NotFound. */
export const notFound = () => new AppError('NotFound');

/**
 * What a write whose name is unique does with its error: a unique violation (PostgreSQL's 23505 from our
 * own SQL, Prisma's P2002) becomes a validation error of `name` with `message`; any other error is thrown
 * as it was. `.catch(rethrowNameTaken(…))`, or called in a catch block.
 */
export const rethrowNameTaken =
  (message: string) =>
  (error: unknown): never => {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === '23505' || code === 'P2002')
      throw new AppError('ValidationError', {}, [{ path: 'name', message }]);
    throw error;
  };

/**
 * A new order of a list's items (drag and drop): it must name every item of the list (`existing`), each once;
 * else a validation error of `path`.
 */
export function checkCompleteOrder(
  given: readonly string[],
  existing: readonly { id: string }[],
  path: string,
) {
  const ids = new Set(given);
  if (ids.size !== given.length || ids.size !== existing.length || existing.some((item) => !ids.has(item.id)))
    throw new AppError('ValidationError', {}, [{ path, message: VALIDATION.outOfRange }]);
}

/**
 * What a delete by id answers: success when it removed a row (`count` rows went), NotFound when
 * nothing of the caller's matched.
 */
export function deletedOrNotFound(count: number | null): { success: true } {
  if (!count) throw new AppError('NotFound');
  return { success: true };
}

/**
 * What an update at a revision answers when it changed no row: Conflict when the row is there (at another
 * revision), NotFound when it is not. `model` is the Prisma model, `where` the row's filter without the revision.
 */
export async function staleOrMissing<W>(
  model: { count(args: { where: W }): PromiseLike<number> },
  where: W,
): Promise<AppError> {
  return new AppError((await model.count({ where })) ? 'Conflict' : 'NotFound');
}

/**
 * After an update at a revision in raw SQL (`… AND revision = $n`): nothing when it changed a row; else
 * NotFound when the row is not there (`rowOf` throws it) and Conflict when it is, at another revision.
 */
export async function changedOrStale(rowCount: number | null, rowOf: () => Promise<unknown>): Promise<void> {
  if (rowCount) return;
  await rowOf();
  throw new AppError('Conflict');
}

/** A Prisma model whose rows belong to a space: all a delete by id needs of it. */
interface SpaceRowModel {
  deleteMany(args: { where: { id: string; spaceId: string } }): PromiseLike<{ count: number }>;
}

/** Deletes the space's row with this id: success, or NotFound when the space has no such row. */
export async function deleteSpaceRow(model: SpaceRowModel, spaceId: string, id: string) {
  return deletedOrNotFound((await model.deleteMany({ where: { id, spaceId } })).count);
}

const TRPC_CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
};

/** The tRPC code of a catalogue error, by its HTTP status. */
export function trpcCodeOf(error: AppError): TRPC_ERROR_CODE_KEY {
  return TRPC_CODE_BY_STATUS[ERROR_HTTP_STATUS[error.code]] ?? 'INTERNAL_SERVER_ERROR';
}

export function toTRPCError(error: AppError): TRPCError {
  const status = ERROR_HTTP_STATUS[error.code];
  return new TRPCError({
    code: TRPC_CODE_BY_STATUS[status] ?? 'INTERNAL_SERVER_ERROR',
    message: error.code,
    cause: error,
  });
}

export function issuesOf(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    const params: Record<string, string | number> = {};
    if ('maximum' in issue && typeof issue.maximum === 'number') params.max = issue.maximum;
    if ('minimum' in issue && typeof issue.minimum === 'number') params.min = issue.minimum;
    return { path: issue.path.join('.'), message: issue.message, params };
  });
}

/**
 * Database refusals that can only come from what the caller sent: a value the column cannot hold
 * (too long, out of range, bytes PostgreSQL refuses such as NUL), a reference to a row that does not
 * exist, a duplicate. Prisma reports them with its own codes; raw queries with PostgreSQL's SQLSTATE.
 */
const PRISMA_CODES: Record<string, ErrorCode> = {
  P2000: 'BadRequest',
  P2002: 'Conflict',
  P2003: 'NotFound',
  P2005: 'BadRequest',
  P2006: 'BadRequest',
  P2007: 'BadRequest',
  P2009: 'BadRequest',
  P2011: 'BadRequest',
  P2012: 'BadRequest',
  P2019: 'BadRequest',
  P2020: 'BadRequest',
  P2023: 'BadRequest',
  P2025: 'NotFound',
};

function sqlStateCode(state: string): ErrorCode | null {
  if (state === '23503') return 'NotFound';
  if (state === '23505') return 'Conflict';
  // 22xxx: data exceptions (bad bytes, out of range, bad text); 23502/23514: null and check
  // violations; 54000: a value too large for an index or the statement.
  if (state.startsWith('22') || state === '23502' || state === '23514' || state === '54000') {
    return 'BadRequest';
  }
  return null;
}

/** The catalogue code of a database error caused by the input, or null for any other error. */
export function databaseInputErrorCode(error: unknown): ErrorCode | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const record = current as {
      code?: unknown;
      originalCode?: unknown;
      meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } };
      cause?: unknown;
    };
    if (typeof record.code === 'string' && record.code in PRISMA_CODES) return PRISMA_CODES[record.code]!;
    const original = record.meta?.driverAdapterError?.cause?.originalCode ?? record.originalCode;
    if (typeof original === 'string' && sqlStateCode(original)) return sqlStateCode(original);
    // pg's DatabaseError carries the SQLSTATE in `code` and a `severity`.
    if (typeof record.code === 'string' && 'severity' in record && sqlStateCode(record.code)) {
      return sqlStateCode(record.code);
    }
    current = record.cause;
  }
  return null;
}

/** Finds the AppError (or input validation failure) behind whatever was thrown. */
export function appErrorOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new AppError('ValidationError', {}, issuesOf(error));
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError) return error.cause;
    if (error.cause instanceof ZodError) return new AppError('ValidationError', {}, issuesOf(error.cause));
    if (error.code === 'UNAUTHORIZED') return new AppError('Unauthorized');
    if (error.code === 'FORBIDDEN') return new AppError('Forbidden');
    if (error.code === 'NOT_FOUND' || error.code === 'METHOD_NOT_SUPPORTED') return new AppError('NotFound');
    if (error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR') return new AppError('BadRequest');
  }
  const database = databaseInputErrorCode(error instanceof TRPCError ? error.cause : error);
  if (database) return new AppError(database);
  return new AppError('UnknownException');
}

/** The localized error body of error catalogue: the code, the translated message(s), field issues. */
export function errorBody(error: AppError, lang: Language, requestId?: string): ErrorBody {
  // An issue message that is not one of ours (a library's default text) is never compiled as a
  // message — its braces would be read as placeholders — but shown as the generic translated text.
  const localizedIssues = error.issues.map((issue) => ({
    ...issue,
    text: isMessageId(issue.message)
      ? translate(lang, issue.message, issue.params)
      : translate(lang, errorMessageId('ValidationError')),
  }));
  const error_message =
    error.code === 'ValidationError' && localizedIssues.length > 0
      ? localizedIssues.map((issue) => (issue.path ? `${issue.path}: ${issue.text}` : issue.text))
      : translate(lang, errorMessageId(error.code), error.params);
  return {
    success: false,
    error_code: error.code,
    error_message,
    ...(error.issues.length ? { issues: error.issues } : {}),
    ...(requestId ? { request_id: requestId } : {}),
  };
}

export function httpStatusOf(error: AppError): number {
  return ERROR_HTTP_STATUS[error.code];
}

import type { Language } from '@takt/contracts';
import {
  ERROR_HTTP_STATUS,
  type ErrorBody,
  type ErrorCode,
  errorMessageId,
  type FieldIssue,
} from '@takt/contracts';
import { translate } from '@takt/i18n';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';

/**
 * The one error type of the server. Services throw it with a catalogue code (spec §8); the tRPC
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
  return new AppError('UnknownException');
}

/** The localized error body of spec §8: the code, the translated message(s), field issues. */
export function errorBody(error: AppError, lang: Language, requestId?: string): ErrorBody {
  const localizedIssues = error.issues.map((issue) => ({
    ...issue,
    text: translate(lang, issue.message, issue.params),
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

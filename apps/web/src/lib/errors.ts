import type { ErrorPageMessage, FieldIssue } from '@takt/contracts';

/** A failed call, reduced to what the response-handling rules of error catalogue look at. */
export interface FailedCall {
  /** Procedure path, e.g. `auth.login`; null when unknown. */
  path: string | null;
  kind: 'server' | 'network' | 'aborted' | 'unsuccessful';
  status: number | null;
  code: string | null;
  /** Texts the server already localized (`error_message`, one or several). */
  messages: string[];
  issues: FieldIssue[];
  /**
   * The reply said its body is in the reader's language (header `error-type: localized`, or the error body
   * every Takt server error has): its messages are shown as they are, once.
   */
  localized: boolean;
}

export type ErrorAction =
  | { type: 'ignore' }
  | { type: 'disconnect' }
  | { type: 'login' }
  | { type: 'select-space'; messages: string[] }
  | { type: 'error-page'; message: ErrorPageMessage }
  /** The server's localized messages, shown as they are (unless the caller shows them itself). */
  | { type: 'localized'; code: string | null; messages: string[] }
  /** Any other failure, reported generally ('unknown error' when it carries no text). */
  | { type: 'notify'; messages: string[] };

/** The call that signs in; its 401 is a wrong password, not an ended session. */
export const LOGIN_PATH = 'auth.login';
/** Calls that open a space; a 403 Forbidden from them means the user has no access to that space. */
export const SPACE_ENTRY_PATHS: ReadonlySet<string> = new Set(['users.spaceConfig']);

/**
 * The licence desk works whatever the space's licence: its licence errors (an expired token, one for a newer
 * Takt) are told where the administrator is, not by leaving the space.
 */
const LICENCE_DESK_PATHS: ReadonlySet<string> = new Set([
  'licences.list',
  'licences.upload',
  'licences.delete',
]);

/** What the app does with a failed call (error catalogue "Response handling"). */
export function decideErrorAction(call: FailedCall): ErrorAction {
  if (call.kind === 'aborted') return { type: 'ignore' };
  if (call.kind === 'network') return { type: 'disconnect' };
  // A wrong current password (e.g. when changing it) is reported, not treated as a lost session.
  if (call.status === 401 && call.path !== LOGIN_PATH && call.code !== 'InvalidCredentials') {
    return { type: 'login' };
  }
  if (call.status === 402 && !(call.path !== null && LICENCE_DESK_PATHS.has(call.path)))
    return { type: 'select-space', messages: call.messages };
  if (call.status === 403 && call.code === 'IPNotAllowed')
    return { type: 'error-page', message: 'IPNotAllowed' };
  if (
    call.status === 403 &&
    call.code === 'Forbidden' &&
    call.path !== null &&
    SPACE_ENTRY_PATHS.has(call.path)
  ) {
    return { type: 'error-page', message: 'Forbidden' };
  }
  if (call.localized) return { type: 'localized', code: call.code, messages: call.messages };
  return { type: 'notify', messages: call.messages };
}

/** The header a reply marks its localized error body with (error catalogue "Response handling"). */
export const ERROR_TYPE_HEADER = 'error-type';

function headerSaysLocalized(headers: unknown): boolean {
  return headers instanceof Headers && headers.get(ERROR_TYPE_HEADER) === 'localized';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function errorName(value: unknown): string | null {
  return isRecord(value) && typeof value.name === 'string' ? value.name : null;
}

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  // a list of texts, or of error bodies each with its own message(s)
  if (Array.isArray(value))
    return value.flatMap((m) =>
      typeof m === 'string' ? messagesOf(m) : isRecord(m) ? messagesOf(m.error_message ?? m.message) : [],
    );
  return [];
}

function issuesOf(value: unknown): FieldIssue[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (issue): issue is FieldIssue =>
      isRecord(issue) && typeof issue.path === 'string' && typeof issue.message === 'string',
  );
}

/**
 * Reads a tRPC client error (or any thrown value) into a {@link FailedCall}. The server puts
 * `{ httpStatus, error_code, error_message, issues }` into the error's `data`.
 */
export function describeFailure(error: unknown, path: string | null): FailedCall {
  const base = { path, status: null, code: null, messages: [], issues: [], localized: false };
  const cause = isRecord(error) ? error.cause : undefined;
  if (errorName(error) === 'AbortError' || errorName(cause) === 'AbortError')
    return { ...base, kind: 'aborted' };
  const data = isRecord(error) && isRecord(error.data) ? error.data : null;
  const meta = isRecord(error) && isRecord(error.meta) ? error.meta : null;
  const response = meta && isRecord(meta.response) ? meta.response : null;
  const responseStatus = response && typeof response.status === 'number' ? response.status : null;
  if (!data) {
    // fetch rejects with a TypeError when the server cannot be reached; a timeout ends the same way,
    // and so does a gateway that answers for a server that is down.
    const unreachable =
      cause instanceof TypeError ||
      errorName(cause) === 'TimeoutError' ||
      (responseStatus !== null && responseStatus >= 502 && responseStatus <= 504);
    if (unreachable || error instanceof TypeError) return { ...base, kind: 'network' };
    return { ...base, kind: 'server', status: responseStatus };
  }
  const code = typeof data.error_code === 'string' ? data.error_code : null;
  return {
    path,
    kind: 'server',
    status: typeof data.httpStatus === 'number' ? data.httpStatus : responseStatus,
    code,
    messages: messagesOf(data.error_message),
    issues: issuesOf(data.issues),
    localized: headerSaysLocalized(response?.headers) || code !== null,
  };
}

/** A reply whose data carries `success: false` is an error (error catalogue). */
export function isUnsuccessfulReply(data: unknown): boolean {
  return isRecord(data) && data.success === false;
}

export function unsuccessfulReply(path: string, data: unknown): FailedCall {
  const messages = isRecord(data) ? messagesOf(data.error_message ?? data.message) : [];
  return { path, kind: 'unsuccessful', status: null, code: null, messages, issues: [], localized: false };
}

/**
 * A failed REST call (`/api/v1`, used for file uploads): the body is the same error body, or a list of
 * them; `headers` are the reply's, whose `error-type: localized` says the body's texts are shown as sent.
 */
export function restFailure(path: string, status: number, body: unknown, headers?: Headers): FailedCall {
  const list = Array.isArray(body);
  const data = isRecord(body) && !list ? body : {};
  const code = typeof data.error_code === 'string' ? data.error_code : null;
  return {
    path,
    kind: status >= 502 && status <= 504 ? 'network' : 'server',
    status,
    code,
    messages: list ? messagesOf(body) : messagesOf(data.error_message),
    issues: issuesOf(data.issues),
    localized: headerSaysLocalized(headers) || code !== null,
  };
}

/**
 * A failed REST reply read as a {@link FailedCall}: its body whatever it was asked as (a JSON text, or a blob
 * holding JSON — a download's), and its `error-type` header.
 */
export async function responseFailure(path: string, response: Response): Promise<FailedCall> {
  let body: unknown = null;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = null;
  }
  return restFailure(path, response.status, body, response.headers);
}

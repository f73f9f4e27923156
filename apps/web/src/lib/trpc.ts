import { LIMITS } from '@takt/contracts';
import { primaryLanguage } from '@takt/i18n';
import {
  createTRPCClient,
  httpBatchLink,
  httpLink,
  httpSubscriptionLink,
  splitLink,
  type TRPCLink,
} from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from './api-types';
import { describeFailure, type FailedCall, isUnsuccessfulReply, unsuccessfulReply } from './errors';
import { appI18n } from './i18n';
import { getToken } from './storage';

export const trpc = createTRPCReact<AppRouter>();

/** Per-call options, passed as `trpc: { context: … }` or as the tRPC `context` option. */
export interface CallContext {
  /** The caller shows field issues next to its fields; a failure with issues is then not notified. */
  showsIssues?: boolean;
  /**
   * The caller shows the server's localized messages itself (all of them, or those of these error codes):
   * the app does not show them again as a notification of its own.
   */
  showsMessages?: boolean | readonly string[];
  /** A best-effort call (e.g. ending a session that is being left anyway): failures are not handled. */
  quiet?: boolean;
  /** Sends this token instead of the stored one. */
  token?: string;
}

export type FailureListener = (call: FailedCall, context: CallContext) => void;

/** Headers of every request: the token and the first part of the current locale (screens and routes). */
export function requestHeaders(context: CallContext = {}): Record<string, string> {
  const headers: Record<string, string> = { 'X-Language': primaryLanguage(appI18n.locale || 'ru') };
  const token = context.token ?? getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** fetch with the request time-out of 5 minutes, still cancellable by the caller. */
function fetchWithTimeout(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const timeout = AbortSignal.timeout(LIMITS.requestTimeoutMs);
  const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  return fetch(input, { ...init, signal });
}

/**
 * Turns `success: false` replies into errors and hands every failure to the app's error handling,
 * then passes it on so that the caller can react too.
 */
function failureLink(onFailure: FailureListener): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        const context = op.context as CallContext;
        return next(op).subscribe({
          next(envelope) {
            const data = envelope.result.type === 'data' ? envelope.result.data : undefined;
            if (isUnsuccessfulReply(data) && !context.quiet)
              onFailure(unsuccessfulReply(op.path, data), context);
            observer.next(envelope);
          },
          error(error) {
            if (!context.quiet) onFailure(describeFailure(error, op.path), context);
            observer.error(error);
          },
          complete() {
            observer.complete();
          },
        });
      });
}

let failureListener: FailureListener = () => {};

/** Installs the app-wide handler of failed calls (see `error-handler.ts`). */
export function onCallFailure(listener: FailureListener): void {
  failureListener = listener;
}

/** A batch's address stays within what every proxy passes; a batch holds at most this many calls. */
const BATCH_URL_LENGTH = 2000;
const BATCH_ITEMS = 12;

/**
 * Calls go over HTTP; subscriptions (live updates) over server-sent events, which reconnect by
 * themselves — an EventSource sends no headers, so the token and language go as connection parameters.
 */
function links() {
  return [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({
        url: '/trpc',
        connectionParams: () => {
          const headers = requestHeaders();
          return { lang: headers['X-Language']!, ...(getToken() ? { token: getToken()! } : {}) };
        },
      }),
      false: [
        failureLink((call, context) => failureListener(call, context)),
        // Queries asked for together (a page's opening reads) travel in one request: one connection
        // of the browser's few per server, one session check on the server. Mutations, and calls
        // made with a token of their own, go one by one.
        splitLink({
          condition: (op) => op.type === 'query' && !(op.context as CallContext).token,
          true: httpBatchLink({
            url: '/trpc',
            maxURLLength: BATCH_URL_LENGTH,
            maxItems: BATCH_ITEMS,
            headers: () => requestHeaders(),
            fetch: fetchWithTimeout,
          }),
          false: httpLink({
            url: '/trpc',
            headers: ({ op }) => requestHeaders(op.context as CallContext),
            fetch: fetchWithTimeout,
          }),
        }),
      ],
    }),
  ];
}

/** Client of the React hooks. */
export const trpcClient = trpc.createClient({ links: links() });
/** Client for imperative calls outside the hooks (start-up, event handlers). */
export const api = createTRPCClient<AppRouter>({ links: links() });

import { LIMITS } from '@takt/contracts';
import { navigate } from 'wouter/use-browser-location';
import { decideErrorAction, type FailedCall } from './errors';
import { translateDynamic } from './i18n';
import { notify } from './notifications';
import { endSession, forgetLastSpace } from './session';
import type { CallContext } from './trpc';

export const DISCONNECT_PATH = '/disconnect/disconnect';

/** Red notification, one 'error: message' line per item; 'unknown error' when there is none. */
export function notifyErrors(messages: readonly string[]): void {
  const items = messages.length > 0 ? messages : [translateDynamic('errors.UnknownException')];
  notify(
    'error',
    items.map((message) => translateDynamic('notify.error_item', { message })),
    LIMITS.errorNotificationMs,
  );
}

function go(path: string): void {
  if (window.location.pathname + window.location.search !== path) navigate(path);
}

/** Applies the response-handling rules of error catalogue to one failed call. */
export function handleFailure(call: FailedCall, context: CallContext = {}): void {
  const action = decideErrorAction(call);
  switch (action.type) {
    case 'ignore':
      return;
    case 'disconnect':
      if (window.location.pathname !== DISCONNECT_PATH) navigate(DISCONNECT_PATH);
      return;
    case 'login':
      endSession();
      go('/auth/login');
      return;
    case 'select-space':
      forgetLastSpace();
      go('/auth/select-space');
      notifyErrors(action.messages);
      return;
    case 'error-page':
      go(`/error?message=${action.message}`);
      return;
    case 'localized':
      // shown once: by the caller that said it shows them (its field issues, or these messages), else here
      if (context.showsIssues && call.issues.length > 0) return;
      if (showsMessagesOf(context, action.code)) return;
      notifyErrors(action.messages);
      return;
    case 'notify':
      if (context.showsIssues && call.issues.length > 0) return;
      notifyErrors(action.messages);
  }
}

/** Whether the caller shows a localized failure with this code itself (`showsMessages`: all, or these codes). */
function showsMessagesOf(context: CallContext, code: string | null): boolean {
  const shows = context.showsMessages;
  return shows === true || (Array.isArray(shows) && code !== null && shows.includes(code));
}

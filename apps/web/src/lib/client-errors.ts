import { api } from './trpc';

/** Reports at most this many uncaught errors per page load, so an error loop cannot flood the server. */
const MAX_REPORTS = 10;

/** Sends uncaught window errors and unhandled rejections to `system.clientError`. */
export function reportClientErrors(): () => void {
  let sent = 0;
  const report = (reason: unknown) => {
    if (sent >= MAX_REPORTS) return;
    sent += 1;
    const error = reason instanceof Error ? reason : null;
    void api.system.clientError
      .mutate(
        {
          message: (error?.message ?? String(reason)).slice(0, 4000),
          stack: error?.stack?.slice(0, 20000),
          url: window.location.href.slice(0, 2000),
          userAgent: navigator.userAgent.slice(0, 1000),
        },
        { context: { quiet: true } },
      )
      .catch(() => {});
  };
  const onError = (event: ErrorEvent) => report(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

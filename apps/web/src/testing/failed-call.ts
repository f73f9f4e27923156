import type { FailedCall } from '../lib/errors';

/** A failed call as `describeFailure` gives it: a plain server error of `users.whoAmI` unless `patch` says otherwise. */
export const failedCall = (patch: Partial<FailedCall>): FailedCall => ({
  path: 'users.whoAmI',
  kind: 'server',
  status: 500,
  code: null,
  messages: [],
  issues: [],
  localized: false,
  ...patch,
});

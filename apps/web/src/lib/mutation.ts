import type { FieldIssue } from '@takt/contracts';
import { describeFailure } from './errors';

/** Field issues the server attached to a failed call (`error.data.issues`). */
export function failureIssues(error: unknown): FieldIssue[] {
  return describeFailure(error, null).issues;
}

import {
  type TestLink as DocumentLink,
  type TestVersion,
  type TestWork,
  testDocument,
} from '@takt/schedule/testing';
import type { ScheduleModel } from '../../../lib/columnar';

export type { TestWork };

export interface TestLink extends Omit<DocumentLink, 'external'> {
  /** A predecessor in another schedule: `from` is ignored. */
  external?: boolean;
}

/** A decoded version for tests of the timeline's helpers (`@takt/schedule`'s test document). */
export function testModel(
  works: TestWork[],
  links: TestLink[] = [],
  version: TestVersion = {},
): ScheduleModel {
  return testDocument(
    works,
    links.map((l) => ({ ...l, external: l.external ? 'external-id' : undefined })),
    version,
  );
}

import { expect } from 'vitest';
import type { ScheduleResult } from '../result.js';

/** Asserts two results are identical, array by array, naming the first differing work. */
export function expectSameResult(actual: ScheduleResult, expected: ScheduleResult, context = ''): void {
  expect(actual.projectFinish, `${context} projectFinish`).toBe(expected.projectFinish);
  const arrays = [
    'earlyStart',
    'earlyFinish',
    'lateStart',
    'lateFinish',
    'totalFloat',
    'freeFloat',
    'critical',
  ] as const;
  for (const name of arrays) {
    const a = actual[name];
    const b = expected[name];
    for (let i = 0; i < b.length; i++) {
      if (a[i] !== b[i]) expect(a[i], `${context} ${name} of ${expected.workIds[i]}`).toBe(b[i]);
    }
    expect(a.length).toBe(b.length);
  }
  expect(Array.from(actual.relationDriving), `${context} driving`).toEqual(
    Array.from(expected.relationDriving),
  );
  expect(actual.conflicts, `${context} conflicts`).toEqual(expected.conflicts);
}

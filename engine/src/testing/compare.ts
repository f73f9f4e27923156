import { expect } from 'vitest';
import { RESULT_WORK_ARRAYS, type ScheduleResult } from '../result.js';

/** Asserts two results are identical, array by array, naming the first differing work. */
export function expectSameResult(actual: ScheduleResult, expected: ScheduleResult, context = ''): void {
  expect(actual.projectFinish, `${context} projectFinish`).toBe(expected.projectFinish);
  for (const name of RESULT_WORK_ARRAYS) {
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

/**
 * The early side of two results is the same: project finish, early dates and driving flags (what a
 * `Scheduler` with `deferLateDates` keeps current before its late dates are settled).
 */
export function expectSameEarly(actual: ScheduleResult, expected: ScheduleResult, context = ''): void {
  expect(actual.projectFinish, `${context} projectFinish`).toBe(expected.projectFinish);
  for (const name of ['earlyStart', 'earlyFinish'] as const) {
    const a = actual[name];
    const b = expected[name];
    for (let i = 0; i < b.length; i++) {
      if (a[i] !== b[i]) expect(a[i], `${context} ${name} of ${expected.workIds[i]}`).toBe(b[i]);
    }
  }
  expect(Array.from(actual.relationDriving), `${context} driving`).toEqual(
    Array.from(expected.relationDriving),
  );
}

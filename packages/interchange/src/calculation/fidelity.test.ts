/**
 * FIDELITY: every sample file that carries tool-calculated dates is recalculated with its own scheduling
 * options and compared field by field (early/late dates, floats, critical flags; MS Project's project
 * summary task as row `0`). Each remaining mismatch is listed below with the activity, the field and why;
 * any other mismatch — or a listed one that starts matching — fails the test, and so does a change in the
 * number of fields compared.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProjectFile } from '../read.js';
import { sample } from '../testdata.js';
import { compareWithRecorded, formatMismatches } from './fidelity.js';
import { scheduleProject } from './schedule.js';

interface Expectation {
  /** Fields with a recorded calculated value. */
  compared: number;
  /** `code field` of every accepted mismatch. */
  mismatches: string[];
}

// The MPXJ XER fixtures: the only activity is complete, so P6 calculated no remaining late dates and no
// total float for it (rem_late_* and total_float_hr_cnt are blank); its late_* fields hold 2020-12-30 08:00,
// dates left from an earlier calculation, which the reader does not take as recorded results. The P6 XML
// export of the same project shows the late dates P6 does calculate, and those are compared there.

// mspdiduration.xml (Project 2007, one unlinked task per duration unit): MS Project recorded a late finish
// of 2009-04-21 17:00 for the unlinked tasks 1–4 (minute, hour, day, week) but 2009-04-23 17:00 for the
// unlinked task 5 (month), while the project finishes 2009-04-24 08:00 (the elapsed month of task 10).
// Tasks without successors and without constraints all finish late at the project finish; no rule gives
// two different late finishes to tasks 1–4 and task 5. Tasks 1–4's late dates and slack are those of a
// project finishing at task 5's early finish (2009-04-21 17:00), i.e. left from a calculation before the
// elapsed tasks 6–10 were added. Their early dates, and every field of tasks 5–10 and the project, match.
const DURATION_STALE = ['1', '2', '3', '4'].flatMap((code) =>
  ['lateStart', 'lateFinish', 'totalFloatMinutes', 'freeFloatMinutes'].map((f) => `${code} ${f}`),
);

const EXPECTED: Record<string, Expectation> = {
  'mspdi/task-links-project2019-mspdi.xml': { compared: 119, mismatches: [] },
  'mspdi/task-links-project2010-mspdi.xml': { compared: 119, mismatches: [] },
  'mspdi/task-links-project2007-mspdi.xml': { compared: 119, mismatches: [] },
  'mspdi/task-links-project2003-mspdi.xml': { compared: 119, mismatches: [] },
  'mspdi/caltest.xml': { compared: 28, mismatches: [] },
  'mspdi/mspdiduration.xml': { compared: 77, mismatches: DURATION_STALE },
  'mspdi/mspdisplittask.xml': { compared: 21, mismatches: [] },
  'mspdi/task-dates-project2019-mspdi.xml': { compared: 77, mismatches: [] },
  'xer/PredecessorCalendar.xer': { compared: 2, mismatches: [] },
  'xer/TwentyFourHourCalendar.xer': { compared: 2, mismatches: [] },
  'p6xml/PredecessorCalendar.xml': { compared: 4, mismatches: [] },
};

/**
 * Our own MSPDI fixtures (`fixtures/mspdi`), with hand-derived dates (see `fixtures/mspdi/README.md`).
 */
const FIXTURES: Record<string, Expectation> = {
  'night-shift.xml': { compared: 35, mismatches: [] },
  'no-status-date.xml': { compared: 26, mismatches: [] },
};
const FIXTURE_DIR = join(import.meta.dirname, '../../fixtures/mspdi');

describe('fidelity with the tools’ calculated dates', () => {
  const cases = [
    ...Object.entries(EXPECTED).map(([file, e]) => [file, sample(file), e] as const),
    ...Object.entries(FIXTURES).map(
      ([file, e]) => [`fixtures/mspdi/${file}`, join(FIXTURE_DIR, file), e] as const,
    ),
  ];
  for (const [file, path, expected] of cases) {
    it(file, async () => {
      const project = await readProjectFile(path);
      const { rows, projectRow } = scheduleProject(project);
      const report = compareWithRecorded(project, rows, projectRow);
      const listed = formatMismatches(report);
      console.info(
        `${file}: ${report.matched}/${report.compared} fields match${listed ? `; mismatches:\n${listed}` : ''}`,
      );
      expect(report.compared).toBe(expected.compared);
      expect(report.mismatches.map((m) => `${m.code} ${m.field}`).sort()).toEqual(
        [...expected.mismatches].sort(),
      );
    });
  }
});

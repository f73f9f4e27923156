/**
 * FIDELITY: every sample file that carries tool-calculated dates is recalculated with its own scheduling
 * options and compared field by field (early/late dates, floats, critical flags; MS Project's project
 * summary task as row `0`). Each remaining mismatch is listed below with the activity, the field and why;
 * any other mismatch — or a listed one that starts matching — fails the test, and so does a change in the
 * number of fields compared.
 */
import { describe, expect, it } from 'vitest';
import { compareWithRecorded, formatMismatches } from './fidelity.js';
import { readProjectFile } from './read.js';
import { scheduleProject } from './schedule.js';
import { sample } from './testdata.js';

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

const EXPECTED: Record<string, Expectation> = {
  'mspdi/task-links-project2019-mspdi.xml': { compared: 119, mismatches: [] },
  'mspdi/task-dates-project2019-mspdi.xml': { compared: 77, mismatches: [] },
  'xer/PredecessorCalendar.xer': { compared: 2, mismatches: [] },
  'xer/TwentyFourHourCalendar.xer': { compared: 2, mismatches: [] },
  'p6xml/PredecessorCalendar.xml': { compared: 4, mismatches: [] },
};

describe('fidelity with the tools’ calculated dates', () => {
  for (const [file, expected] of Object.entries(EXPECTED)) {
    it(file, async () => {
      const project = await readProjectFile(sample(file));
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

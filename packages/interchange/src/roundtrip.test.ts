/** Takt → XER / PMXML / MSPDI / JSON → Takt keeps works, relations, calendars, constraints, progress and dates. */
import { describe, expect, it } from 'vitest';
import { scheduleProject } from './calculation/schedule.js';
import type { IxProject } from './common/model.js';
import { readJson, writeJson } from './json/format.js';
import { readMspdi } from './mspdi/read.js';
import { writeMspdi } from './mspdi/write.js';
import { readPmxml } from './pmxml/read.js';
import { writePmxml } from './pmxml/write.js';
import { readProjectFile } from './read.js';
import { SAMPLE_SCHEDULES, sample } from './testdata.js';
import { checkXer } from './xer/check.js';
import { readXer } from './xer/read.js';
import { writeXer } from './xer/write.js';

const WRITERS = {
  xer: async (p: IxProject) => readXer([...writeXer(p, scheduleProject(p).rows)].join('')),
  pmxml: async (p: IxProject) => readPmxml([...writePmxml(p, scheduleProject(p).rows)].join('')),
  mspdi: async (p: IxProject) => readMspdi([...writeMspdi(p, scheduleProject(p).rows)].join('')),
  json: async (p: IxProject) => readJson(writeJson(p)),
};

function essence(p: IxProject) {
  const acts = p.activities.filter(
    (a) => a.type !== 'summary' && !p.activities.some((c) => c.parentId === a.id),
  );
  const code = new Map(p.activities.map((a) => [a.id, a.name]));
  const cal = (id: string | null) => p.calendars.find((c) => c.id === (id ?? p.defaultCalendarId))!;
  const { result } = scheduleProject(p);
  const index = new Map(result.workIds.map((id, i) => [id, i]));
  return {
    works: acts.map((a) => ({
      name: a.name,
      duration: a.durationMinutes,
      milestone: a.type.endsWith('milestone'),
      constraint: a.constraint ?? null,
      actualStart: a.actualStart ?? null,
      actualFinish: a.actualFinish ?? null,
      week: cal(a.calendarId).week,
      exceptions: cal(a.calendarId).exceptions,
      dates: (({ earlyStart, earlyFinish, lateStart, lateFinish, totalFloatMinutes, status }) => ({
        earlyStart,
        earlyFinish,
        lateStart,
        lateFinish,
        totalFloatMinutes,
        status,
      }))(result.work(result.workIds[index.get(a.id)!]!)),
    })),
    relations: p.relations
      .map(
        (r) =>
          `${code.get(r.predecessorId)} ${r.type} ${r.lagMinutes} ${r.lagCalendar ?? ''} ${code.get(r.successorId)}`,
      )
      .sort(),
    options: {
      lag: p.options.lagCalendar,
      tf: p.options.totalFloat,
      critical: p.options.critical,
      progress: p.options.progress,
      openEnds: p.options.openEndsCritical ?? false,
      expectedFinish: p.options.useExpectedFinish ?? false,
      startLagFrom: p.options.startLagFrom ?? 'actual_start',
    },
  };
}

/** Without the late dates and floats (for a trip that cannot carry what decides them). */
function earlyOnly(works: ReturnType<typeof essence>['works']) {
  return works.map((w) => ({
    ...w,
    dates: { ...w.dates, lateStart: null, lateFinish: null, totalFloatMinutes: null },
  }));
}

describe('round trips', () => {
  for (const file of SAMPLE_SCHEDULES) {
    for (const [format, trip] of Object.entries(WRITERS)) {
      it(`${file} → ${format} → Takt`, async () => {
        const original = await readProjectFile(sample(file));
        const back = await trip(original);
        const a = essence(original);
        const b = essence(back);
        // P6 has no manually scheduled tasks: through XER/PMXML an MS Project manual task becomes an
        // ordinary one, at the same early dates; MS Project's rules for its late dates do not apply.
        const crossFamily = format !== 'json' && (original.format === 'mspdi') !== (format === 'mspdi');
        if (crossFamily && original.activities.some((x) => x.manual)) {
          expect(earlyOnly(b.works)).toEqual(earlyOnly(a.works));
          expect(back.activities.some((x) => x.manual)).toBe(false);
        } else expect(b.works).toEqual(a.works);
        expect(b.relations).toEqual(a.relations);
        expect(back.warnings.filter((w) => w.includes('calendar'))).toEqual([]);
        if (format !== 'mspdi' || original.format === 'mspdi') expect(b.options).toEqual(a.options);
      });
    }
  }
});

describe('user fields through XER', () => {
  it('keeps numbers (zero included) as numbers and text as text, in a file that passes the checks', async () => {
    const original = await readProjectFile(sample('xer/PredecessorCalendar.xer'));
    const values = [
      { Crew: 0, Ratio: 2.5, Note: 'north side' },
      { Crew: 12, Ratio: 0, Note: '' },
    ];
    original.activities.forEach((a, i) => {
      a.udfs = values[i % values.length]!;
    });
    const written = [...writeXer(original, scheduleProject(original).rows)].join('');
    const report = await checkXer(written);
    expect(report.issues).toEqual([]);
    const back = await readXer(written);
    back.activities.forEach((a, i) => {
      const expected: Record<string, string | number> = { ...values[i % values.length]! };
      if (expected.Note === '') delete expected.Note;
      expect(a.udfs).toEqual(expected);
    });
  });
});

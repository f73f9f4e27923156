/**
 * What recalculating an imported file does to the dates it recorded (`datesMovedByRecalculation`,
 * `rowsWithRecordedDates`), and how the files' scheduling options and activity kinds reach the engine.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emptyProject, type IxActivity, type IxProject, STANDARD_WEEK } from '../common/model.js';
import { readMspdi } from '../mspdi/read.js';
import { writeMspdi } from '../mspdi/write.js';
import { readPmxml } from '../pmxml/read.js';
import { writePmxml } from '../pmxml/write.js';
import { readProjectFile } from '../read.js';
import { sample } from '../testdata.js';
import { readXer } from '../xer/read.js';
import { writeXer } from '../xer/write.js';
import { compareWithRecorded, datesMovedByRecalculation, rowsWithRecordedDates } from './fidelity.js';
import { scheduleProject } from './schedule.js';
import { toEngineProject } from './to-engine.js';

describe('dates moved by recalculation', () => {
  it('none where the recalculation gives what the tool recorded', async () => {
    for (const file of [
      'mspdi/task-links-project2019-mspdi.xml',
      'mspdi/task-dates-project2019-mspdi.xml',
      'p6xml/PredecessorCalendar.xml',
    ]) {
      expect(datesMovedByRecalculation(await readProjectFile(sample(file))), file).toEqual([]);
    }
  });

  it('moves nothing in a file whose calculated dates the recalculation reproduces', async () => {
    // The completed activity's stale late_* fields are not recorded results (see the XER reader).
    const p = await readProjectFile(sample('xer/PredecessorCalendar.xer'));
    expect(p.activities[0]?.recorded.lateStart).toBeUndefined();
    expect(datesMovedByRecalculation(p)).toEqual([]);
  });

  it('a changed duration moves the dates the file shows of the work and of its successors', () => {
    // record what a calculation gives, as a tool would have saved it, then lengthen A by a day
    const p = p6Project();
    for (const row of scheduleProject(p).rows) {
      const a = p.activities.find((x) => x.id === row.id)!;
      a.recorded = {
        start: row.earlyStart ?? undefined,
        finish: row.earlyFinish ?? undefined,
        earlyStart: row.earlyStart ?? undefined,
        earlyFinish: row.earlyFinish ?? undefined,
      };
    }
    expect(datesMovedByRecalculation(p)).toEqual([]);
    p.activities.find((a) => a.id === 'A')!.durationMinutes += 480;
    const moved = datesMovedByRecalculation(p).map(
      (c) => `${c.code} ${c.field} ${c.recorded} → ${c.calculated}`,
    );
    expect(moved).toEqual([
      'A finish 2024-01-02T17:00 → 2024-01-03T17:00',
      'A earlyFinish 2024-01-02T17:00 → 2024-01-03T17:00',
      'B start 2024-01-03T08:00 → 2024-01-04T08:00',
      'B finish 2024-01-03T17:00 → 2024-01-04T17:00',
      'B earlyStart 2024-01-03T08:00 → 2024-01-04T08:00',
      'B earlyFinish 2024-01-03T17:00 → 2024-01-04T17:00',
      'L finish 2024-01-03T17:00 → 2024-01-04T17:00',
      'L earlyFinish 2024-01-03T17:00 → 2024-01-04T17:00',
      'S finish 2024-01-03T17:00 → 2024-01-04T17:00',
      'S earlyFinish 2024-01-03T17:00 → 2024-01-04T17:00',
    ]);
  });

  it('keeping the recorded dates gives rows equal to what the file recorded', async () => {
    const p = await readProjectFile(sample('xer/TwentyFourHourCalendar.xer'));
    const { rows } = scheduleProject(p);
    const kept = rowsWithRecordedDates(p, rows);
    expect(compareWithRecorded(p, kept).mismatches).toEqual([]);
    expect(kept[0]?.earlyStart).toBe(p.activities[0]?.recorded.earlyStart);
  });
});

describe('MS Project project summary task', () => {
  it('is project data, not a work: the CLI rows and the engine do not see it', async () => {
    const p = await readProjectFile(sample('mspdi/task-dates-project2019-mspdi.xml'));
    expect(p.activities.some((a) => a.id === '0')).toBe(false);
    expect(p.activities.every((a) => a.parentId === null)).toBe(true);
    expect(p.projectSummary?.recorded.critical).toBe(true);
    const { rows, projectRow } = scheduleProject(p);
    expect(rows.map((r) => r.code)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(projectRow).toMatchObject({
      code: '0',
      earlyStart: '2018-10-18T08:00',
      earlyFinish: '2018-10-18T17:00',
      totalFloatMinutes: 0,
      critical: true,
    });
    expect(toEngineProject(p).project.works.some((w) => w.id === '0')).toBe(false);
  });
});

describe('MS Project manually scheduled tasks', () => {
  it('are read with MS Project’s rules and written back as manual', async () => {
    const p = await readProjectFile(sample('mspdi/task-links-project2019-mspdi.xml'));
    expect(p.activities.filter((a) => a.manual).length).toBe(16);
    const { project, options } = toEngineProject(p);
    expect(options).toMatchObject({ manualStartLinks: 'ignore', manualUnlinkedCritical: false });
    expect(project.works.find((w) => w.id === '11')?.manualStart).toBe('2018-10-18T08:00');
    const back = await readMspdi([...writeMspdi(p, scheduleProject(p).rows)].join(''));
    expect(back.activities.filter((a) => a.manual).length).toBe(16);
  });

  it('must start on is mandatory when tasks honor their constraint dates, a soft start on otherwise', async () => {
    const text = readFileSync(sample('mspdi/task-dates-project2019-mspdi.xml'), 'utf8').replace(
      /(<UID>3<\/UID>[\s\S]*?)<ConstraintType>0<\/ConstraintType>/,
      '$1<ConstraintType>2</ConstraintType><ConstraintDate>2018-10-19T08:00:00</ConstraintDate>',
    );
    const honored = await readMspdi(text.replace('<HonorConstraints>0<', '<HonorConstraints>1<'));
    expect(honored.activities.find((a) => a.id === '3')?.constraint).toEqual({
      type: 'mandatory_start',
      date: '2018-10-19T08:00',
    });
    const soft = await readMspdi(text);
    expect(soft.activities.find((a) => a.id === '3')?.constraint?.type).toBe('start_on');
    // written back, the file says which of the two it is
    const again = await readMspdi([...writeMspdi(honored)].join(''));
    expect(again.activities.find((a) => a.id === '3')?.constraint?.type).toBe('mandatory_start');
  });
});

describe('MS Project deadlines and lags', () => {
  it('a deadline caps the late finish like a finish-on-or-before, and is written back', async () => {
    const text = readFileSync(sample('mspdi/task-dates-project2019-mspdi.xml'), 'utf8').replace(
      /(<UID>4<\/UID>[\s\S]*?<ConstraintType>0<\/ConstraintType>)/,
      '$1<Deadline>2018-10-17T17:00:00</Deadline>',
    );
    const p = await readMspdi(text);
    const task = p.activities.find((a) => a.id === '4')!;
    expect(task.constraint2).toEqual({ type: 'finish_on_or_before', date: '2018-10-17T17:00' });
    const row = scheduleProject(p).rows.find((r) => r.id === '4')!;
    // a day before its early finish: negative slack, critical
    expect([row.totalFloatMinutes, row.critical]).toEqual([-480, true]);
    const back = await readMspdi([...writeMspdi(p)].join(''));
    expect(back.activities.find((a) => a.id === '4')?.constraint2).toEqual(task.constraint2);
    expect(p.options.lagCalendar).toBe('successor');
  });

  it('two upper (or two lower) limits on one side keep the tighter one; other pairs keep the first', () => {
    const p = p6Project();
    const a = p.activities.find((x) => x.id === 'A')!;
    a.constraint = { type: 'finish_on_or_before', date: '2024-01-10T17:00' };
    a.constraint2 = { type: 'finish_on_or_before', date: '2024-01-05T17:00' };
    const b = p.activities.find((x) => x.id === 'B')!;
    b.constraint = { type: 'start_on_or_after', date: '2024-01-02T08:00' };
    b.constraint2 = { type: 'start_on_or_before', date: '2024-01-09T08:00' };
    const { project, warnings } = toEngineProject(p);
    expect(project.works.find((w) => w.id === 'A')?.constraint).toEqual({
      finish: { type: 'not_later', date: '2024-01-05T17:00' },
    });
    expect(project.works.find((w) => w.id === 'B')?.constraint).toEqual({
      start: { type: 'not_earlier', date: '2024-01-02T08:00' },
    });
    expect(warnings).toEqual(['B: second start constraint ignored (the engine keeps one per side)']);
  });
});

describe('P6 scheduling options', () => {
  const xer = () => readFileSync(sample('xer/PredecessorCalendar.xer'), 'latin1');
  // SCHEDOPTIONS columns: … sched_lag_early_start_flag, sched_retained_logic, …, sched_use_expect_end_flag, sched_progress_override
  const withOptions = (retained: string, override: string, expected: string, earlyStart: string) =>
    xer().replace(
      /(%R\t1\t34738\tSD_Both\tN\t)Y\tY(\tN\tFT_FF\trcal_Predecessor\t)Y\tN/,
      `$1${earlyStart}\t${retained}$2${expected}\t${override}`,
    );

  it('XER: retained logic, progress override, actual dates; expected finish and SS lag base', async () => {
    const actual = await readXer(withOptions('N', 'N', 'Y', 'Y'));
    expect(actual.options).toMatchObject({
      progress: 'actual_dates',
      useExpectedFinish: true,
      startLagFrom: 'early_start',
    });
    expect(toEngineProject(actual).options).toMatchObject({
      progress: 'actual_dates',
      useExpectedFinish: true,
      startLagFrom: 'early_start',
    });
    const override = await readXer(withOptions('N', 'Y', 'N', 'N'));
    expect(override.options).toMatchObject({
      progress: 'progress_override',
      useExpectedFinish: false,
      startLagFrom: 'actual_start',
    });
    const retained = await readXer(withOptions('Y', 'N', 'N', 'N'));
    expect(retained.options.progress).toBe('retained_logic');
    // and they survive a round trip through either P6 format
    for (const back of [
      await readXer([...writeXer(actual)].join('')),
      await readPmxml([...writePmxml(actual)].join('')),
    ]) {
      expect(back.options).toMatchObject({
        progress: 'actual_dates',
        useExpectedFinish: true,
        startLagFrom: 'early_start',
      });
    }
  });

  it('actual dates mode: an actual finish after the data date is read and scheduled as it is', async () => {
    // A1000's actual finish moves past the data date (2019-10-02 00:00) to 2019-10-04 17:00
    const text = withOptions('N', 'N', 'N', 'N').replace(
      '2019-06-10 08:00\t2019-06-12 17:00\t2020-12-30',
      '2019-06-10 08:00\t2019-10-04 17:00\t2020-12-30',
    );
    const p = await readXer(text);
    expect(p.activities[0]?.actualFinish).toBe('2019-10-04T17:00');
    const retained = text.replace(/(%R\t1\t34738\tSD_Both\tN\tN\t)N/, '$1Y');
    // retained logic: P6 opens it too; the date is kept as recorded and reported
    expect((await readXer(retained)).problems).toContainEqual(
      expect.objectContaining({ code: 'actual_after_data_date', action: 'kept', record: 'A1000' }),
    );
    expect(() => scheduleProject(p)).not.toThrow();
  });

  it('PMXML: the sample’s options', async () => {
    const p = await readProjectFile(sample('p6xml/PredecessorCalendar.xml'));
    expect(p.options).toMatchObject({
      progress: 'retained_logic',
      useExpectedFinish: true,
      startLagFrom: 'early_start',
      openEndsCritical: false,
      critical: { kind: 'longest_path' },
      totalFloat: 'smallest',
    });
  });
});

/** A small P6-like project: WBS W with A → B, an LOE spanning them, a WBS summary, X setting the finish. */
function p6Project(): IxProject {
  const p = emptyProject('xer', 'p6');
  p.start = '2024-01-01T08:00';
  p.defaultCalendarId = 'c';
  p.calendars = [{ id: 'c', name: 'Standard', week: STANDARD_WEEK, exceptions: [], hoursPerDay: 8 }];
  p.wbs = [{ id: 'wbs:W', parentId: null, code: 'W', name: 'Work' }];
  const act = (id: string, type: IxActivity['type'], minutes: number, extra: Partial<IxActivity> = {}) =>
    ({
      id,
      code: id,
      name: id,
      wbsId: 'wbs:W',
      parentId: null,
      type,
      calendarId: null,
      durationMinutes: minutes,
      recorded: {},
      codes: {},
      udfs: {},
      ...extra,
    }) satisfies IxActivity;
  p.activities = [
    act('A', 'task', 960),
    act('B', 'task', 480, { expectedFinish: '2024-01-04T17:00' }),
    act('L', 'level_of_effort', 60),
    act('S', 'wbs_summary', 0),
    act('X', 'task', 2400, {
      wbsId: null,
      constraint: { type: 'mandatory_start', date: '2024-01-02T08:00' },
    }),
  ];
  p.relations = [
    { id: 'r1', predecessorId: 'A', successorId: 'B', type: 'fs', lagMinutes: 0 },
    { id: 'r2', predecessorId: 'A', successorId: 'L', type: 'ss', lagMinutes: 0 },
    { id: 'r3', predecessorId: 'L', successorId: 'B', type: 'ff', lagMinutes: 0 },
  ];
  return p;
}

describe('P6 activity kinds reach the engine', () => {
  it('LOE, WBS summary, mandatory constraints and expected finishes', () => {
    const p = p6Project();
    const { project, warnings } = toEngineProject(p);
    const work = (id: string) => project.works.find((w) => w.id === id)!;
    expect(work('L').type).toBe('level_of_effort');
    expect(work('S')).toMatchObject({ type: 'wbs_summary', parentId: 'wbs:W' });
    expect(work('X').constraint).toEqual({ start: { type: 'mandatory', date: '2024-01-02T08:00' } });
    expect(work('B').expectedFinish).toBe('2024-01-04T17:00');
    expect(warnings).toEqual([]);

    const rows = (q: IxProject) => Object.fromEntries(scheduleProject(q).rows.map((r) => [r.id, r]));
    let r = rows(p);
    expect([r.L?.earlyStart, r.L?.earlyFinish]).toEqual(['2024-01-01T08:00', '2024-01-03T17:00']);
    expect([r.S?.earlyStart, r.S?.earlyFinish]).toEqual(['2024-01-01T08:00', '2024-01-03T17:00']);
    expect([r.X?.earlyStart, r.X?.earlyFinish]).toEqual(['2024-01-02T08:00', '2024-01-08T17:00']);
    p.options.useExpectedFinish = true;
    r = rows(p);
    expect([r.B?.earlyStart, r.B?.earlyFinish]).toEqual(['2024-01-03T08:00', '2024-01-04T17:00']);
    expect(r.L?.earlyFinish).toBe('2024-01-04T17:00');
  });

  it('open ends made critical', () => {
    const p = p6Project();
    expect(scheduleProject(p).rows.find((r) => r.id === 'B')?.critical).toBe(false);
    p.options.openEndsCritical = true;
    expect(scheduleProject(p).rows.find((r) => r.id === 'B')?.critical).toBe(true);
  });
});

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { emptyProject, type IxProject, STANDARD_WEEK, writeJson } from '@takt/interchange';
import { generatedXer } from '@takt/interchange/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { downloadStored, type Failure, importCalls, spaceForFile, spaceMember, uploadForm } from './fixtures';

const TESTDATA = join(import.meta.dirname, '../../../../shared/testdata');

interface Job {
  id: string;
  state: string;
  uploadStatus: string;
  phase: string | null;
  progress: number;
  versionId: string | null;
  fileId: string | null;
  bytesTotal: number;
  error: { code: string; line?: number; element?: string; field?: string } | null;
  report: {
    read: Record<string, number>;
    written: Record<string, number> | null;
    recordedDates: {
      moved: number;
      items: { code: string; field: string; recorded: unknown; calculated: unknown }[];
      choice: string | null;
    };
    skipped: { reason: string; count: number }[];
    problems?: { code: string; action: string; line?: number; table?: string; field?: string }[];
  } | null;
}

const { t, s } = spaceForFile('importer', 'Импорт');
let scheduleId: string;

beforeAll(async () => {
  const facility = await s.ok<{ id: string }>('POST', '/eps', { kind: 'facility', name: 'Объект' });
  const project = await s.ok<{ id: string }>('POST', '/eps', {
    kind: 'project',
    name: 'Проект',
    parentId: facility.id,
  });
  scheduleId = (
    await s.ok<{ id: string }>('POST', '/eps', { kind: 'schedule', name: 'График', parentId: project.id })
  ).id;
});

const { upload, uploadSync, waitFor } = importCalls<
  Job,
  { job: Job; version: { id: string; name: string; workCount: number } | null } & Failure
>(() => ({ t, s, scheduleId }));

const testFile = (path: string) => readFile(join(TESTDATA, path));
/**
 * The XER sample as a file whose recorded early dates a recalculation moves: its only activity's
 * early_start/early_end pushed from the data date (2019-10-02 00:00) to a week later.
 */
const movedXer = async () => {
  const text = (await testFile('xer/PredecessorCalendar.xer')).toString('utf8');
  const moved = text.replace(
    '\t\t2019-10-02 00:00\t2019-10-02 00:00\t',
    '\t\t2019-10-09 00:00\t2019-10-09 00:00\t',
  );
  if (moved === text) throw new Error('the sample changed: its TASK early dates were not found');
  return Buffer.from(moved, 'utf8');
};
const versionCount = async () =>
  Number(
    (
      await t.sql<{ n: string }>(`SELECT count(*) AS n FROM versions WHERE "scheduleId" = $1`, [scheduleId])
    )[0]!.n,
  );

async function worksOf(versionId: string) {
  return t.sql<Record<string, unknown>>(
    `SELECT code, name, type, "durationMinutes", progress, status,
       to_char("factStart", 'YYYY-MM-DD"T"HH24:MI') AS "factStart", to_char("factFinish", 'YYYY-MM-DD"T"HH24:MI') AS "factFinish",
       "startLimit", to_char("startLimitDate", 'YYYY-MM-DD"T"HH24:MI') AS "startLimitDate",
       "finishLimit", to_char("finishLimitDate", 'YYYY-MM-DD"T"HH24:MI') AS "finishLimitDate",
       to_char("earlyStart", 'YYYY-MM-DD"T"HH24:MI') AS "earlyStart", to_char("earlyFinish", 'YYYY-MM-DD"T"HH24:MI') AS "earlyFinish",
       to_char("lateStart", 'YYYY-MM-DD"T"HH24:MI') AS "lateStart", to_char("lateFinish", 'YYYY-MM-DD"T"HH24:MI') AS "lateFinish",
       (SELECT c.name FROM calendars c WHERE c.id = w."calendarId") AS calendar,
       (SELECT p.code FROM works p WHERE p.id = w."parentId") AS parent
     FROM works w WHERE "versionId" = $1 ORDER BY code`,
    [versionId],
  );
}

async function relationsOf(versionId: string, byName = false) {
  const key = byName ? 'name' : 'code';
  return t.sql<Record<string, unknown>>(
    `SELECT p.${key} AS pred, s.${key} AS succ, r.type, r."lagMinutes" FROM relations r
     JOIN works p ON p.id = r."predecessorId" JOIN works s ON s.id = r."successorId"
     WHERE r."versionId" = $1 ORDER BY 1, 2`,
    [versionId],
  );
}

describe('import of the sample files', () => {
  it('reads a P6 XER with its calendar, constraint, progress and baseline', async () => {
    const reply = await uploadSync('PredecessorCalendar.xer', await testFile('xer/PredecessorCalendar.xer'), {
      recordedDates: 'recalculate',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { job, version } = reply.body;
    expect(job.state).toBe('completed');
    expect(job.uploadStatus).toBe('completed');
    expect(job.report!.read).toMatchObject({ activities: 1, relations: 0, calendars: 1 });
    expect(job.report!.written).toMatchObject({ works: 1, relations: 0 });
    expect(version!.workCount).toBe(1);
    const [work] = await worksOf(version!.id);
    expect(work).toMatchObject({ code: 'A1000', name: 'Test', factStart: expect.any(String) });
    expect(work!.startLimit ?? work!.finishLimit).not.toBeNull();
    const [v] = await t.sql<{ calcStatus: number; scheduleOptions: { lagCalendar: string } }>(
      `SELECT "calcStatus", "scheduleOptions" FROM versions WHERE id = $1`,
      [version!.id],
    );
    expect(v).toMatchObject({ calcStatus: 1, scheduleOptions: { lagCalendar: 'predecessor' } });
  });

  it('reads a P6 XML (PMXML) file with a WBS and finishes without a prompt (its dates match)', async () => {
    const reply = await uploadSync(
      'PredecessorCalendar.xml',
      await testFile('p6xml/PredecessorCalendar.xml'),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.job.state).toBe('completed');
    expect(reply.body.job.report!.recordedDates.moved).toBe(0);
    const works = await worksOf(reply.body.version!.id);
    expect(works.map((w) => w.type).sort()).toEqual(['sum', 'task']);
    expect(works.find((w) => w.type === 'task')!.parent).toBe(works.find((w) => w.type === 'sum')!.code);
  });

  it('reads an MS Project XML file with summaries and relations', async () => {
    const reply = await uploadSync(
      'task-links.xml',
      await testFile('mspdi/task-links-project2019-mspdi.xml'),
      { recordedDates: 'recalculate', name: 'MS Project' },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { job, version } = reply.body;
    expect(job.report!.read).toMatchObject({ relations: 8, calendars: 1 });
    expect(job.report!.read.activities).toBeGreaterThanOrEqual(16);
    const written = job.report!.written!;
    expect(written.works! + written.summaries!).toBe(job.report!.read.activities);
    expect(version!.name).toBe('MS Project');
    const relations = await relationsOf(version!.id);
    expect(relations).toHaveLength(8);
    expect(new Set(relations.map((r) => r.type))).toEqual(new Set(['fs', 'ss', 'ff', 'sf']));
  });
});

describe('recorded dates that recalculation would move', () => {
  it('waits for the choice, then keeps the recorded dates', async () => {
    const before = await versionCount();
    const job = await upload('PredecessorCalendar.xer', await movedXer());
    const waiting = await waitFor(job.id);
    expect(waiting.state).toBe('awaiting_choice');
    expect(waiting.uploadStatus).toBe('uploading');
    expect(waiting.versionId).toBeNull();
    expect(await versionCount()).toBe(before);
    const moved = waiting.report!.recordedDates.items;
    expect(moved).toContainEqual({
      code: 'A1000',
      name: 'Test',
      field: 'earlyStart',
      recorded: '2019-10-09T00:00',
      calculated: '2019-10-02T00:00',
    });
    await s.ok('POST', `/batch-processing/jobs/${job.id}/recorded-dates`, { choice: 'keep' });
    const done = await waitFor(job.id);
    expect(done.state).toBe('completed');
    expect(done.report!.recordedDates.choice).toBe('keep');
    const [work] = await worksOf(done.versionId!);
    expect(work).toMatchObject({ earlyStart: '2019-10-09T00:00', earlyFinish: '2019-10-09T00:00' });
  });

  it('recalculates when asked to', async () => {
    const job = await upload('PredecessorCalendar.xer', await movedXer());
    await waitFor(job.id);
    await s.ok('POST', `/batch-processing/jobs/${job.id}/recorded-dates`, { choice: 'recalculate' });
    const done = await waitFor(job.id);
    const [work] = await worksOf(done.versionId!);
    expect(work!.earlyStart).not.toBe('2019-10-09T00:00');
    // answering twice is a conflict
    const again = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/batch-processing/jobs/${job.id}/recorded-dates`,
      { choice: 'keep' },
      { token: s.token },
    );
    expect(again.status).toBe(409);
  });

  it('a later calculation of the version uses the options of the file (24-hour lag calendar)', async () => {
    const reply = await uploadSync(
      'TwentyFourHourCalendar.xer',
      await testFile('xer/TwentyFourHourCalendar.xer'),
      { recordedDates: 'recalculate' },
    );
    const versionId = reply.body.version!.id;
    const [v] = await t.sql<{ scheduleOptions: { lagCalendar: string } }>(
      `SELECT "scheduleOptions" FROM versions WHERE id = $1`,
      [versionId],
    );
    expect(v!.scheduleOptions.lagCalendar).toBe('24h');
    const before = await worksOf(versionId);
    await s.ok('POST', `/versions/${versionId}/calculate`);
    expect(await worksOf(versionId)).toEqual(before);
  });
});

describe('bad files and stops leave nothing behind', () => {
  it('a truncated XER fails with the line and no version', async () => {
    const text = (await testFile('xer/PredecessorCalendar.xer')).toString('utf8');
    const broken = text.slice(0, Math.floor(text.length * 0.6));
    const before = await versionCount();
    const job = await upload('broken.xer', broken);
    const failed = await waitFor(job.id);
    expect(failed.state).toBe('failed');
    expect(failed.uploadStatus).toBe('error');
    expect(failed.error!.code).toMatch(/truncated|syntax|missing_value/);
    expect(await versionCount()).toBe(before);

    const sync = await uploadSync('broken.xer', broken);
    expect(sync.status).toBe(400);
    expect(sync.body.error_code).toBe('ValidationError');
    expect(String(sync.body.error_message)).toMatch(/^file: /);
    expect(await versionCount()).toBe(before);
  });

  it('a duplicated activity id is a problem of the report, named with its line, table and field', async () => {
    const text = (await testFile('xer/PredecessorCalendar.xer')).toString('utf8');
    const lines = text.split('\n');
    const task = lines.findIndex((l) => l.startsWith('%T\tTASK'));
    const row = lines.findIndex((l, i) => i > task && l.startsWith('%R'));
    lines.splice(row + 1, 0, lines[row]!);
    const reply = await uploadSync('dup.xer', lines.join('\n'), { recordedDates: 'keep' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.version!.workCount).toBe(1);
    expect(reply.body.job.report!.problems).toContainEqual(
      expect.objectContaining({
        code: 'duplicate_id',
        action: 'ignored',
        line: row + 2,
        table: 'TASK',
        field: 'task_id',
      }),
    );
  });

  it('a refused file is named in Russian too', async () => {
    const text = (await testFile('xer/PredecessorCalendar.xer')).toString('utf8');
    const reply = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/schedules/${scheduleId}/versions/upload/synchronous`,
      undefined,
      {
        token: s.token,
        form: uploadForm('broken.xer', text.slice(0, Math.floor(text.length * 0.6))),
        lang: 'ru',
      },
    );
    expect(reply.status).toBe(400);
    expect(String(reply.body.error_message)).toMatch(/Файл неполный|Файл повреждён|Не заполнено/);
  });

  it('refuses files it cannot read', async () => {
    const reply = await uploadSync('notes.txt', 'hello');
    expect(reply.status).toBe(415);
    const empty = await uploadSync('empty.xer', '');
    expect(empty.status).toBe(400);
  });

  it('stop while queued or running writes nothing', async () => {
    const before = await versionCount();
    const big = generatedXer(20_000);
    const queued = await upload('big.xer', big);
    const stopped = await s.ok<Job>('POST', '/batch-processing/stop', { jobId: queued.id });
    const final = await waitFor(stopped.id);
    expect(final.state).toBe('stopped');

    const running = await upload('big.xer', big);
    await waitFor(running.id, (j) => j.state === 'running' || j.state !== 'queued');
    await s.ok('POST', '/batch-processing/stop', { jobId: running.id });
    const end = await waitFor(running.id);
    expect(end.state, JSON.stringify(end.error)).toBe('stopped');
    expect(end.uploadStatus).toBe('error');
    expect(end.versionId).toBeNull();
    expect(await versionCount()).toBe(before);
    const [orphans] = await t.sql<{ n: string }>(
      `SELECT count(*) AS n FROM works w WHERE "spaceId" = $1 AND NOT EXISTS (SELECT 1 FROM versions v WHERE v.id = w."versionId")`,
      [s.spaceId],
    );
    expect(Number(orphans!.n)).toBe(0);
  }, 120_000);
});

/** A schedule with everything a round trip must keep. */
function richProject(): IxProject {
  const p: IxProject = emptyProject('json', 'p6');
  p.code = 'RT';
  p.name = 'Round trip';
  p.start = '2024-03-04T08:00';
  p.dataDate = '2024-03-11T08:00';
  p.defaultCalendarId = 'std';
  p.calendars = [
    {
      id: 'std',
      name: 'Пятидневка',
      week: STANDARD_WEEK,
      exceptions: [{ date: '2024-03-08', intervals: [] }],
      hoursPerDay: 8,
    },
    {
      id: 'six',
      name: 'Шестидневка',
      week: STANDARD_WEEK.map((d, k) => (k === 5 ? [{ start: '08:00', finish: '13:00' }] : d)),
      exceptions: [{ date: '2024-05-01', intervals: [] }],
      hoursPerDay: 8,
    },
  ];
  p.wbs = [
    { id: 'wbs:1', parentId: null, code: 'K1', name: 'Корпус 1' },
    { id: 'wbs:2', parentId: 'wbs:1', code: 'K1.1', name: 'Каркас' },
  ];
  const act = (
    id: string,
    extra: Partial<IxProject['activities'][number]> = {},
  ): IxProject['activities'][number] => ({
    id,
    code: id,
    name: `Работа ${id}`,
    wbsId: 'wbs:2',
    parentId: null,
    type: 'task',
    calendarId: 'std',
    durationMinutes: 2400,
    recorded: {},
    codes: {},
    udfs: {},
    ...extra,
  });
  p.activities = [
    act('A10', {
      actualStart: '2024-03-04T08:00',
      actualFinish: '2024-03-07T17:00',
      status: 'completed',
      percentComplete: 100,
    }),
    act('A20', { actualStart: '2024-03-07T17:00', status: 'in_progress', remainingMinutes: 1440 }),
    act('A30', { constraint: { type: 'start_on_or_after', date: '2024-03-25T08:00' } }),
    act('A40', { calendarId: 'six', constraint: { type: 'finish_on_or_before', date: '2024-05-31T17:00' } }),
    act('M50', { type: 'finish_milestone', durationMinutes: 0, wbsId: 'wbs:1' }),
  ];
  p.relations = [
    { id: 'r1', predecessorId: 'A10', successorId: 'A20', type: 'fs', lagMinutes: 0 },
    { id: 'r2', predecessorId: 'A20', successorId: 'A30', type: 'ss', lagMinutes: 960 },
    { id: 'r3', predecessorId: 'A30', successorId: 'A40', type: 'fs', lagMinutes: 0 },
    { id: 'r4', predecessorId: 'A40', successorId: 'M50', type: 'ff', lagMinutes: -480 },
  ];
  p.resources = [
    { id: 'res:mason', code: 'RT-MASON', name: 'Каменщик', type: 'labor', calendarId: 'six' },
    { id: 'res:concrete', code: 'RT-CONCRETE', name: 'Бетон', type: 'material', calendarId: null },
  ];
  p.assignments = [
    {
      id: 'as1',
      activityId: 'A10',
      resourceId: 'res:mason',
      plannedUnits: 40,
      actualUnits: 36,
      remainingUnits: 0,
    },
    {
      id: 'as2',
      activityId: 'A20',
      resourceId: 'res:mason',
      plannedUnits: 24,
      actualUnits: 8,
      remainingUnits: 16,
    },
    { id: 'as3', activityId: 'A20', resourceId: 'res:concrete', plannedUnits: 12.5 },
    { id: 'as4', activityId: 'A30', resourceId: 'res:concrete', plannedUnits: 30 },
  ];
  return p;
}

async function assignmentsOf(versionId: string, byName = false) {
  return t.sql<Record<string, unknown>>(
    `SELECT w.${byName ? 'name' : 'code'} AS work, r.code AS resource, r.kind, a."planQuantity" AS plan,
       a."factQuantity" AS fact
     FROM assignments a JOIN works w ON w.id = a."workId" JOIN resources r ON r.id = a."resourceId"
     WHERE a."versionId" = $1 ORDER BY 1, 2`,
    [versionId],
  );
}

describe('export and re-import', () => {
  let sourceId: string;
  beforeAll(async () => {
    const reply = await uploadSync('rich.json', writeJson(richProject()), { name: 'Исходная' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    sourceId = reply.body.version!.id;
  });

  const comparable = (rows: Record<string, unknown>[]) => rows.map(({ parent: _p, ...rest }) => rest);

  it('writes the resources of the file into the directory and its assignments into the version', async () => {
    const reply = await uploadSync('rich.json', writeJson(richProject()));
    expect(reply.body.job.report?.written).toMatchObject({
      resourcesCreated: 0,
      resourcesReused: 2,
      assignments: 4,
    });
    const resources = await t.sql<Record<string, unknown>>(
      `SELECT r.code, r.name, r.kind::text, c.name AS calendar FROM resources r
       LEFT JOIN calendars c ON c.id = r."calendarId" WHERE r."spaceId" = $1 AND r.code LIKE 'RT-%' ORDER BY r.code`,
      [s.spaceId],
    );
    expect(resources).toEqual([
      { code: 'RT-CONCRETE', name: 'Бетон', kind: 'volume', calendar: null },
      { code: 'RT-MASON', name: 'Каменщик', kind: 'labour', calendar: 'Шестидневка' },
    ]);
    expect(await assignmentsOf(sourceId)).toEqual([
      { work: 'A10', resource: 'RT-MASON', kind: 'labour', plan: 40, fact: 36 },
      { work: 'A20', resource: 'RT-CONCRETE', kind: 'volume', plan: 12.5, fact: null },
      { work: 'A20', resource: 'RT-MASON', kind: 'labour', plan: 24, fact: 8 },
      { work: 'A30', resource: 'RT-CONCRETE', kind: 'volume', plan: 30, fact: null },
    ]);
    // an existing resource keeps its kind and name; repeated assignments are added up
    await t.sql(
      `UPDATE resources SET name = 'Бетон B25', kind = 'cost' WHERE "spaceId" = $1 AND code = 'RT-CONCRETE'`,
      [s.spaceId],
    );
    const p = richProject();
    p.resources.push({
      id: 'res:crane',
      code: '',
      name: 'Кран без кода',
      type: 'nonlabor',
      calendarId: null,
    });
    p.assignments.push(
      { id: 'as5', activityId: 'A30', resourceId: 'res:concrete', plannedUnits: 5, actualUnits: 1 },
      { id: 'as6', activityId: 'A40', resourceId: 'res:crane', plannedUnits: 16 },
    );
    const second = await uploadSync('rich2.json', writeJson(p));
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const job = second.body.job;
    expect(job.report?.written).toMatchObject({ resourcesCreated: 1, resourcesReused: 2, assignments: 5 });
    expect(job.report?.skipped).toEqual(
      expect.arrayContaining([expect.objectContaining({ reason: 'assignments_merged', count: 1 })]),
    );
    const rows = await t.sql<Record<string, unknown>>(
      `SELECT w.code AS work, r.name, r.kind::text, a."planQuantity" AS plan, a."factQuantity" AS fact
       FROM assignments a JOIN works w ON w.id = a."workId" JOIN resources r ON r.id = a."resourceId"
       WHERE a."versionId" = $1 AND w.code IN ('A30', 'A40') ORDER BY 1`,
      [second.body.version!.id],
    );
    expect(rows).toEqual([
      { work: 'A30', name: 'Бетон B25', kind: 'cost', plan: 35, fact: 1 },
      { work: 'A40', name: 'Кран без кода', kind: 'labour', plan: 16, fact: null },
    ]);
    // a third import finds the resource without a code by its name
    const third = await uploadSync('rich3.json', writeJson(p));
    expect(third.body.job.report?.written).toMatchObject({ resourcesCreated: 0, resourcesReused: 3 });
    await t.sql(
      `UPDATE resources SET name = 'Бетон', kind = 'volume' WHERE "spaceId" = $1 AND code = 'RT-CONCRETE'`,
      [s.spaceId],
    );
  });

  it.each([
    ['xer', 'rt.xer'],
    ['xml-primavera', 'rt.p6.xml'],
    ['xml', 'rt.xml'],
    ['json', 'rt.json'],
    ['zip', 'rt.takt.zip'],
  ])('%s keeps works, relations, calendars, constraints, progress and dates', async (format, name) => {
    const file = await t.api<Uint8Array>(
      'POST',
      `/space/${s.spaceId}/versions/${sourceId}/export/${format}`,
      undefined,
      { token: s.token },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/attachment/);
    const bytes = file.body instanceof Uint8Array ? file.body : JSON.stringify(file.body);
    const again = await uploadSync(name, bytes, { recordedDates: 'recalculate' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const copyId = again.body.version!.id;
    const source = await worksOf(sourceId);
    const copy = await worksOf(copyId);
    // MS Project files identify tasks by their row number (ID), so codes do not survive them; names do.
    const byName = format === 'xml';
    const tasks = (rows: Record<string, unknown>[]) =>
      comparable(rows.filter((r) => r.type !== 'sum'))
        .map(({ code, ...rest }) => (byName ? rest : { code, ...rest }))
        .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    expect(tasks(copy)).toEqual(tasks(source));
    expect(copy.filter((r) => r.type === 'sum').map((r) => r.name)).toEqual(
      expect.arrayContaining(['Корпус 1', 'Каркас']),
    );
    expect(await relationsOf(copyId, byName)).toEqual(await relationsOf(sourceId, byName));
    // resources are matched by code in the space's directory (none created again), assignments written anew;
    // the XML formats carry planned units only
    expect(again.body.job.report?.written).toMatchObject({
      resourcesCreated: 0,
      resourcesReused: 2,
      assignments: 4,
    });
    const planOnly = format === 'xml' || format === 'xml-primavera';
    const quantities = (rows: Record<string, unknown>[]) =>
      rows.map(({ fact, ...rest }) => (planOnly ? rest : { ...rest, fact }));
    expect(quantities(await assignmentsOf(copyId, byName))).toEqual(
      quantities(await assignmentsOf(sourceId, byName)),
    );
    const calendars = await t.sql<{ name: string; n: number }>(
      `SELECT c.name, count(DISTINCT c.id)::int AS n FROM calendars c WHERE c."spaceId" = $1 GROUP BY c.name`,
      [s.spaceId],
    );
    // identical calendars are reused, not copied on every import
    expect(calendars.filter((c) => ['Пятидневка', 'Шестидневка'].includes(c.name))).toEqual(
      expect.arrayContaining([
        { name: 'Пятидневка', n: 1 },
        { name: 'Шестидневка', n: 1 },
      ]),
    );
  });

  it('a Takt archive also keeps attributes, volumes and attached files', async () => {
    const [attribute] = await t.sql<{ id: string }>(
      `INSERT INTO attributes (id, "spaceId", name, "valueType", "scheduleId", "updatedAt")
       VALUES (gen_random_uuid(), $1, 'Захватка', 'string', $2, now()) RETURNING id`,
      [s.spaceId, scheduleId],
    );
    await t.sql(
      `INSERT INTO attribute_values ("spaceId", "workId", "attributeId", value)
       SELECT $1, id, $2, '"З-1"'::jsonb FROM works WHERE "versionId" = $3 AND code = 'A30'`,
      [s.spaceId, attribute!.id, sourceId],
    );
    await t.sql(
      `UPDATE works SET "planVolume" = 120.5, unit = 'м3' WHERE "versionId" = $1 AND code = 'A40'`,
      [sourceId],
    );
    const attached = new FormData();
    attached.append('file', new Blob([new TextEncoder().encode('акт приёмки')]), 'act.txt');
    await t.api('POST', `/space/${s.spaceId}/storage/schedule/${scheduleId}`, undefined, {
      token: s.token,
      form: attached,
    });
    const file = await t.api<Uint8Array>(
      'POST',
      `/space/${s.spaceId}/versions/${sourceId}/export/zip`,
      undefined,
      {
        token: s.token,
      },
    );
    expect(file.headers.get('content-type')).toBe('application/zip');
    const again = await uploadSync('again.takt.zip', file.body, { recordedDates: 'recalculate' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.job.report).toMatchObject({ files: 1 });
    const copyId = again.body.version!.id;
    const [value] = await t.sql<{ value: string }>(
      `SELECT v.value FROM attribute_values v JOIN works w ON w.id = v."workId" JOIN attributes a ON a.id = v."attributeId"
       WHERE w."versionId" = $1 AND w.code = 'A30' AND a.name = 'Захватка'`,
      [copyId],
    );
    expect(value!.value).toBe('З-1');
    const [a40] = await t.sql(
      `SELECT "planVolume", unit FROM works WHERE "versionId" = $1 AND code = 'A40'`,
      [copyId],
    );
    expect(a40).toEqual({ planVolume: 120.5, unit: 'м3' });
  });

  it.each([
    ['csv', 'grid.csv'],
    ['excel', 'grid.xlsx'],
  ])('%s: the grid as shown comes back through an upload rule', async (format, name) => {
    const columns = ['code', 'name', 'type', 'duration', 'start', 'finish'];
    const file = await t.api<Uint8Array>(
      'POST',
      `/space/${s.spaceId}/versions/${sourceId}/export/${format}`,
      { columns },
      { token: s.token },
    );
    expect(file.status).toBe(200);
    if (format === 'csv') {
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(file.body);
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(text).toContain('Outline level;Code;Name;Type;Duration, d;Start;Finish');
    }
    const rule = {
      name: `Grid ${format}`,
      rowsToSkip: 0,
      mapping: {
        ...(format === 'csv' ? { 'Outline level': 'level' } : {}),
        Code: 'code',
        Name: 'name',
        Type: 'type',
        'Duration, d': 'duration',
        Start: 'start',
        Finish: 'finish',
      },
      dateFormat: 'DD.MM.YYYY',
    };
    const setting = await s.ok<{ id: string }>('POST', '/schedule-import-settings', rule);
    const preview = await t.api<{ importableRows: number; columns: { header: string; field?: string }[] }>(
      'POST',
      `/space/${s.spaceId}/schedule-import-settings/preview`,
      undefined,
      { token: s.token, form: uploadForm(name, file.body, { settingId: setting.id }) },
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.importableRows).toBe(7);
    expect(preview.body.columns.find((c) => c.header === 'Name')?.field).toBe('name');
    const again = await uploadSync(name, file.body, {
      settingId: setting.id,
      format,
      recordedDates: 'recalculate',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.job.report).toMatchObject({ rows: { read: 7, skipped: 0 } });
    const pick = (rows: Record<string, unknown>[]) =>
      rows.map((r) => ({ name: r.name, type: r.type, durationMinutes: r.durationMinutes, parent: r.parent }));
    expect(pick(await worksOf(again.body.version!.id))).toEqual(pick(await worksOf(sourceId)));
  });

  it('a spreadsheet without a rule is refused; a bad cell names its row and column', async () => {
    const csv = 'Code;Name;Start\nA1;Работа;31.02.2024\n';
    const noRule = await uploadSync('plan.csv', csv);
    expect(noRule.status).toBe(400);
    expect(String(noRule.body.error_message)).toMatch(/upload rule/);
    const bad = await uploadSync('plan.csv', csv, {
      rule: {
        rowsToSkip: 0,
        mapping: { Code: 'code', Name: 'name', Start: 'start' },
        dateFormat: 'DD.MM.YYYY',
      },
    });
    expect(bad.status).toBe(400);
    expect(String(bad.body.error_message)).toMatch(/31\.02\.2024/);
  });

  it('calculates a version as a batch job (timetable-calc)', async () => {
    await t.sql(`UPDATE versions SET "calcStatus" = 0 WHERE id = $1`, [sourceId]);
    const job = await s.ok<Job>('POST', '/batch-processing/timetable-calc', { versionId: sourceId });
    const done = await waitFor(job.id);
    expect(done.state).toBe('completed');
    expect(done.report).toMatchObject({ works: 7 });
    const [v] = await t.sql<{ calcStatus: number }>(`SELECT "calcStatus" FROM versions WHERE id = $1`, [
      sourceId,
    ]);
    expect(v!.calcStatus).toBe(1);
    const jobs = await s.ok<Job[]>('GET', '/batch-processing/jobs?kind=calculate');
    expect(jobs.map((j) => j.id)).toContain(job.id);
  });

  it('exports through a job and downloads the stored file', async () => {
    const job = await s.ok<Job>('POST', '/batch-processing/export', { versionId: sourceId, format: 'xml' });
    const done = await waitFor(job.id);
    expect(done.state).toBe('completed');
    const file = await downloadStored(t, s, done.fileId!);
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(file.body)).toContain(
      '<Project xmlns="http://schemas.microsoft.com/project">',
    );
  });

  it('exports a comparison with the base version as the baseline', async () => {
    const other = await s.ok<{ id: string }>('POST', `/schedules/${scheduleId}/versions/create`, {
      name: 'Копия',
      copyFromVersionId: sourceId,
    });
    const comparison = <T = Uint8Array>(format: 'xml' | 'json' | 'excel') =>
      t.api<T>(
        'POST',
        `/space/${s.spaceId}/schedules/versions/export-comparison/${format}`,
        { versionId: sourceId, otherVersionId: other.id },
        { token: s.token },
      );
    const file = await comparison('xml');
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(file.body)).toContain('<Baseline>');
    const json = await comparison<{ works: { added: unknown[] } }>('json');
    expect(json.status).toBe(200);
    expect(json.body.works.added).toEqual([]);
    const xlsx = await comparison('excel');
    expect(xlsx.status).toBe(200);
    expect([...xlsx.body.subarray(0, 2)]).toEqual([0x50, 0x4b]);
  });
});

describe('upload rules, stored files and permissions', () => {
  it('keeps rules with unique names per space and refuses stale edits', async () => {
    const rules = (await s.ok<unknown[]>('GET', '/schedule-import-settings')).length;
    const rule = {
      name: 'Смета',
      rowsToSkip: 2,
      mapping: { A: 'code', B: 'name' },
      dateFormat: 'DD.MM.YYYY',
    };
    const created = await s.ok<{ id: string; revision: number }>('POST', '/schedule-import-settings', rule);
    const dup = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/schedule-import-settings`,
      { ...rule, name: 'смета' },
      { token: s.token },
    );
    expect(dup.status).toBe(400);
    expect(String(dup.body.error_message)).toMatch(/already exists/);
    const updated = await s.ok<{ rowsToSkip: number; revision: number }>(
      'PATCH',
      `/schedule-import-settings/${created.id}`,
      { revision: created.revision, rowsToSkip: 3 },
    );
    expect(updated.rowsToSkip).toBe(3);
    const stale = await t.api(
      'PATCH',
      `/space/${s.spaceId}/schedule-import-settings/${created.id}`,
      { revision: created.revision, rowsToSkip: 4 },
      { token: s.token },
    );
    expect(stale.status).toBe(409);
    expect(await s.ok<unknown[]>('GET', '/schedule-import-settings')).toHaveLength(rules + 1);
    await s.ok('DELETE', `/schedule-import-settings/${created.id}`);
    expect(await s.ok<unknown[]>('GET', '/schedule-import-settings')).toHaveLength(rules);
  });

  it('lists the uploaded files of the schedule and serves them', async () => {
    const files = await s.ok<{ id: string; name: string; size: number }[]>(
      'GET',
      `/storage/schedule/${scheduleId}`,
    );
    const xer = files.find((f) => f.name === 'PredecessorCalendar.xer')!;
    const bytes = await downloadStored(t, s, xer.id);
    expect(bytes.body.byteLength).toBe(xer.size);
  });

  it('deleting a schedule (or the project above it) removes the bytes of its stored files too', async () => {
    const facility = await s.ok<{ id: string }>('POST', '/eps', { kind: 'facility', name: 'Снос' });
    const project = await s.ok<{ id: string }>('POST', '/eps', {
      kind: 'project',
      name: 'Корпус',
      parentId: facility.id,
    });
    const doomed = await s.ok<{ id: string }>('POST', '/eps', {
      kind: 'schedule',
      name: 'Удаляемый',
      parentId: project.id,
    });
    const reply = await t.api(
      'POST',
      `/space/${s.spaceId}/schedules/${doomed.id}/versions/upload/synchronous`,
      undefined,
      {
        token: s.token,
        form: uploadForm('doomed.json', writeJson(richProject())),
      },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const keys = (
      await t.sql<{ key: string }>(`SELECT key FROM stored_files WHERE "scheduleId" = $1`, [doomed.id])
    ).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    const files = t.server.services.files;
    for (const key of keys) expect(await files.get(key)).not.toBeNull();
    // a file of another schedule stays
    const [other] = await t.sql<{ key: string }>(
      `SELECT key FROM stored_files WHERE "scheduleId" = $1 LIMIT 1`,
      [scheduleId],
    );
    const gone = await t.api('DELETE', `/space/${s.spaceId}/eps/${project.id}?confirm=true`, undefined, {
      token: s.token,
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await t.sql(`SELECT 1 FROM stored_files WHERE "scheduleId" = $1`, [doomed.id])).toEqual([]);
    for (const key of keys) expect(await files.get(key)).toBeNull();
    expect(await files.get(other!.key)).not.toBeNull();
  });

  it('a viewer can neither import nor export', async () => {
    const viewer = await spaceMember(t, s, 'import-viewer', 'viewer');
    const denied = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/schedules/${scheduleId}/versions/upload`,
      undefined,
      { token: viewer.token, form: uploadForm('a.xer', await testFile('xer/PredecessorCalendar.xer')) },
    );
    expect(denied.status).toBe(403);
    const [v] = await t.sql<{ id: string }>(`SELECT id FROM versions WHERE "scheduleId" = $1 LIMIT 1`, [
      scheduleId,
    ]);
    const exportDenied = await t.api('POST', `/space/${s.spaceId}/versions/${v!.id}/export/xer`, undefined, {
      token: viewer.token,
    });
    expect(exportDenied.status).toBe(403);
  });
});

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImportProblem } from '@takt/contracts';
import {
  PROBLEM_XER_RELATIONS,
  PROBLEM_XER_TASKS,
  type SmallXerRelation,
  type SmallXerTask,
  smallXer,
} from '@takt/interchange/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Failure, importCalls, scheduleWithVersion, spaceForFile, uploadForm } from './fixtures';

const TESTDATA = join(import.meta.dirname, '../../../../shared/testdata');
/** A shared sample with one text replaced (the replacement must happen). */
async function patched(path: string, from: string, to: string): Promise<string> {
  const text = (await readFile(join(TESTDATA, path))).toString('utf8');
  const out = text.replace(from, to);
  if (out === text) throw new Error(`the sample ${path} changed: "${from}" not found`);
  return out;
}

interface Job {
  id: string;
  state: string;
  versionId: string | null;
  error: { code: string } | null;
  report: {
    read: Record<string, number>;
    written: Record<string, number> | null;
    problems?: ImportProblem[];
    problemCount?: number;
    encoding?: { chosen: string; used: string };
    recordedDates: { moved: number; choice: string | null };
  } | null;
}

const { t, s } = spaceForFile('problems', 'Problems');
let scheduleId: string;

beforeAll(async () => {
  ({ scheduleId } = await scheduleWithVersion(s.ok));
});

// ── a small XER of our own ───────────────────────────────────────────────────────────────────────

type Task = SmallXerTask;
type Relation = SmallXerRelation;

/** A one-project XER with a standard calendar, one WBS node, the given activities and relations. */
const xer = (tasks: Task[], relations: Relation[] = [], withProject = true) =>
  smallXer(withProject ? 'RAIL' : null, tasks, relations);

/** The 1-based line of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string) => text.split('\r\n').findIndex((l) => l.includes(needle)) + 1;

// ── calls ────────────────────────────────────────────────────────────────────────────────────────

const { upload, uploadSync, waitFor } = importCalls<
  Job,
  { job: Job; version: { id: string } | null } & Failure
>(() => ({ t, s, scheduleId }));

const worksOf = (versionId: string) =>
  t.sql<{ code: string; name: string }>(
    `SELECT code, name FROM works WHERE "versionId" = $1 AND type <> 'sum' ORDER BY code`,
    [versionId],
  );

/** Rows an import writes in the space: versions, works, relations, calendars, attributes. */
async function written() {
  const [row] = await t.sql<Record<string, string>>(
    `SELECT (SELECT count(*) FROM versions WHERE "spaceId" = $1) AS versions,
       (SELECT count(*) FROM works WHERE "spaceId" = $1) AS works,
       (SELECT count(*) FROM relations WHERE "spaceId" = $1) AS relations,
       (SELECT count(*) FROM calendars WHERE "spaceId" = $1) AS calendars`,
    [s.spaceId],
  );
  return row;
}

// ── tests ────────────────────────────────────────────────────────────────────────────────────────

describe('an upload with problems in the file', () => {
  it('succeeds, writes what could be read and lists each problem with its place and what Takt did', async () => {
    const text = xer(PROBLEM_XER_TASKS, PROBLEM_XER_RELATIONS);
    const reply = await uploadSync('rail.xer', text);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { job, version } = reply.body;
    expect(job.state).toBe('completed');
    expect((await worksOf(version!.id)).map((w) => w.code)).toEqual(['A1000', 'A1010', 'A1020']);
    expect(job.report!.written!.relations).toBe(1);

    const problems = job.report!.problems!;
    expect(job.report!.problemCount).toBe(problems.length);
    const at = (field: string) => problems.find((p) => p.field === field);
    expect(at('target_drtn_hr_cnt')).toMatchObject({
      table: 'TASK',
      line: lineOf(text, '\t5469776\t'),
      value: '5469776',
    });
    expect(at('cstr_type')).toMatchObject({
      code: 'unknown_value',
      action: 'ignored',
      table: 'TASK',
      line: lineOf(text, 'CS_Whenever'),
      value: 'CS_Whenever',
    });
    expect(at('pred_task_id')).toMatchObject({
      action: 'ignored',
      table: 'TASKPRED',
      line: lineOf(text, '\t5002\t'),
      value: '9999',
    });
    for (const p of problems) expect(p.message.length).toBeGreaterThan(0);
    expect(job.report!.encoding).toEqual({ chosen: 'auto', used: 'utf-8' });
  });

  it('reads a Windows-1252 file by itself, and a forced encoding survives the recorded-dates choice', async () => {
    const tasks: Task[] = [{ task_id: '2001', task_code: 'B100', task_name: 'Rückfahrt Süd' }];
    // Latin-1 bytes are Windows-1252 for every letter used here (ü = 0xFC).
    const bytes = Buffer.from(xer(tasks), 'latin1');
    const detected = await uploadSync('west.xer', bytes);
    expect(detected.status, JSON.stringify(detected.body)).toBe(200);
    expect((await worksOf(detected.body.version!.id))[0]!.name).toBe('Rückfahrt Süd');
    expect(detected.body.job.report!.encoding).toEqual({ chosen: 'auto', used: 'windows-1252' });

    // The same bytes forced as Cyrillic, with recorded dates a recalculation moves: the job stops for the
    // choice, and its second reading (after "keep") uses the encoding chosen at the upload.
    const moved = Buffer.from(
      xer([{ ...tasks[0]!, early_start_date: '2024-01-22 08:00', early_end_date: '2024-01-23 17:00' }]),
      'latin1',
    );
    const job = await upload('west.xer', moved, { encoding: 'windows-1251' });
    const waiting = await waitFor(job.id);
    expect(waiting.state).toBe('awaiting_choice');
    await s.ok('POST', `/batch-processing/jobs/${job.id}/recorded-dates`, { choice: 'keep' });
    const done = await waitFor(job.id);
    expect(done.state, JSON.stringify(done.error)).toBe('completed');
    expect(done.report!.encoding).toEqual({ chosen: 'windows-1251', used: 'windows-1251' });
    expect((await worksOf(done.versionId!))[0]!.name).toBe('Rьckfahrt Sьd');
  });

  it('lists at most 200 problems and counts them all', async () => {
    const dangling = Array.from({ length: 250 }, (_, i) => ({
      id: String(6000 + i),
      task: '1001',
      pred: String(8000 + i),
    }));
    const reply = await uploadSync('many.xer', xer(PROBLEM_XER_TASKS.slice(0, 1), dangling));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.job.report!.problems).toHaveLength(200);
    expect(reply.body.job.report!.problemCount).toBe(250);
    expect(reply.body.job.report!.problems![199]!.value).toBe('8199');
  });

  it('lists the problems of P6 XML and MS Project XML files too', async () => {
    const pmxml = await uploadSync(
      'p6.xml',
      await patched(
        'p6xml/PredecessorCalendar.xml',
        '<RelationshipLagCalendar>Predecessor Activity Calendar<',
        '<RelationshipLagCalendar>Moon Calendar<',
      ),
      { recordedDates: 'keep' },
    );
    expect(pmxml.status, JSON.stringify(pmxml.body)).toBe(200);
    expect(pmxml.body.job.report!.problems).toContainEqual(
      expect.objectContaining({ table: 'Project', field: 'RelationshipLagCalendar', value: 'Moon Calendar' }),
    );
    const mspdi = await uploadSync(
      'project.xml',
      await patched('mspdi/task-links-project2019-mspdi.xml', '<PredecessorUID>1<', '<PredecessorUID>999<'),
      { recordedDates: 'keep' },
    );
    expect(mspdi.status, JSON.stringify(mspdi.body)).toBe(200);
    expect(mspdi.body.job.report!.problems).toContainEqual(
      expect.objectContaining({
        table: 'PredecessorLink',
        field: 'PredecessorUID',
        value: '999',
        action: 'ignored',
      }),
    );
    expect(mspdi.body.job.report!.problemCount).toBe(mspdi.body.job.report!.problems!.length);
  });

  it('refuses an encoding it does not know with a translated 400', async () => {
    const text = xer(PROBLEM_XER_TASKS.slice(0, 1));
    const en = await uploadSync('a.xer', text, { encoding: 'latin-9' });
    expect(en.status).toBe(400);
    expect(en.body.error_code).toBe('ValidationError');
    expect(String(en.body.error_message)).toContain('Choose one of the encodings');
    const ru = await uploadSync('a.xer', text, { encoding: 'latin-9' }, 'ru');
    expect(ru.status).toBe(400);
    expect(String(ru.body.error_message)).toContain('Выберите одну из кодировок');
    const queued = await t.api<Failure>(
      'POST',
      `/space/${s.spaceId}/schedules/${scheduleId}/versions/upload`,
      undefined,
      { token: s.token, form: uploadForm('a.xer', text, { encoding: 'utf-16' }) },
    );
    expect(queued.status).toBe(400);
  });
});

describe('a refused file leaves nothing behind', () => {
  it('a file with nothing schedulable fails, synchronously or as a job, and writes nothing', async () => {
    const before = await written();
    const noProject = xer(PROBLEM_XER_TASKS, PROBLEM_XER_RELATIONS, false);
    const sync = await uploadSync('empty.xer', noProject);
    expect(sync.status).toBe(400);
    expect(sync.body.error_code).toBe('ValidationError');

    const job = await upload('empty.xer', xer([]));
    const failed = await waitFor(job.id);
    expect(failed.state).toBe('failed');
    expect(failed.versionId).toBeNull();
    expect(await written()).toEqual(before);
  });
});

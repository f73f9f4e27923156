import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Minutes, RESULT_WORK_ARRAYS, timeToIso } from '@takt/engine';
import {
  type Calculated,
  decodeBinaryPayload,
  type EditCommand,
  type EditPlan,
  EditRefused,
  hasDate,
  previewEdit,
  type ScheduleDocument,
  type SummaryRollUps,
  WhatIf,
} from '@takt/schedule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyDate } from '../src/db/time';
import { importedVersion, scheduleWithVersion, spaceForFile, trpcMutation } from './fixtures';
import { type Rng, rng } from './procedure-inputs';

/**
 * One schedule model for browser and server: a real P6 XER and a real MS Project file are imported,
 * then a pinned-seed sequence of random edits (moves, resizes, durations, links, unlinks) is saved one
 * command at a time with `works.applyEdit`. Before each save, `@takt/schedule` previews the edit from the
 * binary payload the browser loads; after it, the payload the server then serves must hold exactly the
 * previewed calculation, field by field — and each save must be one undo action.
 */
const TESTDATA = join(import.meta.dirname, '../../../../shared/testdata');
const SEED = 20_261_127;
const EDITS_PER_FILE = 40;
const DAY = 1440;

const { t, s } = spaceForFile('edit-owner', 'Правки');

interface Saved {
  versionRevision: number;
  calculated: boolean;
}

const applyEdit = (versionId: string, revision: number, commands: EditCommand[]) =>
  trpcMutation<Saved>(t, s.token, 'works.applyEdit', { spaceId: s.spaceId, versionId, revision, commands });

async function payload(versionId: string): Promise<ScheduleDocument> {
  const reply = await t.api<Uint8Array>(
    'GET',
    `/space/${s.spaceId}/versions/${versionId}/payload-binary`,
    undefined,
    {
      token: s.token,
    },
  );
  expect(reply.status).toBe(200);
  return decodeBinaryPayload(reply.body);
}

async function undoCount(versionId: string): Promise<number> {
  const [row] = await t.sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM undo_actions WHERE "versionId" = $1 AND "appliedAt" IS NULL`,
    [versionId],
  );
  return row!.n;
}

async function importFile(file: string): Promise<string> {
  const { scheduleId } = await scheduleWithVersion(s.ok);
  const bytes = new Uint8Array(await readFile(join(TESTDATA, file)));
  return importedVersion(t, s, scheduleId, file.split('/').pop()!, bytes);
}

/** Rows a planner can drag: dated, not started, not a summary or a draft. */
function draggable(doc: ScheduleDocument): number[] {
  const rows: number[] = [];
  for (let i = 0; i < doc.count; i++) {
    const type = doc.enums.type[doc.type[i]!];
    if (type === 'sum' || type === 'draft') continue;
    if (!hasDate(doc.planStart[i]) || !hasDate(doc.planFinish[i]) || hasDate(doc.factStart[i])) continue;
    rows.push(i);
  }
  return rows;
}

const day = (minutes: number, days: number) => timeToIso((minutes + days * DAY) as Minutes);

/** One random edit of a version, as a drag, a typed duration or a link drawn or deleted would make it. */
function randomCommand(doc: ScheduleDocument, random: Rng): EditCommand {
  const rows = draggable(doc);
  const own: number[] = [];
  for (let k = 0; k < doc.relations.count; k++) if (doc.relations.predecessor[k]! >= 0) own.push(k);
  const kinds = ['move', 'move', 'resize', 'resize', 'duration', 'link', 'link', 'unlink'] as const;
  const kind = own.length ? random.pick(kinds) : random.pick(kinds.slice(0, -1));
  const row = random.pick(rows);
  const workId = doc.ids[row]!;
  switch (kind) {
    case 'move':
      return { kind, workId, start: day(doc.planStart[row]!, random.int(21) - 7) };
    case 'resize': {
      const edge = random.next() < 0.5 ? 'start' : 'finish';
      const from = edge === 'start' ? doc.planStart[row]! : doc.planFinish[row]!;
      return { kind, workId, edge, date: day(from, random.int(11) - 5) };
    }
    case 'duration':
      return { kind, workId, durationMinutes: 60 * random.int(60) };
    case 'link': {
      let other = random.pick(rows);
      if (other === row) other = rows[(rows.indexOf(row) + 1) % rows.length]!;
      return {
        kind,
        predecessorId: workId,
        successorId: doc.ids[other]!,
        type: random.pick(['fs', 'ss', 'ff', 'sf'] as const),
        lagMinutes: 60 * (random.int(25) - 8),
      };
    }
    case 'unlink': {
      const k = random.pick(own);
      const r = doc.relations;
      return {
        kind,
        predecessorId: doc.ids[r.predecessor[k]!]!,
        successorId: doc.ids[r.successor[k]!]!,
        type: doc.enums.linkType[r.type[k]!]!,
      };
    }
  }
}

/** The relations of a document as comparable rows (the stored order is the database's). */
function relationRows(doc: ScheduleDocument, driving: (k: number) => number) {
  const r = doc.relations;
  const out: string[] = [];
  for (let k = 0; k < r.count; k++)
    out.push(
      [doc.ids[r.predecessor[k]!], doc.ids[r.successor[k]!], r.type[k], r.lagMinutes[k], driving(k)].join(
        ' ',
      ),
    );
  return out.sort();
}

/** The saved version holds the previewed edit and its calculation, field by field. */
function expectSaved(
  after: ScheduleDocument,
  before: ScheduleDocument,
  expected: Calculated & { plan: EditPlan; rolled: SummaryRollUps },
) {
  const doc = expected.plan.document;
  const r = expected.result;
  const rolled = expected.rolled;
  expect(after.ids).toEqual(before.ids);
  for (let i = 0; i < after.count; i++) {
    const at = `${after.ids[i]} (row ${i})`;
    const dated = hasDate(r.earlyStart[i]);
    const fields = (d: ScheduleDocument) => ({
      durationMinutes: d.durationMinutes[i],
      startLimit: d.startLimit[i],
      startLimitDate: d.startLimitDate[i],
      finishLimit: d.finishLimit[i],
      finishLimitDate: d.finishLimitDate[i],
    });
    // A summary's duration, progress and status are its works' roll-up over the new dates.
    expect(fields(after), at).toEqual({ ...fields(doc), durationMinutes: rolled.durationMinutes[i] });
    expect([after.progress[i], after.status[i]], at).toEqual([rolled.progress[i], rolled.status[i]]);
    expect(
      {
        earlyStart: after.earlyStart[i],
        earlyFinish: after.earlyFinish[i],
        lateStart: after.lateStart[i],
        lateFinish: after.lateFinish[i],
        totalFloat: after.totalFloat[i],
        freeFloat: after.freeFloat[i],
        critical: after.critical[i],
        planStart: after.planStart[i],
        planFinish: after.planFinish[i],
      },
      at,
    ).toEqual({
      earlyStart: r.earlyStart[i],
      earlyFinish: r.earlyFinish[i],
      lateStart: r.lateStart[i],
      lateFinish: r.lateFinish[i],
      // Without dates the server stores no float (the payload's 0) and keeps the planned dates.
      totalFloat: dated ? r.totalFloat[i] : 0,
      freeFloat: dated ? r.freeFloat[i] : 0,
      critical: r.critical[i],
      planStart: dated ? r.earlyStart[i] : before.planStart[i],
      planFinish: dated ? r.earlyFinish[i] : before.planFinish[i],
    });
  }
  const drivingOf = new Map<number, number>();
  for (const [j, k] of expected.input.relationRows.entries()) drivingOf.set(k, r.relationDriving[j]!);
  expect(relationRows(after, (k) => after.relations.driving[k]!)).toEqual(
    relationRows(doc, (k) => drivingOf.get(k) ?? doc.relations.driving[k]!),
  );
}

/** What the package says saving these commands does: the calculation, or the refusal the server must answer with. */
function preview(doc: ScheduleDocument, commands: EditCommand[]) {
  try {
    return { ok: previewEdit(doc, commands, keyDate()) };
  } catch (error) {
    if (error instanceof EditRefused) return { refused: error.code };
    if ((error as { name?: string }).name === 'EngineError') return { refused: 'CalculationError' as const };
    throw error;
  }
}

async function randomEdits(versionId: string, random: Rng) {
  let saved = 0;
  let refused = 0;
  let optionsMattered = 0;
  for (let step = 0; step < EDITS_PER_FILE; step++) {
    const before = await payload(versionId);
    const commands = [randomCommand(before, random)];
    const expected = preview(before, commands);
    const undos = await undoCount(versionId);
    const reply = await applyEdit(versionId, before.versionRevision, commands);
    const what = `step ${step}: ${JSON.stringify(commands)}`;
    if (!expected.ok) {
      // Refused as the preview refuses it, with nothing written.
      expect(reply.status, what).toBeGreaterThanOrEqual(400);
      expect(reply.status, what).toBeLessThan(500);
      expect(reply.error?.data?.error_code, what).toBe(expected.refused);
      expect((await payload(versionId)).versionRevision, what).toBe(before.versionRevision);
      expect(await undoCount(versionId), what).toBe(undos);
      refused++;
      continue;
    }
    expect(reply.status, `${what}: ${JSON.stringify(reply.error)}`).toBe(200);
    expect(reply.result!.calculated).toBe(true);
    // The incremental what-if of a drag computes the same as the full preview.
    const live = new WhatIf(before, keyDate()).preview(commands);
    for (const name of [
      'earlyStart',
      'earlyFinish',
      'lateStart',
      'lateFinish',
      'totalFloat',
      'critical',
    ] as const)
      expect([...live[name]], `${what}: live ${name}`).toEqual([...expected.ok.result[name]]);
    const after = await payload(versionId);
    expect(after.versionRevision).toBe(reply.result!.versionRevision);
    expect(after.versionRevision).toBe(before.versionRevision + 1);
    expectSaved(after, before, expected.ok);
    expect(await undoCount(versionId), what).toBe(undos + 1);
    saved++;
    // Would the engine's default options have computed something else?
    const plain = preview({ ...before, scheduling: { ...before.scheduling, options: {} } }, commands).ok;
    if (
      !plain ||
      RESULT_WORK_ARRAYS.some((name) => `${plain.result[name]}` !== `${expected.ok.result[name]}`)
    )
      optionsMattered++;
  }
  return { saved, refused, optionsMattered };
}

describe('an edit saved as one command computes what the browser previewed', () => {
  let saved = 0;
  let refused = 0;
  let optionsMattered = 0;
  afterAll(() => {
    console.log(
      `schedule edits: ${saved + refused} random edits checked against the browser's preview ` +
        `(${saved} saved and equal field by field, ${refused} refused as the preview refused them; ` +
        `the version's own scheduling options changed the outcome of ${optionsMattered})`,
    );
  });

  it('a P6 XER: lags on a 24-hour calendar, a second calendar, a started work', async () => {
    const versionId = await importFile('xer/TwentyFourHourCalendar.xer');
    const imported = await payload(versionId);
    // The file's own options travel with the version: lags counted round the clock, P6's late dates…
    expect(imported.scheduling.options).toMatchObject({
      lagCalendar: '24h',
      crossCalendarLate: 'previous_finish',
    });
    expect(imported.calendars.map((c) => c.name)).toContain('5 Day');
    expect(hasDate(imported.scheduling.dataDate)).toBe(true);
    // The file has one finished activity: a network on two calendars gives the edits something to move.
    const v = `/versions/${versionId}`;
    const sixDays = await s.ok<{ id: string }>('POST', '/calendars', {
      name: 'Шестидневка',
      week: [0, 1, 2, 3, 4, 5, 6].map((d) => (d < 6 ? [{ start: '07:00', finish: '15:00' }] : [])),
      hoursPerDay: 8,
      exceptions: [{ date: '2019-10-14', intervals: [] }],
    });
    const works: { id: string; revision: number }[] = [];
    for (let i = 0; i < 9; i++)
      works.push(
        await s.ok('POST', `${v}/wbs`, {
          name: `Работа ${i + 1}`,
          code: `N${i + 1}`,
          durationMinutes: 480 * (1 + (i % 3)),
          ...(i % 3 === 1 ? { calendarId: sixDays.id } : {}),
        }),
      );
    // Started before the data date with 40 % done: what remains is scheduled from the data date.
    await s.ok('PATCH', `${v}/wbs/${works[0]!.id}`, {
      revision: works[0]!.revision,
      factStart: '2019-09-30T08:00',
      progress: 40,
    });
    for (let i = 1; i < 9; i++)
      await s.ok('POST', `${v}/relations`, {
        predecessorId: works[i === 5 ? 2 : i - 1]!.id,
        successorId: works[i]!.id,
        type: i === 6 ? 'ss' : 'fs',
        lagMinutes: i % 2 ? 600 : 0,
      });
    await s.ok('POST', `${v}/calculate`, {});
    const counts = await randomEdits(versionId, rng(SEED));
    expect(counts.saved).toBeGreaterThan(EDITS_PER_FILE / 2);
    // The version's own options changed the outcome of these edits: ignoring them would show.
    expect(counts.optionsMattered).toBeGreaterThan(EDITS_PER_FILE / 4);
    saved += counts.saved;
    refused += counts.refused;
    optionsMattered += counts.optionsMattered;
  });

  it('an MS Project file: links of every type, lags on the successor’s calendar', async () => {
    const versionId = await importFile('mspdi/task-links-project2019-mspdi.xml');
    const imported = await payload(versionId);
    expect(imported.scheduling.options).toMatchObject({
      lagCalendar: 'successor',
      manualStartLinks: 'ignore',
    });
    expect(imported.relations.count).toBe(8);
    // Every other task on a night-shift calendar: a lag counts on its successor's calendar.
    const nights = await s.ok<{ id: string }>('POST', '/calendars', {
      name: 'Ночная смена',
      week: [0, 1, 2, 3, 4, 5, 6].map((d) => (d < 5 ? [{ start: '20:00', finish: '04:00' }] : [])),
      hoursPerDay: 8,
    });
    const tasks = draggable(imported).filter((_, k) => k % 2 === 1);
    await s.ok('PATCH', `/versions/${versionId}/wbs/bulk`, {
      works: tasks.map((row) => ({ workId: imported.ids[row], revision: imported.revision[row] })),
      set: { calendarId: nights.id },
    });
    await s.ok('POST', `/versions/${versionId}/calculate`, {});
    const counts = await randomEdits(versionId, rng(SEED + 1));
    expect(counts.saved).toBeGreaterThan(EDITS_PER_FILE / 2);
    expect(counts.optionsMattered).toBeGreaterThan(0);
    saved += counts.saved;
    refused += counts.refused;
    optionsMattered += counts.optionsMattered;
  });
});

describe('a refused edit', () => {
  let versionId: string;
  let doc: ScheduleDocument;
  beforeAll(async () => {
    versionId = await importFile('mspdi/task-links-project2019-mspdi.xml');
    doc = await payload(versionId);
  });
  const work = () => doc.ids[draggable(doc)[0]!]!;

  it('answers a stale revision with Conflict and writes nothing', async () => {
    const reply = await applyEdit(versionId, doc.versionRevision - 1, [
      { kind: 'duration', workId: work(), durationMinutes: 960 },
    ]);
    expect(reply.status).toBe(409);
    expect(reply.error?.data?.error_code).toBe('Conflict');
    expect((await payload(versionId)).versionRevision).toBe(doc.versionRevision);
  });

  it('answers bad input with the catalogue’s 4xx', async () => {
    const stranger = '00000000-0000-4000-8000-000000000000';
    const missing = await applyEdit(versionId, doc.versionRevision, [
      { kind: 'duration', workId: stranger, durationMinutes: 960 },
    ]);
    expect([missing.status, missing.error?.data?.error_code]).toEqual([404, 'NotFound']);
    const negative = await applyEdit(versionId, doc.versionRevision, [
      { kind: 'duration', workId: work(), durationMinutes: -1 },
    ]);
    expect([negative.status, negative.error?.data?.error_code]).toEqual([400, 'ValidationError']);
    expect(negative.error?.data?.issues).toEqual([
      expect.objectContaining({ path: 'commands.0.durationMinutes', message: 'validation.out_of_range' }),
    ]);
    const self = await applyEdit(versionId, doc.versionRevision, [
      { kind: 'link', predecessorId: work(), successorId: work(), type: 'fs', lagMinutes: 0 },
    ]);
    expect([self.status, self.error?.data?.error_code]).toEqual([400, 'ValidationError']);
    const none = await applyEdit(versionId, doc.versionRevision, []);
    expect([none.status, none.error?.data?.error_code]).toEqual([400, 'ValidationError']);
    expect(await undoCount(versionId)).toBe(0);
  });

  it('refuses a locked version', async () => {
    await s.ok('POST', `/versions/${versionId}/setLocked`, { locked: true });
    const reply = await applyEdit(versionId, (await payload(versionId)).versionRevision, [
      { kind: 'duration', workId: work(), durationMinutes: 960 },
    ]);
    expect([reply.status, reply.error?.data?.error_code]).toEqual([409, 'VersionLocked']);
    await s.ok('POST', `/versions/${versionId}/setLocked`, { locked: false });
  });
});

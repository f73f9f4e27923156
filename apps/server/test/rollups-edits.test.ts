import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeBinaryPayload, type ProgressWeighting, patchWork, type WorkRecordPatch } from '@takt/schedule';
import { describe, expect, it } from 'vitest';
import { scheduleWithVersion, spaceForFile, trpcMutation } from './fixtures';

const { t, s } = spaceForFile('rollups-edits', 'Сводные');

const DAY = 480;

interface Work {
  id: string;
  revision: number;
}

interface Stored {
  progress: number;
  status: string;
  planVolume: number | null;
  approvedStart: string | null;
  approvedFinish: string | null;
  approvedVolume: number | null;
}

/** A summary with two works under it (2 and 4 days, volumes in m³), and the calls the tests make. */
async function summaryWithTwoWorks() {
  const { v, versionId } = await scheduleWithVersion(s.ok);
  const summary = await s.ok<Work>('POST', `${v}/wbs`, { name: 'Каркас' });
  const first = await s.ok<Work>('POST', `${v}/wbs`, {
    name: 'Опалубка',
    parentId: summary.id,
    durationMinutes: 2 * DAY,
    planVolume: 10,
    unit: 'м³',
  });
  const second = await s.ok<Work>('POST', `${v}/wbs`, {
    name: 'Бетон',
    parentId: summary.id,
    durationMinutes: 4 * DAY,
    planVolume: 30,
    unit: 'м³',
  });
  const stored = async (id = summary.id) =>
    (
      await t.sql<Stored>(
        `SELECT progress, status::text, "planVolume", to_char("approvedStart", 'YYYY-MM-DD') AS "approvedStart",
           to_char("approvedFinish", 'YYYY-MM-DD') AS "approvedFinish", "approvedVolume"
         FROM works WHERE id = $1`,
        [id],
      )
    )[0]!;
  const revision = async (id: string) =>
    (await t.sql<{ revision: number }>(`SELECT revision FROM works WHERE id = $1`, [id]))[0]!.revision;
  const edit = async (id: string, fields: Record<string, unknown>) =>
    s.ok<WorkRecordPatch>('PATCH', `${v}/wbs/${id}`, { revision: await revision(id), ...fields });
  const undo = () => s.ok('POST', `${v}/undo-actions`, {});
  const redo = () => s.ok('POST', `${v}/redo`, {});
  return { v, versionId, summary, first, second, stored, edit, undo, redo };
}

/**
 * Summaries stay rolled up after every change of their works, not only after a grid edit or a
 * calculation (docs/product-rules.md, "Summary roll-ups"): undo and redo, deletes and moves in the tree,
 * and the approved plan.
 */
describe('summary roll-ups kept current', () => {
  it('undo and redo of a work progress edit roll its summary back and forth', async () => {
    const { second, stored, edit, undo, redo } = await summaryWithTwoWorks();
    await edit(second.id, { progress: 50, status: 'in_progress' });
    // By duration: 4 of 6 days half done.
    const edited = await stored();
    expect(edited).toMatchObject({ status: 'in_progress' });
    expect(edited.progress).toBeCloseTo(33.33, 2);

    await undo();
    expect(await stored()).toMatchObject({ progress: 0, status: 'not_started' });
    await redo();
    const redone = await stored();
    expect(redone.status).toBe('in_progress');
    expect(redone.progress).toBeCloseTo(33.33, 2);
  });

  it('undo of a duration and of a volume edit, a delete and its undo, a move out and its undo', async () => {
    const { v, first, second, stored, edit, undo } = await summaryWithTwoWorks();
    await edit(first.id, { progress: 100, status: 'completed' });
    expect((await stored()).progress).toBeCloseTo(33.33, 2);
    // The completed work twice as long: 4 of 8 days done.
    await edit(first.id, { durationMinutes: 4 * DAY });
    expect((await stored()).progress).toBe(50);
    await undo();
    expect((await stored()).progress).toBeCloseTo(33.33, 2);

    await edit(second.id, { planVolume: 50 });
    expect((await stored()).planVolume).toBe(60);
    await undo();
    expect((await stored()).planVolume).toBe(40);

    // The unfinished work deleted: what is left is done.
    await s.ok('POST', `${v}/wbs/delete`, { workIds: [second.id] });
    expect(await stored()).toMatchObject({ progress: 100, status: 'completed', planVolume: 10 });
    await undo();
    expect(await stored()).toMatchObject({ status: 'in_progress', planVolume: 40 });

    // The finished work moved out of the summary: it no longer counts there.
    await s.ok('PATCH', `${v}/wbs/${first.id}/move`, {
      revision: (
        await t.sql<{ revision: number }>(`SELECT revision FROM works WHERE id = $1`, [first.id])
      )[0]!.revision,
      parentId: null,
    });
    expect(await stored()).toMatchObject({ progress: 0, status: 'not_started', planVolume: 30 });
    await undo();
    expect(await stored()).toMatchObject({ status: 'in_progress', planVolume: 40 });
  });

  it('rolls the approved plan up: earliest start, latest finish, volume of one unit; undone with the edit', async () => {
    const { first, second, stored, edit, undo } = await summaryWithTwoWorks();
    await edit(first.id, {
      approvedStart: '2026-03-02T08:00',
      approvedFinish: '2026-03-04T17:00',
      approvedVolume: 12,
    });
    await edit(second.id, {
      approvedStart: '2026-03-04T08:00',
      approvedFinish: '2026-03-10T17:00',
      approvedVolume: 28,
    });
    expect(await stored()).toMatchObject({
      approvedStart: '2026-03-02',
      approvedFinish: '2026-03-10',
      approvedVolume: 40,
    });
    await undo();
    expect(await stored()).toMatchObject({
      approvedStart: '2026-03-02',
      approvedFinish: '2026-03-04',
      approvedVolume: 12,
    });
    // Units that differ give the summary no approved volume, as they give it no planned one.
    await edit(second.id, { unit: 'т', approvedVolume: 5 });
    expect(await stored()).toMatchObject({ approvedVolume: null, planVolume: null });
  });
});

describe('an edit saved from the Gantt chart without a calculation', () => {
  it('rolls the summaries up all the same (a planner who may edit but not calculate)', async () => {
    const { versionId, first, stored, edit } = await summaryWithTwoWorks();
    await edit(first.id, { progress: 100, status: 'completed' });
    expect((await stored()).progress).toBeCloseTo(33.33, 2);
    const role = await s.ok<{ id: string }>('POST', '/roles', {
      name: 'Планировщик без расчёта',
      abilities: ['schedule.view', 'schedule.edit'],
    });
    const planner = await t.signUp('rollups-planner');
    await s.ok('POST', '/users/invite', { login: 'rollups-planner', roleId: role.id });
    const [version] = await t.sql<{ revision: number }>(`SELECT revision FROM versions WHERE id = $1`, [
      versionId,
    ]);
    // The completed work dragged twice as long: 4 of 8 days done.
    const saved = await trpcMutation<{ calculated: boolean }>(t, planner.token, 'works.applyEdit', {
      spaceId: s.spaceId,
      versionId,
      revision: version!.revision,
      commands: [{ kind: 'duration', workId: first.id, durationMinutes: 4 * DAY }],
    });
    expect(saved.result).toMatchObject({ calculated: false });
    expect((await stored()).progress).toBe(50);
  });
});

/**
 * The browser rolls a summary up after an edit as the server stores it, also when the version's
 * scenario weighs progress by labour: it asks for the weighting (`calculation.progressWeighting`) and
 * `patchWork` rolls up with it.
 */
describe('the browser weighs progress as the server does', () => {
  it('a labour-weighted summary: the patched payload equals the stored roll-up', async () => {
    const { v, summary, first, second, stored, edit } = await summaryWithTwoWorks();
    const settings = await s.ok<{ revision: number }>('GET', `${v}/resource-settings`);
    await s.ok('PATCH', `${v}/resource-settings`, { scenario: 9, revision: settings.revision });
    const crew = await s.ok<{ id: string }>('POST', '/resources', {
      name: 'Бригада',
      kind: 'labour',
      unit: 'чел.-ч',
    });
    // The short work takes three times the labour of the long one.
    await s.ok('POST', `${v}/assignment`, { workId: first.id, resourceId: crew.id, planQuantity: 30 });
    await s.ok('POST', `${v}/assignment`, { workId: second.id, resourceId: crew.id, planQuantity: 10 });

    const reply = await t.api<Uint8Array>('GET', `/space/${s.spaceId}${v}/payload-binary`, undefined, {
      token: s.token,
    });
    expect(reply.status).toBe(200);
    const doc = decodeBinaryPayload(reply.body);
    const weighting = await s.ok<{
      measure: ProgressWeighting['measure'];
      workIds: string[];
      weights: number[];
    }>('GET', `${v}/progress-weighting`);
    expect(weighting.measure).toBe('labour');
    doc.progressWeighting = {
      measure: weighting.measure,
      byWork: new Map(weighting.workIds.map((id, i) => [id, weighting.weights[i]!])),
    };

    const saved = await edit(first.id, { progress: 100, status: 'completed' });
    patchWork(doc, saved);
    const row = doc.rowOf.get(summary.id)!;
    // By labour 30 of 40 are done (by duration it would be 2 of 6 days).
    expect((await stored()).progress).toBe(75);
    expect(doc.progress[row]).toBe(75);

    // The grid exported with the labour column: the summary carries the labour of its works.
    const file = await t.api<Uint8Array>(
      'POST',
      `/space/${s.spaceId}${v}/export/csv`,
      { columns: ['code', 'name', 'labour'] },
      { token: s.token },
    );
    expect(file.status).toBe(200);
    const lines = new TextDecoder().decode(file.body).split(/\r?\n/);
    const cells = (name: string) => lines.find((line) => line.includes(name))!.split(';');
    expect(cells('Каркас').at(-1)).toBe('40');
    expect(cells('Опалубка').at(-1)).toBe('30');

    // Printed with the labour column: the summary's line reads the labour of its works.
    const pdf = await t.api<Uint8Array>(
      'POST',
      `/space/${s.spaceId}${v}/print`,
      { columns: ['code', 'name', 'labour'] },
      { token: s.token, lang: 'en' },
    );
    expect(pdf.status).toBe(200);
    const pdfFile = join(mkdtempSync(join(tmpdir(), 'takt-rollups-')), 'print.pdf');
    writeFileSync(pdfFile, pdf.body);
    const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    expect(text).toContain('Labour');
    expect(text.split('\n').find((line) => line.includes('Каркас'))).toMatch(/\b40\b/);
  });
});

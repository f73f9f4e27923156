import { describe, expect, it } from 'vitest';
import { type Failure, scheduleWithVersion, spaceForFile } from './fixtures';

const { t, s } = spaceForFile('numbering', 'Нумерация');

interface Work {
  id: string;
  code: string | null;
  revision: number;
  progress: number;
  durationMinutes: number;
}
interface Numbering {
  prefix: string;
  start: string;
  increment: number;
  nextCode: string;
  stored: boolean;
}

const call = (method: string, path: string, body?: unknown, lang: 'en' | 'ru' = 'en') =>
  t.api<Failure>(method, `/space/${s.spaceId}${path}`, body, { token: s.token, lang });

describe('numbering of new works', () => {
  it('is read from the codes until saved, then new works of every version follow the saved one', async () => {
    const { scheduleId, v } = await scheduleWithVersion(s.ok);
    const path = `/schedules/${scheduleId}/code-numbering`;
    expect(await s.ok<Numbering>('GET', path)).toMatchObject({
      prefix: 'A',
      start: '1000',
      increment: 10,
      nextCode: 'A1000',
      stored: false,
    });
    await s.ok('POST', `${v}/wbs`, { name: 'старый', code: 'K-0007' });

    const saved = await s.ok<Numbering>('PUT', path, { prefix: 'K-', start: '0005', increment: 5 });
    // Past the largest number of the prefix the schedule has from the start on, padded to the start's width.
    expect(saved).toMatchObject({
      prefix: 'K-',
      start: '0005',
      increment: 5,
      nextCode: 'K-0012',
      stored: true,
    });
    const a = await s.ok<Work>('POST', `${v}/wbs`, { name: 'a' });
    const b = await s.ok<Work>('POST', `${v}/wbs`, { name: 'b', afterId: a.id });
    expect([a.code, b.code]).toEqual(['K-0012', 'K-0017']);

    // A code typed by hand where the counter goes is passed over.
    await s.ok('POST', `${v}/wbs`, { name: 'вручную', code: 'K-0022' });
    expect((await s.ok<Work>('POST', `${v}/wbs`, { name: 'c' })).code).toBe('K-0027');

    // Another version of the schedule counts on from the same numbering.
    const other = await s.ok<{ id: string }>('POST', `/schedules/${scheduleId}/versions/create`, {
      name: 'Вторая',
    });
    expect((await s.ok<Work>('POST', `/versions/${other.id}/wbs`, { name: 'd' })).code).toBe('K-0032');
    expect(await s.ok<Numbering>('GET', path)).toMatchObject({ nextCode: 'K-0037', stored: true });
  });

  it('refuses a start that is no whole number and an increment below one, in the caller’s language', async () => {
    const { scheduleId } = await scheduleWithVersion(s.ok);
    const path = `/schedules/${scheduleId}/code-numbering`;
    const bad = await call('PUT', path, { prefix: 'A', start: '10a', increment: 0 }, 'ru');
    expect(bad.status).toBe(400);
    const body = bad.body;
    expect(body.error_code).toBe('ValidationError');
    expect(body.issues?.map((i) => i.path).sort()).toEqual(['increment', 'start']);
    expect(body.error_message).toEqual(expect.arrayContaining([expect.stringMatching(/[а-я]/)]));
  });
});

describe('a summary’s rolled-up fields', () => {
  it('are refused on the summary with a translated 400, and stay editable on its works', async () => {
    const { v } = await scheduleWithVersion(s.ok);
    const top = await s.ok<Work>('POST', `${v}/wbs`, { name: 'Этап' });
    const work = await s.ok<Work>('POST', `${v}/wbs`, {
      name: 'работа',
      parentId: top.id,
      durationMinutes: 480,
    });
    const summary = (await s.ok<Work[]>('GET', `${v}/wbs`)).find((w) => w.id === top.id)!;

    for (const patch of [
      { progress: 50 },
      { durationMinutes: 960 },
      { status: 'completed' },
      { planVolume: 3 },
    ]) {
      const refused = await call('PATCH', `${v}/wbs/${top.id}`, { ...patch, revision: summary.revision });
      expect(refused.status).toBe(400);
      const body = refused.body;
      expect(body.error_code).toBe('ValidationError');
      expect(body.issues).toEqual([
        expect.objectContaining({ path: Object.keys(patch)[0], message: 'validation.summary_rolled_up' }),
      ]);
      expect(String(body.error_message)).toContain('roll-up');
    }
    // A bulk edit that takes the summary in is refused whole; its other fields stay editable.
    const bulk = await call('PATCH', `${v}/wbs/bulk`, {
      works: [
        { workId: top.id, revision: summary.revision },
        { workId: work.id, revision: work.revision },
      ],
      set: { progress: 100 },
    });
    expect(bulk.status).toBe(400);
    await s.ok('PATCH', `${v}/wbs/${top.id}`, { name: 'Этап 1', revision: summary.revision });
    await s.ok('PATCH', `${v}/wbs/${work.id}`, { progress: 40, revision: work.revision });
    const rows = await s.ok<Work[]>('GET', `${v}/wbs`);
    expect(rows.find((w) => w.id === top.id)).toMatchObject({ progress: 40 });
  });
});

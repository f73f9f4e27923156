import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStream } from './event-stream';
import { scheduleWithVersion, spaceForFile, trpcMutation } from './fixtures';

/**
 * Live updates (`versions.live`): a browser showing a version hears every change of it as it commits —
 * an edit through the API, a calculation, or a change made by another process or a script straight in the
 * database — with the changes to apply in place when they can be, and without them otherwise.
 */
const { t, s } = spaceForFile('live-owner', 'Живые');

interface LiveUpdate {
  revision: number;
  calcStatus: number;
  fromRevision: number | null;
  changes: { workIds: string[]; works: Record<string, number[]> } | null;
}

let versionId = '';
let v = '';
const works: { id: string; revision: number }[] = [];
const streams: EventStream<LiveUpdate>[] = [];

const liveUrl = (input: Record<string, unknown>, connectionParams?: Record<string, string>) =>
  `${t.url}/trpc/versions.live?input=${encodeURIComponent(JSON.stringify({ spaceId: s.spaceId, versionId, ...input }))}${
    connectionParams ? `&connectionParams=${encodeURIComponent(JSON.stringify(connectionParams))}` : ''
  }`;

async function open(input: Record<string, unknown>, connectionParams?: Record<string, string>) {
  const stream = await EventStream.open<LiveUpdate>(
    liveUrl(input, connectionParams),
    connectionParams ? {} : { authorization: `Bearer ${s.token}` },
  );
  streams.push(stream);
  return stream;
}

async function versionState() {
  const [row] = await t.sql<{ revision: number; calcStatus: number }>(
    'SELECT revision, "calcStatus" FROM versions WHERE id = $1',
    [versionId],
  );
  return row!;
}

beforeAll(async () => {
  ({ versionId, v } = await scheduleWithVersion(s.ok));
  for (let i = 0; i < 3; i++)
    works.push(await s.ok('POST', `${v}/wbs`, { name: `Работа ${i + 1}`, durationMinutes: 480 }));
  await s.ok('POST', `${v}/relations`, {
    predecessorId: works[0]!.id,
    successorId: works[1]!.id,
    type: 'fs',
  });
  await s.ok('POST', `${v}/calculate`, {});
});

afterAll(() => {
  for (const stream of streams) stream.close();
});

describe('live updates of an open version', () => {
  it('tells a client the changes of an edit saved by someone else, to apply in place', async () => {
    const now = await versionState();
    const stream = await open({ revision: now.revision, calcStatus: now.calcStatus });
    expect(stream.status).toBe(200);
    // First, where the version stands: from here on the stream hears every change.
    expect((await stream.next()).data).toMatchObject({ revision: now.revision, fromRevision: null });

    const saved = await trpcMutation(t, s.token, 'works.applyEdit', {
      spaceId: s.spaceId,
      versionId,
      revision: now.revision,
      commands: [{ kind: 'duration', workId: works[0]!.id, durationMinutes: 3 * 480 }],
    });
    expect(saved.status).toBe(200);

    const { id, data } = await stream.next();
    expect(data.fromRevision).toBe(now.revision);
    expect(data.revision).toBe(now.revision + 1);
    expect(id).toBe(`${data.revision}:${data.calcStatus}`);
    // The edited work and its successor, which moved.
    expect(data.changes?.workIds).toEqual(expect.arrayContaining([works[0]!.id, works[1]!.id]));
    const row = data.changes!.workIds.indexOf(works[0]!.id);
    expect(data.changes!.works.durationMinutes![row]).toBe(3 * 480);
    stream.close();
  });

  it('tells of a change made straight in the database (another process, a script), without changes when they cannot be applied', async () => {
    const now = await versionState();
    const stream = await open({ revision: now.revision, calcStatus: now.calcStatus });
    await stream.next();
    // A rename is not among the columns a client patches: it loads the version again.
    await t.sql('UPDATE works SET name = $1 WHERE id = $2', ['Переименована', works[2]!.id]);
    await t.sql('UPDATE versions SET revision = revision + 1 WHERE id = $1', [versionId]);
    const { data } = await stream.next();
    expect(data).toMatchObject({ fromRevision: now.revision, revision: now.revision + 1, changes: null });
    stream.close();
  });

  it('tells every client where the version stands at once (one holding an older revision reloads), also one that resumes from the last event it heard', async () => {
    const now = await versionState();
    const stale = await open({ revision: now.revision - 1, calcStatus: now.calcStatus });
    const first = await stale.next();
    expect(first.data).toMatchObject({ revision: now.revision, fromRevision: null, changes: null });
    stale.close();

    // A reconnecting client sends the id of the last event it heard instead of its revision.
    const resumed = await open({ lastEventId: `${now.revision - 1}:${now.calcStatus}` });
    expect((await resumed.next()).data.revision).toBe(now.revision);
    resumed.close();
  });

  it('tells of a calculation: same revision, new status and results', async () => {
    await s.ok('PATCH', `${v}/wbs/${works[2]!.id}`, {
      revision: (
        await t.sql<{ revision: number }>('SELECT revision FROM works WHERE id = $1', [works[2]!.id])
      )[0]!.revision,
      durationMinutes: 5 * 480,
    });
    const now = await versionState();
    expect(now.calcStatus).toBe(0);
    const stream = await open({ revision: now.revision, calcStatus: now.calcStatus });
    await stream.next();
    await s.ok('POST', `${v}/calculate`, {});
    let update = (await stream.next()).data;
    // "Calculating" may be heard first.
    while (update.calcStatus !== 1) update = (await stream.next()).data;
    expect(update.revision).toBe(now.revision);
    expect(update.changes?.workIds).toContain(works[2]!.id);
    stream.close();
  });

  it('takes the token as a connection parameter (an EventSource sends no headers), and refuses without one', async () => {
    const now = await versionState();
    const stream = await open({ revision: now.revision - 1 }, { token: s.token, lang: 'en' });
    expect(stream.status).toBe(200);
    expect((await stream.next()).data.revision).toBe(now.revision);
    stream.close();

    const anonymous = await EventStream.open(liveUrl({ revision: now.revision }));
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).not.toMatch(/"stack"/);
  });

  it('refuses a version of another space and bad input with 4xx', async () => {
    const stranger = await t.signUp('live-stranger');
    const foreign = await EventStream.open(liveUrl({ revision: 1 }), {
      authorization: `Bearer ${stranger.token}`,
    });
    expect(foreign.status).toBe(403);
    const bad = await EventStream.open(
      `${t.url}/trpc/versions.live?input=${encodeURIComponent(JSON.stringify({ spaceId: s.spaceId, versionId: 'x' }))}`,
      { authorization: `Bearer ${s.token}` },
    );
    expect(bad.status).toBe(400);
    const missing = await EventStream.open(
      liveUrl({ versionId: '00000000-0000-4000-8000-000000000000', revision: 1 }),
      { authorization: `Bearer ${s.token}` },
    );
    expect(missing.status).toBe(404);
  });
});

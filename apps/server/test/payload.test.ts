import { NO_TIME } from '@takt/engine';
import { decodeBinaryPayload, decodeJsonPayload, type JsonPayload } from '@takt/schedule';
import { describe, expect, it } from 'vitest';
import { serverForFile } from './fixtures';

const t = serverForFile();

type Work = {
  id: string;
  type: string;
  status: string;
  critical: boolean;
  planStart: string | null;
  earlyFinish: string | null;
  planVolume: number | null;
};
const minutesOf = (iso: string | null) =>
  iso === null
    ? NO_TIME
    : (Date.parse(`${iso.length === 10 ? `${iso}T00:00` : iso}:00Z`) - Date.UTC(2000, 0, 1)) / 60_000;

describe('version payload', () => {
  it('round-trips the binary payload through @takt/schedule, equal to the JSON payload', async () => {
    const { token } = await t.signUp('payload-owner');
    const space = await t.api<{ id: string }>('POST', '/space/create-demo', undefined, { token });
    const spaceId = space.body.id;
    const nodes = await t.api<{ kind: string; actualVersionId: string | null }[]>(
      'GET',
      `/space/${spaceId}/eps`,
      undefined,
      { token },
    );
    const versionId = nodes.body.find((n) => n.kind === 'schedule')!.actualVersionId!;
    const base = `/space/${spaceId}/versions/${versionId}`;
    const json = await t.api<JsonPayload>('GET', `${base}/payload`, undefined, { token });
    const binary = await t.api<Uint8Array>('GET', `${base}/payload-binary`, undefined, {
      token,
      headers: { 'accept-encoding': 'br' },
    });
    expect(binary.status).toBe(200);
    expect(binary.headers.get('content-type')).toBe('application/vnd.takt.columnar');
    expect(binary.headers.get('content-encoding')).toBe('br');
    expect(binary.body).toBeInstanceOf(Uint8Array);

    const fromJson = decodeJsonPayload(json.body);
    // A copy of the bytes: the decoded columns may be views over the received ones, edited below.
    const served = Buffer.from(binary.body);
    const fromBinary = decodeBinaryPayload(binary.body);
    expect(fromBinary.count).toBeGreaterThan(2800);
    expect(fromBinary.relations.count).toBeGreaterThan(2500);
    // Every column, the string table and the derived fields agree.
    const plain = (m: ReturnType<typeof decodeJsonPayload>) =>
      Object.fromEntries(
        Object.entries({ ...m, relations: undefined, rowOf: [...m.rowOf] }).map(([k, v]) => [
          k,
          ArrayBuffer.isView(v) ? Array.from(v as unknown as ArrayLike<number>) : v,
        ]),
      );
    expect(plain(fromBinary)).toEqual(plain(fromJson));
    for (const [k, v] of Object.entries(fromBinary.relations))
      expect(typeof v === 'number' ? v : Array.from(v)).toEqual(
        typeof v === 'number' ? fromJson.relations.count : Array.from(fromJson.relations[k as 'type']),
      );
    // Dates are engine minutes, volumes NaN when absent — as the works API reports them.
    const works = await t.api<Work[]>('GET', `${base}/wbs`, undefined, { token });
    for (const work of works.body) {
      const row = fromBinary.rowOf.get(work.id)!;
      expect(fromBinary.planStart[row]).toBe(minutesOf(work.planStart));
      expect(fromBinary.earlyFinish[row]).toBe(minutesOf(work.earlyFinish));
      expect(fromBinary.planVolume[row]).toBe(work.planVolume ?? Number.NaN);
      expect(fromBinary.enums.type[fromBinary.type[row]!]).toBe(work.type);
      expect(fromBinary.enums.status[fromBinary.status[row]!]).toBe(work.status);
      expect(fromBinary.critical[row]).toBe(work.critical ? 1 : 0);
    }
    // Views over the received bytes: the grid edits rows in place.
    fromBinary.durationMinutes[0] = 123;
    expect(fromBinary.durationMinutes[0]).toBe(123);

    // Served again from the cache while nothing changed; any change of the version's data is seen.
    const again = await t.api<Uint8Array>('GET', `${base}/payload-binary`, undefined, { token });
    expect(Buffer.from(again.body).equals(served)).toBe(true);
    expect(t.server.services.payloads.size.entries).toBeGreaterThan(0);
    const target = works.body.find((w) => w.type !== 'summary')! as Work & { revision: number };
    const renamed = await t.api(
      'PATCH',
      `${base}/wbs/${target.id}`,
      {
        name: 'Renamed for the cache test',
        revision: target.revision,
      },
      { token },
    );
    expect(renamed.status).toBe(200);
    const afterEdit = decodeBinaryPayload(
      (await t.api<Uint8Array>('GET', `${base}/payload-binary`, undefined, { token })).body,
    );
    const row = afterEdit.rowOf.get(target.id)!;
    expect(afterEdit.strings[afterEdit.name[row]!]).toBe('Renamed for the cache test');
    await t.api(
      'POST',
      `${base}/wbs/delete`,
      { workIds: [target.id] },
      {
        token,
      },
    );
    const afterDelete = decodeBinaryPayload(
      (await t.api<Uint8Array>('GET', `${base}/payload-binary`, undefined, { token })).body,
    );
    expect(afterDelete.count).toBeLessThan(fromBinary.count);
    expect(afterDelete.rowOf.has(target.id)).toBe(false);
  });

  it('serves an empty version', async () => {
    const { token } = await t.signUp('payload-empty');
    const spaceId = (await t.api<{ id: string }>('POST', '/space/create', { name: 'Пусто' }, { token })).body
      .id;
    const call = <T>(method: string, path: string, body?: unknown) =>
      t.api<T>(method, `/space/${spaceId}${path}`, body, { token });
    const facility = await call<{ id: string }>('POST', '/eps', { kind: 'facility', name: 'Объект' });
    const project = await call<{ id: string }>('POST', '/eps', {
      kind: 'project',
      name: 'Корпус',
      parentId: facility.body.id,
    });
    const schedule = await call<{ id: string }>('POST', '/eps', {
      kind: 'schedule',
      name: 'График',
      parentId: project.body.id,
    });
    const versions = await call<{ id: string }[]>('GET', `/schedules/${schedule.body.id}/versions`);
    const reply = await call<Uint8Array>('GET', `/versions/${versions.body[0]!.id}/payload-binary`);
    expect(reply.status).toBe(200);
    const model = decodeBinaryPayload(reply.body);
    expect(model.count).toBe(0);
    expect(model.relations.count).toBe(0);
  });
});

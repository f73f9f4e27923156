import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let t: TestServer;
let token: string;
let spaceId: string;
beforeAll(async () => {
  t = await startTestServer();
  token = (await t.signUp('viewer-state')).token;
  spaceId = (await t.api<{ id: string }>('POST', '/space/create', { name: 'Вид' }, { token })).body.id;
});
afterAll(() => t?.stop());

const ok = async <T>(method: string, path: string, body?: unknown) => {
  const reply = await t.api<T>(method, `/space/${spaceId}${path}`, body, { token });
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
};

describe('work view state', () => {
  it('lists the caller’s collapsed and checked rows of a version', async () => {
    const facility = await ok<{ id: string }>('POST', '/eps', { kind: 'facility', name: 'Ф' });
    const project = await ok<{ id: string }>('POST', '/eps', {
      kind: 'project',
      name: 'П',
      parentId: facility.id,
    });
    const schedule = await ok<{ id: string }>('POST', '/eps', {
      kind: 'schedule',
      name: 'Г',
      parentId: project.id,
    });
    const [version] = await ok<{ id: string }[]>('GET', `/schedules/${schedule.id}/versions`);
    const v = `/versions/${version!.id}`;
    const a = await ok<{ id: string }>('POST', `${v}/wbs`, { name: 'A' });
    const b = await ok<{ id: string }>('POST', `${v}/wbs`, { name: 'B' });
    expect(await ok(`GET`, `${v}/wbs-state`)).toEqual({ collapsed: [], checked: [] });
    await ok('POST', `${v}/wbs/check`, { workIds: [a.id], expanded: false });
    await ok('POST', `${v}/wbs/check`, { workIds: [b.id], checked: true });
    expect(await ok(`GET`, `${v}/wbs-state`)).toEqual({ collapsed: [a.id], checked: [b.id] });
    await ok('POST', `${v}/wbs/check`, { workIds: [a.id], expanded: true });
    expect(await ok(`GET`, `${v}/wbs-state`)).toEqual({ collapsed: [], checked: [b.id] });
  });
});

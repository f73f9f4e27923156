import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let t: TestServer;
let token: string;
let spaceId: string;
beforeAll(async () => {
  t = await startTestServer();
  token = (await t.signUp('undo-order')).token;
  spaceId = (await t.api<{ id: string }>('POST', '/space/create', { name: 'Отмена' }, { token })).body.id;
});
afterAll(() => t?.stop());

const ok = async <T>(method: string, path: string, body?: unknown) => {
  const reply = await t.api<T>(method, `/space/${spaceId}${path}`, body, { token });
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
};

describe('undo order', () => {
  it('lists and undoes the latest action first once action ids pass 9 → 10 (numeric, not text, order)', async () => {
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
    for (let i = 1; i <= 12; i++) await ok('POST', `${v}/wbs`, { name: `Работа ${i}` });
    const actions = await ok<{ id: string }[]>('GET', `${v}/undo-actions`);
    const ids = actions.map((a) => Number(a.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    await ok('POST', `${v}/undo-actions`, {});
    const names = (await ok<{ name: string }[]>('GET', `${v}/wbs`)).map((w) => w.name);
    expect(names).toHaveLength(11);
    expect(names).not.toContain('Работа 12');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownSpace, scheduleWithVersion } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let t: TestServer;
let ok: Awaited<ReturnType<typeof ownSpace>>['ok'];
beforeAll(async () => {
  t = await startTestServer();
  ({ ok } = await ownSpace(t, 'viewer-state', 'Вид'));
});
afterAll(() => t?.stop());

describe('work view state', () => {
  it('lists the caller’s collapsed and checked rows of a version', async () => {
    const { v } = await scheduleWithVersion(ok);
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

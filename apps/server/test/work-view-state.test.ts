import { describe, expect, it } from 'vitest';
import { scheduleWithVersion, spaceForFile } from './fixtures';

const { s } = spaceForFile('viewer-state', 'Вид');

describe('work view state', () => {
  it('lists the caller’s collapsed and checked rows of a version', async () => {
    const { v } = await scheduleWithVersion(s.ok);
    const a = await s.ok<{ id: string }>('POST', `${v}/wbs`, { name: 'A' });
    const b = await s.ok<{ id: string }>('POST', `${v}/wbs`, { name: 'B' });
    expect(await s.ok(`GET`, `${v}/wbs-state`)).toEqual({ collapsed: [], checked: [] });
    await s.ok('POST', `${v}/wbs/check`, { workIds: [a.id], expanded: false });
    await s.ok('POST', `${v}/wbs/check`, { workIds: [b.id], checked: true });
    expect(await s.ok(`GET`, `${v}/wbs-state`)).toEqual({ collapsed: [a.id], checked: [b.id] });
    await s.ok('POST', `${v}/wbs/check`, { workIds: [a.id], expanded: true });
    expect(await s.ok(`GET`, `${v}/wbs-state`)).toEqual({ collapsed: [], checked: [b.id] });
  });
});

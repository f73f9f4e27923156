import { describe, expect, it } from 'vitest';
import { scheduleWithVersion, spaceForFile } from './fixtures';

const { s } = spaceForFile('undo-order', 'Отмена');

describe('undo order', () => {
  it('lists and undoes the latest action first once action ids pass 9 → 10 (numeric, not text, order)', async () => {
    const { v } = await scheduleWithVersion(s.ok);
    for (let i = 1; i <= 12; i++) await s.ok('POST', `${v}/wbs`, { name: `Работа ${i}` });
    const actions = await s.ok<{ id: string }[]>('GET', `${v}/undo-actions`);
    const ids = actions.map((a) => Number(a.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    await s.ok('POST', `${v}/undo-actions`, {});
    const names = (await s.ok<{ name: string }[]>('GET', `${v}/wbs`)).map((w) => w.name);
    expect(names).toHaveLength(11);
    expect(names).not.toContain('Работа 12');
  });
});

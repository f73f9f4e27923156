import { workFields } from '@takt/contracts';
import { testDocument } from '@takt/schedule/testing';
import { describe, expect, it, vi } from 'vitest';
import type { ColumnSetting } from '../../lib/grid-columns';
import { isoToMinutes } from '../../lib/schedule-time';
import { datesOutOfOrder, parseLimitText } from './column-groups/cells';
import type { Attribute } from './column-groups/context';
import { buildColumns, type ColumnContext, check, parseAttributeText } from './columns';
import { NO_DETAILS } from './plan-details';

// Message ids with their values stand in for translated texts.
const t = (id: string, values?: Record<string, unknown>) => (values ? `${id} ${JSON.stringify(values)}` : id);

const model = testDocument([
  {
    id: 'w1',
    code: 'A1',
    name: 'Walls',
    duration: 960,
    plan: [isoToMinutes('2030-03-04T08:00'), isoToMinutes('2030-03-08T17:00')],
  },
  { id: 'w2', name: 'Roof' },
]);
const zone = { id: 'a1', name: 'Zone', valueType: 'number', canEdit: true } as Attribute;

function context(patch: Partial<ColumnContext> = {}): ColumnContext {
  return {
    t,
    lang: 'en',
    model,
    hoursPerDay: 8,
    calendars: [],
    members: [],
    attributes: [zone],
    attributeValues: new Map([['w1', { a1: 12.5 }]]),
    details: new Map([['w2', { ...NO_DETAILS, startLimit: { type: 'not_earlier', date: '2030-04-01' } }]]),
    collapsed: new Set(),
    onToggle: () => {},
    save: vi.fn(async () => null),
    ...patch,
  };
}
const shown = (key: string, visible = true): ColumnSetting => ({ key, width: 100, visible });
const column = (key: string, ctx = context()) => buildColumns([shown(key)], ctx)[0]!;

describe('the grid columns', () => {
  it('follows the settings, skips hidden and unknown ones, and puts the checkbox column first', () => {
    const settings = [
      shown('code'),
      shown('finish', false),
      shown('name'),
      shown('attr:a1'),
      shown('attr:x'),
    ];
    expect(buildColumns(settings, context()).map((c) => c.key)).toEqual(['code', 'name', 'attr:a1']);
    const checks = { ids: new Set<string>(), set: () => {}, visible: () => [] };
    expect(buildColumns(settings, context({ checks })).map((c) => c.key)[0]).toBe('checked');
  });

  it('renders dates, durations in working days and titles from the catalog', () => {
    expect(column('start').title).toBe('grid.col.start');
    expect(column('start').render(0)).toBe('04.03.2030');
    expect(column('duration').render(0)).toBe('2');
    expect(column('attr:a1').title).toBe('Zone');
    expect(column('attr:a1').render(0)).toBe('12.5');
  });

  it('refuses a start after its finish and a bad date before saving', async () => {
    const ctx = context();
    const start = column('start', ctx);
    await expect(start.editor!.commit(0, '09.03.2030')).resolves.toBe('grid.dates_order');
    await expect(start.editor!.commit(0, '31.02.2030')).resolves.toBe('validation.invalid_date');
    expect(ctx.save).not.toHaveBeenCalled();
    await expect(start.editor!.commit(0, '05.03.2030')).resolves.toBeNull();
    expect(ctx.save).toHaveBeenCalledWith(0, { planStart: '2030-03-05T00:00' });
  });

  it('asks for a duration and saves it in minutes of the working day', async () => {
    const ctx = context();
    const duration = column('duration', ctx);
    await expect(duration.editor!.commit(0, '')).resolves.toBe('validation.required');
    await expect(duration.editor!.commit(0, 'ten')).resolves.toBe('validation.not_a_number');
    await duration.editor!.commit(0, '1,5');
    expect(ctx.save).toHaveBeenCalledWith(0, { durationMinutes: 720 });
  });

  it('edits a constraint as type and date, and clears it without a type', async () => {
    const ctx = context();
    const limit = column('startLimit', ctx);
    expect(limit.editor!.initial(0)).toBe('|');
    expect(limit.editor!.initial(1)).toBe('not_earlier|01.04.2030');
    await expect(limit.editor!.commit(0, 'not_earlier|')).resolves.toBe('validation.required');
    await limit.editor!.commit(0, '|');
    expect(ctx.save).toHaveBeenLastCalledWith(0, { startLimit: null });
  });

  it('saves an attribute value into the work’s attributes', async () => {
    const ctx = context();
    const attribute = column('attr:a1', ctx);
    await expect(attribute.editor!.commit(0, 'many')).resolves.toBe('validation.not_a_number');
    await attribute.editor!.commit(0, '7,25');
    expect(ctx.save).toHaveBeenCalledWith(0, { attributes: { a1: 7.25 } });
  });
});

describe('cell values', () => {
  it('puts a date pair out of order only past the other end', () => {
    expect(datesOutOfOrder('planStart', 10, 9)).toBe(true);
    expect(datesOutOfOrder('planStart', 9, 9)).toBe(false);
    expect(datesOutOfOrder('factFinish', 8, 9)).toBe(true);
    expect(datesOutOfOrder('factFinish', 10, 9)).toBe(false);
  });

  it('reads the constraint editor’s text', () => {
    expect(parseLimitText('|')).toEqual({ limit: null });
    expect(parseLimitText('in_date|')).toEqual({ error: 'validation.required' });
    expect(parseLimitText('in_date|40.01.2030')).toEqual({ error: 'validation.invalid_date' });
    expect(parseLimitText('in_date|1.2.2030')).toEqual({
      limit: { type: 'in_date', date: '2030-02-01T00:00' },
    });
  });

  it('parses typed attribute values by type', () => {
    expect(parseAttributeText(t, 'number', ' ')).toEqual({ value: null });
    expect(parseAttributeText(t, 'money', '1 234,5')).toEqual({ value: 1234.5 });
    expect(parseAttributeText(t, 'percentage', 'x')).toEqual({ error: 'validation.not_a_number' });
    expect(parseAttributeText(t, 'boolean', 'true')).toEqual({ value: true });
    expect(parseAttributeText(t, 'date', '4.3.2030')).toEqual({ value: '2030-03-04' });
    expect(parseAttributeText(t, 'date', '4.13.2030')).toEqual({ error: 'validation.invalid_date' });
    expect(parseAttributeText(t, 'string', 'North')).toEqual({ value: 'North' });
  });

  it('checks a value against its contracts schema', () => {
    expect(check(workFields.shape.name, 'Walls')).toBeNull();
    expect(check(workFields.shape.progress, 150)).not.toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { draftOf, type Resource, resourceOf } from './resource-form';

describe('the resource editor’s fields', () => {
  it('starts a new resource as labour with a zero price', () => {
    const draft = draftOf(null);
    expect(draft).toMatchObject({ kind: 'labour', price: '0', units: '', periods: [] });
    expect(resourceOf({ ...draft, name: 'Crane', code: '  ' })).toEqual({
      fields: {
        name: 'Crane',
        code: null,
        kind: 'labour',
        unit: null,
        price: 0,
        unitsPerDay: null,
        calendarId: null,
        specialtyId: null,
        periods: [],
      },
    });
  });

  it('shows a resource’s amounts and periods as typed text', () => {
    const draft = draftOf({
      name: 'Mason',
      code: 'M1',
      kind: 'labour',
      unit: 'h',
      price: 12,
      unitsPerDay: 8,
      calendarId: 'c1',
      specialtyId: null,
      periods: [{ from: '2030-03-04', until: null, unitsPerDay: 4 }],
    } as unknown as Resource);
    expect(draft).toMatchObject({ price: '12', units: '8', specialtyId: '' });
    expect(draft.periods).toEqual([{ from: '04.03.2030', until: '', units: '4' }]);
    expect(resourceOf({ ...draft, price: '12,5' })).toMatchObject({
      fields: { price: 12.5, unitsPerDay: 8, periods: [{ from: '2030-03-04', until: null, unitsPerDay: 4 }] },
    });
  });

  it('refuses amounts that are not numbers and periods without a start or units', () => {
    const draft = { ...draftOf(null), price: 'cheap', units: '-2' };
    expect(resourceOf(draft)).toEqual({
      errors: {
        price: { message: 'validation.not_a_number' },
        unitsPerDay: { message: 'validation.not_a_number' },
      },
    });
    const periods = (from: string, until: string, units: string) =>
      resourceOf({ ...draftOf(null), periods: [{ from, until, units }] });
    const bad = { errors: { periods: { message: 'resources.validation.period_fields' } } };
    expect(periods('', '', '2')).toEqual(bad);
    expect(periods('01.03.2030', '31.02.2030', '2')).toEqual(bad);
    expect(periods('01.03.2030', '', '')).toEqual(bad);
    expect(periods('01.03.2030', '', '2')).toHaveProperty('fields');
  });
});

import { timeFromIso } from '@takt/engine';
import { describe, expect, it } from 'vitest';
import { limitOf, PAYLOAD_NO_DATE, textOf } from './document.js';
import { testDocument, testWorkRecord } from './testing.js';
import { minutesOfIso, patchWork } from './work-record.js';

const at = (iso: string) => timeFromIso(iso) as number;
const work = testWorkRecord({
  id: 'b',
  code: '1.1',
  name: 'Brick walls',
  type: 'work',
  status: 'in_progress',
  durationMinutes: 600,
  planStart: '1995-03-07T08:00',
  earlyStart: '1999-12-31T23:59',
  progress: 10,
  factVolume: 4,
  unit: 'm3',
  revision: 2,
});

describe('a work from the API written into its row', () => {
  it('patches every field the row holds, dates before 2000 included', () => {
    const doc = testDocument([
      { id: 'a', name: 'Floor' },
      { id: 'b', name: 'Walls', startLimit: { type: 'in_date', date: at('2024-01-01T08:00') } },
    ]);
    expect(patchWork(doc, work)).toBe(true);
    expect(textOf(doc, doc.name[1]!)).toBe('Brick walls');
    expect(doc.type[1]).toBe(2);
    expect(doc.status[1]).toBe(1);
    expect(doc.planStart[1]).toBe(at('1995-03-07T08:00'));
    expect(doc.earlyStart[1]).toBe(-1);
    expect(doc.planFinish[1]).toBe(PAYLOAD_NO_DATE);
    expect(doc.factVolume[1]).toBe(4);
    expect(doc.planVolume[1]).toBeNaN();
    expect(textOf(doc, doc.unit[1]!)).toBe('m3');
    expect(doc.revision[1]).toBe(2);
    // Without limits in the record, the row keeps its own; with them, they are replaced.
    expect(limitOf(doc, 1, 'start')).toEqual({ type: 'in_date', date: at('2024-01-01T08:00') });
    patchWork(doc, {
      ...work,
      startLimit: null,
      finishLimit: { type: 'not_later', date: '2024-02-01T17:00' },
    });
    expect(limitOf(doc, 1, 'start')).toBeNull();
    expect(limitOf(doc, 1, 'finish')).toEqual({ type: 'not_later', date: at('2024-02-01T17:00') });
    expect(patchWork(doc, { ...work, id: 'gone' })).toBe(false);
  });

  it('reads API dates as engine minutes; nothing or garbage is no date', () => {
    expect(minutesOfIso('2000-01-02')).toBe(1440);
    expect(minutesOfIso('2000-01-01T08:30')).toBe(510);
    expect(minutesOfIso(null)).toBe(PAYLOAD_NO_DATE);
    expect(minutesOfIso('soon')).toBe(PAYLOAD_NO_DATE);
  });
});

import { timeFromIso } from '@takt/engine';
import { describe, expect, it } from 'vitest';
import { CompiledCalendars, STANDARD_CALENDAR_ID } from './calendars.js';
import { PAYLOAD_NO_DATE } from './document.js';
import { approvedVariances } from './variances.js';

const at = (iso: string) => timeFromIso(iso);

describe('approved-plan variances', () => {
  it('count working days of the work’s calendar, plan less approved plan, NaN where a date is missing', () => {
    const works = {
      calendar: new Int32Array([-1, -1, -1]),
      // Row 0 starts two working days late (Thursday → Monday) and lasts a day longer; row 1 has no
      // approved plan; row 2 only an approved start.
      planStart: new Int32Array([at('2030-03-11T08:00'), at('2030-03-11T08:00'), at('2030-03-04T08:00')]),
      planFinish: new Int32Array([at('2030-03-15T17:00'), at('2030-03-15T17:00'), at('2030-03-05T17:00')]),
    };
    const approved = {
      start: new Int32Array([at('2030-03-07T08:00'), PAYLOAD_NO_DATE, at('2030-03-05T08:00')]),
      finish: new Int32Array([at('2030-03-12T17:00'), PAYLOAD_NO_DATE, PAYLOAD_NO_DATE]),
    };
    const v = approvedVariances(works, [], new CompiledCalendars([], STANDARD_CALENDAR_ID), approved);
    expect(v.startVariance[0]).toBeCloseTo(2, 6);
    expect(v.finishVariance[0]).toBeCloseTo(3, 6);
    expect(v.approvedDuration[0]).toBeCloseTo(4, 6);
    expect(v.durationVariance[0]).toBeCloseTo(1, 6);
    expect(Number.isNaN(v.startVariance[1]!)).toBe(true);
    expect(Number.isNaN(v.approvedDuration[1]!)).toBe(true);
    // Gained a day: negative.
    expect(v.startVariance[2]).toBeCloseTo(-1, 6);
    expect(Number.isNaN(v.finishVariance[2]!)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { isoToMinutes, NO_DATE } from '../../lib/schedule-time';
import { columnsWith, rangeOfText, rangeToStart, scheduleEdgeDay } from './print-draft';

const snapshot = (starts: number[], finishes: number[]) => ({
  workCount: starts.length,
  planStart: Int32Array.from(starts),
  planFinish: Int32Array.from(finishes),
});
const works = snapshot(
  [isoToMinutes('2030-03-04T08:00'), NO_DATE, isoToMinutes('2030-02-25T08:00')],
  [isoToMinutes('2030-03-20T17:00'), NO_DATE, isoToMinutes('2030-04-02T12:00')],
);

describe('the print draft', () => {
  it('takes a typed range once both dates are there and in order', () => {
    expect(rangeOfText({ start: '01.05.2026', finish: '31.05.2026' })).toEqual({
      start: '2026-05-01',
      finish: '2026-05-31',
    });
    expect(rangeOfText({ start: '01.05.2026', finish: '' })).toBeNull();
    expect(rangeOfText({ start: '01.05.2026', finish: '31.04.2026' })).toBeNull();
    expect(rangeOfText({ start: '02.05.2026', finish: '01.05.2026' })).toBeNull();
    expect(rangeOfText({ start: '01.05.2026', finish: '01.05.2026' })).not.toBeNull();
  });

  it('starts a range from the schedule’s first start and last finish, keeping typed dates', () => {
    expect(scheduleEdgeDay(works, 'start')).toBe('2030-02-25');
    expect(scheduleEdgeDay(works, 'finish')).toBe('2030-04-02');
    expect(rangeToStart({ start: '', finish: '' }, works)).toEqual({
      start: '2030-02-25',
      finish: '2030-04-02',
    });
    expect(rangeToStart({ start: '1.3.2030', finish: 'soon' }, works)).toEqual({
      start: '2030-03-01',
      finish: '2030-04-02',
    });
  });

  it('falls back to today when no work has dates', () => {
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(scheduleEdgeDay(snapshot([NO_DATE], [NO_DATE]), 'finish')).toBe(iso);
  });

  it('switches printed columns keeping the print’s column order', () => {
    expect(columnsWith(['name', 'code'], 'start', true)).toEqual(['code', 'name', 'start']);
    expect(columnsWith(['code', 'name', 'start'], 'name', false)).toEqual(['code', 'start']);
  });
});

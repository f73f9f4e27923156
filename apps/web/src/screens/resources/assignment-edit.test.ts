import { describe, expect, it } from 'vitest';
import {
  type Assignment,
  amountChange,
  daysText,
  minutesOfDays,
  reservedChange,
  scenarioMessages,
} from './assignment-edit';

const t = (id: string, values?: Record<string, unknown>) => (values ? `${id} ${JSON.stringify(values)}` : id);
const assignment = (patch: Partial<Assignment>) =>
  ({ id: 'a', kind: 'labour', lagMinutes: null, period: null, ...patch }) as Assignment;

describe('editing an assignment', () => {
  it('saves a typed quantity only when it changed', () => {
    expect(amountChange('12,5', 10, true)).toEqual({ value: 12.5 });
    expect(amountChange('10', 10, true)).toBeNull();
    expect(amountChange('', 10, true)).toEqual({ value: null });
    expect(amountChange('', 10, false)).toEqual({ value: 0 });
    expect(amountChange('-1', 10, true)).toEqual({ error: 'validation.not_a_number' });
    expect(amountChange('many', null, true)).toEqual({ error: 'validation.not_a_number' });
  });

  it('shows lags in working days and reads them back in minutes', () => {
    expect(daysText(null, 8)).toBe('');
    expect(minutesOfDays('1,5', 8)).toBe(720);
    expect(minutesOfDays(' ', 8)).toBeNull();
    expect(minutesOfDays('soon', 8)).toBeNull();
  });

  it('gives a new reserved mode the parameter it needs', () => {
    const a = assignment({});
    expect(reservedChange(a, 'by_lag', [])).toEqual({ reserved: 'by_lag', lagMinutes: 0 });
    expect(reservedChange(assignment({ lagMinutes: 60 }), 'by_lag', [])).toEqual({ reserved: 'by_lag' });
    expect(reservedChange(a, 'by_period', [])).toEqual({ reserved: 'by_period', period: 'month' });
    expect(reservedChange(a, null, [])).toEqual({ reserved: null });
  });

  it('follows another volume assignment of the work, which must exist', () => {
    const a = assignment({ kind: 'volume' });
    expect(reservedChange(a, 'by_volume', [a])).toEqual({ error: 'resources.validation.follows_required' });
    const other = assignment({ id: 'b', kind: 'volume' });
    expect(reservedChange(a, 'by_volume', [a, assignment({ id: 'c' }), other])).toEqual({
      reserved: 'by_volume',
      followsId: 'b',
    });
  });

  it('tells what a scenario did and why works were skipped', () => {
    const skipped = (reason: 'no_plan' | 'no_target' | 'invalid', detail?: string) => ({
      label: 'W',
      reason,
      detail,
    });
    const lines = scenarioMessages(t, {
      scenario: 9,
      count: 4,
      skipped: [
        skipped('no_plan'),
        skipped('invalid', 'bad'),
        skipped('no_target'),
        skipped('no_target'),
        skipped('no_target'),
      ],
    });
    expect(lines).toEqual([
      'scenario.applied {"scenario":9,"count":4}',
      'scenario.skipped {"work":"W","reason":"scenario.reason.no_plan_9"}',
      'scenario.skipped {"work":"W","reason":"bad"}',
      'scenario.skipped {"work":"W","reason":"scenario.reason.no_target"}',
      'histogram.over_more {"count":2}',
    ]);
  });
});

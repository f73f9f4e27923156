import { describe, expect, it } from 'vitest';
import { registerInput } from './api';
import { parseDateInput } from './dates';
import { applyMask, MASKS } from './masks';
import { VALIDATION } from './messages';
import {
  clampPeriodRange,
  clampPeriodYear,
  hasProhibitedCharacters,
  isBlockedIntegerKey,
  isIntegerText,
  isNumeric,
  NegativeDigitsError,
  optionalText,
  parseDecimal,
  requiredText,
  roundTo,
} from './validation';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('text fields', () => {
  it('accepts ordinary names in any script', () => {
    for (const name of [
      'Корпус 1 (секция «А»)',
      'Block B-2, floor 3',
      'Lot n°5 & Co.',
      'ЖК "Север"',
      'Захватка №4/1',
    ]) {
      expect(requiredText.safeParse(name).success, name).toBe(true);
    }
  });

  it('rejects prohibited characters with the spec message', () => {
    for (const bad of ['<b>', 'a{b}', 'x;y', 'a|b', 'back\\slash', 'tab\tin', 'dollar$']) {
      expect(hasProhibitedCharacters(bad), bad).toBe(true);
      expect(messagesOf(requiredText.safeParse(bad))).toEqual([VALIDATION.prohibitedCharacters]);
    }
  });

  it('limits length to 32 characters after trimming', () => {
    expect(requiredText.safeParse('я'.repeat(32)).success).toBe(true);
    expect(requiredText.safeParse(`  ${'я'.repeat(32)}  `).success).toBe(true);
    expect(messagesOf(requiredText.safeParse('я'.repeat(33)))).toEqual([VALIDATION.maxLength]);
  });

  it('requires a value unless optional', () => {
    expect(messagesOf(requiredText.safeParse('   '))).toEqual([VALIDATION.required]);
    expect(messagesOf(requiredText.safeParse(undefined))).toEqual([VALIDATION.required]);
    expect(optionalText.safeParse('').success).toBe(true);
  });
});

describe('registration', () => {
  const valid = {
    login: 'anna',
    email: 'anna@example.com',
    password: 'long-enough',
    confirmPassword: 'long-enough',
    firstName: 'Анна',
    lastName: 'Петрова',
    secretQuestion: 'Город',
    answer: 'Тверь',
    privacyPolicyAccepted: true,
  };
  it('accepts a complete form', () => {
    expect(registerInput.safeParse(valid).success).toBe(true);
  });
  it('names a password mismatch', () => {
    expect(messagesOf(registerInput.safeParse({ ...valid, confirmPassword: 'other' }))).toEqual([
      VALIDATION.passwordMismatch,
    ]);
  });
  it('names an invalid email', () => {
    expect(messagesOf(registerInput.safeParse({ ...valid, email: 'anna@' }))).toEqual([
      VALIDATION.invalidEmail,
    ]);
  });
  it('requires the privacy policy', () => {
    expect(messagesOf(registerInput.safeParse({ ...valid, privacyPolicyAccepted: false }))).toEqual([
      VALIDATION.privacyPolicyRequired,
    ]);
  });
});

describe('numbers', () => {
  it('reads a comma as a decimal point; an empty string is not a number', () => {
    expect(isNumeric('1,5')).toBe(true);
    expect(isNumeric('1.5')).toBe(true);
    expect(isNumeric('-0,25')).toBe(true);
    expect(isNumeric('')).toBe(false);
    expect(isNumeric('   ')).toBe(false);
    expect(isNumeric('1,2,3')).toBe(false);
    expect(isNumeric('abc')).toBe(false);
    expect(isNumeric('Infinity')).toBe(false);
    expect(isNumeric(Number.NaN)).toBe(false);
    expect(parseDecimal('12,75')).toBe(12.75);
    expect(parseDecimal('x')).toBeNull();
  });

  it('blocks dot and comma keys and non-integer pastes on integer inputs', () => {
    expect(isBlockedIntegerKey('.')).toBe(true);
    expect(isBlockedIntegerKey(',')).toBe(true);
    expect(isBlockedIntegerKey('5')).toBe(false);
    expect(isIntegerText('42')).toBe(true);
    expect(isIntegerText('-7')).toBe(true);
    expect(isIntegerText('4.2')).toBe(false);
    expect(isIntegerText('4,2')).toBe(false);
    expect(isIntegerText('12a')).toBe(false);
  });

  it('rounds to 2 decimals by default, and refuses negative digit counts', () => {
    expect(roundTo(1.005)).toBe(1.01);
    expect(roundTo(2.345)).toBe(2.35);
    expect(roundTo(-2.345)).toBe(-2.35);
    expect(roundTo(1.23456, 3)).toBe(1.235);
    expect(roundTo(1.5, 0)).toBe(2);
    expect(() => roundTo(1, -1)).toThrow(NegativeDigitsError);
    expect(() => roundTo(1, -1)).toThrow('The number of characters cannot be negative');
  });

  it('clamps generated period lists to 2000–2050', () => {
    expect(clampPeriodYear(1990)).toBe(2000);
    expect(clampPeriodYear(2077)).toBe(2050);
    expect(clampPeriodYear(2030)).toBe(2030);
    expect(clampPeriodRange(2060, 1995)).toEqual([2000, 2050]);
  });
});

describe('date input', () => {
  const d = (year: number, month: number, day: number, hour = 0, minute = 0) => ({
    year,
    month,
    day,
    hour,
    minute,
  });
  it('accepts DD.M.YYYY, DD.MM.YYYY, DD.MMM.YYYY, DD.MMMM.YYYY', () => {
    expect(parseDateInput('05.3.2026')).toEqual(d(2026, 3, 5));
    expect(parseDateInput('05.03.2026')).toEqual(d(2026, 3, 5));
    expect(parseDateInput('05.мар.2026')).toEqual(d(2026, 3, 5));
    expect(parseDateInput('05.Mar.2026')).toEqual(d(2026, 3, 5));
    expect(parseDateInput('05.марта.2026')).toEqual(d(2026, 3, 5));
    expect(parseDateInput('05.March.2026')).toEqual(d(2026, 3, 5));
  });
  it('accepts two-digit years: above 68 is 19xx, the rest 20xx', () => {
    expect(parseDateInput('01.01.69')).toEqual(d(1969, 1, 1));
    expect(parseDateInput('01.01.68')).toEqual(d(2068, 1, 1));
    expect(parseDateInput('31.12.00')).toEqual(d(2000, 12, 31));
    expect(parseDateInput('15.июн.26')).toEqual(d(2026, 6, 15));
  });
  it('accepts DD.MM.YYYY HH:mm on a 24-hour clock', () => {
    expect(parseDateInput('21.11.2026 17:45')).toEqual(d(2026, 11, 21, 17, 45));
    expect(parseDateInput('21.11.2026 24:00')).toBeNull();
  });
  it('rejects impossible dates and other formats', () => {
    expect(parseDateInput('29.02.2026')).toBeNull();
    expect(parseDateInput('29.02.2028')).toEqual(d(2028, 2, 29));
    expect(parseDateInput('32.01.2026')).toBeNull();
    expect(parseDateInput('01.13.2026')).toBeNull();
    expect(parseDateInput('2026-01-01')).toBeNull();
    expect(parseDateInput('01.foo.2026')).toBeNull();
  });
});

describe('masks', () => {
  it('formats digits into the spec shortcuts', () => {
    expect(applyMask('20261121', MASKS.date)).toBe('2026/11/21');
    expect(applyMask('0930', MASKS.time)).toBe('09:30');
    expect(applyMask('093015', MASKS.fulltime)).toBe('09:30:15');
    expect(applyMask('4951234567', MASKS.phone)).toBe('(495) 123 - 4567');
    expect(applyMask('4111111111111111', MASKS.card)).toBe('4111 1111 1111 1111');
  });
  it('stops at the digits typed so far and drops everything else', () => {
    expect(applyMask('495', MASKS.phone)).toBe('(495');
    expect(applyMask('49a5-1', MASKS.phone)).toBe('(495) 1');
    expect(applyMask('', MASKS.date)).toBe('');
  });
});

describe('password match is reported at once', () => {
  it('even while other fields of the form are still invalid', () => {
    const result = registerInput.safeParse({
      login: '',
      password: 'long-enough',
      confirmPassword: 'different',
    });
    const confirm = result.error?.issues
      .filter((i) => i.path.join('.') === 'confirmPassword')
      .map((i) => i.message);
    expect(confirm).toEqual([VALIDATION.passwordMismatch]);
  });
});

import { VALIDATION } from '@takt/contracts';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as fr from '@zxcvbn-ts/language-fr';
import { AppError } from '../../errors';

/** zxcvbn's scale: 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
export const MIN_PASSWORD_SCORE = 3;

/**
 * zxcvbn ships no Russian dictionary. These are the passwords Russian speakers choose most, written
 * as typed and as they come out on a Latin keyboard layout ("пароль" typed on QWERTY is "gfhjkm").
 */
const RUSSIAN_COMMON = [
  'пароль',
  'gfhjkm',
  'йцукен',
  'йцукенг',
  'qwerty',
  'привет',
  'ghbdtn',
  'любовь',
  'k.,jdm',
  'солнце',
  'cjkywt',
  'наташа',
  'натали',
  'максим',
  'дракон',
  'lhfrjy',
  'россия',
  'hjccbz',
  'москва',
  'vjcrdf',
  'зайка',
  'pfqrf',
  'котик',
  'rjnbr',
  'админ',
  'фвьшт',
  'вход',
  'dsvjd',
  'строитель',
  'стройка',
];

let factory: ZxcvbnFactory | null = null;

/** Built on first use: reading the dictionaries takes a moment that only password changes should pay. */
function checker(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: {
      ...common.dictionary,
      ...en.dictionary,
      ...fr.dictionary,
      'passwords-ru': RUSSIAN_COMMON,
      takt: ['takt', 'такт', 'admin', 'administrator', 'password'],
    },
    graphs: common.adjacencyGraphs,
    useLevenshteinDistance: true,
  });
  return factory;
}

/** What a password may not repeat: who the user is. */
export interface PersonalData {
  login?: string | null | undefined;
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}

/** Lower case, letters and digits only: "Ivan.Petrov-1" → "ivanpetrov1". */
function folded(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Edit distance between two short strings (a password and a login), for "nearly the same". */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

function personalWords(personal: PersonalData): string[] {
  const email = personal.email ?? '';
  const words = [personal.login, email, email.split('@')[0], personal.firstName, personal.lastName];
  return words.map((w) => folded(w ?? '')).filter((w) => w.length >= 3);
}

/**
 * True when the password is, contains, or nearly is the login, the email, its local part or a name:
 * "ivanov", "Ivanov2024", "ivanov@example.com", "ivamov".
 */
export function repeatsPersonalData(password: string, personal: PersonalData): boolean {
  const typed = folded(password);
  if (typed.length === 0) return false;
  return personalWords(personal).some(
    (word) => typed.includes(word) || word.includes(typed) || editDistance(typed, word) <= 2,
  );
}

/** The message id of what is wrong with a new password, or null when it is strong enough. */
export function passwordProblem(password: string, personal: PersonalData = {}): string | null {
  if (repeatsPersonalData(password, personal)) return VALIDATION.passwordLikePersonal;
  const inputs = personalWords(personal);
  const { score } = checker().check(password, inputs);
  return score < MIN_PASSWORD_SCORE ? VALIDATION.passwordWeak : null;
}

/** Refuses a weak new password with a ValidationError on `field`, as the forms show field errors. */
export function assertStrongPassword(password: string, personal: PersonalData, field = 'password'): void {
  const problem = passwordProblem(password, personal);
  if (problem) throw new AppError('ValidationError', {}, [{ path: field, message: problem }]);
}

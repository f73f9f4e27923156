import { describe, expect, it } from 'vitest';
import { serverForFile } from './fixtures';
import { PASSWORD, registration } from './harness';

/** Throttles that hold under parallel guesses, lockouts strangers cannot cause, no login enumeration, strong passwords. */
const t = serverForFile({ TAKT_TRUST_PROXY: '1' });
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

describe('throttles count the attempt before checking the secret', () => {
  it('40 parallel wrong passwords on one account: only the 5 free ones are checked', async () => {
    await t.signUp('racer');
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.signIn('racer', `wrong-${i}`, from('203.0.113.10'))),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    const [row] = await t.sql<{ n: string }>(
      `SELECT count(*) AS n FROM login_failures WHERE "loginKey" = 'racer'`,
    );
    expect(Number(row!.n)).toBe(5);
  });

  it('30 parallel wrong secret answers: only the 5 free ones are checked', async () => {
    await t.signUp('answerer');
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.api(
          'PUT',
          '/users/reset-password',
          { login: 'answerer', answer: `guess ${i}` },
          from('203.0.113.11'),
        ),
      ),
    );
    const codes = replies.map((r) => r.body.error_code);
    expect(codes.filter((c) => c === 'WrongAnswer')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TooManyAttempts')).toHaveLength(25);
  });
});

describe('a stranger cannot lock the owner out', () => {
  it('wrong passwords from elsewhere slow the attacker down, not the owner', async () => {
    await t.signUp('owner');
    expect((await t.signIn('owner', PASSWORD, from('192.0.2.1'))).status).toBe(200);
    for (let i = 0; i < 8; i++) {
      await t.signIn('owner', `guess-${i}`, from('198.51.100.66'));
    }
    const attacker = await t.signIn('owner', 'guess-x', from('198.51.100.66'));
    expect(attacker.status).toBe(429);
    // The owner, at home and on a new network, still signs in at once.
    expect((await t.signIn('owner', PASSWORD, from('192.0.2.1'))).status).toBe(200);
    expect((await t.signIn('owner', PASSWORD, from('192.0.2.77'))).status).toBe(200);
  });

  it('many addresses together are slowed per account, but the owner at a known address is not', async () => {
    await t.signUp('target');
    expect((await t.signIn('target', PASSWORD, from('192.0.2.2'))).status).toBe(200);
    for (let i = 0; i < 20; i++) {
      await t.signIn('target', 'nope-nope', from(`198.18.0.${i + 1}`));
    }
    const botnet = await t.signIn('target', PASSWORD, from('198.18.1.1'));
    expect(botnet.status).toBe(429);
    expect((await t.signIn('target', PASSWORD, from('192.0.2.2'))).status).toBe(200);
  });
});

describe('no answer tells whether a login exists', () => {
  it('restore answers an unknown login like a known one: the same status, shape and a stable question', async () => {
    await t.signUp('known');
    const known = await t.api('PUT', '/users/reset-password-request', { login: 'known' });
    const unknown = await t.api('PUT', '/users/reset-password-request', { login: 'unknown-person' });
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknown.body)).toEqual(Object.keys(known.body));
    expect(unknown.body.secretQuestion).toEqual(expect.any(String));
    expect((unknown.body.secretQuestion as string).length).toBeGreaterThan(3);
    // The same unknown login always gets the same question, whatever the language.
    const again = await t.api(
      'PUT',
      '/users/reset-password-request',
      { login: 'Unknown-Person' },
      { lang: 'ru' },
    );
    expect(again.body).toEqual(unknown.body);

    const wrongKnown = await t.api('PUT', '/users/reset-password', { login: 'known', answer: 'no idea' });
    const wrongUnknown = await t.api('PUT', '/users/reset-password', {
      login: 'unknown-person',
      answer: 'no idea',
    });
    expect(wrongUnknown.status).toBe(wrongKnown.status);
    expect(wrongUnknown.body.error_code).toBe('WrongAnswer');
    expect(wrongKnown.body.error_code).toBe('WrongAnswer');
  });

  it('sign-in answers an unknown login exactly like a wrong password', async () => {
    await t.signUp('exists');
    const a = await t.signIn('exists', 'Wrong-pass-1', from('192.0.2.50'));
    const b = await t.signIn('not-exists', 'Wrong-pass-1', from('192.0.2.50'));
    expect(a.status).toBe(401);
    expect({ ...b.body, request_id: undefined }).toEqual({ ...a.body, request_id: undefined });
  });
});

describe('passwords are checked for strength', () => {
  // The names matter: a password made of them is refused.
  const person = (login: string, password: string) =>
    registration(login, { password, confirmPassword: password, firstName: 'Ivan', lastName: 'Petrov' });

  it.each([['password'], ['12345678'], ['qwertyuiop'], ['gfhjkm123'], ['пароль123']])(
    'refuses "%s" at registration',
    async (password) => {
      const reply = await t.api('POST', '/users/register', person('weakling', password));
      expect(reply.status).toBe(400);
      expect(reply.body.error_code).toBe('ValidationError');
      expect(reply.body.error_message).toEqual([
        'password: The password is too easy to guess. Use a longer phrase of several unrelated words, digits or signs',
      ]);
    },
  );

  it('refuses a password that repeats the login, email or name, in the caller language', async () => {
    const same = await t.api('POST', '/users/register', person('sergei-kuznetsov', 'Sergei-Kuznetsov'));
    expect(same.body.error_message).toEqual([
      'password: The password must not repeat the login, email or name',
    ]);
    const ru = await t.api('POST', '/users/register', person('kuznetsova', 'kuznetsova2024'), { lang: 'ru' });
    expect(ru.body.error_message).toEqual([
      'password: Пароль не должен повторять логин, адрес электронной почты или имя',
    ]);
    expect((await t.api('POST', '/users/register', person('kuznetsova', 'Ivan-Petrov-77'))).status).toBe(400);
  });

  it('checks a changed and a restored password too', async () => {
    const { token } = await t.signUp('changing');
    const weak = await t.changePassword(token, PASSWORD, '12345678');
    expect(weak.status).toBe(400);
    expect(weak.body.issues).toEqual([{ path: 'newPassword', message: 'validation.password_weak' }]);
    const reset = await t.api<{ resetToken: string }>('PUT', '/users/reset-password', {
      login: 'changing',
      answer: 'School 57',
    });
    const restored = await t.api('PUT', '/users/change-forgotten-password', {
      resetToken: reset.body.resetToken,
      newPassword: 'changing1',
      confirmPassword: 'changing1',
    });
    expect(restored.status).toBe(400);
    expect(restored.body.issues).toEqual([
      { path: 'newPassword', message: 'validation.password_like_personal' },
    ]);
    const strong = await t.api('PUT', '/users/change-forgotten-password', {
      resetToken: reset.body.resetToken,
      newPassword: 'Violet-Harbour-93',
      confirmPassword: 'Violet-Harbour-93',
    });
    expect(strong.status).toBe(200);
  });
});

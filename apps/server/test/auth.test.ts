import { describe, expect, it } from 'vitest';
import { serverForFile } from './fixtures';
import { PASSWORD, registration, startTestServer } from './harness';

const t = serverForFile();

describe('registration and sign-in', () => {
  it('registers with the REST body of the API and signs in with {login, password} → {token, user}', async () => {
    const registered = await t.api(
      'POST',
      '/users/register',
      registration('ivanov', { firstName: 'Иван', lastName: 'Иванов', secretQuestion: 'Любимый город' }),
    );
    expect(registered.status).toBe(200);
    expect(registered.body.user).toMatchObject({ login: 'ivanov', firstName: 'Иван', hasAvatar: false });
    expect(JSON.stringify(registered.body)).not.toMatch(/hash/i);

    const login = await t.signIn<{ token: string; user: { login: string } }>('IVANOV', PASSWORD);
    expect(login.status).toBe(200);
    expect(login.body.token).toMatch(/^[\w-]{40,}$/);
    expect(login.body.user.login).toBe('ivanov');

    const me = await t.api('GET', '/users/who-am-i', undefined, { token: login.body.token });
    expect(me.body).toMatchObject({ login: 'ivanov', email: 'ivanov@example.com' });
    const [row] = await t.sql<{ tokenHash: string }>('SELECT "tokenHash" FROM sessions LIMIT 1');
    expect(row!.tokenHash).not.toBe(login.body.token);
  });

  it('refuses a taken login regardless of case', async () => {
    await t.signUp('taken');
    const again = await t.api(
      'POST',
      '/users/register',
      registration('TAKEN', { email: 'other@example.com' }),
    );
    expect(again.status).toBe(409);
    expect(again.body.error_code).toBe('LoginTaken');
  });

  it('answers a wrong password with 401 and a localized message', async () => {
    await t.signUp('wrongpass');
    const reply = await t.signIn('wrongpass', 'not-the-password');
    expect(reply.status).toBe(401);
    expect(reply.headers.get('error-type')).toBe('localized');
    expect(reply.body).toMatchObject({
      success: false,
      error_code: 'InvalidCredentials',
      error_message: 'Invalid login or password',
    });
    const ru = await t.signIn('wrongpass', 'nope', { lang: 'ru' });
    expect(ru.body.error_message).not.toBe('Invalid login or password');
    expect(String(ru.body.error_message)).toMatch(/[а-яё]/i);
  });

  it('throttles an account at one address after 5 failures, even for the right password, for a growing wait', async () => {
    await t.signUp('throttled');
    for (let i = 0; i < 5; i++) {
      expect((await t.signIn('throttled', 'bad')).status).toBe(401);
    }
    const blocked = await t.signIn('throttled', PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      error_code: 'TooManyAttempts',
      error_message: 'Too many failed attempts. Try again in 1 minute',
    });
    // The wait passes: one more guess is let through, and the next wait is twice as long.
    const back = (seconds: number) =>
      t.sql(`UPDATE login_failures SET at = at - make_interval(secs => $1) WHERE "loginKey" = 'throttled'`, [
        seconds,
      ]);
    await back(61);
    expect((await t.signIn('throttled', 'bad')).status).toBe(401);
    const longer = await t.signIn('throttled', PASSWORD);
    expect(longer.body.error_message).toBe('Too many failed attempts. Try again in 2 minutes');
    await back(121);
    expect((await t.signIn('throttled', PASSWORD)).status).toBe(200);
    // The right password took the failures of this address back.
    expect(await t.sql(`SELECT 1 FROM login_failures WHERE "loginKey" = 'throttled'`)).toEqual([]);
  });

  it('throttles an address after 50 failures across accounts, except for accounts signed in from it before', async () => {
    const ip = { 'x-forwarded-for': '198.51.100.7' };
    const proxied = await startTestServer({ TAKT_TRUST_PROXY: '1' });
    try {
      await proxied.signUp('victim');
      await proxied.signUp('regular');
      const first = await proxied.signIn('regular', PASSWORD, { headers: ip });
      expect(first.status).toBe(200);
      for (let i = 0; i < 20; i++) {
        await proxied.signIn(`nobody${i}`, 'x', { headers: ip });
      }
      // 20 failures from an office behind one address no longer lock its other users out.
      expect((await proxied.signIn('victim', PASSWORD, { headers: ip })).status).toBe(200);
      for (let i = 20; i < 50; i++) {
        await proxied.signIn(`nobody${i}`, 'x', { headers: ip });
      }
      const stranger = await proxied.signUp('stranger');
      expect(stranger.token).toBeTruthy();
      const blocked = await proxied.signIn('stranger', PASSWORD, { headers: ip });
      expect(blocked.status).toBe(429);
      const elsewhere = await proxied.signIn('stranger', PASSWORD, {
        headers: { 'x-forwarded-for': '198.51.100.8' },
      });
      expect(elsewhere.status).toBe(200);
      // Accounts that signed in from this address before are not locked out by its other users.
      expect((await proxied.signIn('regular', PASSWORD, { headers: ip })).status).toBe(200);
    } finally {
      await proxied.stop();
    }
  });
});

describe('sessions', () => {
  it('ends a session idle past the timeout with SessionExpired, and keeps an active one', async () => {
    const { token } = await t.signUp('idler');
    expect((await t.api('GET', '/users/who-am-i', undefined, { token })).status).toBe(200);
    await t.sql(`UPDATE sessions SET "lastSeenAt" = now() - interval '29 minutes'`);
    expect((await t.api('GET', '/users/who-am-i', undefined, { token })).status).toBe(200);
    await t.sql(
      `UPDATE sessions SET "lastSeenAt" = now() - interval '31 minutes' WHERE "userId" = (SELECT id FROM users WHERE login = 'idler')`,
    );
    const expired = await t.api('GET', '/users/who-am-i', undefined, { token });
    expect(expired.status).toBe(401);
    expect(expired.body.error_code).toBe('SessionExpired');
    // The session is gone for good.
    await t.sql(`UPDATE sessions SET "lastSeenAt" = now()`);
    expect((await t.api('GET', '/users/who-am-i', undefined, { token })).status).toBe(401);
  });

  it('applies the idle timeout of the space the session works in', async () => {
    const { token } = await t.signUp('spaceidle');
    const space = await t.api<{ id: string }>('POST', '/space/create', { name: 'Short idle' }, { token });
    const settings = await t.api<{ revision: number }>('GET', `/space/${space.body.id}/settings`, undefined, {
      token,
    });
    await t.api(
      'PUT',
      `/space/${space.body.id}/settings`,
      { idleTimeoutMinutes: 5, revision: settings.body.revision },
      { token },
    );
    await t.api('GET', `/space/${space.body.id}/access`, undefined, { token });
    await t.sql(
      `UPDATE sessions SET "lastSeenAt" = now() - interval '6 minutes' WHERE "userId" = (SELECT id FROM users WHERE login = 'spaceidle')`,
    );
    expect((await t.api('GET', '/users/who-am-i', undefined, { token })).body.error_code).toBe(
      'SessionExpired',
    );
  });

  it('logs out one session, or every session of the user', async () => {
    await t.signUp('leaver');
    const a = (await t.signIn<{ token: string }>('leaver', PASSWORD)).body.token;
    const b = (await t.signIn<{ token: string }>('leaver', PASSWORD)).body.token;
    const c = (await t.signIn<{ token: string }>('leaver', PASSWORD)).body.token;
    expect((await t.api('POST', '/auth/logout', undefined, { token: a })).status).toBe(200);
    expect((await t.api('GET', '/users/who-am-i', undefined, { token: a })).status).toBe(401);
    expect((await t.api('GET', '/users/who-am-i', undefined, { token: b })).status).toBe(200);
    expect((await t.api('POST', '/auth/logout?everywhere=true', undefined, { token: b })).status).toBe(200);
    expect((await t.api('GET', '/users/who-am-i', undefined, { token: c })).status).toBe(401);
  });

  it('answers 401 without a token and with a forged one', async () => {
    expect((await t.api('GET', '/users/who-am-i')).body.error_code).toBe('Unauthorized');
    expect((await t.api('GET', '/users/who-am-i', undefined, { token: 'forged' })).status).toBe(401);
  });
});

describe('passwords and restore', () => {
  it('changes the password and signs other devices out', async () => {
    const { token } = await t.signUp('changer');
    const other = (await t.signIn<{ token: string }>('changer', PASSWORD)).body.token;
    const wrong = await t.changePassword(token, 'bad', 'new-password-2');
    expect(wrong.status).toBe(401);
    const ok = await t.changePassword(token, PASSWORD, 'new-password-2');
    expect(ok.status).toBe(200);
    expect((await t.api('GET', '/users/who-am-i', undefined, { token })).status).toBe(200);
    expect((await t.api('GET', '/users/who-am-i', undefined, { token: other })).status).toBe(401);
    expect((await t.signIn('changer', 'new-password-2')).status).toBe(200);
  });

  it('restores through the secret question', async () => {
    await t.signUp('forgetful');
    const question = await t.api('PUT', '/users/reset-password-request', { login: 'forgetful' });
    expect(question.body).toEqual({ secretQuestion: 'First school' });
    const wrong = await t.api('PUT', '/users/reset-password', { login: 'forgetful', answer: 'School 1' });
    expect(wrong.body.error_code).toBe('WrongAnswer');
    const right = await t.api<{ resetToken: string }>('PUT', '/users/reset-password', {
      login: 'forgetful',
      answer: '  school   57 ',
    });
    expect(right.status).toBe(200);
    const mismatch = await t.api('PUT', '/users/change-forgotten-password', {
      resetToken: right.body.resetToken,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pas',
    });
    expect(mismatch.body.error_message).toEqual(['confirmPassword: Passwords did not similar']);
    const changed = await t.api('PUT', '/users/change-forgotten-password', {
      resetToken: right.body.resetToken,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(changed.status).toBe(200);
    expect((await t.signIn('forgetful', 'brand-new-pass')).status).toBe(200);
    const reused = await t.api('PUT', '/users/change-forgotten-password', {
      resetToken: right.body.resetToken,
      newPassword: 'another-pass-1',
      confirmPassword: 'another-pass-1',
    });
    expect(reused.body.error_code).toBe('ResetTokenInvalid');
  });

  it('tells a user without a secret question to contact the administrator', async () => {
    await t.signUp('noquestion');
    await t.sql(
      `UPDATE users SET "secretQuestion" = NULL, "secretAnswerHash" = NULL WHERE login = 'noquestion'`,
    );
    // The question step looks like any other login's; the answer step tells the user what to do.
    const question = await t.api('PUT', '/users/reset-password-request', { login: 'noquestion' });
    expect(question.status).toBe(200);
    expect(question.body.secretQuestion).toEqual(expect.any(String));
    const reply = await t.api('PUT', '/users/reset-password', { login: 'noquestion', answer: 'anything' });
    expect(reply.status).toBe(400);
    expect(reply.body.error_code).toBe('NoSecretQuestion');
    expect(reply.body.error_message).toMatch(/Contact your system administrator/);
  });
});

describe('the account language', () => {
  it('is the one chosen at registration and at sign-in, and the request language alone does not change it', async () => {
    const { token } = await t.signUp('linguist', { language: 'fr' });
    const me = async (tok: string) =>
      (await t.api<{ language: string }>('GET', '/users/who-am-i', undefined, { token: tok })).body.language;
    expect(await me(token)).toBe('fr');

    // A sign-in without a choice (an API client) keeps the profile's language, whatever the request's.
    const plain = await t.signIn<{ token: string; user: { language: string } }>('linguist', PASSWORD, {
      lang: 'ru',
    });
    expect(plain.body.user.language).toBe('fr');
    expect(await me(plain.body.token)).toBe('fr');

    // Signing in from a page shown in English stores English, and the answer already says so.
    const chosen = await t.api<{ token: string; user: { language: string } }>(
      'POST',
      '/auth/login',
      { login: 'linguist', password: PASSWORD, language: 'en' },
      { lang: 'ru' },
    );
    expect(chosen.status).toBe(200);
    expect(chosen.body.user.language).toBe('en');
    expect(await me(chosen.body.token)).toBe('en');
    expect(await me(token)).toBe('en');

    const unknown = await t.api('POST', '/auth/login', {
      login: 'linguist',
      password: PASSWORD,
      language: 'de',
    });
    expect(unknown.status).toBe(400);
    expect(await me(token)).toBe('en');
  });

  it('falls back to the request language at registration when none is chosen', async () => {
    const reply = await t.api<{ user: { language: string } }>(
      'POST',
      '/users/register-and-login',
      registration('headerlang'),
      { lang: 'en' },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.user.language).toBe('en');
  });
});

describe('profile', () => {
  it('updates fields, accepts the privacy policy and sets the executor flag', async () => {
    const { token, user } = await t.signUp('profiled');
    const updated = await t.api(
      'PUT',
      '/users',
      { firstName: 'Пётр', theme: 'dark', language: 'en' },
      { token },
    );
    expect(updated.body).toMatchObject({ firstName: 'Пётр', theme: 'dark', language: 'en' });
    const accepted = await t.api<{ privacyPolicyAcceptedAt: string }>(
      'PUT',
      '/users/accept-privacy-policy',
      undefined,
      { token },
    );
    expect(new Date(accepted.body.privacyPolicyAcceptedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const executor = await t.api('PATCH', `/users/${user.id}/set-executor`, { executor: true }, { token });
    expect(executor.body).toMatchObject({ executor: true });
    const stranger = await t.signUp('stranger');
    const forbidden = await t.api(
      'PATCH',
      `/users/${user.id}/set-executor`,
      { executor: false },
      { token: stranger.token },
    );
    expect(forbidden.status).toBe(403);
  });

  it('uploads, serves and removes an avatar, checking size and type', async () => {
    const { token, user } = await t.signUp('avatared');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(100).fill(1)]);
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
    const uploaded = await t.api('POST', '/users/avatar', undefined, { token, form });
    expect(uploaded.body).toMatchObject({ hasAvatar: true });
    const served = await t.api<Uint8Array>('GET', '/users/avatar', undefined, { token });
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.body).toEqual(png);
    expect((await t.api('GET', `/users/${user.id}/avatar`, undefined, { token })).status).toBe(200);

    const text = new FormData();
    text.append('file', new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), 'evil.png');
    const rejected = await t.api('POST', '/users/avatar', undefined, { token, form: text });
    expect(rejected.status).toBe(415);
    const big = new FormData();
    big.append('file', new Blob([new Uint8Array(3 * 1024 * 1024)], { type: 'image/png' }), 'big.png');
    expect((await t.api('POST', '/users/avatar', undefined, { token, form: big })).status).toBe(413);

    expect((await t.api('DELETE', '/users/avatar', undefined, { token })).body).toMatchObject({
      hasAvatar: false,
    });
    expect((await t.api('GET', '/users/avatar', undefined, { token })).status).toBe(404);
  });
});

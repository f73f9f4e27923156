import { describe, expect, it } from 'vitest';
import { serverForFile } from './fixtures';
import { PASSWORD, registration } from './harness';

const t = serverForFile();
const valid = registration('valid', {
  firstName: 'Анна',
  lastName: 'Петрова',
  secretQuestion: 'Кличка собаки',
});

async function registerErrors(patch: Record<string, unknown>, lang: 'en' | 'ru' = 'en') {
  const reply = await t.api('POST', '/users/register', { ...valid, ...patch }, { lang });
  expect(reply.status).toBe(400);
  expect(reply.body.error_code).toBe('ValidationError');
  expect(reply.headers.get('error-type')).toBe('localized');
  return reply.body.error_message as string[];
}

describe('validation rules validation over HTTP, with the exact messages', () => {
  it('prohibited characters', async () => {
    expect(await registerErrors({ firstName: 'Анна<script>' })).toEqual([
      'firstName: The field contains prohibited characters',
    ]);
    expect(await registerErrors({ lastName: 'a;b' })).toEqual([
      'lastName: The field contains prohibited characters',
    ]);
  });

  it('maximum length of 32 characters', async () => {
    expect(await registerErrors({ firstName: 'А'.repeat(33) })).toEqual([
      'firstName: Maximum length is 32 characters',
    ]);
    const ok = await t.api('POST', '/users/register', {
      ...valid,
      login: 'l'.repeat(32),
      email: 'long@example.com',
      firstName: 'А'.repeat(32),
    });
    expect(ok.status).toBe(200);
  });

  it('required entries: login, email, first name, last name, secret question, answer', async () => {
    const errors = await registerErrors({
      login: ' ',
      email: '',
      firstName: '',
      lastName: '',
      secretQuestion: '',
      answer: '',
    });
    expect(errors).toEqual([
      'login: Required field',
      'email: Required field',
      'firstName: Required field',
      'lastName: Required field',
      'secretQuestion: Required field',
      'answer: Required field',
    ]);
  });

  it('space name is required and limited', async () => {
    const { token } = await t.signUp('spacenamer');
    const empty = await t.api('POST', '/space/create', { name: '   ' }, { token });
    expect(empty.body.error_message).toEqual(['name: Required field']);
    const bad = await t.api('POST', '/space/create', { name: 'Space {x}' }, { token });
    expect(bad.body.error_message).toEqual(['name: The field contains prohibited characters']);
  });

  it('passwords must match: "Password mismatch" and "Passwords did not similar"', async () => {
    expect(await registerErrors({ confirmPassword: 'something-else' })).toEqual([
      'confirmPassword: Password mismatch',
    ]);
    const { token } = await t.signUp('pwmatch');
    const reply = await t.changePassword(token, PASSWORD, 'new-password-1', 'new-password-2');
    expect(reply.body.error_message).toEqual(['confirmPassword: Passwords did not similar']);
  });

  it('email must be valid: "Invalid email"', async () => {
    expect(await registerErrors({ email: 'not-an-email' })).toEqual(['email: Invalid email']);
  });

  it('privacy policy must be accepted', async () => {
    const errors = await registerErrors({ privacyPolicyAccepted: false });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^privacyPolicyAccepted: /);
  });

  it('the same rules answer in Russian when the client speaks Russian', async () => {
    const errors = await registerErrors({ email: 'x', firstName: 'a|b' }, 'ru');
    expect(errors).toHaveLength(2);
    for (const e of errors) expect(e).toMatch(/[а-яё]/i);
  });

  it('bad JSON and unknown routes get catalogue errors', async () => {
    const response = await fetch(`${t.url}/api/v1/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-language': 'en' },
      body: '{"login":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: 'BadRequest' });
    const missing = await t.api('GET', '/no/such/route');
    expect(missing.status).toBe(404);
    expect(missing.body.error_code).toBe('NotFound');
  });

  it('space settings are bounded', async () => {
    const { token } = await t.signUp('bounded');
    const space = await t.api<{ id: string }>('POST', '/space/create', { name: 'Bounds' }, { token });
    const reply = await t.api(
      'PUT',
      `/space/${space.body.id}/settings`,
      { idleTimeoutMinutes: 0, revision: 1 },
      { token },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error_code).toBe('ValidationError');
  });
});

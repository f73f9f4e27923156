import { describe, expect, it } from 'vitest';
import { ownSpace, scheduleWithVersion, serverForFile } from './fixtures';

/** Inputs that used to reach PostgreSQL and come back as 500: each is now a 4xx with a translated message. */
const t = serverForFile();
const week = Array.from({ length: 7 }, (_, day) => (day < 5 ? [{ start: '08:00', finish: '17:00' }] : []));

/** POSTs a raw JSON text, so that escapes like \u0000 and a lone \ud800 arrive exactly as sent. */
async function rawPost(path: string, json: string, token: string) {
  const response = await fetch(`${t.url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-language': 'en' },
    body: json,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('bad input is a 4xx, never a 500', () => {
  it('refuses a NUL character in a free-text field', async () => {
    const { token, spaceId } = await ownSpace(t, 'nul', 'NUL');
    const calendar = {
      name: 'Shifts',
      week,
      exceptions: [{ date: '2025-01-01', name: 'New\u0000Year', intervals: [] }],
    };
    const reply = await t.api('POST', `/space/${spaceId}/calendars`, calendar, { token });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      error_code: 'ValidationError',
      error_message: ['exceptions.0.name: The field contains prohibited characters'],
    });
  });

  it('refuses a lone surrogate in a work name', async () => {
    const { token, spaceId, ok } = await ownSpace(t, 'surrogate', 'Surrogate');
    const { versionId } = await scheduleWithVersion(ok);
    const reply = await rawPost(
      `/space/${spaceId}/versions/${versionId}/wbs`,
      '{"name":"Pour \\ud800 slab","type":"task"}',
      token,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error_message).toEqual(['name: The field contains prohibited characters']);
    // A proper pair (an emoji) is text like any other.
    const emoji = await rawPost(
      `/space/${spaceId}/versions/${versionId}/wbs`,
      '{"name":"Pour \\ud83c\\udfd7 slab","type":"task"}',
      token,
    );
    expect(emoji.status).toBe(200);
  });

  it('refuses a NUL character in a login to invite', async () => {
    const { token, spaceId, ok } = await ownSpace(t, 'inviter', 'Invites');
    const roles = await ok<{ id: string; key: string | null }[]>('GET', '/roles');
    const reply = await t.api(
      'POST',
      `/space/${spaceId}/users/invite`,
      { login: 'some\u0000one', roleId: roles[0]!.id },
      { token },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error_code).toBe('ValidationError');
  });

  it('refuses an audit cursor beyond the ids the log can have', async () => {
    const { token, spaceId } = await ownSpace(t, 'cursor', 'Cursor');
    const reply = await t.api('GET', `/space/${spaceId}/audit?cursor=${'9'.repeat(40)}`, undefined, {
      token,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error_code).toBe('ValidationError');
    expect((await t.api('GET', `/space/${spaceId}/audit?cursor=12`, undefined, { token })).status).toBe(200);
  });

  it('answers a role change for someone who is not a member with 404', async () => {
    const { token, spaceId, ok } = await ownSpace(t, 'roler', 'Roles');
    const outsider = await t.signUp('outsider');
    const roles = await ok<{ id: string }[]>('GET', '/roles');
    const reply = await t.api(
      'PATCH',
      `/space/${spaceId}/users/role`,
      { userId: outsider.user.id, roleId: roles[0]!.id },
      { token },
    );
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({
      error_code: 'NotFound',
      error_message: 'The requested object was not found',
    });
  });
});

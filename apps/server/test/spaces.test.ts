import { describe, expect, it } from 'vitest';
import { serverForFile } from './fixtures';

const t = serverForFile({ TAKT_TRUST_PROXY: '1' });

/** `token`'s invitation of `login` into the space with a role, answered as it is. */
const invite = (spaceId: string, token: string, login: string, roleId: string) =>
  t.api('POST', `/space/${spaceId}/users/invite`, { login, roleId }, { token });

type Role = { id: string; key: string | null; name: string; abilities: string[]; revision: number };

async function spaceWithOwner(login: string, name = 'Объект «Север»') {
  const owner = await t.signUp(login);
  const space = await t.api<{ id: string; name: string }>(
    'POST',
    '/space/create',
    { name },
    { token: owner.token },
  );
  const roles = await t.api<Role[]>('GET', `/space/${space.body.id}/roles`, undefined, {
    token: owner.token,
  });
  const roleId = (key: string) => roles.body.find((r) => r.key === key)!.id;
  return { owner, spaceId: space.body.id, space: space.body, roles: roles.body, roleId };
}

describe('spaces', () => {
  it('creates a space whose creator is its administrator, lists and renames it', async () => {
    const { owner, spaceId, space } = await spaceWithOwner('creator');
    expect(space).toEqual({ id: spaceId, name: 'Объект «Север»' });
    const spaces = await t.api<{ id: string; kind: string; role: { name: string } }[]>(
      'GET',
      '/users/spaces',
      undefined,
      {
        token: owner.token,
      },
    );
    expect(spaces.body).toEqual([
      expect.objectContaining({
        id: spaceId,
        kind: 'free',
        role: expect.objectContaining({ name: 'Administrator' }),
      }),
    ]);
    const config = await t.api<{ abilities: string[]; settings: { idleTimeoutMinutes: number } }>(
      'GET',
      `/users/space-config?spaceId=${spaceId}`,
      undefined,
      { token: owner.token },
    );
    expect(config.body.abilities).toContain('space.manage');
    expect(config.body.settings.idleTimeoutMinutes).toBe(30);
    const viaCookie = await t.api('GET', '/users/space-config', undefined, {
      token: owner.token,
      headers: { cookie: `space_id=${spaceId}` },
    });
    expect(viaCookie.status).toBe(200);
    const renamed = await t.api('PUT', `/space/${spaceId}`, { name: 'ЖК Север' }, { token: owner.token });
    expect(renamed.body).toEqual({ id: spaceId, name: 'ЖК Север' });
  });

  it('creates a demo space filled with a team in every role', async () => {
    const { token } = await t.signUp('demouser');
    const demo = await t.api<{ id: string }>('POST', '/space/create-demo', undefined, { token, lang: 'ru' });
    expect(demo.body).toMatchObject({ name: 'Демо-пространство' });
    const users = await t.api<{ role: { name: string } }[]>(
      'GET',
      `/space/${demo.body.id}/users`,
      undefined,
      { token, lang: 'ru' },
    );
    expect(users.body.length).toBe(6);
    expect(new Set(users.body.map((u) => u.role.name))).toEqual(
      new Set(['Администратор', 'Планировщик', 'Исполнитель', 'Куратор', 'Наблюдатель']),
    );
    const licence = await t.api('GET', `/space/${demo.body.id}/licence`, undefined, { token });
    expect(licence.body).toMatchObject({ kind: 'demo', userLimit: 50, usedSeats: 6 });
  });
});

describe('members and roles', () => {
  it('invites, enforces abilities per role, changes roles and kicks out', async () => {
    const { owner, spaceId, roleId } = await spaceWithOwner('boss');
    const viewer = await t.signUp('viewer1');
    const invited = await invite(spaceId, owner.token, 'viewer1', roleId('viewer'));
    expect(invited.body).toMatchObject({ login: 'viewer1', role: { id: roleId('viewer') } });
    const again = await invite(spaceId, owner.token, 'viewer1', roleId('viewer'));
    expect(again.body.error_code).toBe('AlreadyMember');

    // A viewer may look but not manage.
    expect((await t.api('GET', `/space/${spaceId}/access`, undefined, { token: viewer.token })).status).toBe(
      200,
    );
    const denied = await invite(spaceId, viewer.token, 'boss', roleId('viewer'));
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      error_code: 'Forbidden',
      error_message: 'You do not have access to the selected space',
    });

    const promoted = await t.api(
      'PATCH',
      `/space/${spaceId}/users/role`,
      { userId: viewer.user.id, roleId: roleId('administrator') },
      { token: owner.token },
    );
    expect(promoted.status).toBe(200);
    expect(
      (await t.api('GET', `/space/${spaceId}/settings`, undefined, { token: viewer.token })).status,
    ).toBe(200);

    expect(
      (
        await t.api(
          'POST',
          `/space/${spaceId}/users/kickout`,
          { userId: viewer.user.id },
          { token: owner.token },
        )
      ).status,
    ).toBe(200);
    expect((await t.api('GET', `/space/${spaceId}/access`, undefined, { token: viewer.token })).status).toBe(
      403,
    );
    // The last administrator cannot be removed.
    const last = await t.api(
      'POST',
      `/space/${spaceId}/users/kickout`,
      { userId: owner.user.id },
      { token: owner.token },
    );
    expect(last.body.error_code).toBe('LastAdministrator');
  });

  it('creates, updates with revisions, and deletes custom roles', async () => {
    const { owner, spaceId, roleId } = await spaceWithOwner('rolesmith');
    const created = await t.api<Role>(
      'POST',
      `/space/${spaceId}/roles`,
      { name: 'Прораб', abilities: ['space.view', 'users.view'] },
      { token: owner.token },
    );
    expect(created.body).toMatchObject({ name: 'Прораб', key: null, revision: 1 });
    const duplicate = await t.api(
      'POST',
      `/space/${spaceId}/roles`,
      { name: 'Прораб', abilities: [] },
      { token: owner.token },
    );
    expect(duplicate.body.error_message).toEqual(['name: A role with this name already exists']);
    const updated = await t.api<Role>(
      'PUT',
      `/space/${spaceId}/roles/${created.body.id}`,
      { name: 'Прораб участка', abilities: ['space.view'], revision: 1 },
      { token: owner.token },
    );
    expect(updated.body).toMatchObject({ name: 'Прораб участка', revision: 2, abilities: ['space.view'] });
    const stale = await t.api(
      'PUT',
      `/space/${spaceId}/roles/${created.body.id}`,
      { name: 'Старое', abilities: [], revision: 1 },
      { token: owner.token },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error_code).toBe('Conflict');
    const builtIn = await t.api('DELETE', `/space/${spaceId}/roles/${roleId('viewer')}`, undefined, {
      token: owner.token,
    });
    expect(builtIn.body.error_code).toBe('BuiltInRole');
    const narrowedAdmin = await t.api(
      'PUT',
      `/space/${spaceId}/roles/${roleId('administrator')}`,
      { name: 'Admin', abilities: ['space.view'], revision: 1 },
      { token: owner.token },
    );
    expect(narrowedAdmin.body.error_code).toBe('BuiltInRole');
    await t.signUp('foreman');
    await invite(spaceId, owner.token, 'foreman', created.body.id);
    expect(
      (await t.api('DELETE', `/space/${spaceId}/roles/${created.body.id}`, undefined, { token: owner.token }))
        .body.error_code,
    ).toBe('RoleInUse');
    const custom = await t.api<Role>(
      'POST',
      `/space/${spaceId}/roles`,
      { name: 'Временная', abilities: [] },
      { token: owner.token },
    );
    expect(
      (await t.api('DELETE', `/space/${spaceId}/roles/${custom.body.id}`, undefined, { token: owner.token }))
        .status,
    ).toBe(200);
  });
});

describe('delegation', () => {
  it('lends abilities the lender holds, until a date, and can be withdrawn', async () => {
    const { owner, spaceId, roleId } = await spaceWithOwner('lender');
    const planner = await t.signUp('planner1');
    const viewer = await t.signUp('viewer2');
    await invite(spaceId, owner.token, 'planner1', roleId('planner'));
    await invite(spaceId, owner.token, 'viewer2', roleId('executor'));

    const notHeld = await t.api(
      'POST',
      `/space/${spaceId}/delegation`,
      { toUserId: viewer.user.id, abilities: ['users.manage'] },
      { token: planner.token },
    );
    expect(notHeld.status).toBe(400);
    expect(notHeld.body.error_message).toEqual([
      'abilities: You cannot delegate rights you do not have: users.manage',
    ]);

    expect(
      (await t.api('GET', `/space/${spaceId}/users/../roles`, undefined, { token: viewer.token })).status,
    ).toBe(200);
    const before = await t.api<{ abilities: string[] }>('GET', `/space/${spaceId}/access`, undefined, {
      token: viewer.token,
    });
    expect(before.body.abilities).not.toContain('schedule.edit');

    const lent = await t.api<{ id: string }>(
      'POST',
      `/space/${spaceId}/delegation`,
      {
        toUserId: viewer.user.id,
        abilities: ['schedule.edit', 'import'],
        validUntil: new Date(Date.now() + 86_400_000).toISOString(),
        comment: 'Отпуск',
      },
      { token: planner.token },
    );
    expect(lent.status).toBe(200);
    const after = await t.api<{ abilities: string[]; delegated: { fromUser: { id: string } }[] }>(
      'GET',
      `/space/${spaceId}/access`,
      undefined,
      { token: viewer.token },
    );
    expect(after.body.abilities).toEqual(expect.arrayContaining(['schedule.edit', 'import']));
    expect(after.body.delegated[0]!.fromUser.id).toBe(planner.user.id);
    const lists = await t.api<{ given: unknown[]; received: unknown[] }>(
      'GET',
      `/space/${spaceId}/delegation`,
      undefined,
      { token: planner.token },
    );
    expect(lists.body.given).toHaveLength(1);
    expect(lists.body.received).toHaveLength(0);

    // When the lender loses an ability, the borrower loses it too.
    await t.api(
      'PATCH',
      `/space/${spaceId}/users/role`,
      { userId: planner.user.id, roleId: roleId('viewer') },
      { token: owner.token },
    );
    const shrunk = await t.api<{ abilities: string[] }>('GET', `/space/${spaceId}/access`, undefined, {
      token: viewer.token,
    });
    expect(shrunk.body.abilities).not.toContain('schedule.edit');
    await t.api(
      'PATCH',
      `/space/${spaceId}/users/role`,
      { userId: planner.user.id, roleId: roleId('planner') },
      { token: owner.token },
    );

    // An expired delegation grants nothing.
    await t.sql(`UPDATE delegations SET "validUntil" = now() - interval '1 minute' WHERE id = $1`, [
      lent.body.id,
    ]);
    const expired = await t.api<{ abilities: string[] }>('GET', `/space/${spaceId}/access`, undefined, {
      token: viewer.token,
    });
    expect(expired.body.abilities).not.toContain('schedule.edit');

    expect(
      (
        await t.api('DELETE', `/space/${spaceId}/delegation/${lent.body.id}`, undefined, {
          token: viewer.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.api('DELETE', `/space/${spaceId}/delegation/${lent.body.id}`, undefined, {
          token: viewer.token,
        })
      ).status,
    ).toBe(404);
  });
});

describe('licences', () => {
  it('stops invitations past the free licence seats with 409 LicensePaidUsersExceeded', async () => {
    const { owner, spaceId, roleId } = await spaceWithOwner('seatholder');
    for (let i = 1; i <= 4; i++) {
      await t.signUp(`seat${i}`);
      const ok = await invite(spaceId, owner.token, `seat${i}`, roleId('viewer'));
      expect(ok.status).toBe(200);
    }
    await t.signUp('seat5');
    const over = await invite(spaceId, owner.token, 'seat5', roleId('viewer'));
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      error_code: 'LicensePaidUsersExceeded',
      error_message: 'The number of paid users of the licence is exceeded',
    });
    expect(
      (await t.api('GET', `/space/${spaceId}/licence`, undefined, { token: owner.token })).body,
    ).toMatchObject({ userLimit: 5, usedSeats: 5 });
  });

  it('turns away members beyond a reduced licence, and everyone without a licence', async () => {
    const { owner, spaceId, roleId } = await spaceWithOwner('downgraded');
    const late = await t.signUp('latecomer');
    await invite(spaceId, owner.token, 'latecomer', roleId('viewer'));
    await t.sql(`UPDATE licences SET "userLimit" = 1 WHERE "spaceId" = $1`, [spaceId]);
    expect((await t.api('GET', `/space/${spaceId}/access`, undefined, { token: owner.token })).status).toBe(
      200,
    );
    const limited = await t.api('GET', `/space/${spaceId}/access`, undefined, { token: late.token });
    expect(limited.status).toBe(402);
    expect(limited.body.error_code).toBe('LicenseLimit');
    await t.sql(`UPDATE licences SET active = false WHERE "spaceId" = $1`, [spaceId]);
    const none = await t.api('GET', `/space/${spaceId}/access`, undefined, { token: owner.token });
    expect(none.status).toBe(402);
    expect(none.body).toMatchObject({
      error_code: 'LicenseNotFound',
      error_message: 'A license was not found to operate in the selected space',
    });
  });
});

describe('IP allowlist', () => {
  it('refuses calls from addresses outside the list with 403 IPNotAllowed', async () => {
    const { owner, spaceId } = await spaceWithOwner('guarded');
    const office = { 'x-forwarded-for': '10.1.2.3' };
    const home = { 'x-forwarded-for': '203.0.113.9' };
    const settings = await t.api<{ revision: number }>('GET', `/space/${spaceId}/settings`, undefined, {
      token: owner.token,
      headers: office,
    });
    const lockout = await t.api(
      'PUT',
      `/space/${spaceId}/settings`,
      { ipAllowlist: ['192.168.0.0/16'], revision: settings.body.revision },
      { token: owner.token, headers: office },
    );
    expect(lockout.status).toBe(400);
    const invalid = await t.api(
      'PUT',
      `/space/${spaceId}/settings`,
      { ipAllowlist: ['10.0.0.0/99'], revision: settings.body.revision },
      { token: owner.token, headers: office },
    );
    expect(invalid.body.error_message).toEqual(['ipAllowlist.0: Invalid IP address or network']);
    const saved = await t.api(
      'PUT',
      `/space/${spaceId}/settings`,
      { ipAllowlist: ['10.0.0.0/8', '2001:db8::/32'], revision: settings.body.revision },
      { token: owner.token, headers: office },
    );
    expect(saved.body).toMatchObject({ ipAllowlist: ['10.0.0.0/8', '2001:db8::/32'] });
    expect(
      (await t.api('GET', `/space/${spaceId}/access`, undefined, { token: owner.token, headers: office }))
        .status,
    ).toBe(200);
    const away = await t.api('GET', `/space/${spaceId}/access`, undefined, {
      token: owner.token,
      headers: home,
    });
    expect(away.status).toBe(403);
    expect(away.body).toMatchObject({
      error_code: 'IPNotAllowed',
      error_message: 'Access not allowed from this IP address',
    });
    const mapped = await t.api('GET', `/space/${spaceId}/access`, undefined, {
      token: owner.token,
      headers: { 'x-forwarded-for': '::ffff:10.9.9.9' },
    });
    expect(mapped.status).toBe(200);
    const stale = await t.api(
      'PUT',
      `/space/${spaceId}/settings`,
      { idleTimeoutMinutes: 10, revision: settings.body.revision },
      { token: owner.token, headers: office },
    );
    expect(stale.body.error_code).toBe('Conflict');
  });
});

describe('space deletion', () => {
  it('runs as a background job with progress and removes everything of the space', async () => {
    const { owner, spaceId, roleId } = await spaceWithOwner('demolisher');
    const member = await t.signUp('tenant');
    await invite(spaceId, owner.token, 'tenant', roleId('planner'));
    await t.api(
      'POST',
      `/space/${spaceId}/delegation`,
      { toUserId: owner.user.id, abilities: ['import'] },
      { token: member.token },
    );
    const other = await spaceWithOwner('neighbour', 'Соседи');

    const started = await t.api<{ jobId: string }>('DELETE', `/space/${spaceId}`, undefined, {
      token: owner.token,
    });
    expect(started.status).toBe(200);
    expect((await t.api('GET', `/space/${spaceId}/access`, undefined, { token: owner.token })).status).toBe(
      403,
    );
    expect((await t.api('DELETE', `/space/${spaceId}`, undefined, { token: owner.token })).status).toBe(403);

    let status = { state: 'queued', progress: 0 };
    const seen = new Set<string>();
    for (let i = 0; i < 100 && status.state !== 'completed' && status.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (
        await t.api<typeof status>('GET', `/space/${spaceId}/deletion`, undefined, { token: owner.token })
      ).body;
      seen.add(status.state);
    }
    expect(status).toEqual({ state: 'completed', progress: 100 });
    for (const table of ['spaces', 'roles', 'space_members', 'delegations', 'licences', 'ip_allow_entries']) {
      const column = table === 'spaces' ? 'id' : '"spaceId"';
      expect(await t.sql(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [spaceId])).toEqual([]);
    }
    expect(await t.sql(`SELECT 1 FROM audit_log WHERE "spaceId" = $1`, [spaceId])).toEqual([]);
    // Users and other spaces stay.
    expect((await t.api('GET', '/users/who-am-i', undefined, { token: member.token })).status).toBe(200);
    expect(
      (await t.api('GET', `/space/${other.spaceId}/access`, undefined, { token: other.owner.token })).status,
    ).toBe(200);
  });
});
